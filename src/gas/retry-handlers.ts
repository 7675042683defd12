/**
 * Retry failed rows and Finish this run: the Enrich tab's server methods after a run
 * (src/jobs/retry does the work). Each answers an estimate; the new run starts on Confirm.
 */
import type { JobDeps } from "../jobs/enrich/deps";
import type { EnrichProgress } from "../jobs/enrich/job-types";
import type { EnrichPlan, SelectionBox } from "../jobs/enrich/plan";
import { estimateFinish } from "../jobs/retry/finish";
import { estimateRetry, retryCounts } from "../jobs/retry/retry";
import type { RpcHandlers } from "../rpc";
import type { EnrichEstimate } from "../rpc/enrich";
import { estimateFigures, jobDeps, previewOf } from "./enrich-handlers";

/** The estimate the sidebar shows for a new run planned over the last run's rows. */
function estimateOf(
  deps: JobDeps,
  planned: { plan: EnrichPlan; progress: EnrichProgress; box: SelectionBox },
): EnrichEstimate {
  return {
    preview: previewOf(planned.plan, planned.box, deps.settings.headers),
    progress: planned.progress,
    ...estimateFigures(deps.settings.spendCap),
  };
}

export const retryHandlers: Pick<
  RpcHandlers,
  "enrichRetryCounts" | "enrichRetryEstimate" | "enrichFinishEstimate"
> = {
  enrichRetryCounts: ({ jobId }) => retryCounts(jobDeps(), jobId),
  enrichRetryEstimate: ({ jobId, includeMaybeCharged }) => {
    const deps = jobDeps();
    return estimateOf(deps, estimateRetry(deps, jobId, includeMaybeCharged === true));
  },
  enrichFinishEstimate: ({ jobId }) => {
    const deps = jobDeps();
    return estimateOf(deps, estimateFinish(deps, jobId));
  },
};
