/**
 * The account as GET /api/auth/users/me/ answers it (PRODUCTION.md A9, free): the spendable
 * balance and the account's search limits, read leniently. The latest transaction's after_balance
 * is not the balance (in production a charge's after_balance is its operation's counter, -2400 on
 * `leads_by_icp` rows), so every balance the add-on shows or compares comes from here.
 */
import type { AccountResponse } from "./wire";

export interface AccountState {
  /** The account's email as users/me gives it (production sends it; absent when it does not). */
  email?: string;
  /** balance_platform: what the key may spend now. */
  balance: number;
  /** blocked_balance_platform: reserved for requests still in flight (0 when not said). */
  reserved: number;
  /** max_parallel_searches: company and lead searches the account runs at once; null when not said. */
  parallelSearches: number | null;
  /** max_searches_daily: null when the account has no daily limit (or does not say). */
  dailySearches: number | null;
  /** Searches the account may still start today (UTC): the daily limit less completed and running. */
  searchesLeftToday: number | null;
}

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A finite number, or a number sent as text; null otherwise. */
function numberIn(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/** A count or limit: a whole number of at least `min`, or null. */
function countIn(value: unknown, min = 0): number | null {
  const n = numberIn(value);
  return n === null || n < min ? null : Math.floor(n);
}

/** The users/me answer, or null when it carries no readable balance_platform (malformed). */
export function readAccount(body: unknown): AccountResponse | null {
  if (!isRecord(body)) return null;
  const balance = numberIn(body.balance_platform);
  return balance === null ? null : ({ ...body, balance_platform: balance } as AccountResponse);
}

/** What the add-on uses of the answer: the balance, what is reserved, and the search limits. */
export function accountState(answer: AccountResponse): AccountState {
  const daily = countIn(answer.max_searches_daily);
  const used =
    (countIn(answer.count_searches_completed_today) ?? 0) +
    (countIn(answer.count_searches_in_progress_today) ?? 0);
  return {
    // Kept short: this runs in Code.js (formulas), whose size every cell pays for.
    email: (typeof answer.email === "string" && answer.email.trim()) || undefined,
    balance: answer.balance_platform,
    reserved: numberIn(answer.blocked_balance_platform) ?? 0,
    parallelSearches: countIn(answer.max_parallel_searches, 1),
    dailySearches: daily,
    searchesLeftToday: daily === null ? null : Math.max(0, daily - used),
  };
}

/**
 * Searches to send at once: the account's parallel limit when it says one, never above what the
 * settings and the spec allow (`limit`). Starting there, not at the spec's 20 or 50, spares a run
 * the 429s it would otherwise meet before slowing down to the account's pace.
 */
export function searchParallel(
  limit: number,
  account: Pick<AccountState, "parallelSearches"> | null,
): number {
  const allowed = account?.parallelSearches ?? limit;
  return Math.max(1, Math.min(limit, allowed));
}

/**
 * The estimate's sentence when a run needs more searches than the account has left today, or
 * null when it does not (or the account has no daily limit).
 */
export function searchesLeftNote(
  searches: number,
  account: Pick<AccountState, "searchesLeftToday" | "dailySearches"> | null,
): string | null {
  const left = account?.searchesLeftToday ?? null;
  if (left === null || searches <= left) return null;
  const plural = (n: number) => `${n.toLocaleString("en-US")} search${n === 1 ? "" : "es"}`;
  const of =
    account?.dailySearches === null || account?.dailySearches === undefined
      ? ""
      : ` of ${account.dailySearches.toLocaleString("en-US")}`;
  return `This needs ${plural(searches)}; your account has ${plural(left)} left today${of}. The rest would be refused until tomorrow (UTC), free.`;
}
