/**
 * An Emails run's life, as Enrich's: estimate (planned, saved, nothing sent), confirm (the ledger
 * marked, new headers written), steps under the document lock until done, the cap or a stop; pause,
 * resume and cancel; the summary reads what the API's ledger charged in the run's window. One run
 * per document at a time (a newer estimate replaces one not confirmed). Who may step a run is the
 * Apps Script side's rule (src/gas/email-handlers.ts: only whoever confirmed it spends).
 */

import { safeText } from "../../sheet/cell-value";
import { isoSecond } from "../../sheet/sheet-time";
import { JobError } from "../enrich/deps";
import { chargesSince, markLedger } from "../ledger/run-charges";
import { requestStop, stopRequested, stopWatcher } from "../stop-request";
import type { EmailJobKind } from "./columns";
import { type EmailJobDeps, limitsOf } from "./deps";
import { protectedRun } from "./edit-rights";
import { anchorsOf, appendPastLastColumn, followSheet } from "./follow";
import { type EmailJob, type EmailProgress, historyRun } from "./job-types";
import { type EmailSelection, type PlannedRun, planRun } from "./plan";
import type { RowChoice } from "./rows";
import { runStep } from "./step";
import { summaryText } from "./summary";

const JOB_KEY = "emails.job";
const LEDGER_READ_MS = 30_000;

export function loadJob(deps: EmailJobDeps): EmailJob | null {
  const text = deps.store.get(JOB_KEY);
  if (text === null) return null;
  try {
    return JSON.parse(text) as EmailJob;
  } catch {
    return null;
  }
}

function saveJob(deps: EmailJobDeps, job: EmailJob): void {
  deps.store.set(JOB_KEY, JSON.stringify(job));
}

function jobNamed(deps: EmailJobDeps, jobId: string): EmailJob {
  const job = loadJob(deps);
  if (!job || job.id !== jobId)
    throw new JobError("gone", "This emails run is no longer the document's current one.", "Estimate again.");
  return job;
}

export function progressOf(job: EmailJob): EmailProgress {
  const ended = job.state === "done" || job.state === "cancelled" || job.state === "stopped";
  return {
    jobId: job.id,
    kind: job.kind,
    state: job.state,
    sheetName: job.sheetName,
    rows: `${job.top}:${job.bottom}`,
    done: job.cursor - job.top,
    total: job.bottom - job.top + 1,
    counts: job.counts,
    sent: job.sent,
    cap: job.cap,
    charges: job.charges ?? null,
    message: job.message ?? null,
    summary: ended ? summaryText(job) : null,
  };
}

const UNFINISHED = new Set(["running", "paused", "stopped"]);

/** The document's Emails run when it can still go on (running, paused, or stopped short of its cap), else null. */
export function unfinishedRun(deps: EmailJobDeps): EmailJob | null {
  const current = loadJob(deps);
  return current &&
    UNFINISHED.has(current.state) &&
    current.sent < current.cap &&
    current.cursor <= current.bottom
    ? current
    : null;
}

