/**
 * The Store port over Apps Script's properties. Document properties: per-document shared state
 * such as job cursors (9 KB a value, 500 KB in all), which every editor's executions can write;
 * never the API key. User properties: what only this user's executions read and write (the terms
 * of their schedules, their trigger time today).
 */
import type { CancelSignal, Store } from "../jobs/enrich/ports";

function propertiesStore(properties: GoogleAppsScript.Properties.Properties): Store {
  return {
    get: (key) => properties.getProperty(key),
    set: (key, value) => {
      properties.setProperty(key, value);
    },
    setMany: (entries) => {
      properties.setProperties(entries);
    },
    remove: (key) => {
      properties.deleteProperty(key);
    },
  };
}

export function documentStore(): Store {
  return propertiesStore(PropertiesService.getDocumentProperties());
}

export function userStore(): Store {
  return propertiesStore(PropertiesService.getUserProperties());
}

/** Long enough to outlast any step (6 minutes at most); a stale entry names a job that is over. */
const SIGNAL_SECONDS = 600;

/**
 * Cancel's fast signal over the document cache, which every editor's executions share (a read
 * costs 3 ms against a property's 30 ms, G6). Opened on first use; where the platform gives no
 * document cache, the signal says nothing and the step reads the store instead (every 5 s).
 */
export function documentSignal(): CancelSignal {
  let cache: GoogleAppsScript.Cache.Cache | null | undefined;
  const open = () => {
    if (cache === undefined) {
      try {
        cache = CacheService.getDocumentCache();
      } catch {
        cache = null;
      }
    }
    return cache;
  };
  // A cache call that fails loses only speed: the store stays the record (cancel.ts).
  return {
    get: (key) => {
      try {
        return open()?.get(key) ?? null;
      } catch {
        return null;
      }
    },
    put: (key, value) => {
      try {
        open()?.put(key, value, SIGNAL_SECONDS);
      } catch {
        // The store holds the request: the step reads it within CANCEL_STORE_EVERY_MS.
      }
    },
  };
}
