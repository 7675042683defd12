/**
 * The batch runner: sends many requests to one endpoint through the injected `fetchAll`, never
 * more than the endpoint's parallel limit per call, with retries where they are safe, a stop on
 * errors no retry can fix, and a time budget.
 *
 * Retries (each request at most `maxTries` times, backoff 1, 2, 4, 8 s):
 * - 429 (throttled: never charged). A 429 also pauses the whole queue for the backoff, since the
 *   key's parallel budget is shared with other executions.
 * - failures that surely were not sent (`sent: false`).
 * - 5xx only where the answer proves nothing was charged (`charged: "no"`: the API's own 500 body
 *   on a lead lookup, where the spec says "send again"; any 5xx of the free transaction list) and
 *   the caller allows it (`retryServerErrors`). A gateway's 502/503/504 after a paid call may have
 *   been charged and is never sent again.
 * Nothing that may have been charged is sent again: a timeout (`sent: true`) becomes an error with
 * `charged: "maybe"`.
 *
 * Parallelism adapts to the key's own limits (PRODUCTION.md A10: an account may allow fewer
 * parallel searches than the spec's limits): a chunk that met a 429 halves the requests per chunk
 * for the rest of the batch, and each clean chunk adds one back, up to `limit`. A slow chunk or a
 * timeout halves them too (SLOW_CHUNK_MS). The pace a batch ended at (`parallel`) is handed back so
 * a run that spans several executions starts its next batch there (`startParallel`), not at full
 * parallelism again.
 *
 * Deadline rule: a chunk starts only if `now + estimate <= deadline`, and a backoff sleep only if
 * `wake + estimate <= deadline`, where `estimate` is the longest chunk observed in this batch (or
 * `chunkEstimateMs` before the first). A started chunk cannot be interrupted and Apps Script's
 * per-request timeout is fixed at about 60 s (the API recommends 100-300 s), so a caller must keep
 * at least that much between `deadline` and the platform's hard limit.
 */
import { type ApiError, stopsBatch } from "./errors";
import type { Clock, Http, HttpOutcome, HttpRequest } from "./ports";
import type { Result } from "./request";
import { waitUnless } from "./wait";

export type Outcome<T> = Result<T>;

export interface BatchResult<T> {
  /** In input order; null = not attempted (deadline reached or batch stopped), safe to send later. */
  outcomes: Array<Outcome<T> | null>;
  /** The auth or insufficient-funds error that stopped the batch. */
  stoppedBy: ApiError | null;
  /** Credits spent by the successful answers, from their amounts. */
  spent: number;
  /**
   * 429 answers met (each retried later at lower parallelism): "throttled: slowing down". Absent
   * in fakes and older results: none.
   */
  throttled?: number;
  /** Requests per fetchAll call the next chunk would have used: the pace to start a later batch at. */
  parallel?: number;
}

/** Indices of the requests not attempted (deadline or stop): what a later execution still has to send. */
export function pendingIndices<T>(result: BatchResult<T>): number[] {
  return result.outcomes.flatMap((outcome, index) => (outcome === null ? [index] : []));
}

/** One planned item: a request to send, or an error found before sending (validation). */
export type BatchItem = { request: HttpRequest } | { error: ApiError };

export interface BatchPolicy<T> {
  /** Requests per fetchAll call: the endpoint's parallel limit, or a lower setting. */
  limit: number;
  read(outcome: HttpOutcome): Result<T>;
  cost(value: T): number;
  retryServerErrors: boolean;
}

export interface BatchOptions {
  /** Epoch ms (from clock.now()) after which no chunk or sleep starts. */
  deadline: number;
  maxTries: number;
  /** Expected duration of one chunk before any has been observed; default 0. */
  chunkEstimateMs?: number;
  /** Requests per fetchAll call to start with (a pace carried over); default and ceiling `limit`. */
  startParallel?: number;
  /**
   * Asked before every fetchAll (retries included) and between the slices of every backoff wait
   * (wait.ts): true leaves the rest unsent (null), as a deadline does. A Cancel pressed while a
   * batch is out stops it within one group; one pressed while it waits out a 429, within one slice.
   */
  stop?: () => boolean;
}

/** What a fetchAll that answered nothing for a request counts as: maybe sent, so never resent. */
export const NO_ANSWER: HttpOutcome = {
  kind: "failure",
  reason: "network",
  message: "No answer",
  sent: true,
};

