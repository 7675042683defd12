/**
 * Account limits below the spec's (PRODUCTION.md A10): production accounts carry their own
 * parallel-search and daily-search limits (a sample account: 5 and 20). Searches are the company
 * and lead search endpoints together; lookups and the transaction list are not searches.
 */
import { ApiFailure } from "./failure.ts";
import { API_PATHS } from "./paths.ts";

export interface AccountLimits {
  /** Searches of one key in flight at once (company + lead search together); null: no such limit. */
  accountParallel: number | null;
  /** Searches one key may make per UTC day (answered 200); null: no daily limit. */
  dailySearches: number | null;
  /** Production does not show what a daily limit answers: 429 by default, configurable. */
  dailyLimitStatus: number;
}

export const NO_ACCOUNT_LIMITS: AccountLimits = {
  accountParallel: null,
  dailySearches: null,
  dailyLimitStatus: 429,
};

const SEARCH_PATHS: readonly string[] = [API_PATHS.companySearch, API_PATHS.leadSearch];

export function isSearch(path: string): boolean {
  return SEARCH_PATHS.includes(path);
}

const DAY_MS = 86_400_000;

/** Per key: searches in flight, and searches served on the current UTC day. */
export class SearchCounters {
  private readonly inFlight = new Map<string, number>();
  private readonly daily = new Map<string, { day: number; count: number }>();

  reset(): void {
    this.inFlight.clear();
    this.daily.clear();
  }

  /**
   * Admits one search of `key` or throws the limit's answer: 429 past the parallel limit, the
   * configured status past the daily limit. The caller must call `release` once it is done.
   */
  admit(key: string, limits: AccountLimits, now: number): void {
    const running = this.inFlight.get(key) ?? 0;
    if (limits.accountParallel !== null && running >= limits.accountParallel) {
      throw new ApiFailure(
        429,
        `Request was throttled: this account allows ${limits.accountParallel} parallel searches.`,
      );
    }
    if (limits.dailySearches !== null && this.servedToday(key, now) >= limits.dailySearches) {
      throw new ApiFailure(
        limits.dailyLimitStatus,
        `Daily search limit reached: this account allows ${limits.dailySearches} searches a day. Try again tomorrow (UTC) or ask to raise the limit.`,
      );
    }
    this.inFlight.set(key, running + 1);
  }

  release(key: string): void {
    this.inFlight.set(key, Math.max(0, (this.inFlight.get(key) ?? 1) - 1));
  }

  /** Counts a search that was answered (200) towards today's limit. */
  served(key: string, now: number): void {
    const day = Math.floor(now / DAY_MS);
    const entry = this.daily.get(key);
    if (entry === undefined || entry.day !== day) this.daily.set(key, { day, count: 1 });
    else entry.count++;
  }

  private servedToday(key: string, now: number): number {
    const entry = this.daily.get(key);
    return entry !== undefined && entry.day === Math.floor(now / DAY_MS) ? entry.count : 0;
  }
}
