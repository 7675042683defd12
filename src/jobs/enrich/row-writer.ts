/**
 * Writes the outcome of lookups into the rows that hold their URLs, as block writes. Rows are
 * grouped into spans of nearby rows; a span holding lookups is read once (the earlier values: fill
 * mode and job changes). Only the cells the run changes are written (with the history on, whose
 * literal read tells, not even a cell the run would rewrite with what it holds), grouped into rectangles
 * (rectangles.ts): a cell the run leaves alone is never rewritten, because a value read back
 * cannot always be written back as it was (getValues drops the apostrophe of `'=1+1`).
 * Every value written goes through toCellValue.
 */
import type { Lead } from "../../api/wire";
import { cellLiteral, writtenLiteral } from "../../sheet/cell-literal";
import { toCellValue } from "../../sheet/cell-value";
import type { ListStyle } from "../../sheet/sheet-format";
import { timeOfCell } from "../../sheet/sheet-time";
import { compareJob } from "../job-text";
import { answerValue, JOB_COMPANION_FIELDS } from "./job-companions";
import type { ColumnLayout } from "./job-types";
import { touchedColumns } from "./layout";
import type { EnrichMode } from "./options";
import type { Grid, GridValue } from "./ports";
import { type CellChanges, cheapestRectangles } from "./rectangles";
import { formattedRows, formatWrittenTimes } from "./time-formats";
import { cellText } from "./urls";

/**
 * `cached`: the answer came from the API's cache, which shows a recent mover's previous job.
 * `email`: what the work-email pass found for the row (email-pass.ts).
 */
export type RowOutcome =
  | { kind: "ok"; lead: Lead; cached?: boolean; email?: EmailWrite }
  | { kind: "status"; status: string };

/** The row's Email (absent: left as it is) and Email status cells. */
export type EmailWrite = { email?: string; status: string };

/**
 * A cell about to change, as literals (ports.ts CellChange without the row's URL). With `kept`, a
 * Title or Company cell the write leaves alone in a row whose answer shows another job (`after` is
 * the answer's value, not written): the change history records it for the job-change digest.
 */
export type CellEdit = {
  row: number;
  column: number;
  before: string;
  after: string;
  kept?: string;
  /** The row's answer was fresh, or cached (ports.ts CellChange.fresh); absent without an answer. */
  fresh?: boolean;
};

/** Told the cells a write changes, before it writes them (the change history). */
export type ChangeRecorder = (edits: CellEdit[]) => void;

/** The literal text of a block (Grid.literals, or what a plain grid's values stand for). */
export function readLiterals(
  grid: Grid,
  top: number,
  left: number,
  height: number,
  width: number,
): string[][] {
  if (grid.literals) return grid.literals(top, left, height, width);
  return grid.read(top, left, height, width).map((row) => row.map((value) => cellLiteral(value)));
}

/** Rows further apart than this go into separate spans, so a far duplicate does not make one huge read. */
const SPAN_GAP = 200;
/**
 * A gap of at most this many rows between rows being written is bridged when every row of the gap
 * was written earlier in the same step: its exact earlier changes are written again (same values),
 * so one rectangle covers the span instead of one per stretch between duplicates.
 */
const BRIDGE_ROWS = 20;

export const STATUS_TEXT = {
  ok: "ok",
  notFound: "not found",
  invalid: "error: not a profile URL; nothing was sent",
  interrupted:
    "interrupted: the run was cut off while this URL was being fetched, so it may have been charged; select the row and run again to retry",
} as const;

/** Statuses of rows whose lookup succeeded all start so ("ok", "ok: job changed to ..."). */
export const isOkStatus = (status: string) => status === STATUS_TEXT.ok || status.startsWith("ok:");

/** A cached answer may show a mover's previous job: a change seen in it is not to be trusted. */
export const CACHED_CHANGE =
  "job change seen in cached data, may be outdated: run with Fresh data to confirm";

const jobText = (title: string, company: string) => [title, company].filter(Boolean).join(" @ ");

/** A Title or Company cell kept showing the old job while the answer shows another (CellEdit.kept). */
type KeptCell = { column: number; value: GridValue; reason: string };

