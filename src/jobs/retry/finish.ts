/**
 * Finish this run: after a Cancel, a new run over the same rows that sends only the URLs the
 * cancelled run did not reach (issue 23.5). What it did (enriched, not found, failed, in flight
 * when it stopped) is skipped, so finishing a list never re-buys what was just bought.
 */
import { type JobDeps, JobError } from "../enrich/deps";
import type { EnrichProgress } from "../enrich/job-types";
import type { EnrichPlan, SelectionBox } from "../enrich/plan";
import { indicesIn, URL_STATE } from "../enrich/url-states";
import { estimateRerun, lastRun } from "./rerun";

/** Why Finish this run skips a URL of the cancelled run. */
const DONE_BEFORE_CANCEL = "done before Cancel";

/** Plans the rest of a cancelled run as a new run awaiting confirmation; charges nothing. */
export function estimateFinish(
  deps: JobDeps,
  jobId: string,
): { plan: EnrichPlan; progress: EnrichProgress; box: SelectionBox } {
  const { job, states, grid } = lastRun(deps, jobId, "cancelled", "Only a cancelled run can be finished.");
  const toFetch = indicesIn(states, URL_STATE.pending);
  if (toFetch.length === 0) {
    throw new JobError("nothing", "The cancelled run reached every URL: nothing is left to finish.");
  }
  // The cancelled run's own skips (fill mode, refreshed recently) stay skipped.
  const skippedBefore = indicesIn(states, URL_STATE.skipped).length;
  const done = states.length - toFetch.length - skippedBefore;
  const skips: Array<readonly [string, number]> = [
    ...(job.skips ?? []).map((skip) => [skip.reason, skip.urls] as const),
    [DONE_BEFORE_CANCEL, done],
  ];
  return estimateRerun(deps, job, grid, toFetch, skips);
}
