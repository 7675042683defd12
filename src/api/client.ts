/**
 * The API client: every call the add-on makes to the API goes through here. Pure TypeScript; the
 * outside world comes in through the Http and Clock ports, so the same code runs in Apps Script,
 * in tests against the sandbox, and in benchmarks.
 */
import { type AccountState, accountState, readAccount } from "./account";
import {
  type BatchItem,
  type BatchPolicy,
  type BatchResult,
  NO_ANSWER,
  type Outcome,
  runBatch,
} from "./batch";
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
import type { EmailFinding } from "./email-answers";
import { type EmailBatchResult, type EmailPorts, findEmails, validateEmails } from "./emails";
import { apiError, type Problem, validationError } from "./errors";
import { type TransactionPages, transactionPageQueries } from "./pagination";
import type { Clock, Http, HttpOutcome } from "./ports";
import { type Connection, getRequest, interpret, postRequest, type Result } from "./request";
import {
  creditsSpent,
  isBadUrlAnswer,
  leadSearchCredits,
  readCompanySearch,
  readLeadLookup,
  readLeadSearch,
  readTransactions,
} from "./responses";
import {
  type SupportedLists,
  validateCompanySearch,
  validateLeadLookup,
  validateLeadSearch,
  validateTransactionQuery,
} from "./validate";
import {
  type CompanySearchRequest,
  type CompanySearchResponse,
  type EmailFinderRequest,
  type EndpointPath,
  type LeadLookupRequest,
  type LeadLookupResponse,
  type LeadSearchRequest,
  type LeadSearchResponse,
  PARALLEL_LIMITS,
  PATHS,
  type TransactionListResponse,
  type TransactionQuery,
} from "./wire";
import { type WireNames, wireTranslation } from "./wire-names";

export type { BatchResult, Outcome } from "./batch";
export type { TransactionPages } from "./pagination";

export type BatchEndpoint = "companySearch" | "leadSearch" | "leadLookup";

export interface ClientConfig {
  baseUrl: string;
  /** With or without a leading `Token `. */
  apiKey: string;
  http: Http;
  clock: Clock;
  /** Requests per fetchAll call; capped at the spec's parallel limits (20 / 50 / 500). */
  chunkSize?: number | Partial<Record<BatchEndpoint, number>>;
  /** Tries per request for retryable failures (429, unsent, lookup 500); default 5. */
  maxTries?: number;
  /** Supported locations and industries, when the add-on has them; otherwise the server checks. */
  lists?: SupportedLists;
  /**
   * Production's words for the spec's `network` and `company_db` (PRODUCTION.md A14), applied to
   * paths and keys on the wire only (wire-names.ts); absent: the spec's own.
   */
  wireNames?: WireNames;
  /** Rows per call to the email finder and validator (emails.ts: default 10, at most 100). */
  emailRowsPerCall?: number;
}

export interface BatchCallOptions {
  /** Epoch ms from clock.now(): no chunk or backoff sleep starts that cannot end before it. */
  deadline: number;
  /** Expected duration of one fetchAll before any was observed (see batch.ts); default 0. */
  chunkEstimateMs?: number;
  /**
   * Requests per fetchAll call to start at: the pace an earlier batch of the same run ended at
   * (BatchResult.parallel). Absent: the chunk size (FRESH_MAX_PARALLEL at most for fresh lookups).
   */
  startParallel?: number;
  /** Asked before every fetchAll: true leaves the rest unsent (batch.ts). */
  stop?: () => boolean;
}

/**
 * Most lookups asking `up_to_the_second_fresh` in one fetchAll. About 2.9% of fresh lookups take
 * longer than UrlFetchApp's ~60 s (sandbox/README.md, latency model, from production's "seconds to
 * about a minute", PRODUCTION.md A4), and one such request makes fetchAll fail whole (G2): every
 * request of the chunk may have been charged and none is counted. A chunk of n loses its answers
 * with probability 1 - 0.971^n, and takes as long as its slowest request. Simulated over the
 * latency model (500 URLs, 60 seeds), fixed chunks of n: 3 lose 8.6% of the credits in 62 min,
 * 4 lose 11.3% in 52 min, 10 lose 26% in 31 min; the earlier "start at 10, grow by one per quick
 * chunk" lost 22 of 99 in the production benchmark (100 URLs), 4 at most lose 15 of 100 there
 * (754 s instead of 636 s). Fresh runs are long anyway (a 9 s median per
 * request): 4 keeps the money lost near a tenth. The batch still halves after a slow or failed
 * chunk and grows back by one, never above this; cached lookups (none past 60 s) go at full size.
 */