/**
 * The cells one outcome changes in one row; `read` gives the row's earlier values by column.
 * `kept`: the Title/Company cells it leaves showing a job the answer says has changed.
 */
function changesOf(
  read: (column: number) => string,
  layout: ColumnLayout,
  outcome: RowOutcome,
  mode: EnrichMode,
  now: string,
  lists: ListStyle,
  kept: KeptCell[] = [],
): Map<number, GridValue> {
  const cells = new Map<number, GridValue>();
  // Column 0: a target column that is gone (follow-columns.ts); its cells are not written.
  const put = (column: number, value: unknown) => {
    if (column > 0) cells.set(column, toCellValue(value, { lists }));
  };
  // enriched_at says when the row's data was refreshed: a row that got none keeps its old time.
  if (outcome.kind === "status") {
    put(layout.status.enrichment_status, outcome.status);
    return cells;
  }
  // A date value (sheet-time.ts), not text: Sheets keeps it as a date-time a filter can compare.
  if (layout.status.enriched_at > 0) cells.set(layout.status.enriched_at, new Date(Date.parse(now)));
  const lead = outcome.lead;
  const before = (column: number) => (column > 0 ? read(column) : "");
  const oldTitle = before(layout.previous.job_title);
  const oldCompany = before(layout.previous.company_name);
  const newTitle = String(lead.job_title ?? "");
  const newCompany = String(lead.company_name ?? "");
  // The row's job is another one the person still holds: no move, and its cells stay as they are.
  const {
    title: titleChanged,
    company: companyChanged,
    otherCurrent,
  } = compareJob(lead, oldTitle, oldCompany);
  const changed = titleChanged || companyChanged;
  const jobColumns = new Set([layout.previous.job_title, layout.previous.company_name]);
  const written = new Set<number>();
  for (const [field, column] of layout.fields) {
    // A field the answer does not carry (the current generation drops some, PRODUCTION.md A19)
    // leaves its cell as it was: no answer is not an empty answer.
    const value = answerValue(lead, field);
    if (value === undefined) continue;
    const filled = read(column) !== "";
    // Nor is an empty Title or Company (a partial answer): blanking a filled one loses the job.
    if (jobColumns.has(column) && filled && (otherCurrent || String(value ?? "").trim() === "")) continue;
    // The row's other current job keeps its own website, company id, ... (job-companions.ts) too.
    if (otherCurrent && filled && JOB_COMPANION_FIELDS.includes(field)) continue;
    if (mode === "refresh" || !filled) {
      put(column, value);
      written.add(column);
    }
  }
  // The old job is "previous" only where the run replaced it; a kept cell still shows it.
  const overwritten =
    (titleChanged && written.has(layout.previous.job_title)) ||
    (companyChanged && written.has(layout.previous.company_name));
  const keptWhy = mode === "fill" ? "fill mode" : "not among the fields written";
  const keptNote =
    mode === "fill" ? "cells kept (fill mode)" : "Title/Company cells not among the fields written";
  const notes: string[] = [];
  if (changed && !overwritten) notes.push(`job changed to ${jobText(newTitle, newCompany)}; ${keptNote}`);
  // Both cells of a changed job that the run leaves holding a value, the unchanged one too: the
  // digest then shows the whole old and new job.
  // A field the answer left empty still shows the row's own value: that part did not change.
  const keptJob: Array<[number, string]> = [
    [layout.previous.job_title, newTitle.trim() === "" ? oldTitle : newTitle],
    [layout.previous.company_name, newCompany.trim() === "" ? oldCompany : newCompany],
  ];
  for (const [column, value] of changed ? keptJob : []) {
    if (column > 0 && !written.has(column) && read(column) !== "")
      kept.push({ column, value: toCellValue(value), reason: keptWhy });
  }
  if (changed && outcome.cached) notes.push(CACHED_CHANGE);
  put(layout.status.enrichment_status, notes.length > 0 ? `ok: ${notes.join("; ")}` : STATUS_TEXT.ok);
  // FALSE says the job was compared and is the same: a row with no earlier job (its first
  // enrichment, or a sheet without Title/Company cells) was compared with nothing, so it says
  // nothing; nor does an answer that carries neither a title nor a company for a filled one.
  const compared =
    otherCurrent ||
    (oldTitle !== "" && newTitle.trim() !== "") ||
    (oldCompany !== "" && newCompany.trim() !== "");
  put(layout.status.job_changed, compared ? changed : "");
  put(layout.status.previous_job, changed && overwritten ? jobText(oldTitle, oldCompany) : "");
  if (outcome.email && layout.email) {
    if (outcome.email.email !== undefined) put(layout.email.email, outcome.email.email);
    put(layout.email.email_status, outcome.email.status);
  }
  return cells;
}

