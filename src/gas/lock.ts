/** The Lock port over the document lock: one enrichment step at a time per spreadsheet, for every user. */
import type { Lock } from "../jobs/enrich/ports";

export function documentLock(): Lock {
  const lock = LockService.getDocumentLock();
  return {
    tryAcquire: (waitMs) => lock.tryLock(waitMs),
    release: () => lock.releaseLock(),
  };
}
