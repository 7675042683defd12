/**
 * A new run over the rows of the document's last run that sends only some of its URLs: Retry
 * failed rows (retry.ts) and Finish this run after a Cancel (finish.ts). The rows must still hold
 * the same URLs; the new run has its own estimate, confirmed like any other.
 */
import { type JobDeps, JobError } from "../enrich/deps";
import { loadOwn, saveEstimate } from "../enrich/job";
import type { EnrichJob, EnrichProgress, JobState } from "../enrich/job-types";
import { type EnrichPlan, planEnrichment, type SelectionBox, skipCounts } from "../enrich/plan";
import type { Grid } from "../enrich/ports";

/** The last run with its URL states, read once (each property read costs time in Apps Script). */
export function lastRun(
  deps: JobDeps,
  jobId: string,
  state: JobState,
  notYet: string,
): { job: EnrichJob; states: string; grid: Grid } {
  const loaded = loadOwn(deps, jobId);
  if (loaded.job.state !== state) throw new JobError("state", `This run is ${loaded.job.state}.`, notYet);
  const grid = deps.grid(loaded.job.sheetId);
  if (!grid) throw new JobError("changed", `The sheet "${loaded.job.sheetName}" is gone.`);
  return { ...loaded, grid };
}

/**
 * Plans the new run over `job`'s rows, sending `toFetch` only, the others skipped for the reasons
 * counted in `skipped`; saves it awaiting confirmation. Charges nothing.
 */
export function estimateRerun(
  deps: JobDeps,
  job: EnrichJob,
  grid: Grid,
  toFetch: number[],
  skipped: ReadonlyArray<readonly [string, number]>,
): { plan: EnrichPlan; progress: EnrichProgress; box: SelectionBox } {
  const box: SelectionBox = {
    sheetId: job.sheetId,
    sheetName: job.sheetName,
    top: job.layout.headerRow,
    left: job.urlColumn,
    height: job.lastRow - job.layout.headerRow + 1,
    width: 1,
  };
  const plan = planEnrichment(grid, box, job.options, job.urlColumn);
  if (plan.fingerprint !== job.fingerprint || plan.firstRow !== job.firstRow) {
    throw new JobError(
      "changed",
      "The profile URLs in these rows changed since the run.",
      "Select the rows and start a new run.",
    );
  }
  const rerun = {
    ...plan,
    toFetch,
    maxCredits: toFetch.length * plan.creditsPerUrl,
    skips: skipCounts(skipped),
  };
  return { plan: rerun, progress: saveEstimate(deps, rerun, job.options), box };
}
