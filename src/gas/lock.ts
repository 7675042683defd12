/** The Lock port over the document lock: one enrichment step at a time per spreadsheet, for every user. */
import type { Lock } from "../jobs/enrich/ports";

/**
 * Bumped each time this execution takes or releases the document lock: what it read of the
 * document's properties before is not trusted after (job-store.ts), since another execution may
 * have written them while this one waited for the lock, or may write them once it is released.
 */
let epoch = 0;

export const lockEpoch = (): number => epoch;

export function documentLock(): Lock {
  const lock = LockService.getDocumentLock();
  return {
    tryAcquire: (waitMs) => {
      const acquired = lock.tryLock(waitMs);
      if (acquired) epoch += 1;
      return acquired;
    },
    release: () => {
      lock.releaseLock();
      epoch += 1;
    },
  };
}