export function spans(rows: readonly number[]): Array<{ top: number; bottom: number }> {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const result: Array<{ top: number; bottom: number }> = [];
  for (const row of sorted) {
    const last = result[result.length - 1];
    if (last && row - last.bottom <= SPAN_GAP) last.bottom = row;
    else result.push({ top: row, bottom: row });
  }
  return result;
}

/**
 * The cells of `changes` in every column `must` holds: a column no row of the write changes is
 * left out whole, one that some rows change is written in all the write's rows.
 */
function wholeColumns(must: CellChanges, changes: CellChanges): CellChanges {
  const columns = new Set<number>();
  for (const cells of must.values()) for (const column of cells.keys()) columns.add(column);
  const result: CellChanges = new Map();
  for (const [row, cells] of changes) {
    const kept = new Map([...cells].filter(([column]) => columns.has(column)));
    if (kept.size > 0) result.set(row, kept);
  }
  return result;
}

/** Adds to `changes` the gaps between its rows that `earlier` wrote in full (see BRIDGE_ROWS). */
function bridgeGaps(changes: CellChanges, earlier: CellChanges): void {
  const rows = [...changes.keys()].sort((a, b) => a - b);
  for (let i = 1; i < rows.length; i += 1) {
    const from = rows[i - 1]! + 1;
    const to = rows[i]! - 1;
    if (to < from || to - from + 1 > BRIDGE_ROWS) continue;
    const gap = Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
    if (gap.every((row) => earlier.has(row))) for (const row of gap) changes.set(row, earlier.get(row)!);
  }
}

/**
 * Writes every outcome into its rows. Returns the number of grid calls made (reads + writes).
 * `written`: the cells written earlier in this step; bridges gaps and records this write.
 */
