/**
 * The enrichment job as resumable steps: estimate (plan, nothing charged) -> confirm -> steps
 * driven by the sidebar -> done, with pause, resume and cancel. One job per document; its cursor
 * lives in the document store and the sheet's own `enrichment_status` column.
 *
 * Never paying twice:
 * - each distinct person (normalized URL) is fetched once and written to every row holding it;
 * - URLs done in this run are skipped on resume (their state says so);
 * - a URL is marked "in flight" in the store before its fetch and settled right after its rows are
 *   written. A step that finds one in flight knows the execution that sent it was cut off: if the
 *   sheet shows the row written by this run, it is done; otherwise it is marked "interrupted: may
 *   have been charged" and is never re-sent by itself (the user selects the row and runs again);
 * - retries happen only inside the client, where the spec says send again (500) or nothing was
 *   charged (429, a request surely not sent).
 */
import { closeJobsWithoutSheet } from "./bulk/sheet-gone";
import { cancelledMessage, cancelRequested, clearCancel, requestCancel, stoppingMessage } from "./cancel";
import { loadJob, removeJob, saveJob } from "./cursor";
import { DEFAULT_LIMITS, type JobDeps, JobError } from "./deps";
import { failedRows, failureCounts, rowRanges } from "./failures";
import { headersOf } from "./follow-columns";
import type { EnrichJob, EnrichProgress } from "./job-types";
import { holdMaybeCharged } from "./maybe-charged";
import { checkOptions, type EnrichOptions } from "./options";
import { type EnrichPlan, planEnrichment, type SelectionBox } from "./plan";
import type { Grid } from "./ports";
import { columnLetters, progressOf } from "./progress";
import { skipRecentlyRefreshed } from "./recent";
import { markRunStart, readRunCharges } from "./run-ledger";
import { runSteps, type StepContext } from "./step";
import { indicesIn, URL_STATE } from "./url-states";
import type { DistinctUrls } from "./urls";

const UNFINISHED = new Set(["running", "paused", "stopped"]);

function withLock<T>(deps: JobDeps, work: () => T): T {
  const waitMs = deps.limits?.lockWaitMs ?? DEFAULT_LIMITS.lockWaitMs;
  if (!deps.lock.tryAcquire(waitMs)) {
    throw new JobError(
      "busy",
      "Another enrichment step is running on this spreadsheet.",
      "Wait a moment; if someone else is running it, let it finish or cancel it.",
    );
  }
  try {
    return work();
  } finally {
    deps.lock.release();
  }
}

/** The document's job and its URL states when it is `jobId` (else "gone": cancelled or replaced). */
export function loadOwn(deps: JobDeps, jobId: string): { job: EnrichJob; states: string } {
  const loaded = loadJob(deps.store);
  if (!loaded || loaded.job.id !== jobId) {
    throw new JobError(
      "gone",
      "This run no longer exists: it was cancelled or replaced.",
      "Estimate a new run.",
    );
  }
  return loaded;
}

/** The document's current job, if any, for the sidebar to show (and offer to resume). */
export function currentJob(deps: JobDeps): EnrichProgress | null {
  const loaded = loadJob(deps.store);
  return loaded ? progressOf(loaded.job, loaded.states) : null;
}

/** Saves a planned (not yet confirmed) job and answers its estimate. Charges nothing. */
export function saveEstimate(deps: JobDeps, plan: EnrichPlan, options: EnrichOptions): EnrichProgress {
  return withLock(deps, () => {
    const existing = loadJob(deps.store);
    if (existing && UNFINISHED.has(existing.job.state)) {
      throw new JobError(
        "unfinished",
        `An unfinished run on "${existing.job.sheetName}" is ${existing.job.state}.`,
        "Resume it or cancel it first: one run per spreadsheet keeps rows from being charged twice.",
      );
    }
    if (existing) removeJob(deps.store);
    const now = deps.clock.now();
    const job: EnrichJob = {
      id: `${now.toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`,
      sheetId: plan.sheetId,
      sheetName: plan.sheetName,
      firstRow: plan.firstRow,
      lastRow: plan.lastRow,
      urlColumn: plan.urlColumn,
      layout: plan.layout,
      columnHeaders: headersOf(plan.layout, plan.urlColumn, plan.headers),
      options,
      fingerprint: plan.fingerprint,
      distinct: plan.urls.keys.length,
      rowsWithUrl: plan.urls.rowsWithUrl,
      invalidRows: plan.urls.invalidRows.length,
      creditsPerUrl: plan.creditsPerUrl,
      cap: deps.settings.spendCap,
      ...(deps.settings.capSource ? { capSource: deps.settings.capSource } : {}),
      ...(deps.settings.capSpentBefore ? { capSpentBefore: deps.settings.capSpentBefore } : {}),
      spent: 0,
      state: "planned",
      message: null,
      createdAt: now,
      updatedAt: now,
      prepared: false,
      stateParts: 0,
      skips: plan.skips,
    };
    const toFetch = new Set(plan.toFetch);
    const states = plan.urls.keys
      .map((_, index) => (toFetch.has(index) ? URL_STATE.pending : URL_STATE.skipped))
      .join("");
    saveJob(deps.store, job, states);
    return progressOf(job, states);
  });
}

