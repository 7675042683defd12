/**
 * CacheService's document cache as the formulas' TextCache. A cache that fails (quota, a value the
 * service refuses) only costs a fetch, so its errors never reach a cell.
 */
import type { TextCache } from "../jobs/lookup/cache";

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