export const FRESH_MAX_PARALLEL = 4;

export interface Client {
  lookupLeads(requests: LeadLookupRequest[], options: BatchCallOptions): BatchResult<LeadLookupResponse>;
  searchCompanies(
    requests: CompanySearchRequest[],
    options: BatchCallOptions,
  ): BatchResult<CompanySearchResponse>;
  searchLeads(requests: LeadSearchRequest[], options: BatchCallOptions): BatchResult<LeadSearchResponse>;
  listTransactions(query: TransactionQuery): Outcome<TransactionListResponse>;
  /** First page, then the rest in parallel, newest first as the API lists them. */
  listAllTransactions(query: TransactionQuery, options: BatchCallOptions): TransactionPages;
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
  /**
   * The account (GET /api/auth/users/me/, free): the spendable balance (balance_platform), what is
   * reserved for requests in flight, and the search limits. Never the latest after_balance, which
   * production writes as a per-operation counter (PRODUCTION.md A9).
   */
  account(): Outcome<AccountState>;
  /** Work emails by first name, last name and domain (PRODUCTION.md A16); one outcome per row. */
  findEmails(requests: EmailFinderRequest[], options: BatchCallOptions): EmailBatchResult;
  /** The status of each address (PRODUCTION.md A16); one outcome per address. */
  validateEmails(addresses: string[], options: BatchCallOptions): EmailBatchResult;
}

/**
 * Bulk requests per fetchAll call. The API caps neither (its limits page: bulk jobs have no
 * parallel cap); 20 jobs are 1,000 URLs, more than a step writes, in one call of about a second.
 */
export const BULK_REQUESTS_PER_CALL = 20;
export type { EmailBatchResult, EmailFinding };

const PATH_OF = {
  companySearch: PATHS.companySearch,
  leadSearch: PATHS.leadSearch,
  leadLookup: PATHS.leadLookup,
} as const satisfies Record<BatchEndpoint, EndpointPath>;

export const DEFAULT_MAX_TRIES = 5;
/** Page size asked for when the caller gives none: max_limit in the spec's sample. */
const TRANSACTION_PAGE_SIZE = 100;
/** Transaction pages fetched per fetchAll call (the spec names no parallel limit for them). */
const TRANSACTION_PAGES_PER_CALL = 10;

/** The chunk size for one endpoint: the setting, never above the spec's parallel limit. */
export function chunkLimit(endpoint: BatchEndpoint, setting: ClientConfig["chunkSize"]): number {
  const max = PARALLEL_LIMITS[PATH_OF[endpoint]];
  const wanted = typeof setting === "number" ? setting : setting?.[endpoint];
  if (wanted === undefined || !Number.isFinite(wanted)) return max;
  return Math.min(max, Math.max(1, Math.floor(wanted)));
}

type Reader<T> = (body: unknown) => T | null;

/**
 * A lookup's outcome: the 400 `Bad url` answer (PRODUCTION.md A3) is "no profile at this URL",
 * free and final, like a 404; any other 400 stays a refused request.
 */
function readLookupOutcome(outcome: HttpOutcome, connection: Connection): Result<LeadLookupResponse> {
  const result = interpret(PATHS.leadLookup, outcome, readLeadLookup, connection);
  if (result.ok || !isBadUrlAnswer(outcome)) return result;
  const hint = result.error.hint;
  return {
    ok: false,
    error: apiError("not_found", { status: 400, charged: "no", ...(hint ? { hint } : {}) }),
  };
}

/** Charged answers carry their credit change in `amount`. */
const chargedAmount = (value: { amount: number }) => creditsSpent(value.amount);

