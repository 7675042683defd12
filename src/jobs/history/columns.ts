/** The columns of the `Prospecting changes` sheet, and one history row as the code sees it. */

export const HISTORY_SHEET = "Prospecting changes";

export const HISTORY_HEADERS = [
  "Run",
  "Time",
  "Sheet",
  "Cell",
  "Column",
  "Profile URL",
  "Old value",
  "New value",
] as const;

export const HISTORY_WIDTH = HISTORY_HEADERS.length;

/** Undo runs are recorded under the id of the run they undid, with this prefix. */
export const UNDO_PREFIX = "undo:";

export interface HistoryRow {
  runId: string;
  time: string;
  sheet: string;
  cell: string;
  header: string;
  url: string;
  /** Literals: what typing recreates the cell (src/sheet/cell-literal.ts). */
  before: string;
  after: string;
}

export function rowOf(cells: readonly string[]): HistoryRow {
  const text = (index: number) => cells[index] ?? "";
  return {
    runId: text(0),
    time: text(1),
    sheet: text(2),
    cell: text(3),
    header: text(4),
    url: text(5),
    before: text(6),
    after: text(7),
  };
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
