/**
 * The Enrich tab's server methods: the selection and settings come from Apps Script here, the
 * work is the job of src/jobs/enrich/ through its ports.
 */

import { type DEFAULT_LIMITS, type JobDeps, JobError } from "../jobs/enrich/deps";
import { emailEstimateText } from "../jobs/enrich/email-summary";
import {
  cancelJob,
  confirmJob,
  currentJob,
  estimateJob,
  failedRowRanges,
  pauseJob,
  resumeJob,
  stepJob,
} from "../jobs/enrich/job";
import { appendedHeaderText } from "../jobs/enrich/layout";
import { checkOptions, EMAIL_CREDITS_PER_ROW } from "../jobs/enrich/options";
import { type EnrichPlan, planEnrichment, type SelectionBox } from "../jobs/enrich/plan";
import { columnLetters } from "../jobs/enrich/progress";
import { HISTORY_SHEET } from "../jobs/history/columns";
import { checkRoom } from "../jobs/paid-rows";
import type { RpcHandlers } from "../rpc";
import type { EnrichPreview, EnrichProgress, EnrichRequest, TakeOverEstimate } from "../rpc/enrich";
import { STATUS_FIELDS } from "../sheet/columns";
import type { HeaderStyle } from "../sheet/field-labels";
import { backgroundView, endedInBackground, inBackground, leaveBackground } from "./background-run";
import { type FetchBudget, fetchBudget } from "./fetch-count";
import { gridOfSheet, sheetGrid } from "./grid";
import { changeLogOf } from "./history-deps";
import { appsScriptClock } from "./http";
import { checkOwner, claimRun, ownerOf } from "./job-owner";
import { documentSignal, documentStore, NOTE_SECONDS } from "./job-store";
import { documentLock } from "./lock";
import { estimatedPath } from "./run-path";
import { type BalanceView, connectClient, hasApiKey, savedKeyBalance } from "./settings-client";
import { noteBulkWebsites, readSettings } from "./settings-store";
import { columnRoom } from "./sheet-room";

const FOCUS_KEY = "enrich.focus";
/** Where the menu item was used, for a run still unfinished then (issue 14.5). */
const MENU_SELECTION_KEY = "enrich.menuSelection";

export function noKey(): JobError {
  return new JobError(
    "auth",
    "No API key is saved yet.",
    "Open Settings, paste your API key and press Save.",
  );
}

export function jobDeps(limits?: Partial<typeof DEFAULT_LIMITS>): JobDeps {
  const settings = readSettings();
  return {
    store: documentStore(),
    cancelSignal: documentSignal(),
    notes: documentSignal(NOTE_SECONDS),
    lock: documentLock(),
    clock: appsScriptClock,
    grid: gridOfSheet,
    client: () => {
      if (!hasApiKey(settings)) throw noKey();
      return connectClient(settings);
    },
    settings: {
      chunkSize: settings.chunkSize,
      spendCap: settings.spendCap,
      lists: settings.sheetFormat.lists,
      headers: settings.sheetFormat.headers,
      apiGeneration: settings.apiGeneration,
      bulkWebsitesSeen: settings.bulkWebsitesSeen === true,
      emailRowsPerCall: settings.emailRowsPerCall,
    },
    limits,
    changes: changeLogOf(),
    // The same key's ledger: what the run's lookups were charged (free to read).
    ledger: () => (hasApiKey(settings) ? connectClient(settings) : null),
    noteBulkWebsites: () => noteBulkWebsites(settings.baseUrl),
  };
}

/**
 * The block to plan: the selection, narrowed to the column the user picked; a picked column
 * outside the selection means that whole column.
 */
export function selectionFor(request: unknown): {
  sheet: GoogleAppsScript.Spreadsheet.Sheet;
  box: SelectionBox;
} {
  const { sheet, box } = activeSelection();
  const column = urlColumnOf(request);
  if (column === undefined) return { sheet, box };
  const inside = column >= box.left && column < box.left + box.width;
  return {
    sheet,
    box: inside
      ? { ...box, left: column, width: 1 }
      : { ...box, left: column, width: 1, top: 1, height: Math.max(1, sheet.getLastRow()) },
  };
}

