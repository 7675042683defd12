/**
 * Retry failed rows and Finish this run: the Enrich tab's server methods after a run
 * (src/jobs/retry does the work). Each answers an estimate; the new run starts on Confirm.
 */
import { loadJob } from "../jobs/enrich/cursor";
import type { JobDeps } from "../jobs/enrich/deps";
import type { EnrichProgress } from "../jobs/enrich/job-types";
import type { EnrichPlan, SelectionBox } from "../jobs/enrich/plan";
import { estimateFinish } from "../jobs/retry/finish";
import { estimateRetry, retryCounts } from "../jobs/retry/retry";
import type { RpcHandlers } from "../rpc";
import type { EnrichEstimate } from "../rpc/enrich";
import { estimateFigures, jobDeps, previewOf } from "./enrich-handlers";
import { estimatedPath } from "./run-path";

/**
 * The estimate the sidebar shows for a new run planned over the last run's rows, with the path it
 * takes (bulk jobs or lookups, issue 24) as Enrich's own estimate says it.
 */
function estimateOf(
  deps: JobDeps,
  planned: { plan: EnrichPlan; progress: EnrichProgress; box: SelectionBox },
): EnrichEstimate {
  // The planned run is the document's current job now: its options say what it asks for.
  const saved = loadJob(deps.store)?.job;
  const options = saved?.id === planned.progress.jobId ? saved.options : undefined;
  const { jobId } = planned.progress;
  return {
    preview: previewOf(planned.plan, planned.box, deps.settings.headers),
    progress: planned.progress,
    ...estimateFigures(deps.settings.spendCap),
    // Work email decides the path too (a run with it takes lookups until bulk answers showed
    // company websites) and adds the finder's calls to the web requests counted.
    path: estimatedPath(
      deps,
      jobId,
      planned.plan.toFetch.length,
      options?.extras ?? {},
      options?.workEmail === true,
    ),
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