export function createClient(config: ClientConfig): Client {
  const connection: Connection = {
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    ...(config.wireNames ? { wire: wireTranslation(config.wireNames) } : {}),
  };
  const maxTries = Math.max(1, config.maxTries ?? DEFAULT_MAX_TRIES);

  function plan<R extends object>(
    requests: R[],
    path: EndpointPath,
    check: (r: R) => Problem[],
  ): BatchItem[] {
    return requests.map((request) => {
      const problems = check(request);
      return problems.length > 0
        ? { error: validationError(problems) }
        : { request: postRequest(connection, path, request) };
    });
  }

  function batch<T>(
    path: EndpointPath,
    items: BatchItem[],
    read: Reader<T> | { outcome: (outcome: HttpOutcome) => Result<T> },
    policy: Pick<BatchPolicy<NoInfer<T>>, "limit" | "cost" | "retryServerErrors">,
    options: BatchCallOptions,
  ): BatchResult<T> {
    const readOutcome =
      typeof read === "function"
        ? (outcome: HttpOutcome) => interpret(path, outcome, read, connection)
        : read.outcome;
    return runBatch(
      config.http,
      config.clock,
      items,
      { ...policy, read: readOutcome },
      {
        deadline: options.deadline,
        maxTries,
        chunkEstimateMs: options.chunkEstimateMs ?? 0,
        ...(options.startParallel === undefined ? {} : { startParallel: options.startParallel }),
        ...(options.stop === undefined ? {} : { stop: options.stop }),
      },
    );
  }

  /** Lead lookup's 500 is "send again" by the spec; a search's 500 may have been charged. */
  function endpointPolicy<T extends { amount: number }>(
    endpoint: BatchEndpoint,
    cost: (value: T) => number = chargedAmount,
  ) {
    return {
      limit: chunkLimit(endpoint, config.chunkSize),
      cost,
      retryServerErrors: endpoint === "leadLookup",
    };
  }

  /** Fresh lookups: no more than FRESH_MAX_PARALLEL in one fetchAll (see there). */
  function freshPolicy<P extends { limit: number }>(policy: P): P {
    return { ...policy, limit: Math.min(policy.limit, FRESH_MAX_PARALLEL) };
  }

  function listTransactions(query: TransactionQuery): Outcome<TransactionListResponse> {
    const problems = validateTransactionQuery(query);
    if (problems.length > 0) return { ok: false, error: validationError(problems) };
    const request = getRequest(connection, PATHS.transactions, query);
    const [outcome = NO_ANSWER] = config.http.fetchAll([request]);
    return interpret(PATHS.transactions, outcome, readTransactions, connection);
  }

  function listAllTransactions(query: TransactionQuery, options: BatchCallOptions): TransactionPages {
    // Without a page size, ask for the sample's max_limit (100): fewer pages to fetch.
    const first = listTransactions({ limit: String(TRANSACTION_PAGE_SIZE), ...query });
    if (!first.ok) return { results: [], count: 0, complete: false, error: first.error };
    const items = transactionPageQueries(query, first.value).map((q) => ({
      request: getRequest(connection, PATHS.transactions, q),
    }));
    // The list is free and reading it twice is harmless, so every transient failure is retried.
    const policy = { limit: TRANSACTION_PAGES_PER_CALL, cost: () => 0, retryServerErrors: true };
    const pages = batch(PATHS.transactions, items, readTransactions, policy, options);
    const results = [...first.value.results];
    let error = pages.stoppedBy;
    let complete = error === null;
    for (const page of pages.outcomes) {
      if (page?.ok) for (const result of page.value.results) results.push(result);
      else {
        complete = false;
        if (page) error ??= page.error;
      }
    }
    return { results, count: first.value.count, complete, error };
  }

  function submitBulkEnrich(jobs: string[][], mode: BulkMode, options: BatchCallOptions) {
    const path = mode === "realtime" ? PATHS.bulkEnrichRealtime : PATHS.bulkEnrichDatabase;
    const items: BatchItem[] = jobs.map((urls) => {
      const problems = validateBulkSubmit(urls);
      return problems.length > 0
        ? { error: validationError(problems) }
        : { request: postRequest(connection, path, bulkSubmitBody(urls)) };
    });
    const policy = { limit: BULK_REQUESTS_PER_CALL, cost: () => 0, retryServerErrors: false };
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

  const emailPorts: EmailPorts = {
    connection,
    http: config.http,
    clock: config.clock,
    maxTries,
    ...(config.emailRowsPerCall === undefined ? {} : { rowsPerCall: config.emailRowsPerCall }),
  };

  return {
    submitBulkEnrich,
    bulkEnrichStatus,
    accountProfile,
    findEmails: (requests, options) => findEmails(emailPorts, requests, options),
    validateEmails: (addresses, options) => validateEmails(emailPorts, addresses, options),
    lookupLeads: (requests, options) =>
      batch(
        PATHS.leadLookup,
        plan(requests, PATHS.leadLookup, validateLeadLookup),
        { outcome: (outcome) => readLookupOutcome(outcome, connection) },
        requests.some((r) => r.up_to_the_second_fresh === true)
          ? freshPolicy(endpointPolicy("leadLookup"))
          : endpointPolicy("leadLookup"),
        options,
      ),
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
    account() {
      const [outcome = NO_ANSWER] = config.http.fetchAll([getRequest(connection, PATHS.account, {})]);
      const answer = interpret(PATHS.account, outcome, readAccount, connection);
      return answer.ok ? { ok: true, value: accountState(answer.value) } : answer;
    },
  };
}
