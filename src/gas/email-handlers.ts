/**
 * The Emails action's server methods (Enrich tab, and the menu): the selection, settings, owner and
 * balance come from Apps Script here; the work is src/jobs/emails/'s through its ports. Only the
 * editor who confirmed a run steps it (it spends their key, job-owner.ts); an editor without a key
 * may estimate (free) but is refused at Confirm, before anything is sent.
 */
import type { EmailJobKind } from "../jobs/emails/columns";
import type { EmailJobDeps } from "../jobs/emails/deps";
import {
  cancelRun,
  confirmRun,
  estimateRetry,
  estimateRun,
  loadJob,
  pauseRun,
  progressOf,
  resumeRun,
  stepRun,
} from "../jobs/emails/job";
import type { EmailEstimate } from "../jobs/emails/job-types";
import type { PlannedRun } from "../jobs/emails/plan";
import { JobError } from "../jobs/enrich/deps";
import type { RpcHandlers } from "../rpc";
import { focusEnrichTab } from "./enrich-handlers";
import { gridOfSheet } from "./grid";
import { changeLogOf } from "./history-deps";
import { appsScriptClock } from "./http";
import { checkOwner, claimRun, ownerOf } from "./job-owner";
import { documentSignal, documentStore } from "./job-store";
import { documentLock } from "./lock";
import { connectClient, hasApiKey, savedKeyBalance } from "./settings-client";
import { readSettings } from "./settings-store";

const OWNER_KEY = "emails.owner";
const FOCUS_KEY = "emails.focus";

export function emailJobDeps(): EmailJobDeps {
  const settings = readSettings();
  return {
    store: documentStore(),
    lock: documentLock(),
    clock: appsScriptClock,
    grid: gridOfSheet,
    client: () => {
      if (!hasApiKey(settings))
        throw new JobError(
          "auth",
          "No API key is saved for you: finding or checking emails spends your own key's credits.",
          "Open Settings, paste your API key and press Save (or ask whoever started the run to run it).",
        );
      return connectClient(settings);
    },
    spendCap: settings.spendCap,
    changes: changeLogOf(),
    ledger: () => (hasApiKey(settings) ? connectClient(settings) : null),
    cancelSignal: documentSignal(),
  };
}

function activeSelection() {
  const range = SpreadsheetApp.getActiveRange();
  if (!range)
    throw new JobError("selection", "Nothing is selected.", "Select the rows whose emails to find or check.");
  const sheet = range.getSheet();
  return {
    sheetId: sheet.getSheetId(),
    sheetName: sheet.getName(),
    top: range.getRow(),
    height: range.getNumRows(),
    left: range.getColumn(),
    width: range.getNumColumns(),
  };
}

function estimateOf(planned: PlannedRun): EmailEstimate {
  const { job } = planned;
  return {
    progress: progressOf(job),
    rowsToSend: planned.rowsToSend,
    distinct: planned.distinct,
    skipped: planned.skipped,
    skippedValid: planned.skippedValid,
    incomplete: planned.incomplete,
    blank: planned.blank,
    maybeCharged: planned.maybeCharged,
    maybeChargedIncluded: planned.maybeChargedIncluded,
    onlyFailed: job.onlyFailed,
    maxCredits: job.maxCredits,
    cap: job.cap,
    balance: job.maxCredits > 0 ? savedKeyBalance().balance : null,
    reads: planned.reads,
    writes: planned.writes,
  };
}

/** Acts on a run only as its owner: anyone else would spend their key on another's run. */
function owned(jobId: string): string {
  checkOwner(jobId, OWNER_KEY);
  return jobId;
}

/** Menu: the next sidebar opens on the Enrich tab's Emails panel, with this kind chosen. */
export function requestEmailsFocus(kind: EmailJobKind): void {
  focusEnrichTab();
  CacheService.getUserCache()?.put(FOCUS_KEY, kind, 120);
}

export const emailHandlers: Pick<
  RpcHandlers,
  | "emailsStartup"
  | "emailsEstimate"
  | "emailsConfirm"
  | "emailsStep"
  | "emailsPause"
  | "emailsResume"
  | "emailsCancel"
  | "emailsRetryEstimate"
> = {
  emailsStartup: () => {
    const cache = CacheService.getUserCache();
    const focus = cache?.get(FOCUS_KEY) ?? null;
    if (focus) cache?.remove(FOCUS_KEY);
    const job = loadJob(emailJobDeps());
    const shown = job && job.state !== "estimated" ? progressOf(job) : null;
    return {
      job: shown,
      owner: shown ? ownerOf(shown.jobId, OWNER_KEY) : null,
      focus: focus === "find" || focus === "validate" ? focus : null,
    };
  },
  emailsEstimate: ({ kind, includeMaybeCharged }) =>
    estimateOf(
      estimateRun(emailJobDeps(), kind, activeSelection(), {
        onlyFailed: false,
        maybeCharged: includeMaybeCharged === true,
      }),
    ),
  emailsConfirm: ({ jobId }) => {
    const progress = confirmRun(emailJobDeps(), jobId);
    claimRun(jobId, OWNER_KEY);
    return progress;
  },
  emailsStep: ({ jobId }) => stepRun(emailJobDeps(), owned(jobId)),
  emailsPause: ({ jobId }) => pauseRun(emailJobDeps(), owned(jobId)),
  emailsResume: ({ jobId }) => resumeRun(emailJobDeps(), owned(jobId)),
  emailsCancel: ({ jobId }) => cancelRun(emailJobDeps(), owned(jobId)),
  emailsRetryEstimate: ({ jobId, includeMaybeCharged }) =>
    estimateOf(estimateRetry(emailJobDeps(), owned(jobId), includeMaybeCharged === true)),
};