function transition(deps: JobDeps, jobId: string, change: (job: EnrichJob) => void): EnrichProgress {
  return withLock(deps, () => {
    const { job, states } = loadOwn(deps, jobId);
    change(job);
    job.updatedAt = deps.clock.now();
    saveJob(deps.store, job, states);
    return progressOf(job, states);
  });
}

/** The period's earlier spending when the deps say it (the trigger); a sidebar's Resume keeps the job's. */
function keepSpentBefore(deps: JobDeps, job: EnrichJob): void {
  if (deps.settings.capSpentBefore !== undefined) job.capSpentBefore = deps.settings.capSpentBefore;
}

/** The explicit confirmation: nothing is sent before it. */
export function confirmJob(deps: JobDeps, jobId: string): EnrichProgress {
  return transition(deps, jobId, (job) => {
    if (job.state !== "planned") throw new JobError("state", `This run is already ${job.state}.`);
    job.cap = deps.settings.spendCap;
    keepSpentBefore(deps, job);
    job.state = "running";
    markRunStart(deps, job);
  });
}

export function pauseJob(deps: JobDeps, jobId: string): EnrichProgress {
  return transition(deps, jobId, (job) => {
    if (job.state === "running") job.state = "paused";
  });
}

/** Resumes a paused run, or a stopped one after the user acted (topped up, fixed the key, raised the cap). */
export function resumeJob(deps: JobDeps, jobId: string): EnrichProgress {
  return transition(deps, jobId, (job) => {
    if (job.state === "stopped" && job.message?.kind === "changed") {
      throw new JobError("changed", job.message.message, job.message.next);
    }
    if (job.state === "paused" || job.state === "stopped") {
      job.state = "running";
      job.message = null;
      // A scheduled run keeps the schedule's cap: Settings' cap never applies to it (issue 23.2).
      if (job.capSource === deps.settings.capSource) {
        job.cap = deps.settings.spendCap;
        keepSpentBefore(deps, job);
      }
    }
  });
}

/** How long Cancel waits for a running step before leaving it a request to stop instead. */
const CANCEL_LOCK_WAIT_MS = 1_000;

/**
 * Ends the run. Rows already written stay; rows not reached keep what they had. While a step is
 * fetching (it holds the lock), the requests it sent will be charged whatever happens: Cancel then
 * says so at once and asks the step to stop after them; the step ends the run with the summary.
 */
export function cancelJob(deps: JobDeps, jobId: string): EnrichProgress {
  if (!deps.lock.tryAcquire(Math.min(CANCEL_LOCK_WAIT_MS, deps.limits?.lockWaitMs ?? CANCEL_LOCK_WAIT_MS))) {
    const { job, states } = loadOwn(deps, jobId);
    requestCancel(deps.store, jobId, deps.cancelSignal);
    job.message = stoppingMessage(job, states);
    return progressOf(job, states);
  }
  try {
    const { job, states } = loadOwn(deps, jobId);
    // Bulk jobs already submitted are paid: the run stops submitting and ends once they are
    // written; with its sheet gone there is nowhere to write them, and the run ends now.
    if (holdsPaidBulkJobs(deps, job)) return cancelAfterBulkJobs(deps, job, states);
    return endCancelled(deps, job, states);
  } finally {
    deps.lock.release();
  }
}

/** Bulk jobs submitted and not yet written, and a sheet to write them to: Cancel waits for them. */
function holdsPaidBulkJobs(deps: JobDeps, job: EnrichJob): boolean {
  return Boolean(job.bulk && job.bulk.jobs.length > 0 && UNFINISHED.has(job.state) && deps.grid(job.sheetId));
}

function cancelAfterBulkJobs(deps: JobDeps, job: EnrichJob, states: string): EnrichProgress {
  job.bulk!.cancelling = true;
  // Paused or stopped too: the jobs are paid, so the run goes on to write them, then ends.
  job.state = "running";
  const open = job.bulk!.jobs.reduce((sum, open) => sum + open.count, 0);
  job.message = {
    kind: "cancelling",
    message: `Stopping: nothing more is sent. ${open.toLocaleString("en-US")} URLs already in the API's bulk jobs are paid as they complete; their rows are written before the run ends.`,
    next: "Keep the sidebar open; a summary follows.",
  };
  saveJob(deps.store, job, states);
  return progressOf(job, states);
}

