/**
 * The change history's server methods (sidebar and menu): settings, Undo last run, and the
 * job-change digest. The work is src/jobs/history/'s, through the ports of history-deps.ts.
 */

import { unfinishedRun } from "../jobs/emails/job";
import { JobError } from "../jobs/enrich/deps";
import { currentJob } from "../jobs/enrich/job";
import { HISTORY_SHEET } from "../jobs/history/columns";
import { digestOfRun, emailChangeText, jobChangesSince } from "../jobs/history/digest";
import type { HistoryDeps } from "../jobs/history/ports";
import { isFreezeRun } from "../jobs/history/run-kind";
import {
  checkHistorySettings,
  historyOverLimit,
  readHistorySettings,
  saveHistorySettings,
} from "../jobs/history/settings";
import { type UndoResult, undoLastRun } from "../jobs/history/undo";
import { type UndoPreview, undoPreview } from "../jobs/history/undo-preview";
import type { RpcHandlers } from "../rpc";
import type { HistoryStatus, JobChange } from "../rpc/history";
import { type CellValue, toCellValue } from "../sheet/cell-value";
import { DATE_TIME_FORMAT, readableUtc, timeOfCell } from "../sheet/sheet-time";
import { emailJobDeps } from "./email-handlers";
import { jobDeps } from "./enrich-handlers";
import { historyDeps } from "./history-deps";
import { jobChangesTarget, rememberJobChanges } from "./job-changes-sheet";
import { replacedSheet } from "./replaced-sheet";
import { spreadsheetZoneOffset } from "./zone-offset";

export const JOB_CHANGES_SHEET = "Job changes";
/**
 * What to know before acting on a change: seen in a cached answer (Fresh data off: the cache often
 * still shows a previous job, issue 23.6), or not written (fill mode keeps filled cells).
 */
const changeNote = (change: JobChange) =>
  [change.cached ? CACHED_NOTE : "", change.kept === "" ? "" : `old job kept in the sheet (${change.kept})`]
    .filter(Boolean)
    .join("; ");
export const CACHED_NOTE =
  "seen in a cached answer (Fresh data off), may be a previous job: run this row with Fresh data to confirm";
const JOB_CHANGES_HEADERS = [
  "Time",
  "Sheet",
  "Row",
  "Name",
  "Old title",
  "New title",
  "Old company",
  "New company",
  "Profile URL",
  // The work email the run replaced and the one it found (Enrich's Work email): "old -> new".
  "Email change",
  "Note",
];
/**
 * The start of a picked day (YYYY-MM-DD) in the spreadsheet's time zone, as epoch ms: the day the
 * sheet's dates show (issue 23.10), whatever the zone of whoever picks it. The zone's offset is
 * read at that day's UTC midnight (Utilities.formatDate's "Z": "+1300").
 */
function midnightInSpreadsheet(day: string): number {
  const utcMidnight = Date.parse(day);
  return utcMidnight - spreadsheetZoneOffset()(utcMidnight);
}

/** A recorded time as a date cell; text it cannot read as a time stays text. */
function dateOrText(time: string): Date | CellValue {
  const at = timeOfCell(time);
  return at === null ? toCellValue(time) : new Date(at);
}

const UNFINISHED = new Set(["running", "paused", "stopped"]);
const DIGEST_LISTED = 50;

function status(deps: HistoryDeps): HistoryStatus {
  const settings = readHistorySettings(deps.store);
  const rows = deps.table.size();
  const overLimit = historyOverLimit(rows, settings);
  return overLimit ? { settings, rows, overLimit } : { settings, rows };
}

function withLock<T>(deps: HistoryDeps, work: () => T): T {
  if (!deps.lock.tryAcquire(10_000)) {
    throw new JobError(
      "busy",
      "An enrichment step is running on this spreadsheet.",
      "Try again in a moment.",
    );
  }
  try {
    return work();
  } finally {
    deps.lock.release();
  }
}

