/**
 * The Store port over Apps Script's properties. Document properties: per-document shared state
 * such as job cursors (9 KB a value, 500 KB in all), which every editor's executions can write;
 * never the API key. User properties: what only this user's executions read and write (the terms
 * of their schedules, their trigger time today).
 */
import type { CancelSignal, Store } from "../jobs/enrich/ports";
import { lockEpoch } from "./lock";

type Properties = GoogleAppsScript.Properties.Properties;

function propertiesStore(properties: Properties): Store {
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

/**
 * This execution's copy of the document's properties: read whole with one getProperties on first
 * use (a property read costs about 30 ms in production, G6, whatever it returns, and one step
 * read the owner, the background run, the history's settings and keys and the job one key at a
 * time), kept up to date by this execution's own writes, and read again after the execution takes
 * or releases the document lock (lock.ts): a job's state read under the lock is what the store
 * holds then, and a loop between two steps (the trigger's) sees what others wrote meanwhile.
 * Reads that must see another execution's writes without the lock (Cancel's request) use `fresh`.
 * Module state: each execution evaluates the code anew, so the copy never outlives one.
 */
let copy: { epoch: number; values: Map<string, string> } | null = null;

function copiedStore(properties: Properties): Store {
  const values = () => {
    if (copy === null || copy.epoch !== lockEpoch()) {
      copy = { epoch: lockEpoch(), values: new Map(Object.entries(properties.getProperties())) };
    }
    return copy.values;
  };
  // After a write that succeeded only: a refused write (over 9 KB, the store full) changed nothing.
  const keep = (key: string, value: string | null) => {
    if (value === null) copy?.values.delete(key);
    else copy?.values.set(key, value);
  };
  return {
    get: (key) => values().get(key) ?? null,
    fresh: (key) => {
      const value = properties.getProperty(key);
      keep(key, value);
      return value;
    },
    set: (key, value) => {
      properties.setProperty(key, value);
      keep(key, value);
    },
    setMany: (entries) => {
      properties.setProperties(entries);
      for (const [key, value] of Object.entries(entries)) keep(key, value);
    },
    remove: (key) => {
      properties.deleteProperty(key);
      keep(key, null);
    },
  };
}

export function documentStore(): Store {
  return copiedStore(PropertiesService.getDocumentProperties());
}

/** Read key by key: no lock orders this user's executions (a trigger's, a sidebar's). */
export function userStore(): Store {
  return propertiesStore(PropertiesService.getUserProperties());
}

/** Long enough to outlast any step (6 minutes at most); a stale entry names a job that is over. */
const SIGNAL_SECONDS = 600;
/**
 * A bulk submit's note of job ids (jobs/enrich/bulk/submit.ts): as long as the cache keeps
 * anything (6 hours, G4), so a run resumed later that day still finds them.
 */
export const NOTE_SECONDS = 21_600;

/**
 * Cancel's fast signal over the document cache, which every editor's executions share (a read
 * costs 3 ms against a property's 30 ms, G6). Opened on first use; where the platform gives no
 * document cache, the signal says nothing and the step reads the store instead (every 5 s).
 */
export function documentSignal(seconds = SIGNAL_SECONDS): CancelSignal {
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
        open()?.put(key, value, seconds);
      } catch {
        // The store holds the request: the step reads it within CANCEL_STORE_EVERY_MS.
      }
    },
  };
}
