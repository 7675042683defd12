/**
 * The email finder and validator (PRODUCTION.md A16): many rows per call (an array in, an array
 * out), calls in parallel through the batch runner, so its fault rules hold here too: a 429 or an
 * unsent call is sent again, anything that may have been charged (a 5xx, a timeout, an unreadable
 * answer) is never sent again blindly; its rows come back as errors with `charged: "maybe"`.
 *
 * Neither the rows one call may carry nor the parallel calls a key may make is documented, so both
 * are conservative: EMAIL_ROWS_PER_CALL rows (a setting, at most MAX_EMAIL_ROWS_PER_CALL) and
 * EMAIL_PARALLEL calls at once. Identical rows (and addresses, case aside) are sent once and their
 * answer shared, so one address is never paid for twice in a batch.
 */
import { type BatchItem, type BatchResult, type Outcome, runBatch } from "./batch";
import type { BatchCallOptions } from "./client-core";
import type { EmailFinding } from "./email-answers";
import {
  finderFinding,
  readEmailFinder,
  readEmailValidator,
  rowError,
  validatorFinding,
} from "./email-answers";
import { personKey } from "./email-names";
import { type ApiError, apiError, validationError } from "./errors";
import type { Clock, Http } from "./ports";
import { redactEmails } from "./redact-emails";
import { type Connection, interpret, postRequest } from "./request";
import { emailAddressIn, validateEmailAddress, validateEmailFinder } from "./validate/email";
import { type EmailFinderAnswer, type EmailFinderRequest, type EmailValidatorAnswer, PATHS } from "./wire";

/** Rows per call by default: small enough that one failed call puts few rows' credits at stake. */
export const EMAIL_ROWS_PER_CALL = 10;
export const MAX_EMAIL_ROWS_PER_CALL = 100;
/** Calls in flight at once (undocumented for these endpoints; the searches' limits are 20 and 50). */
export const EMAIL_PARALLEL = 5;

export interface EmailBatchResult {
  /** In input order; null = not sent (deadline reached or batch stopped), safe to send later. */
  outcomes: Array<Outcome<EmailFinding> | null>;
  stoppedBy: ApiError | null;
  /** Rows in calls the API answered (charged as its rule says: per valid email or per row). */
  rowsAnswered: number;
  /** Rows in calls that failed after sending: they may have been charged and are not resent. */
  rowsMaybeCharged: number;
  throttled?: number;
  parallel?: number;
}

export interface EmailPorts {
  connection: Connection;
  http: Http;
  clock: Clock;
  maxTries: number;
  /** Rows per call (the setting); clamped to 1..MAX_EMAIL_ROWS_PER_CALL. */
  rowsPerCall?: number;
}

