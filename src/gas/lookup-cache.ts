/**
 * CacheService's document cache as the formulas' TextCache. A cache that fails (quota, a value the
 * service refuses) only costs a fetch, so its errors never reach a cell.
 */
import type { TextCache } from "../jobs/lookup/cache";
import type { ShelfLock } from "../jobs/lookup/shelves";

const NO_CACHE: TextCache = { getAll: () => ({}), putAll: () => {} };

export function documentCache(): TextCache {
  const cache = CacheService.getDocumentCache();
  if (cache === null) return NO_CACHE;
  return {
    getAll(keys) {
      try {
        return cache.getAll(keys);
      } catch {
        return {};
      }
    },
    putAll(values, ttlSeconds) {
      try {
        cache.putAll(values, ttlSeconds);
      } catch {
        // Not cached: the next calculation fetches again.
      }
    },
    removeAll(keys) {
      try {
        cache.removeAll(keys);
      } catch {
        // Expires on its own.
      }
    },
  };
}

/** How long a formula waits for another cell's cache write (a few milliseconds of work). */
const SHELF_LOCK_WAIT_MS = 3000;

/**
 * The document lock around a formula's cache writes. When it cannot be had in time (an
 * enrichment step holds it for seconds) the write goes ahead unlocked: a lost entry only costs a
 * fetch, while waiting longer would eat the formula's 30 s.
 */
export function shelfLock(): ShelfLock {
  return {
    run(work) {
      let lock: GoogleAppsScript.Lock.Lock | null = null;
      try {
        lock = LockService.getDocumentLock();
        if (!lock.tryLock(SHELF_LOCK_WAIT_MS)) lock = null;
      } catch {
        lock = null;
      }
      try {
        return work();
      } finally {
        try {
          lock?.releaseLock();
        } catch {
          // Released when the execution ends.
        }
      }
    },
  };
}

/** Where =CREDIT_BALANCE() keeps its answer for a short while. */
export const BALANCE_CACHE_KEY = "credit_balance";
export const BALANCE_CACHE_SECONDS = 60;

/** Forgets the cached balance: the key or the address changed. */
export function forgetCachedBalance(): void {
  try {
    CacheService.getDocumentCache()?.remove(BALANCE_CACHE_KEY);
  } catch {
    // Expires on its own within a minute.
  }
}
