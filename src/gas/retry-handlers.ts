/** Retry failed rows: the Enrich tab's server methods after a run (src/jobs/retry does the work). */
import { estimateRetry, retryCounts } from "../jobs/retry/retry";
import type { RpcHandlers } from "../rpc";
import { estimateFigures, jobDeps, previewOf } from "./enrich-handlers";

export const retryHandlers: Pick<RpcHandlers, "enrichRetryCounts" | "enrichRetryEstimate"> = {
  enrichRetryCounts: ({ jobId }) => retryCounts(jobDeps(), jobId),
  enrichRetryEstimate: ({ jobId, includeMaybeCharged }) => {
    const deps = jobDeps();
    const { plan, progress, box } = estimateRetry(deps, jobId, includeMaybeCharged === true);
    return {
      preview: previewOf(plan, box, deps.settings.headers),
      progress,
      ...estimateFigures(deps.settings.spendCap),
    };
  },
};