/** Plans the selection and saves it as the document's run to confirm (refused while another is unfinished). */
export function estimateRun(
  deps: EmailJobDeps,
  kind: EmailJobKind,
  selection: EmailSelection,
  choice: RowChoice = { onlyFailed: false, maybeCharged: false },
): PlannedRun {
  const current = unfinishedRun(deps);
  if (current)
    throw new JobError(
      "busy",
      `An emails run on ${current.sheetName} (rows ${current.top}:${current.bottom}) is not finished.`,
      "Resume or cancel it first.",
    );
  const grid = deps.grid(selection.sheetId);
  if (!grid)
    throw new JobError("selection", "That sheet is gone.", "Select rows of a sheet of this spreadsheet.");
  const now = deps.clock.now();
  const id = `em-${now.toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;
  const planned = planRun(grid, kind, selection, {
    id,
    cap: Math.max(0, Math.floor(deps.spendCap)),
    choice,
  });
  saveJob(deps, planned.job);
  return planned;
}

/**
 * Retry failed rows: the finished run's rows whose status says "not checked", estimated again.
 * Rows whose call may have been charged are sent only when `maybeCharged` says the user chose to.
 */
export function estimateRetry(deps: EmailJobDeps, jobId: string, maybeCharged = false): PlannedRun {
  const job = jobNamed(deps, jobId);
  const selection = {
    sheetId: job.sheetId,
    sheetName: job.sheetName,
    top: job.top,
    height: job.bottom - job.top + 1,
    ...(job.selectedColumns
      ? {
          left: job.selectedColumns.left,
          width: job.selectedColumns.right - job.selectedColumns.left + 1,
        }
      : {}),
  };
  return estimateRun(deps, job.kind, selection, { onlyFailed: true, maybeCharged });
}

/** Starts the estimated run: the key is needed now (a user without one is refused before anything). */
export function confirmRun(deps: EmailJobDeps, jobId: string): EmailProgress {
  const job = jobNamed(deps, jobId);
  if (job.state !== "estimated") return progressOf(job);
  deps.client();
  const reader = deps.ledger?.() ?? null;
  job.ledgerMark = reader ? markLedger(reader) : null;
  const grid = deps.grid(job.sheetId);
  if (!grid) throw new JobError("selection", "That sheet is gone.", "Estimate again.");
  appendPastLastColumn(job, grid.lastColumn());
  // A protected range the user may not edit: refused before a header is written or a row sent.
  const blocked = protectedRun(job, grid, deps.changes);
  if (blocked) throw new JobError(blocked.kind, blocked.message, blocked.next);
  if (job.appended.length > 0) {
    const { appended } = job;
    deps.changes?.record(
      historyRun(job),
      grid,
      appended.map((added) => ({
        row: job.headerRow,
        column: added.column,
        before: "",
        after: added.header,
        url: "",
      })),
    );
    const left = appended[0]!.column;
    // A list's name in a header is the user's text ('+Buyer): written literally.
    grid.write(job.headerRow, left, [appended.map((added) => safeText(added.header))]);
  }
  const lastRow = grid.lastRow();
  const width = Math.max(1, grid.lastColumn());
  const rowAt = (row: number) => (row <= lastRow ? grid.read(row, 1, 1, width)[0] : undefined);
  job.anchors = anchorsOf(job, rowAt, lastRow);
  job.state = "running";
  job.startedAt = isoSecond(deps.clock.now());
  saveJob(deps, job);
  return progressOf(job);
}

function readCharges(deps: EmailJobDeps, job: EmailJob): void {
  const reader = job.ledgerMark ? (deps.ledger?.() ?? null) : null;
  if (!job.ledgerMark || !reader) return;
  const kind = job.kind === "find" ? "email_finder" : "email_validator";
  job.charges = chargesSince(reader, job.ledgerMark, kind, deps.clock.now() + LEDGER_READ_MS);
}

/** One step under the document lock; answers the progress (busy when another step holds the lock). */
export function stepRun(deps: EmailJobDeps, jobId: string): EmailProgress {
  if (!deps.lock.tryAcquire(limitsOf(deps).lockWaitMs))
    throw new JobError("busy", "Another step is writing to this spreadsheet.", "It continues in a moment.");
  try {
    const job = jobNamed(deps, jobId);
    if (job.state !== "running") return progressOf(job);
    // Cancel pressed while the last step held the lock, after its last look: nothing more is sent.
    if (cancelAsked(deps, jobId)) return endCancelled(deps, job);
    const grid = deps.grid(job.sheetId);
    if (!grid) {
      job.state = "stopped";
      job.message = {
        kind: "selection",
        message: "The run's sheet was deleted.",
        next: "Nothing more is sent.",
      };
      saveJob(deps, job);
      return progressOf(job);
    }
    // Rows and columns where a colleague's edits since the last step put them.
    const gone = followSheet(job, grid);
    if (gone) {
      job.state = "stopped";
      job.message = gone;
      saveJob(deps, job);
      return progressOf(job);
    }
    let end: ReturnType<typeof runStep>;
    try {
      end = runStep(
        deps,
        job,
        grid,
        () => saveJob(deps, job),
        // Asked before each batch and during backoff waits: the cache each time, the store sparingly.
        stopWatcher(deps.store, CANCEL_KEY, jobId, deps.clock, deps.cancelSignal),
      );
    } finally {
      // Whatever happened, rows written so far are not sent again.
      saveJob(deps, job);
    }
    if (end !== "done" && cancelAsked(deps, jobId)) return endCancelled(deps, job);
    if (end === "done") job.state = "done";
    else if (end === "cap") {
      job.state = "stopped";
      job.message = {
        kind: "spend_cap",
        message: `Stopped at the spend cap of ${job.cap.toLocaleString("en-US")} credits.`,
        next: "Raise the Spend cap in Settings, then estimate the rest again: rows done are skipped.",
      };
    } else if (end === "stopped") job.state = "stopped";
    if (job.state !== "running") readCharges(deps, job);
    saveJob(deps, job);
    return progressOf(job);
  } finally {
    deps.lock.release();
  }
}

/** `change` under the document lock: a step running meanwhile would save its own copy over it. */
function underLock(deps: EmailJobDeps, jobId: string, change: (job: EmailJob) => void): EmailProgress {
  if (!deps.lock.tryAcquire(limitsOf(deps).lockWaitMs))
    throw new JobError("busy", "A step of this run is writing to the spreadsheet.", "Try again in a moment.");
  try {
    const job = jobNamed(deps, jobId);
    change(job);
    saveJob(deps, job);
    return progressOf(job);
  } finally {
    deps.lock.release();
  }
}

export function pauseRun(deps: EmailJobDeps, jobId: string): EmailProgress {
  return underLock(deps, jobId, (job) => {
    if (job.state === "running") job.state = "paused";
  });
}

export function resumeRun(deps: EmailJobDeps, jobId: string): EmailProgress {
  return underLock(deps, jobId, (job) => {
    if (job.state === "paused" || (job.state === "stopped" && job.message?.kind !== "spend_cap")) {
      deps.client();
      job.state = "running";
      delete job.message;
    }
  });
}

/** Where Cancel leaves its request for a step that holds the lock (a job id never repeats). */
const CANCEL_KEY = "emails.cancel";
/** How long Cancel waits for a running step before leaving it the request instead. */
const CANCEL_LOCK_WAIT_MS = 1_000;

/** Whether Cancel was pressed for `jobId`, as the store holds it now (not this execution's first read). */
function cancelAsked(deps: EmailJobDeps, jobId: string): boolean {
  return stopRequested(deps.store, CANCEL_KEY, jobId);
}

function endCancelled(deps: EmailJobDeps, job: EmailJob): EmailProgress {
  job.state = "cancelled";
  delete job.message;
  readCharges(deps, job);
  saveJob(deps, job);
  deps.store.remove(CANCEL_KEY);
  return progressOf(job);
}

/**
 * Ends the run. While a step is sending (it holds the lock), the call already out is charged
 * whatever happens: Cancel leaves a request the step reads before its next batch (and the next
 * step at its start), and says it is stopping; the step ends the run. Before, the step saved its
 * own copy of the run over the cancelled one and the sidebar went on stepping to the last row.
 */
export function cancelRun(deps: EmailJobDeps, jobId: string): EmailProgress {
  if (!deps.lock.tryAcquire(Math.min(CANCEL_LOCK_WAIT_MS, limitsOf(deps).lockWaitMs))) {
    const job = jobNamed(deps, jobId);
    if (job.state === "done" || job.state === "cancelled") return progressOf(job);
    requestStop(deps.store, CANCEL_KEY, jobId, deps.cancelSignal);
    return {
      ...progressOf(job),
      message: {
        kind: "cancelling",
        message: "Stopping: the rows already sent are written, nothing more is sent.",
        next: "A summary follows in a moment.",
      },
    };
  }
  try {
    const job = jobNamed(deps, jobId);
    if (job.state === "done" || job.state === "cancelled") return progressOf(job);
    return endCancelled(deps, job);
  } finally {
    deps.lock.release();
  }
}