function activeSelection(): { sheet: GoogleAppsScript.Spreadsheet.Sheet; box: SelectionBox } {
  const range = SpreadsheetApp.getActiveRange();
  if (!range) {
    throw new JobError(
      "selection",
      "Nothing is selected.",
      "Select the cells or the column holding profile URLs.",
    );
  }
  const sheet = range.getSheet();
  return {
    sheet,
    box: {
      sheetId: sheet.getSheetId(),
      sheetName: sheet.getName(),
      top: range.getRow(),
      left: range.getColumn(),
      height: range.getNumRows(),
      width: range.getNumColumns(),
    },
  };
}

function a1(left: number, top: number, right: number, bottom: number): string {
  return `${columnLetters(left)}${top}:${columnLetters(right)}${bottom}`;
}

/** `headers`: how new columns are headed (the Headers setting), for the preview to name them as the run will. */
export function previewOf(plan: EnrichPlan, box: SelectionBox, headers: HeaderStyle = "api"): EnrichPreview {
  const { layout } = plan;
  const headerText = (column: number) =>
    column < layout.firstNewColumn ? (plan.headers[column - 1] ?? "") : "";
  return {
    sheetName: plan.sheetName,
    selection: a1(box.left, box.top, box.left + box.width - 1, box.top + box.height - 1),
    range: a1(plan.urlColumn, plan.firstRow, plan.urlColumn, plan.lastRow),
    urlColumn: plan.urlColumn,
    headerRow: layout.headerRow,
    rows: plan.urls.rowsWithUrl,
    distinct: plan.urls.keys.length,
    invalidRows: plan.urls.invalidRows.length,
    targets: layout.fields.map(([field, column]) => ({
      field,
      column: columnLetters(column),
      header: headerText(column),
      newHeader: column < layout.firstNewColumn ? "" : appendedHeaderText(field, headers, layout.list),
    })),
    statusHeaders: STATUS_FIELDS.map(
      (field) => headerText(layout.status[field]) || appendedHeaderText(field, headers, layout.list),
    ),
    columns: plan.headers.map((header, index) => ({
      column: index + 1,
      letter: columnLetters(index + 1),
      header,
    })),
    skipped: layout.skipped,
    ...(plan.otherLists.length > 0
      ? {
          lists: { others: plan.otherLists.map(columnLetters), name: layout.list ?? "", first: !layout.list },
        }
      : {}),
    creditsPerUrl: plan.creditsPerUrl,
    toFetch: plan.toFetch.length,
    maxCredits: plan.maxCredits,
    ...(layout.email
      ? {
          workEmail: {
            maxCredits: plan.toFetch.length * EMAIL_CREDITS_PER_ROW,
            text: emailEstimateText(plan.toFetch.length),
            headers: (["email", "email_status"] as const).map(
              (field) => headerText(layout.email![field]) || appendedHeaderText(field, headers, layout.list),
            ),
          },
        }
      : {}),
  };
}

/**
 * What an estimate shows beside the cost: the balance (a free call), the spend cap, and what is
 * left of Apps Script's daily URL Fetch quota (counted after the balance call, so it includes it).
 */
export function estimateFigures(spendCap: number): BalanceView & { cap: number; fetches: FetchBudget } {
  const balance = savedKeyBalance();
  return { ...balance, cap: spendCap, fetches: fetchBudget(readSettings().fetchQuota) };
}

/** The sidebar's argument, read defensively: google.script.run carries whatever it was given. */
export function jobIdOf(arg: unknown): string {
  const jobId = (Object(arg) as { jobId?: unknown }).jobId;
  if (typeof jobId !== "string" || jobId === "") throw new JobError("bad_request", "No run was named.");
  return jobId;
}

const UNFINISHED_STATES = ["running", "paused", "stopped"];

