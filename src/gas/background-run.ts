/**
 * Where a background Enrich run stands (issue 23.16), for the sidebar, and taking a run out of the
 * background when its owner drives, cancels or hands it over from a sidebar. The trigger's side
 * is src/jobs/schedule/background.ts; sending a run there is background-handlers.ts.
 */
import {
  type BackgroundRun,
  isInBackground,
  loadBackground,
  loadOwnBackground,
  removeBackground,
  removeOwnBackground,
} from "../jobs/schedule/background";
import type { BackgroundView } from "../rpc/enrich";
import { isoSecond } from "../sheet/sheet-time";
import { releaseTrigger, spreadsheetId } from "./hourly-trigger";
import { activeUser } from "./job-owner";
import { documentStore, userStore } from "./job-store";

function viewOf(run: BackgroundRun): BackgroundView {
  return {
    jobId: run.jobId,
    mine: run.owner.userKey === activeUser().userKey,
    owner: run.owner.label,
    sentAt: isoSecond(run.sentAt),
    steppedAt: run.steppedAt === null ? null : isoSecond(run.steppedAt),
    waitUntil: run.waitUntil === null ? null : isoSecond(run.waitUntil),
    endedAt: run.endedAt === undefined ? null : isoSecond(run.endedAt),
  };
}

/** The background run of the document, when `jobId` (the current job) is it and goes on. */
export function backgroundView(jobId: string | null): BackgroundView | null {
  const run = loadBackground(documentStore());
  return jobId !== null && isInBackground(run, jobId) ? viewOf(run) : null;
}

/** The run `jobId` when the trigger finished it (or stopped it for the user) in the background. */
export function endedInBackground(jobId: string | null): BackgroundView | null {
  const run = loadBackground(documentStore());
  return run !== null && run.jobId === jobId && run.endedAt !== undefined ? viewOf(run) : null;
}

/** True while the run goes on in the background: only the trigger steps it then. */
export function inBackground(jobId: string): boolean {
  return isInBackground(loadBackground(documentStore()), jobId);
}

/**
 * Takes the run out of the background: the document's copy always, the caller's own copy and
 * trigger when they are the owner (another editor's cannot be reached: the owner's trigger finds
 * the document's copy gone and drops its own at its next run).
 */
export function leaveBackground(jobId: string): void {
  const store = documentStore();
  if (loadBackground(store)?.jobId === jobId) removeBackground(store);
  const mine = userStore();
  const id = spreadsheetId();
  const own = loadOwnBackground(mine, id);
  if (own?.jobId !== jobId) return;
  removeOwnBackground(mine, id);
  releaseTrigger([own.triggerId]);
}
