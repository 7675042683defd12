/**
 * The columns of the `Prospecting changes` sheet, and one changed cell as the code sees it.
 *
 * Three layouts can share the sheet, read alike (decode.ts). Today's (packed, format.ts): one
 * history row per write of a run, `Run, Time, Sheet, Profile URLs, Summary, Changes, Time
 * (UTC)`, up to 40 changed sheet rows packed as signed JSON in Changes, their URLs and changes
 * listed a line each in Profile URLs and Summary; Time is a date (src/sheet/sheet-time.ts), Time (UTC) the
 * same instant as ISO text. The compact one before it (v2): the same columns, one history row per
 * changed sheet row, its fourth header "Profile URL" (rows written before Time (UTC) have Time as
 * that text, and no seventh cell).
 * The earliest (legacy): one history row per changed cell, `Run, Time, Sheet, Cell, Column,
 * Profile URL, Old value, New value`. All begin with Run, Time and Sheet, so the run and time
 * columns read alike; a row is compact when its Changes cell is the JSON of v2 or v3.
 * Histories written before are read as they are: no migration.
 */

export const HISTORY_SHEET = "Prospecting changes";

export const HISTORY_HEADERS = [
  "Run",
  "Time",
  "Sheet",
  // Plural since the packed layout (a row lists several): a header reading "Profile URL" is the
  // v2 layout's, rewritten with today's notes on the next run (src/gas/history-sheet.ts).
  "Profile URLs",
  "Summary",
  "Changes",
  "Time (UTC)",
] as const;

/** What each header says, as its note: the sheet explains itself to whoever opens it. */
export const HISTORY_NOTES: Record<(typeof HISTORY_HEADERS)[number], string> = {
  Run: "The id of the enrichment run that made the change. undo:<id> rows record the undo of that run; undo-partial:<id> an undo that could not find every cell (the run can be undone again).",
  Time: 'When the change was recorded: a date and time in the spreadsheet\'s time zone (File > Settings), so filters such as "in the last 7 days" work.',
  "Time (UTC)":
    "The same time in UTC, as text (2026-11-25T03:19:26Z): the same for everyone, whatever the spreadsheet's time zone. Rows written before this column have only Time (UTC there).",
  Sheet: "The sheet the run changed.",
  "Profile URLs":
    "The profile URLs of the rows the write changed, one a line ((header row) for the header row): a history row records up to 40 sheet rows (rows written before this layout record one). Undo finds each row by its URL (and each column by its header), wherever a sort, an inserted column or a renamed sheet moved it.",
  Summary:
    "The changes for reading, one line a row: URL: Header: old -> new; ... (just Header: old -> new when the history row records one sheet row). Undo never reads this column.",
  Changes:
    'The changes as JSON, the only column Undo reads: the sheet\'s id and its header row when written, "rows": each row\'s [profile URL, row, fresh] (fresh false: the answer came from the API\'s cache, Fresh data off), and "cells": per cell [row index, column, header, old value, new value] as literals (what typing recreates the cell). Longer than a cell holds, it continues on the next row. "sig" is the add-on\'s signature: Undo refuses a row edited or added by hand.',
};

/** The layout written before the compact one; still read (Undo, the digest, the Job changes sheet). */
export const LEGACY_HEADERS = [
  "Run",
  "Time",
  "Sheet",
  "Cell",
  "Column",
  "Profile URL",
  "Old value",
  "New value",
] as const;

/** Columns read per history row: enough for either layout. */
export const READ_WIDTH = LEGACY_HEADERS.length;

/** A literal as the cell shows it: the apostrophe that keeps text literal is not shown. */
export const shownText = (literal: string) => (literal.startsWith("'") ? literal.slice(1) : literal);

/** Undo runs are recorded under the id of the run they undid, with this prefix. */
export const UNDO_PREFIX = "undo:";
/** An undo that restored some cells but could not find others: the run stays undoable. */
export const PARTIAL_UNDO_PREFIX = "undo-partial:";

export const isUndoId = (id: string) => id.startsWith(UNDO_PREFIX) || id.startsWith(PARTIAL_UNDO_PREFIX);

/**
 * How far a recorded cell can be believed (format.ts): `signed`, a compact row whose signature the
 * document's secret verifies; `unsigned`, a legacy row (written before rows were signed: nothing
 * proves who wrote it); `forged`, a compact row whose signature does not match (edited or added by
 * hand). Undo never writes a forged row, and writes an unsigned one only within the limits of
 * undo.ts.
 */
export type Trust = "signed" | "unsigned" | "forged";

/** One recorded cell change (a compact row holds several). */
export interface HistoryRow {
  runId: string;
  time: string;
  sheet: string;
  /** "C12" where the cell was when written, or a kept cell's keptCell() form. */
  cell: string;
  header: string;
  url: string;
  /** Literals: what typing recreates the cell (src/sheet/cell-literal.ts). */
  before: string;
  after: string;
  trust: Trust;
  /** The history sheet's row (1-based, below its header) the change was read from: names it. */
  origin: number;
  /** Compact rows only: the sheet's id (found after a rename) and its header row when written. */
  sheetId?: number;
  headerRow?: number;
  /** Compact rows since issue 23.6: the row's answer was fresh, or cached (false); else unknown. */
  fresh?: boolean;
}

/**
 * A Title or Company cell a run did not write although the row's answer shows another job (fill
 * mode keeps filled cells): recorded, its value and the answer's, so the job-change digest sees
 * the change, under the cell's address with this mark. The cell was not changed, so parseCell
 * does not read it and undo passes over it.
 */
export const keptCell = (a1: string, reason: string) => `${a1} (kept: ${reason})`;

/** "C2 (kept: fill mode)" -> the cell and why it was kept; null for a changed cell. */
export function parseKeptCell(cell: string): { row: number; column: number; reason: string } | null {
  const match = /^([A-Z]+\d+) \(kept: (.*)\)$/.exec(cell);
  const at = match ? parseCell(match[1]!) : null;
  return at ? { ...at, reason: match![2]! } : null;
}

/** "AB12" -> row 12, column 28. */
export function parseCell(a1: string): { row: number; column: number } | null {
  const match = /^([A-Z]+)(\d+)$/.exec(a1);
  if (!match) return null;
  let column = 0;
  for (const letter of match[1]!) column = column * 26 + (letter.charCodeAt(0) - 64);
  return { row: Number(match[2]), column };
}
