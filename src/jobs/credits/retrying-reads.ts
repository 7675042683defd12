/**
 * The Credits tab's reads, each sent again after a transient failure. Everything the tab asks is
 * free (users/me, the transaction list), so a 429, a 5xx, a timeout or a body cut off in transit is
 * simply asked again, with the backoff production asks for (PRODUCTION.md A18: 1, 2, 4, 8 s), within
 * a bound the sidebar can wait for. The client retries the pages after the first of a long list
 * itself; a single request (users/me, one page, the first page) it sends once, so one throttled
 * answer used to blank the balance, the spending, the list or the export.
 */
import type { ApiErrorKind } from "../../api/errors";
import type { Clock } from "../../api/ports";
import type { TransactionClient } from "./ports";

/** Failures after which the same free request may be sent again. */
const TRANSIENT: ReadonlySet<ApiErrorKind> = new Set([
  "throttled",
  "server",
  "timeout",
  "network",
  "malformed",
]);
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000];
/**
 * The most one read waits for its retries: 1 s and 2 s, three tries. The sidebar waits for the
 * answer, and a fault that outlasts that is shown with its next step (Refresh) rather than waited on.
 */
export const FREE_READ_BUDGET_MS = 4_000;

type Attempt = { ok: true } | { ok: false; kind: ApiErrorKind | null; status?: number };

/** A 4xx other than 429 is final, even a 408 "timeout" (PRODUCTION.md A18: never retried). */
const finalStatus = (status: number | undefined) =>
  status !== undefined && status >= 400 && status < 500 && status !== 429;

/** Runs `read` until it succeeds, fails for good, or the next wait would pass `deadline`. */
function again<T>(clock: Clock, deadline: number, read: () => T, attempt: (result: T) => Attempt): T {
  let result = read();
  for (const wait of BACKOFF_MS) {
    const outcome = attempt(result);
    if (outcome.ok || outcome.kind === null || !TRANSIENT.has(outcome.kind) || finalStatus(outcome.status))
      return result;
    if (clock.now() + wait > deadline) return result;
    clock.sleep(wait);
    result = read();
  }
  return result;
}

const byOutcome = (
  result: { ok: true } | { ok: false; error: { kind: ApiErrorKind; status?: number } },
): Attempt =>
  result.ok ? { ok: true } : { ok: false, kind: result.error.kind, status: result.error.status };

/**
 * One free read (users/me, one page of the list), sent again after a transient failure within
 * FREE_READ_BUDGET_MS. Also what =CREDIT_BALANCE() reads with: a formula's error stays in its cell
 * until Sheets recalculates it, so one throttled answer must not put it there.
 */
export function readAgain<
  T extends { ok: true } | { ok: false; error: { kind: ApiErrorKind; status?: number } },
>(clock: Clock, read: () => T): T {
  return again(clock, clock.now() + FREE_READ_BUDGET_MS, read, byOutcome);
}

export function retryingReads(client: TransactionClient, clock: Clock): TransactionClient {
  const bound = () => clock.now() + FREE_READ_BUDGET_MS;
  return {
    account: () => readAgain(clock, () => client.account()),
    listTransactions: (query) => readAgain(clock, () => client.listTransactions(query)),
    // Only a list whose first page failed is read again whole: later pages were retried already.
    listAllTransactions: (query, options) =>
      again(
        clock,
        Math.min(options.deadline, bound()),
        () => client.listAllTransactions(query, options),
        (pages) =>
          pages.complete || pages.results.length > 0 || !pages.error
            ? { ok: true }
            : { ok: false, kind: pages.error.kind, status: pages.error.status },
      ),
  };
}