/**
 * The run ends cancelled, and stays the document's last run: its failed rows can be selected and
 * "Finish this run" sends only the URLs it did not reach (finish.ts).
 */
function endCancelled(
  deps: JobDeps,
  job: EnrichJob,
  states: string,
  step?: { chargesRead: boolean; urls?: DistinctUrls },
): EnrichProgress {
  const grid = deps.grid(job.sheetId);
  if (grid) job.failures = failureCounts(failedRows(grid, job, states, step?.urls));
  // With the sheet gone, the open bulk jobs' answers have nowhere to land: may have been charged.
  const ended = grid ? states : closeJobsWithoutSheet(job, states);
  job.state = "cancelled";
  if (!step?.chargesRead) readRunCharges(deps, job);
  job.message = cancelledMessage(job, ended);
  job.updatedAt = deps.clock.now();
  saveJob(deps.store, job, ended);
  clearCancel(deps.store);
  return progressOf(job, ended);
}

/** One step: a bounded slice of work, well under Apps Script's 6 minutes. */
export function stepJob(deps: JobDeps, jobId: string): EnrichProgress {
  return withLock(deps, () => {
    const { job, states } = loadOwn(deps, jobId);
    if (job.state !== "running") return progressOf(job, states);
    const grid = deps.grid(job.sheetId);
    // Cancelled while waiting for its bulk jobs, and the sheet is gone: nothing left to write.
    if (!grid && job.bulk?.cancelling) return endCancelled(deps, job, states);
    if (!grid) {
      job.state = "stopped";
      const inJobs = indicesIn(states, URL_STATE.inJob).length;
      job.message = {
        kind: "changed",
        // Its bulk jobs go on charging at the API: say so, since their answers cannot land.
        message: `The sheet "${job.sheetName}" is gone.${inJobs > 0 ? ` ${inJobs.toLocaleString("en-US")} URLs are in the API's bulk jobs, which charge as they complete; their answers have nowhere to be written.` : ""}`,
        next: "Cancel this run (its summary says what was charged), then start a new one.",
      };
      saveJob(deps.store, job, states);
      return progressOf(job, states);
    }
    const limits = { ...DEFAULT_LIMITS, ...deps.limits };
    const context: StepContext = { job, states, grid, deps, limits };
    const after = runSteps(context);
    const ended = job.state !== "running";
    // The run ended or waits for the user: what it charged, from the ledger (a free read).
    if (ended) readRunCharges(deps, job);
    // Read once, after the step's last request: a Cancel pressed while it ran ends the run here,
    // unless a bulk submit out at that moment made jobs: they are paid, so they are polled and
    // written first, as after a Cancel pressed between steps (before, their rows were lost).
    if (cancelRequested(deps.store, job.id)) {
      if (!holdsPaidBulkJobs(deps, job))
        return endCancelled(deps, job, after, { chargesRead: ended, urls: context.urls });
      clearCancel(deps.store);
      return cancelAfterBulkJobs(deps, job, after);
    }
    if (ended) {
      // Its failed rows counted once, from the sheet; saved here, once (runSteps saves a run that
      // goes on). A cut-off before this save leaves the last chunk in flight in the store, and
      // the next step settles it from the sheet, as after any cut-off.
      job.failures = failureCounts(failedRows(grid, job, after, context.urls));
      saveJob(deps.store, job, after);
    }
    return progressOf(job, after);
  });
}

/** Plans the selection and saves it as a job awaiting confirmation: the estimate the user confirms. */
export function estimateJob(
  deps: JobDeps,
  grid: Grid,
  selection: SelectionBox,
  input: EnrichOptions,
  urlColumn?: number,
): { plan: EnrichPlan; progress: EnrichProgress } {
  const options = checkOptions(input);
  const planned = planEnrichment(grid, selection, options, urlColumn);
  const plan = skipRecentlyRefreshed(
    grid,
    options.resendMaybeCharged ? planned : holdMaybeCharged(grid, planned),
    options.skipRefreshedDays ?? 0,
    deps.clock.now(),
  );
  return { plan, progress: saveEstimate(deps, plan, options) };
}

/** "Select failed rows": the A1 ranges (URL column) of the rows the run did not enrich. */
export function failedRowRanges(
  deps: JobDeps,
  jobId: string,
): { sheetId: number; ranges: string[]; rows: number } {
  const { job, states } = loadOwn(deps, jobId);
  const grid = deps.grid(job.sheetId);
  if (!grid) throw new JobError("gone", `The sheet "${job.sheetName}" is gone.`);
  const rows = failedRows(grid, job, states).map((failed) => failed.row);
  return { sheetId: job.sheetId, ranges: rowRanges(rows, columnLetters(job.urlColumn)), rows: rows.length };
}