/** Refused while a run is unfinished, Enrich's or the Emails action's: its cells are still changing. */
function refuseWhileUnfinished(): void {
  const job = currentJob(jobDeps());
  const unfinished =
    job && UNFINISHED.has(job.state)
      ? { what: "A run", sheet: job.sheetName, state: job.state }
      : emailsUnfinished();
  if (unfinished) {
    throw new JobError(
      "unfinished",
      `${unfinished.what} on "${unfinished.sheet}" is ${unfinished.state}.`,
      "Let it finish or cancel it, then undo.",
    );
  }
}

/** An UndoError as the sidebar's and the menu's error (the rest as they are). */
function asJobError<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    const { kind, next } = Object(error) as { kind?: string; next?: string };
    if (kind === "nothing" || kind === "changed") throw new JobError(kind, (error as Error).message, next);
    throw error;
  }
}

/**
 * Undo under the document lock, refused while a run is unfinished (what it wrote after the undo
 * could never be undone). `expected`: the run the user confirmed (undo-preview.ts).
 */
export function undoLastRunNow(expected?: string): UndoResult {
  refuseWhileUnfinished();
  const deps = historyDeps();
  return asJobError(() => withLock(deps, () => undoLastRun(deps, expected)));
}

/** What Undo last run would take back, for the question asked before it (nothing written). */
export function undoPreviewNow(): UndoPreview {
  refuseWhileUnfinished();
  return asJobError(() => undoPreview(historyDeps()));
}

const count = (n: number, what: string) => `${n.toLocaleString("en-US")} ${what}${n === 1 ? "" : "s"}`;

/**
 * The question before undoing a freeze: its formulas come back, and recalculate (free within the
 * lookups' 6-hour cache, else charged as any formula is); freezing them again is free.
 */
function freezeQuestion(preview: UndoPreview, sheets: string): string {
  const one = preview.formulas === 1;
  return (
    `Undo the freeze of ${readableUtc(preview.runTime)}${sheets ? ` on ${sheets}` : ""}? ` +
    `${count(preview.formulas, "formula")} (${count(preview.cells, "cell")} in ${count(preview.rows, "row")}) ` +
    `${one ? "goes back to a formula" : "go back to formulas"}, and the values ${one ? "it" : "they"} spilled ` +
    `are cleared for ${one ? "it" : "them"} to spill again (cells edited since stay as they are). ` +
    "The formulas then recalculate: free for answers of the last 6 hours, otherwise charged as any formula is."
  );
}

/** The question asked before Undo: which run, how much, and that only running it again brings it back. */
export function undoQuestion(preview: UndoPreview): string {
  const sheets = preview.sheets.map((name) => `"${name}"`).join(", ");
  if (isFreezeRun(preview.runId)) return freezeQuestion(preview, sheets);
  return (
    `Undo the run of ${readableUtc(preview.runTime)}${sheets ? ` on ${sheets}` : ""}? ` +
    `${count(preview.cells, "cell")} in ${count(preview.rows, "row")} go back to what they held before it` +
    (preview.headers > 0 ? `, and the ${count(preview.headers, "header")} it added are cleared ` : " ") +
    "(cells edited since stay as they are). Undo is free, but it cannot be redone: " +
    "getting these answers back means running Enrich again, which charges again."
  );
}

function emailsUnfinished(): { what: string; sheet: string; state: string } | null {
  const run = unfinishedRun(emailJobDeps());
  return run ? { what: "An emails run", sheet: run.sheetName, state: run.state } : null;
}

/** A count and the first few of a list, as "3 (A, B, C)" or "30 (A, B, ...)". */
const listed = (count: number, names: readonly string[]) =>
  `${count} (${names.join(", ")}${count > names.length ? ", ..." : ""})`;

