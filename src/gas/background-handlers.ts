/**
 * A run goes on when the sidebar closes (issue 23.16): the Enrich tab's "Continue in the
 * background" and "Bring back", and the hourly trigger's share of the work. The trigger is the
 * scheduled refresh's (hourly-trigger.ts: one per document per user, G9); the rules are in
 * src/jobs/schedule/background.ts.
 */
import { JobError } from "../jobs/enrich/deps";
import { currentJob, resumeJob } from "../jobs/enrich/job";
import {
  type BackgroundOutcome,
  goesOn,
  loadOwnBackground,
  removeOwnBackground,
  runBackground,
  saveBackground,
  saveOwnBackground,
} from "../jobs/schedule/background";
import {
  MIN_TRIGGER_RUN_MS,
  TRIGGER_BUDGET_MS,
  TRIGGER_OVERRUN_MS,
  triggerSlice,
} from "../jobs/schedule/run";
import type { RpcHandlers } from "../rpc";
import { backgroundView, leaveBackground } from "./background-run";
import { jobDeps, jobIdOf, noKey } from "./enrich-handlers";
import { hourlyTrigger, spreadsheetId } from "./hourly-trigger";
import { appsScriptClock } from "./http";
import { activeUser, ownerOf } from "./job-owner";
import { documentStore, userStore } from "./job-store";
import { hasApiKey } from "./settings-client";
import { readSettings } from "./settings-store";

export type { BackgroundOutcome };

/**
 * The job's ports for a background run: the cap it was confirmed under (never Settings' cap of
 * now), and `deadline` for every request.
 */
function backgroundJobDeps(cap: number, capSource: "schedule" | undefined, deadline?: number) {
  const deps = jobDeps(deadline === undefined ? undefined : { deadline });
  return {
    ...deps,
    settings: { ...deps.settings, spendCap: cap, ...(capSource ? { capSource } : {}) },
  };
}

/**
 * The trigger's first share: a slice of this user's background run, within the execution's time
 * and `leftMs` of the trigger-time budget (G10).
 */
export function stepBackgroundRun(time: {
  started: number;
  leftMs: number;
  freesAt(neededMs: number): number;
}): BackgroundOutcome {
  const mine = userStore();
  const id = spreadsheetId();
  return runBackground({
    store: documentStore(),
    clock: appsScriptClock,
    job: backgroundJobDeps,
    me: activeUser(),
    own: { load: () => loadOwnBackground(mine, id), remove: () => removeOwnBackground(mine, id) },
    runOwner: ownerOf,
    budgetMs: triggerSlice(TRIGGER_BUDGET_MS - (appsScriptClock.now() - time.started), time.leftMs),
    minRunMs: MIN_TRIGGER_RUN_MS,
    freesAt: () => time.freesAt(MIN_TRIGGER_RUN_MS + TRIGGER_OVERRUN_MS),
  });
}

/** Refuses unless the caller owns the run: the trigger would spend the key of whoever sends it. */
function checkSender(jobId: string): void {
  const owner = ownerOf(jobId);
  if (owner?.mine) return;
  throw new JobError(
    "not_owner",
    owner
      ? `This run belongs to ${owner.label}, who confirmed it: only they can send it to the background, where it spends their key.`
      : "Only a confirmed run can go on in the background.",
    owner ? "You can watch its progress here, or take it over with your own key." : undefined,
  );
}

export const backgroundHandlers: Pick<RpcHandlers, "enrichBackground" | "enrichBringBack"> = {
  enrichBackground: (arg) => {
    const jobId = jobIdOf(arg);
    checkSender(jobId);
    if (!hasApiKey(readSettings())) throw noKey();
    const deps = jobDeps();
    const progress = currentJob(deps);
    if (!progress || progress.jobId !== jobId || !goesOn(progress)) {
      throw new JobError("gone", "This run is not under way: there is nothing to continue.");
    }
    if (progress.capSource === "schedule") {
      throw new JobError("state", "This is the schedule's run: it goes on by itself at the next hourly run.");
    }
    // The trigger goes on from where the sidebar stopped, under the run's own cap.
    if (progress.state !== "running") resumeJob(backgroundJobDeps(progress.cap, progress.capSource), jobId);
    const mine = userStore();
    const id = spreadsheetId();
    const triggerId = hourlyTrigger();
    saveOwnBackground(mine, id, { jobId, triggerId });
    const now = appsScriptClock.now();
    saveBackground(documentStore(), {
      jobId,
      owner: activeUser(),
      sentAt: now,
      steppedAt: null,
      waitUntil: null,
    });
    return backgroundView(jobId)!;
  },
  enrichBringBack: (arg) => {
    const jobId = jobIdOf(arg);
    checkSender(jobId);
    leaveBackground(jobId);
    const deps = jobDeps();
    const progress = currentJob(deps);
    if (!progress || progress.jobId !== jobId) {
      throw new JobError(
        "gone",
        "This run no longer exists: it finished, or was cancelled.",
        "Estimate a new run.",
      );
    }
    // The sidebar drives it again from here (a paused run is resumed under its own cap).
    return progress.state === "paused"
      ? resumeJob(backgroundJobDeps(progress.cap, progress.capSource), jobId)
      : progress;
  },
};