function columnNumber(letters: string): number {
  return [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
}

interface MenuSelection {
  sheet: string;
  top: number;
  left: number;
  height: number;
  width: number;
}

/** The selection the menu item was used on, kept 2 minutes (the sidebar opens within seconds). */
function readMenuSelection(): MenuSelection | null {
  try {
    const text = CacheService.getUserCache()?.get(MENU_SELECTION_KEY);
    return text ? (JSON.parse(text) as MenuSelection) : null;
  } catch {
    return null;
  }
}

/** The user chose (estimate, resume, cancel): the menu's selection is answered. */
function forgetMenuSelection(): void {
  try {
    CacheService.getUserCache()?.remove(MENU_SELECTION_KEY);
  } catch {
    // Expires on its own.
  }
}

/**
 * The selection the menu was used on, as "Sheet!A7:A11", when it is not the unfinished run's URL
 * cells (another sheet, or no overlap with them); null when it is, or the menu was not used.
 */
function otherSelection(job: EnrichProgress, box: MenuSelection | null): string | null {
  if (box === null) return null;
  const cells = /^([A-Z]+)(\d+):[A-Z]+(\d+)$/.exec(job.range);
  const bottom = box.top + box.height - 1;
  const right = box.left + box.width - 1;
  const column = columnNumber(cells?.[1] ?? "");
  const same =
    cells !== null &&
    box.sheet === job.sheetName &&
    box.left <= column &&
    right >= column &&
    box.top <= Number(cells[3]) &&
    bottom >= Number(cells[2]);
  return same ? null : `${box.sheet}!${a1(box.left, box.top, right, bottom)}`;
}

/** The named run, when it is the caller's (checkOwner explains otherwise). */
function ownJobId(arg: unknown): string {
  const jobId = jobIdOf(arg);
  checkOwner(jobId);
  return jobId;
}

/** What the rest of someone's run would cost the caller: nothing is changed or charged. */
function takeOverEstimate(jobId: string): TakeOverEstimate {
  const deps = jobDeps();
  const progress = currentJob(deps);
  if (progress === null || progress.jobId !== jobId) {
    throw new JobError(
      "gone",
      "This run no longer exists: it finished, or was cancelled or replaced.",
      "Estimate a new run.",
    );
  }
  return {
    progress,
    maxCredits: progress.remaining * progress.creditsPerUrl,
    ...savedKeyBalance(),
    // A scheduled run keeps the schedule's cap whoever takes it over (issue 23.2).
    cap: progress.capSource === "schedule" ? progress.cap : deps.settings.spendCap,
    owner: ownerOf(jobId)?.label ?? "nobody yet",
  };
}

function urlColumnOf(request: unknown): number | undefined {
  const column = (Object(request) as { urlColumn?: unknown }).urlColumn;
  return typeof column === "number" && Number.isInteger(column) && column >= 1 ? column : undefined;
}

/** Called by the menu item: the sidebar opens on the Enrich tab with the selection planned. */
/** The next sidebar opens on the Enrich tab (the menu's Enrich and Emails items). */
export function focusEnrichTab(): void {
  CacheService.getUserCache()?.put(FOCUS_KEY, "1", 120);
}

export function requestEnrichFocus(): void {
  const cache = CacheService.getUserCache();
  focusEnrichTab();
  const range = SpreadsheetApp.getActiveRange();
  if (!range) return;
  const box: MenuSelection = {
    sheet: range.getSheet().getName(),
    top: range.getRow(),
    left: range.getColumn(),
    height: range.getNumRows(),
    width: range.getNumColumns(),
  };
  cache?.put(MENU_SELECTION_KEY, JSON.stringify(box), 120);
}

export const enrichHandlers: Pick<
  RpcHandlers,
  | "enrichPreview"
  | "enrichEstimate"
  | "enrichConfirm"
  | "enrichStep"
  | "enrichPause"
  | "enrichResume"
  | "enrichCancel"
  | "enrichStartup"
  | "enrichTakeOverEstimate"
  | "enrichTakeOver"
  | "enrichSelectFailed"
> = {
  enrichPreview: (request: EnrichRequest) => {
    const { sheet, box } = selectionFor(request);
    const options = checkOptions(Object(request).options);
    const plan = planEnrichment(sheetGrid(sheet), box, options);
    return previewOf(plan, box, readSettings().sheetFormat.headers);
  },
  enrichEstimate: (request: EnrichRequest) => {
    forgetMenuSelection();
    const { sheet, box } = selectionFor(request);
    const deps = jobDeps();
    const options = checkOptions(Object(request).options);
    const { plan, progress } = estimateJob(deps, sheetGrid(sheet), box, options);
    // The new columns must fit in the spreadsheet before anything is confirmed or sent.
    const lastColumn = plan.layout.firstNewColumn + plan.layout.appended.length - 1;
    checkRoom(
      columnRoom(sheet, lastColumn, HISTORY_SHEET),
      `${plan.layout.appended.length} new columns on ${plan.sheetName} and the change history`,
    );
    return {
      preview: previewOf(plan, box, deps.settings.headers),
      progress,
      ...estimateFigures(deps.settings.spendCap),
      path: estimatedPath(
        deps,
        progress.jobId,
        plan.toFetch.length,
        options.extras,
        options.workEmail === true,
      ),
    };
  },
  enrichConfirm: (arg) => {
    if (!hasApiKey(readSettings())) throw noKey();
    const jobId = jobIdOf(arg);
    const progress = confirmJob(jobDeps(), jobId);
    claimRun(jobId);
    return progress;
  },
  // Each of these spends or ends the run with the caller's key: the owner's sidebar only.
  enrichStep: (arg) => {
    const jobId = ownJobId(arg);
    // One driver at a time: a run in the background is the trigger's until it is brought back.
    if (inBackground(jobId)) {
      throw new JobError(
        "background",
        "This run goes on in the background: the hourly trigger steps it.",
        "Press Bring back to drive it from this sidebar now.",
      );
    }
    return stepJob(jobDeps(), jobId);
  },
  enrichPause: (arg) => pauseJob(jobDeps(), ownJobId(arg)),
  enrichResume: (arg) => {
    const jobId = ownJobId(arg);
    // Resumed here: the sidebar drives it, no longer the trigger.
    leaveBackground(jobId);
    const progress = resumeJob(jobDeps(), jobId);
    forgetMenuSelection();
    return progress;
  },
  enrichCancel: (arg) => {
    const jobId = ownJobId(arg);
    const progress = cancelJob(jobDeps(), jobId);
    leaveBackground(jobId);
    forgetMenuSelection();
    return progress;
  },
  enrichStartup: () => {
    const cache = CacheService.getUserCache();
    const focus = cache?.get(FOCUS_KEY) === "1";
    if (focus) cache?.remove(FOCUS_KEY);
    const job = currentJob(jobDeps());
    const unfinished = job !== null && UNFINISHED_STATES.includes(job.state);
    return {
      job,
      background: job !== null && unfinished ? backgroundView(job.jobId) : null,
      endedInBackground: endedInBackground(job?.jobId ?? null),
      owner: job === null ? null : ownerOf(job.jobId),
      focus,
      newSelection: unfinished ? otherSelection(job, readMenuSelection()) : null,
    };
  },
  enrichTakeOverEstimate: (arg) => takeOverEstimate(jobIdOf(arg)),
  enrichTakeOver: (arg) => {
    const jobId = jobIdOf(arg);
    if (!hasApiKey(readSettings())) throw noKey();
    const estimate = takeOverEstimate(jobId);
    if (!(estimate.maxCredits <= arg.confirmedCredits)) {
      throw new JobError(
        "stale",
        `The rest of this run now costs up to ${estimate.maxCredits} credits, more than you confirmed.`,
        "Press Take over again to see the new estimate.",
      );
    }
    claimRun(jobId);
    // Now the taker's: the owner's trigger no longer steps it (it drops its own copy next run).
    leaveBackground(jobId);
    return estimate.progress;
  },
  // Reads the sheet and moves the selection only: anyone may look at a run's failed rows.
  enrichSelectFailed: (arg) => {
    const found = failedRowRanges(jobDeps(), jobIdOf(arg));
    const sheet = SpreadsheetApp.getActiveSpreadsheet()
      .getSheets()
      .find((candidate) => candidate.getSheetId() === found.sheetId);
    if (!sheet || found.ranges.length === 0) return { rows: 0 };
    sheet.activate();
    sheet.getRangeList(found.ranges).activate();
    return { rows: found.rows };
  },
};
