/**
 * The API client: every call the add-on makes to the API goes through here. Pure TypeScript; the
 * outside world comes in through the Http and Clock ports, so the same code runs in Apps Script,
 * in tests against the sandbox, and in benchmarks. The formulas' part (lookups, the balance,
 * emails) and the plumbing are client-core.ts; this adds the searches, the transaction list and
 * bulk jobs, which only the server module loads.
 */
import { type BatchItem, type BatchResult, NO_ANSWER, type Outcome } from "./batch";
import {
  type AccountProfile,
  type BulkJobResult,
  type BulkJobState,
  type BulkMode,
  bulkSubmitBody,
  readAccountProfile,
  readBulkStatus,
  readBulkSubmit,
  validateBulkSubmit,
} from "./bulk-enrich";
import { type BatchCallOptions, type ClientConfig, clientCore, type FormulaClient } from "./client-core";
import type { EmailFinding } from "./email-answers";
import type { EmailBatchResult } from "./emails";
import { type ApiError, apiError, validationError } from "./errors";
import { inPageOrder, type PageRead, type TransactionPages, uncoveredPageQueries } from "./pagination";
import { getRequest, interpret, postRequest } from "./request";
import {
  leadSearchCredits,
  readCompanySearch,
  readLeadLookup,
  readLeadSearch,
  readTransactions,
} from "./responses";
import { validateCompanySearch, validateLeadSearch, validateTransactionQuery } from "./validate";
import {
  type CompanySearchRequest,
  type CompanySearchResponse,
  type LeadSearchRequest,
  type LeadSearchResponse,
  PATHS,
  type TransactionListResponse,
  type TransactionQuery,
} from "./wire";

export type { BatchResult, Outcome } from "./batch";
export {
  type BatchCallOptions,
  type BatchEndpoint,
  type ClientConfig,
  chunkLimit,
  DEFAULT_MAX_TRIES,
  type FormulaClient,
  FRESH_MAX_PARALLEL,
} from "./client-core";
export type { TransactionPages } from "./pagination";
export type { EmailBatchResult, EmailFinding };

/** The whole client: the formulas' calls (client-core.ts) and the searches, lists and bulk jobs. */
export interface Client extends FormulaClient {
  searchCompanies(
    requests: CompanySearchRequest[],
    options: BatchCallOptions,
  ): BatchResult<CompanySearchResponse>;
  searchLeads(requests: LeadSearchRequest[], options: BatchCallOptions): BatchResult<LeadSearchResponse>;
  listTransactions(query: TransactionQuery): Outcome<TransactionListResponse>;
  /** First page, then the rest in parallel, newest first as the API lists them. */
  listAllTransactions(query: TransactionQuery, options: TransactionReadOptions): TransactionPages;
  /**
   * Bulk enrich jobs of the current generation (PRODUCTION.md A19), one per list of at most 50
   * profile URLs. A submit may create a job that charges as it runs, so only what surely created
   * none (429, unsent) is sent again; the answer's `spent` is 0: leads are charged as they complete.
   */
  submitBulkEnrich(jobs: string[][], mode: BulkMode, options: BatchCallOptions): BatchResult<BulkJobState>;
  /** The jobs' status and, once completed, their leads (free: every transient failure is resent). */
  bulkEnrichStatus(jobIds: string[], options: BatchCallOptions): BatchResult<BulkJobResult>;
  /** GET /api/v1/accounts/me/: the balance in the unit the account is billed in, and the plan. */
  accountProfile(): Outcome<AccountProfile>;
  /**
   * Whether the API serves the network's paths under the add-on's name (PRODUCTION.md A14): a
   * lookup without a URL, which the API refuses as a ValidationError (free) where it serves the
   * path and answers 404 where it does not. Only a `configuration` error fails it: the transaction
   * list's path carries no name, so a connection test on it alone would pass with the wrong name.
   */
  servesNetworkPaths(): Outcome<true>;
}

/**
 * Bulk requests per fetchAll call. The API caps neither (its limits page: bulk jobs have no
 * parallel cap); 20 jobs are 1,000 URLs, more than a step writes, in one call of about a second.
 */
export const BULK_REQUESTS_PER_CALL = 20;

/**
 * Bulk submits per fetchAll call: one. A submit that times out or fails below HTTP makes its whole
 * fetchAll throw (PRODUCTION.md G2), and the 202s of the others (jobs the API made, and charges as
 * they run) are lost with it, never to be sent again: 20 a call lost 1,000 paid URLs to one late
 * submit (150 of 150 in the test). A 202 comes at once, so one at a time costs little.
 */
export const BULK_SUBMITS_PER_CALL = 1;

/** The transaction list's first page did not go out before the caller's deadline (free: nothing sent). */
const NOT_READ_IN_TIME = apiError("timeout", {
  charged: "no",
  message:
    "The transaction list was not read: the time for reading it ran out before its first page was sent.",
  next: "Try again in a minute; reading the list is free.",
});

/** How the transaction list is read whole. */
export interface TransactionReadOptions extends BatchCallOptions {
  /**
   * Rows the caller expects (a run's charges): that many pages are asked for with the first, in
   * one fetchAll, instead of learning the count from the first page and asking for the rest after.
   */
  expectedRows?: number;
}

/** Page size asked for when the caller gives none: max_limit in the spec's sample. */
export const TRANSACTION_PAGE_SIZE = 100;
/** Transaction pages fetched per fetchAll call (the spec names no parallel limit for them). */
const TRANSACTION_PAGES_PER_CALL = 20;