export function emailRowsPerCall(setting: number | undefined): number {
  if (setting === undefined || !Number.isFinite(setting)) return EMAIL_ROWS_PER_CALL;
  return Math.min(MAX_EMAIL_ROWS_PER_CALL, Math.max(1, Math.floor(setting)));
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The message of a row the API answered with its own `error` (not final: freezing leaves it). */
export const EMAIL_ROW_FAILURE = "The email service could not check this row.";

/** What a row the API answered with its own `error` becomes: not checked, maybe charged. */
function rowFailure(message: string): ApiError {
  return apiError("server", {
    charged: "maybe",
    message: EMAIL_ROW_FAILURE,
    next: "Try it again later (recalculate, or run it again): rows already checked are not sent again.",
    hint: redactEmails(message).slice(0, 200),
  });
}

type Read<A> = (body: unknown, expected: number) => A[] | null;

interface Sent<A> {
  /** Per unique item: its answer, an error, or null (not sent). */
  results: Array<Outcome<A> | null>;
  batch: Pick<BatchResult<unknown>, "stoppedBy" | "throttled" | "parallel">;
  rowsAnswered: number;
  rowsMaybeCharged: number;
}

/** Sends `items` in calls of rowsPerCall through the batch runner, and splits the answers back per item. */
function sendInCalls<I, A>(
  ports: EmailPorts,
  path: typeof PATHS.emailFinder | typeof PATHS.emailValidator,
  items: I[],
  read: Read<A>,
  options: BatchCallOptions,
): Sent<A> {
  const calls = chunks(items, emailRowsPerCall(ports.rowsPerCall));
  const planned: BatchItem[] = calls.map((call) => ({ request: postRequest(ports.connection, path, call) }));
  const batch = runBatch(
    ports.http,
    ports.clock,
    planned,
    {
      limit: EMAIL_PARALLEL,
      // The answers carry no amount: what was charged is read from the ledger.
      cost: () => 0,
      // A 5xx after a paid call may have been charged: never sent again.
      retryServerErrors: false,
      read: (outcome) =>
        interpret(path, outcome, (body) => (Array.isArray(body) ? body : null), ports.connection),
    },
    {
      deadline: options.deadline,
      maxTries: ports.maxTries,
      chunkEstimateMs: options.chunkEstimateMs ?? 0,
      ...(options.startParallel === undefined ? {} : { startParallel: options.startParallel }),
      ...(options.stop === undefined ? {} : { stop: options.stop }),
    },
  );
  const results: Array<Outcome<A> | null> = [];
  let rowsAnswered = 0;
  let rowsMaybeCharged = 0;
  calls.forEach((call, index) => {
    const outcome = batch.outcomes[index] ?? null;
    if (outcome === null) {
      for (const _ of call) results.push(null);
      return;
    }
    const answers = outcome.ok ? read(outcome.value, call.length) : null;
    if (answers === null) {
      // A 200 that does not answer each row in order is as good as no answer, and may have cost.
      const error = outcome.ok
        ? apiError("malformed", {
            status: 200,
            charged: "maybe",
            hint: "an answer that is not one object per row",
          })
        : outcome.error;
      if (error.charged === "maybe") rowsMaybeCharged += call.length;
      for (const _ of call) results.push({ ok: false, error });
      return;
    }
    rowsAnswered += call.length;
    for (const answer of answers) results.push({ ok: true, value: answer });
  });
  return {
    results,
    batch: {
      stoppedBy: batch.stoppedBy,
      throttled: batch.throttled ?? 0,
      parallel: batch.parallel ?? EMAIL_PARALLEL,
    },
    rowsAnswered,
    rowsMaybeCharged,
  };
}

/**
 * Validates each input, sends each distinct valid one once, and hands every input its outcome
 * (a validation error, the shared answer of its distinct item, or null when not sent).
 */
function runDistinct<I, A>(
  ports: EmailPorts,
  path: typeof PATHS.emailFinder | typeof PATHS.emailValidator,
  inputs: I[],
  check: (input: I) => ReturnType<typeof validateEmailAddress>,
  key: (input: I) => string,
  read: Read<A>,
  finding: (answer: A, input: I) => EmailFinding,
  options: BatchCallOptions,
): EmailBatchResult {
  const distinct = new Map<string, number>();
  const unique: I[] = [];
  const slot: Array<number | ApiError> = inputs.map((input) => {
    const problems = check(input);
    if (problems.length > 0) return validationError(problems);
    const k = key(input);
    let at = distinct.get(k);
    if (at === undefined) {
      at = unique.length;
      distinct.set(k, at);
      unique.push(input);
    }
    return at;
  });
  const sent = sendInCalls(ports, path, unique, read, options);
  const outcomes = slot.map((at, index): Outcome<EmailFinding> | null => {
    if (typeof at !== "number") return { ok: false, error: at };
    const result = sent.results[at] ?? null;
    if (result === null || !result.ok) return result;
    const error = rowError(result.value as EmailFinderAnswer | EmailValidatorAnswer);
    if (error !== null) return { ok: false, error: rowFailure(error) };
    return { ok: true, value: finding(result.value, inputs[index] as I) };
  });
  return {
    outcomes,
    stoppedBy: sent.batch.stoppedBy,
    rowsAnswered: sent.rowsAnswered,
    rowsMaybeCharged: sent.rowsMaybeCharged,
    ...(sent.batch.throttled === undefined ? {} : { throttled: sent.batch.throttled }),
    ...(sent.batch.parallel === undefined ? {} : { parallel: sent.batch.parallel }),
  };
}

export function findEmails(
  ports: EmailPorts,
  requests: EmailFinderRequest[],
  options: BatchCallOptions,
): EmailBatchResult {
  const trimmed = requests.map((r) => ({
    first_name: typeof r.first_name === "string" ? r.first_name.trim() : r.first_name,
    last_name: typeof r.last_name === "string" ? r.last_name.trim() : r.last_name,
    domain: typeof r.domain === "string" ? r.domain.trim().toLowerCase() : r.domain,
  }));
  return runDistinct(
    ports,
    PATHS.emailFinder,
    trimmed,
    validateEmailFinder,
    personKey,
    readEmailFinder,
    (answer) => finderFinding(answer),
    options,
  );
}

export function validateEmails(
  ports: EmailPorts,
  addresses: string[],
  options: BatchCallOptions,
): EmailBatchResult {
  // "Jane <jane@acme.com>" or a mailto: link would be charged and answered invalid as it stands.
  const bare = addresses.map((a) => (typeof a === "string" ? emailAddressIn(a) : a));
  return runDistinct(
    ports,
    PATHS.emailValidator,
    bare,
    validateEmailAddress,
    (a) => a.toLowerCase(),
    readEmailValidator,
    (answer, address) => validatorFinding(answer, address),
    options,
  );
}