export const BACKOFF_MS = [1000, 2000, 4000, 8000] as const;

/**
 * A chunk slower than this (half of UrlFetchApp's fixed ~60 s per request) means answers are slow
 * enough that one of them may pass the limit, and then fetchAll fails whole: every request of the
 * chunk "may have been charged" and is never resent. So the next chunks are halved (as after a
 * timeout) to put fewer paid requests at stake, and grow back by one after each quick chunk.
 */
export const SLOW_CHUNK_MS = 30_000;

export function backoffMs(failures: number): number {
  return BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0];
}

function retryable(error: ApiError, retryServerErrors: boolean): boolean {
  if (error.kind === "throttled") return true;
  if (error.kind === "network" && error.charged === "no" && error.status === undefined) return true;
  // A server error is sent again only when its answer proved that nothing was charged.
  return error.kind === "server" && retryServerErrors && error.charged === "no";
}

export function runBatch<T>(
  http: Http,
  clock: Clock,
  items: BatchItem[],
  policy: BatchPolicy<T>,
  options: BatchOptions,
): BatchResult<T> {
  const outcomes: Array<Outcome<T> | null> = items.map((item) =>
    "error" in item ? { ok: false, error: item.error } : null,
  );
  const failures = new Array<number>(items.length).fill(0);
  const notBefore = new Array<number>(items.length).fill(0);
  let queue = items.flatMap((item, index) => ("request" in item ? [index] : []));
  let queuePausedUntil = 0;
  let estimate = options.chunkEstimateMs ?? 0;
  let stoppedBy: ApiError | null = null;
  let spent = 0;
  let throttled = 0;
  const limit = Math.max(1, Math.floor(policy.limit));
  let parallel = Math.max(1, Math.min(limit, Math.floor(options.startParallel ?? limit)));

  while (queue.length > 0 && stoppedBy === null) {
    const now = clock.now();
    const readyAt = (index: number) => Math.max(notBefore[index] ?? 0, queuePausedUntil);
    const chunk = queue.filter((index) => readyAt(index) <= now).slice(0, parallel);
    if (chunk.length === 0) {
      // reduce, not Math.min(...queue): a long queue would overflow the argument list.
      const wake = queue.reduce(
        (soonest, index) => Math.min(soonest, readyAt(index)),
        Number.POSITIVE_INFINITY,
      );
      if (wake + estimate > options.deadline) break;
      // A Cancel pressed during the backoff is seen within one slice, and nothing more goes out.
      if (waitUnless(clock, wake - now, options.stop)) break;
      continue;
    }
    if (now + estimate > options.deadline) break;
    if (options.stop?.() === true) break;

    const sent = chunk.map((index) => (items[index] as { request: HttpRequest }).request);
    const answers = http.fetchAll(sent);
    const finished = clock.now();
    estimate = Math.max(estimate, finished - now);

    const done = new Set<number>();
    let throttledNow = 0;
    let timedOut = false;
    chunk.forEach((index, position) => {
      const answer = answers[position];
      const result: Result<T> = policy.read(answer ?? NO_ANSWER);
      if (result.ok) {
        outcomes[index] = result;
        spent += policy.cost(result.value);
        done.add(index);
        return;
      }
      const error = result.error;
      failures[index] = (failures[index] ?? 0) + 1;
      if (error.kind === "throttled") throttledNow += 1;
      if (error.kind === "timeout") timedOut = true;
      if (stopsBatch(error)) {
        stoppedBy ??= error;
      } else if (retryable(error, policy.retryServerErrors) && (failures[index] ?? 0) < options.maxTries) {
        const wait = backoffMs(failures[index] ?? 1);
        notBefore[index] = finished + wait;
        if (error.kind === "throttled") queuePausedUntil = Math.max(queuePausedUntil, finished + wait);
        return;
      }
      outcomes[index] = result;
      done.add(index);
    });
    queue = queue.filter((index) => !done.has(index));
    throttled += throttledNow;
    const slow = finished - now > SLOW_CHUNK_MS || timedOut;
    parallel =
      throttledNow > 0 || slow ? Math.max(1, Math.floor(chunk.length / 2)) : Math.min(limit, parallel + 1);
  }
  return { outcomes, stoppedBy, spent, throttled, parallel };
}