export function writeOutcomes(
  grid: Grid,
  layout: ColumnLayout,
  outcomes: ReadonlyMap<number, RowOutcome>,
  mode: EnrichMode,
  now: string,
  written?: CellChanges,
  record?: ChangeRecorder,
  /** List fields (jobs, education, ...) as readable text or JSON: the List fields setting. */
  lists: ListStyle = "json",
): number {
  const columns = touchedColumns(layout);
  if (outcomes.size === 0 || columns.length === 0) return 0;
  const left = columns[0]!;
  const width = columns[columns.length - 1]! - left + 1;
  let calls = 0;
  // Every cell the write means to set; of them, the ones whose value changes (`must`: all of
  // them when nothing read the literals) and the ones already showing what it would write (`may`).
  const changes: CellChanges = new Map();
  const must: CellChanges = new Map();
  const may: CellChanges = new Map();
  const edits: CellEdit[] = [];
  const timeColumn = layout.status.enriched_at;
  // The rows whose Enriched At shows the date-time format already (a refresh), read with the rows
  // before anything is written (time-formats.ts). Null: every time written is formatted (the grid
  // cannot tell, or the run appended the column, none of whose cells it has formatted yet).
  const formatted =
    grid.readNumberFormats && timeColumn > 0 && !layout.appended.includes("enriched_at")
      ? new Set<number>()
      : null;
  for (const span of spans([...outcomes.keys()])) {
    const height = span.bottom - span.top + 1;
    const rows = Array.from({ length: height }, (_, offset) => span.top + offset);
    // Status-only rows need no earlier values.
    const needsValues = rows.some((row) => outcomes.get(row)?.kind === "ok");
    let before: string[][] = [];
    let read: GridValue[][] = [];
    if (record && needsValues && grid.readWithLiterals) {
      ({ values: read, literals: before } = grid.readWithLiterals(span.top, left, height, width));
      calls += 1;
    } else {
      if (record) {
        before = readLiterals(grid, span.top, left, height, width);
        calls += 1;
      }
      if (needsValues) {
        read = grid.read(span.top, left, height, width);
        calls += 1;
      }
    }
    // Only rows with an answer get a time: a span of statuses alone reads nothing.
    if (formatted && needsValues) {
      for (const row of formattedRows(grid, span.top, timeColumn, height) ?? []) formatted.add(row);
      calls += 1;
    }
    for (const row of rows) {
      const outcome = outcomes.get(row);
      if (!outcome) continue;
      const cells = read[row - span.top] ?? [];
      const kept: KeptCell[] = [];
      const rowChanges = changesOf(
        (column) => cellText(cells[column - left]),
        layout,
        outcome,
        mode,
        now,
        lists,
        kept,
      );
      changes.set(row, rowChanges);
      if (!record) {
        must.set(row, rowChanges);
        continue;
      }
      const answer = outcome.kind === "ok" ? { fresh: outcome.cached !== true } : {};
      const rowMust = new Map<number, GridValue>();
      const rowMay = new Map<number, GridValue>();
      for (const [column, value] of rowChanges) {
        const old = before[row - span.top]?.[column - left] ?? "";
        const after = writtenLiteral(value, grid.wallClock?.bind(grid));
        if (old !== after) {
          edits.push({ row, column, before: old, after, ...answer });
          rowMust.set(column, value);
        } else rowMay.set(column, value);
      }
      if (rowMust.size > 0) must.set(row, rowMust);
      if (rowMay.size > 0) may.set(row, rowMay);
      for (const cell of kept) {
        const old = before[row - span.top]?.[cell.column - left] ?? "";
        edits.push({
          row,
          column: cell.column,
          before: old,
          after: writtenLiteral(cell.value),
          kept: cell.reason,
          ...answer,
        });
      }
    }
  }
  if (record && edits.length > 0) record(edits);
  // Cells written earlier in this step hold what it wrote: they too may fill a gap.
  for (const [row, cells] of written ?? []) if (!changes.has(row)) may.set(row, cells);
  // Every cell written is committed (flushed) at a price per cell, and a refresh leaves most
  // cells as they were: of the ways to cover what changes, the cheapest (rectangles.ts). One of
  // them writes each column some row changes whole (the cells that stay, with their same values)
  // and bridges short gaps of rows written earlier in the step: few rectangles, more cells.
  const whole = wholeColumns(must, changes);
  if (written) bridgeGaps(whole, written);
  const rectangles = cheapestRectangles(must, may, [whole]);
  if (written) for (const [row, cells] of changes) written.set(row, cells);
  for (const rectangle of rectangles) {
    grid.write(rectangle.top, rectangle.left, rectangle.values);
    calls += 1;
    // The times written get a date-time format (a write: no flush), so the column reads as dates.
    calls += formatWrittenTimes(grid, rectangle, timeColumn, formatted);
  }
  return calls;
}

/**
 * Reads the status and time of `rows`: what the sheet itself says was done. The time is epoch ms
 * (sheet-time.ts: a date cell, or the ISO text older versions wrote), null when there is none.
 */
export function readStatuses(
  grid: Grid,
  layout: ColumnLayout,
  rows: readonly number[],
): Map<number, [string, number | null]> {
  const result = new Map<number, [string, number | null]>();
  const statusColumn = layout.status.enrichment_status;
  const timeColumn = layout.status.enriched_at;
  if (statusColumn <= 0 || timeColumn <= 0) return result;
  const left = Math.min(statusColumn, timeColumn);
  const width = Math.abs(statusColumn - timeColumn) + 1;
  for (const span of spans(rows)) {
    const block = grid.read(span.top, left, span.bottom - span.top + 1, width);
    for (const row of rows) {
      if (row < span.top || row > span.bottom) continue;
      const cells = block[row - span.top] ?? [];
      result.set(row, [cellText(cells[statusColumn - left]), timeOfCell(cells[timeColumn - left])]);
    }
  }
  return result;
}
