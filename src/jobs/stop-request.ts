/**
 * A request to stop long work, made by one execution and read by another: Apps Script runs each
 * sidebar call as its own execution, so Cancel cannot reach the one that is sending; it leaves a
 * request under a key, naming the run (an id that never repeats, so a stale request stops
 * nothing), in the document's store (durable) and in a fast signal (the document cache), and the
 * running execution checks before each group of requests. Enrich's Cancel and the searches' use it.
 */
import type { Clock } from "../api/ports";
import type { CancelSignal, Store } from "./enrich/ports";

/**
 * How long a watcher trusts the fast signal alone: past this, it reads the store too, so a request
 * the cache lost (evicted) still stops the run within these seconds.
 */
export const CANCEL_STORE_EVERY_MS = 5_000;

/** Asks the run `id` to stop: in the store and, when given, in the fast signal. */
export function requestStop(store: Store, key: string, id: string, signal?: CancelSignal): void {
  store.set(key, id);
  signal?.put(key, id);
}

/** Whether a stop was asked for the run `id`, as the store says now (another user's execution may have asked). */
export function stopRequested(store: Store, key: string, id: string): boolean {
  return (store.fresh ? store.fresh(key) : store.get(key)) === id;
}

/**
 * The check a run makes before each group of requests. A store read costs about 30 ms in
 * production (G6), and a long run checks before every group and inside every retry; the fast
 * signal (the document cache, 3 ms a read) answers instead, and the store is read once
 * CANCEL_STORE_EVERY_MS have passed since the last read. The first check takes the store as the
 * run read it under the lock (`get`: no read of its own); a request made since is in the signal.
 * Without a signal every check reads the store.
 */
export function stopWatcher(
  store: Store,
  key: string,
  id: string,
  clock: Clock,
  signal?: CancelSignal,
): () => boolean {
  let storeReadAt = Number.NEGATIVE_INFINITY;
  return () => {
    if (signal) {
      if (signal.get(key) === id) return true;
      if (clock.now() - storeReadAt < CANCEL_STORE_EVERY_MS) return false;
      if (storeReadAt === Number.NEGATIVE_INFINITY) {
        storeReadAt = clock.now();
        return store.get(key) === id;
      }
    }
    storeReadAt = clock.now();
    return stopRequested(store, key, id);
  };
}
