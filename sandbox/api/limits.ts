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
  /**
   * Searches one key may make per UTC day, counted when accepted (those in flight hold a place;
   * one that ends without a 200 gives it back); null: no daily limit.
   */
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

/** A search admitted by `admit`: which UTC day's count it took a place in. */
export interface AdmittedSearch {
  key: string;
  day: number;
}

/**
 * Per key: searches in flight, and searches counted on the current UTC day. Both are counted when
 * a search is accepted, before its latency, as production counts a request (a search refused for
 * either limit counts in neither), so searches sent at once cannot pass a limit together.
 */
export class SearchCounters {
  private readonly inFlight = new Map<string, number>();
  private readonly daily = new Map<string, { day: number; count: number }>();

  reset(): void {
    this.inFlight.clear();
    this.daily.clear();
  }

  /**
   * Admits one search of `key` or throws the limit's answer: 429 past the parallel limit, the
   * configured status past the daily limit. An admitted search is in flight and holds a place in
   * today's count; the caller must call `release` once it is done, saying whether it was served.
   */
  admit(key: string, limits: AccountLimits, now: number): AdmittedSearch {
    const running = this.inFlight.get(key) ?? 0;
    if (limits.accountParallel !== null && running >= limits.accountParallel) {
      throw new ApiFailure(
        429,
        `Request was throttled: this account allows ${limits.accountParallel} parallel searches.`,
      );
    }
    const day = Math.floor(now / DAY_MS);
    if (limits.dailySearches !== null && this.countedOn(key, day) >= limits.dailySearches) {
      throw new ApiFailure(
        limits.dailyLimitStatus,
        `Daily search limit reached: this account allows ${limits.dailySearches} searches a day. Try again tomorrow (UTC) or ask to raise the limit.`,
      );
    }
    this.inFlight.set(key, running + 1);
    const entry = this.daily.get(key);
    if (entry === undefined || entry.day !== day) this.daily.set(key, { day, count: 1 });
    else entry.count++;
    return { key, day };
  }

  /**
   * Ends an admitted search. One that was not served (any answer but 200: a refused body, a
   * company not found, a fault, out of funds) gives its place in its day's count back.
   */
  release(search: AdmittedSearch, served: boolean): void {
    const { key, day } = search;
    this.inFlight.set(key, Math.max(0, (this.inFlight.get(key) ?? 1) - 1));
    const entry = this.daily.get(key);
    if (!served && entry !== undefined && entry.day === day) entry.count = Math.max(0, entry.count - 1);
  }

  /**
   * What production's users/me answers about a key's searches (PRODUCTION.md A9): in flight now,
   * and today's (UTC) count split into completed and still in progress.
   */
  usage(key: string, now: number): { inFlight: number; completedToday: number; inProgressToday: number } {
    const inFlight = this.inFlight.get(key) ?? 0;
    const today = this.countedOn(key, Math.floor(now / DAY_MS));
    const inProgressToday = Math.min(inFlight, today);
    return { inFlight, completedToday: today - inProgressToday, inProgressToday };
  }

  private countedOn(key: string, day: number): number {
    const entry = this.daily.get(key);
    return entry !== undefined && entry.day === day ? entry.count : 0;
  }
}
