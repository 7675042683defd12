/**
 * What the schedule owner's Continue and Remove do to the period's run under way, at once rather
 * than at the next hourly run. Both act only on a run that is still the owner's (a run someone
 * took over is theirs) and is the schedule's own.
 */
import { cancelJob, currentJob, resumeJob } from "../jobs/enrich/job";
import type { EnrichProgress } from "../jobs/enrich/job-types";
import { spentBefore } from "../jobs/schedule/period-spending";
import type { ScheduleState } from "../jobs/schedule/schedule";
import { loadTerms } from "../jobs/schedule/terms";
import { jobDeps } from "./enrich-handlers";
import { spreadsheetId } from "./hourly-trigger";
import { ownerOf } from "./job-owner";
import { userStore } from "./job-store";

/** The period's run under way, when it is the caller's and the document's current run. */
function ownRun(state: ScheduleState | null): EnrichProgress | null {
  const jobId = state?.current?.jobId;
  if (!jobId || !ownerOf(jobId)?.mine) return null;
  const progress = currentJob(jobDeps());
  return progress?.jobId === jobId ? progress : null;
}

/**
 * Ends the period's run under way when its schedule goes (rows written stay): nothing would step
 * it again, and a run left "running" held the spreadsheet's one run for good, so that another
 * editor could neither start a run of their own nor cancel it.
 */
export function endOwnRun(state: ScheduleState | null): void {
  const progress = ownRun(state);
  if (progress && ["running", "paused", "stopped"].includes(progress.state))
    cancelJob(jobDeps(), progress.jobId);
}

/**
 * Continue: the run stopped at the cap (or by the key, the credits) is under way again under the
 * new cap, less what the period's earlier runs spent (period-spending.ts), as the trigger would
 * resume it. The Enrich tab used to show it stopped at the old cap until the next hourly run.
 */
export function continueOwnRun(state: ScheduleState, cap: number): void {
  const progress = ownRun(state);
  if (progress?.state !== "stopped" || progress.message?.kind === "changed") return;
  const kept = loadTerms(userStore(), spreadsheetId())?.period;
  const earlier = kept ? spentBefore(kept, progress.jobId) : 0;
  const deps = jobDeps();
  resumeJob(
    {
      ...deps,
      settings: {
        ...deps.settings,
        spendCap: Math.max(0, cap - earlier),
        capSource: "schedule",
        capSpentBefore: earlier,
      },
    },
    progress.jobId,
  );
}