export function createClient(config: ClientConfig): Client {
  const { connection, formula, plan, batch, endpointPolicy } = clientCore(config);

  function listTransactions(query: TransactionQuery): Outcome<TransactionListResponse> {
    const problems = validateTransactionQuery(query);
    if (problems.length > 0) return { ok: false, error: validationError(problems) };
    const request = getRequest(connection, PATHS.transactions, query);
    const [outcome = NO_ANSWER] = config.http.fetchAll([request]);
    return interpret(PATHS.transactions, outcome, readTransactions, connection);
  }

  function listAllTransactions(query: TransactionQuery, options: TransactionReadOptions): TransactionPages {
    const problems = validateTransactionQuery(query);
    if (problems.length > 0)
      return { results: [], count: 0, complete: false, error: validationError(problems) };
    // Without a page size, ask for the sample's max_limit (100): fewer pages to fetch.
    const size = Number(query.limit ?? TRANSACTION_PAGE_SIZE);
    const start = Number(query.offset ?? 0);
    // The pages the caller expects are asked for with the first: one round trip, not three, for
    // a run's 1,800 charges (each fetchAll waits out the API's latency).
    const guessed = Math.min(
      TRANSACTION_PAGES_PER_CALL,
      Math.max(1, Math.ceil((options.expectedRows ?? 0) / size)),
    );
    const firstRound: TransactionQuery[] = [{ limit: String(size), ...query }];
    for (let page = 1; page < guessed; page += 1)
      firstRound.push({ ...query, limit: String(size), offset: String(start + page * size) });
    // Each page at the offset asked for: an answer without `offset` reads as 0 (responses.ts).
    const read: PageRead[] = [];
    let error: ApiError | null = null;
    const fetchPages = (queries: TransactionQuery[]) => {
      const pages = batch(
        PATHS.transactions,
        queries.map((q) => ({ request: getRequest(connection, PATHS.transactions, q) })),
        readTransactions,
        // The list is free and reading it twice is harmless, so every transient failure is retried.
        { limit: TRANSACTION_PAGES_PER_CALL, cost: () => 0, retryServerErrors: true },
        options,
      );
      queries.forEach((asked, index) => {
        const page = pages.outcomes[index];
        if (page?.ok) read.push({ offset: Number(asked.offset ?? start), results: page.value.results });
        else error ??= page?.error ?? pages.stoppedBy;
      });
      return pages.outcomes;
    };
    const [first] = fetchPages(firstRound);
    // A first page left unsent (the deadline came during a 429's backoff) is a list not read.
    if (!first?.ok) return { results: [], count: 0, complete: false, error: error ?? NOT_READ_IN_TIME };
    const count = first.value.count;
    const pageSize =
      first.value.results.length > 0 ? Math.max(first.value.limit, first.value.results.length) : 0;
    const uncovered = () => uncoveredPageQueries(query, read, start, count, pageSize);
    const rest = uncovered();
    if (rest.length > 0) fetchPages(rest);
    // Complete when every row of the count was read, whatever failed on the way and was read again.
    const complete = uncovered().length === 0;
    return { results: inPageOrder(read), count, complete, error: complete ? null : error };
  }

  function submitBulkEnrich(jobs: string[][], mode: BulkMode, options: BatchCallOptions) {
    const path = mode === "realtime" ? PATHS.bulkEnrichRealtime : PATHS.bulkEnrichDatabase;
    const items: BatchItem[] = jobs.map((urls) => {
      const problems = validateBulkSubmit(urls);
      return problems.length > 0
        ? { error: validationError(problems) }
        : { request: postRequest(connection, path, bulkSubmitBody(urls)) };
    });
    const policy = { limit: BULK_SUBMITS_PER_CALL, cost: () => 0, retryServerErrors: false };
    return batch(path, items, readBulkSubmit, policy, options);
  }

  function bulkEnrichStatus(jobIds: string[], options: BatchCallOptions) {
    const path = PATHS.bulkEnrichStatus;
    const items: BatchItem[] = jobIds.map((id) => ({ request: getRequest(connection, path, {}, id) }));
    const policy = { limit: BULK_REQUESTS_PER_CALL, cost: () => 0, retryServerErrors: true };
    return batch(path, items, (body) => readBulkStatus(body), policy, options);
  }

  function accountProfile(): Outcome<AccountProfile> {
    const [outcome = NO_ANSWER] = config.http.fetchAll([getRequest(connection, PATHS.accountMe, {})]);
    return interpret(PATHS.accountMe, outcome, readAccountProfile, connection);
  }

  return {
    ...formula,
    submitBulkEnrich,
    bulkEnrichStatus,
    accountProfile,
    searchCompanies: (requests, options) =>
      batch(
        PATHS.companySearch,
        plan(requests, PATHS.companySearch, (r) => validateCompanySearch(r, config.lists)),
        readCompanySearch,
        endpointPolicy("companySearch"),
        options,
      ),
    searchLeads: (requests, options) =>
      batch(
        PATHS.leadSearch,
        plan(requests, PATHS.leadSearch, (r) => validateLeadSearch(r, config.lists)),
        readLeadSearch,
        endpointPolicy("leadSearch", leadSearchCredits),
        options,
      ),
    listTransactions,
    listAllTransactions,
    servesNetworkPaths() {
      // Sent without the client's own validation on purpose: the API's refusal is the answer.
      const [outcome = NO_ANSWER] = config.http.fetchAll([postRequest(connection, PATHS.leadLookup, {})]);
      const result = interpret(PATHS.leadLookup, outcome, readLeadLookup, connection);
      return !result.ok && result.error.kind === "configuration" ? result : { ok: true, value: true };
    },
  };
}
