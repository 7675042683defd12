/**
 * Sidebar <-> server methods of Retry failed rows (the counts after a run, and the retry's own
 * estimate) and of Finish this run after a Cancel.
 */
import type { RetryCounts } from "../jobs/retry/retry";
import type { EnrichEstimate } from "./enrich";

export type { RetryCounts } from "../jobs/retry/retry";

export interface RetryRequest {
  jobId: string;
  /** The user read that these may have been charged already and chose to send them again. */
  includeMaybeCharged: boolean;
}

export interface RetryMethods {
  enrichRetryCounts: { arg: { jobId: string }; result: RetryCounts };
  enrichRetryEstimate: { arg: RetryRequest; result: EnrichEstimate };
  /** Finish this run: after a Cancel, the estimate of a run over the URLs it did not reach. */
  enrichFinishEstimate: { arg: { jobId: string }; result: EnrichEstimate };
}