/** The undo's result in a few sentences, for the menu's alert and the sidebar. */
export function undoMessage(result: UndoResult): string {
  const restored = `${result.restored} cell${result.restored === 1 ? "" : "s"} restored`;
  const edited =
    result.leftAlone === 0
      ? ""
      : `; ${result.leftAlone} left alone because they were edited since (${result.leftAloneCells.join(", ")}${
          result.leftAlone > result.leftAloneCells.length ? ", ..." : ""
        })`;
  const what = isFreezeRun(result.runId) ? "freeze" : "run";
  const parts = [`Undid the ${what} of ${result.runTime}: ${restored}${edited}.`];
  if (result.unchanged > 0)
    parts.push(
      `${result.unchanged} already held ${result.unchanged === 1 ? "its" : "their"} old value (never written: the run was cut off or cancelled first; or put back by hand), so nothing was needed there.`,
    );
  if (result.notFound > 0)
    parts.push(
      `Not found, so not written anywhere: ${listed(result.notFound, result.notFoundCells)}.` +
        (result.partial
          ? " The run can still be undone: put those rows or columns back and press Undo last run again (pressed again without that, it marks the run undone as it is and goes on to the run before)."
          : result.closed
            ? " They were not put back, so the run is now marked undone as it is: the next Undo last run undoes the run before it."
            : ""),
    );
  if (result.refused > 0)
    parts.push(
      `Refused: ${listed(result.refused, result.refusedRows)} of "${HISTORY_SHEET}" (the add-on did not write them; nothing was written from them).`,
    );
  return parts.join(" ");
}

function sinceOf(arg: unknown): string {
  const since = (Object(arg) as { since?: unknown }).since;
  if (typeof since !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(since) || Number.isNaN(Date.parse(since))) {
    throw new JobError("bad_request", "Pick a date to list job changes since.");
  }
  return since;
}

export const historyHandlers: Pick<
  RpcHandlers,
  | "historyStatus"
  | "historySaveSettings"
  | "historyUndoPreview"
  | "historyUndo"
  | "historyDigest"
  | "historyShowJobChanges"
> = {
  historyStatus: () => status(historyDeps()),
  historySaveSettings: (arg) => {
    const deps = historyDeps();
    let settings: ReturnType<typeof checkHistorySettings>;
    try {
      settings = checkHistorySettings(arg);
    } catch (error) {
      throw new JobError("bad_request", (error as Error).message);
    }
    saveHistorySettings(deps.store, settings);
    return status(deps);
  },
  historyUndoPreview: () => {
    const preview = undoPreviewNow();
    return { ...preview, message: undoQuestion(preview) };
  },
  historyUndo: (arg) => {
    const result = undoLastRunNow(arg?.runId);
    return { ...result, message: undoMessage(result) };
  },
  historyDigest: (arg) => {
    const jobId = String((Object(arg) as { jobId?: unknown }).jobId ?? "");
    const deps = historyDeps();
    // An undone run's cells hold the old jobs again: its digest is empty, and says why.
    const { undone, changes } = digestOfRun(deps, jobId);
    if (undone) return { runId: jobId, count: 0, changes: [], undone: true };
    return { runId: jobId, count: changes.length, changes: changes.slice(0, DIGEST_LISTED) };
  },
  historyShowJobChanges: (arg) => {
    const since = sinceOf(arg);
    const changes = jobChangesSince(historyDeps(), midnightInSpreadsheet(since));
    // A Job changes sheet colleagues have written in stays as it is (job-changes-sheet.ts).
    const place = jobChangesTarget(JOB_CHANGES_SHEET, JOB_CHANGES_HEADERS);
    const target = replacedSheet(place.name);
    const rows = changes.map((change) => [
      // A date, as in the history (issue 23.10): the sheet filters by date.
      dateOrText(change.time),
      ...[
        change.sheet,
        change.row,
        change.name,
        change.oldTitle,
        change.newTitle,
        change.oldCompany,
        change.newCompany,
        change.url,
        emailChangeText(change),
        changeNote(change),
      ].map((value) => toCellValue(value)),
    ]);
    target.replace([JOB_CHANGES_HEADERS, ...rows]);
    if (rows.length > 0) {
      SpreadsheetApp.getActiveSpreadsheet()
        .getSheetByName(place.name)
        ?.getRange(2, 1, rows.length, 1)
        .setNumberFormat(DATE_TIME_FORMAT);
    }
    target.finish();
    rememberJobChanges(place.name);
    return {
      sheetName: place.name,
      count: changes.length,
      since,
      ...(place.kept ? { kept: place.kept } : {}),
    };
  },
};
