/**
 * The part of the API client every execution needs, the formulas' included: the connection, the
 * batch plumbing, and the calls a custom function makes (lead lookups, the account's balance, the
 * email finder and validator). A module of its own so that dist/Code.js, which every formula cell
 * loads, carries none of the searches, their validators, the transaction list or bulk jobs:
 * client.ts builds the whole client on this for the server module.
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
import { type EmailBatchResult, type EmailPorts, findEmails, validateEmails } from "./emails";
import { apiError, type Problem, validationError } from "./errors";
import type { Clock, Http, HttpOutcome } from "./ports";
import { type Connection, getRequest, interpret, postRequest, type Result } from "./request";
import { creditsSpent, isBadUrlAnswer, readLeadLookup } from "./responses";
import type { SupportedLists } from "./validate/common";
import { validateLeadLookup } from "./validate/lookup";
import {
  type EmailFinderRequest,
  type EndpointPath,
  type LeadLookupRequest,
  type LeadLookupResponse,
  PARALLEL_LIMITS,
  PATHS,
} from "./wire";
import { type WireNames, wireTranslation } from "./wire-names";

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
  /** Asked before every fetchAll and during every backoff wait: true leaves the rest unsent (batch.ts). */
  stop?: () => boolean;
}

/** A call's deadline and Cancel: what a job's port hands a batch (the rest is the client's). */
export type CallWindow = Pick<BatchCallOptions, "deadline" | "stop">;

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

/** The calls the formulas make; the whole client (client.ts) has these and more. */
export interface FormulaClient {
  lookupLeads(requests: LeadLookupRequest[], options: BatchCallOptions): BatchResult<LeadLookupResponse>;
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

const PATH_OF = {
  companySearch: PATHS.companySearch,
  leadSearch: PATHS.leadSearch,
  leadLookup: PATHS.leadLookup,
} as const satisfies Record<BatchEndpoint, EndpointPath>;

export const DEFAULT_MAX_TRIES = 5;

/** The chunk size for one endpoint: the setting, never above the spec's parallel limit. */
export function chunkLimit(endpoint: BatchEndpoint, setting: ClientConfig["chunkSize"]): number {
  const max = PARALLEL_LIMITS[PATH_OF[endpoint]];
  const wanted = typeof setting === "number" ? setting : setting?.[endpoint];
  if (wanted === undefined || !Number.isFinite(wanted)) return max;
  return Math.min(max, Math.max(1, Math.floor(wanted)));
}

export type Reader<T> = (body: unknown) => T | null;

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

/** The plumbing the whole client builds on (client.ts), and the formulas' calls. */
export interface ClientCore {
  config: ClientConfig;
  connection: Connection;
  formula: FormulaClient;
  /** Each request as sent, or its validation error (nothing sent). */
  plan<R extends object>(requests: R[], path: EndpointPath, check: (r: R) => Problem[]): BatchItem[];
  batch<T>(
    path: EndpointPath,
    items: BatchItem[],
    read: Reader<T> | { outcome: (outcome: HttpOutcome) => Result<T> },
    policy: Pick<BatchPolicy<NoInfer<T>>, "limit" | "cost" | "retryServerErrors">,
    options: BatchCallOptions,
  ): BatchResult<T>;
  /** Lead lookup's 500 is "send again" by the spec; a search's 500 may have been charged. */
  endpointPolicy<T extends { amount: number }>(
    endpoint: BatchEndpoint,
    cost?: (value: T) => number,
  ): { limit: number; cost: (value: T) => number; retryServerErrors: boolean };
}

export function clientCore(config: ClientConfig): ClientCore {
  const connection: Connection = {
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    ...(config.wireNames ? { wire: wireTranslation(config.wireNames) } : {}),
  };
  const maxTries = Math.max(1, config.maxTries ?? DEFAULT_MAX_TRIES);

  const plan: ClientCore["plan"] = (requests, path, check) =>
    requests.map((request) => {
      const problems = check(request);
      return problems.length > 0
        ? { error: validationError(problems) }
        : { request: postRequest(connection, path, request) };
    });

  const batch: ClientCore["batch"] = (path, items, read, policy, options) => {
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
  };

  const endpointPolicy: ClientCore["endpointPolicy"] = (endpoint, cost = chargedAmount) => ({
    limit: chunkLimit(endpoint, config.chunkSize),
    cost,
    retryServerErrors: endpoint === "leadLookup",
  });

  const emailPorts: EmailPorts = {
    connection,
    http: config.http,
    clock: config.clock,
    maxTries,
    ...(config.emailRowsPerCall === undefined ? {} : { rowsPerCall: config.emailRowsPerCall }),
  };

  const formula: FormulaClient = {
    findEmails: (requests, options) => findEmails(emailPorts, requests, options),
    validateEmails: (addresses, options) => validateEmails(emailPorts, addresses, options),
    lookupLeads: (requests, options) => {
      const policy = endpointPolicy<LeadLookupResponse>("leadLookup");
      // Fresh lookups: no more than FRESH_MAX_PARALLEL in one fetchAll (see there).
      const fresh = requests.some((r) => r.up_to_the_second_fresh === true);
      return batch(
        PATHS.leadLookup,
        plan(requests, PATHS.leadLookup, validateLeadLookup),
        { outcome: (outcome) => readLookupOutcome(outcome, connection) },
        fresh ? { ...policy, limit: Math.min(policy.limit, FRESH_MAX_PARALLEL) } : policy,
        options,
      );
    },
    account() {
      const [outcome = NO_ANSWER] = config.http.fetchAll([getRequest(connection, PATHS.account, {})]);
      const answer = interpret(PATHS.account, outcome, readAccount, connection);
      return answer.ok ? { ok: true, value: accountState(answer.value) } : answer;
    },
  };

  return { config, connection, formula, plan, batch, endpointPolicy };
}

/** The client of the formulas: lookups, the balance and emails, nothing more (see the top). */
export function createFormulaClient(config: ClientConfig): FormulaClient {
  return clientCore(config).formula;
}
