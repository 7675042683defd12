/**
 * What a new export writes over the Transactions sheet, keeping what the user added beside it.
 *
 * The export owns columns A:H (TRANSACTION_FIELDS) from row 1 down; every column after them is the
 * user's. A user column is either:
 * - a formula column (any formula under the header): it stays where it is, cell for cell. A row
 *   formula such as `=F2*-1` reads its own row, so it is right for whichever transaction the new
 *   export puts there; moving it would need its references rewritten.
 * - a value column (notes, tags): each value belongs to the transaction beside it, so it moves with
 *   that transaction's id when new transactions push the rows down. A value beside no transaction
 *   (a total under the export) stays in its row.
 * A value whose transaction the new export leaves out (a narrower filter) has nowhere to go: it is
 * counted as dropped (an unticked checkbox's FALSE aside), and the export asks before dropping it.
 *
 * The plan is one block from A1, as wide as the last user column that needs rewriting (none: A:H
 * only), and as tall as the old or the new content, whichever is taller: one setValues, so a
 * cut-off leaves the previous export or the new one, never half of one. Cells of the user's
 * columns are written back as their literals (src/sheet/cell-literal.ts), so they read as before.
 */
import { TRANSACTION_FIELDS } from "../../sheet/lead-fields";
import type { GridValue } from "../enrich/ports";

export const EXPORT_WIDTH = TRANSACTION_FIELDS.length;

/** The Transactions sheet as it is now, read just before writing. */
export interface CurrentSheet {
  /** Row 1 as literals, every used column. */
  header: string[];
  /** Column A under the header: the ids the previous export wrote (blank where none). */
  ids: string[];
  /** The columns after the export's, under the header, as literals (formulas as their formula). */
  extra: string[][];
}

export interface SheetPlan {
  /** Written from A1 in one write. */
  block: GridValue[][];
  /** Non-empty cells of the user's value columns whose transaction the new export leaves out. */
  dropped: number;
}

const fold = (text: string) => text.trim().toLowerCase();

/** True when row 1 starts with the export's header (or the sheet is empty): a sheet the export made. */
export function isExportSheet(header: readonly string[]): boolean {
  if (header.every((cell) => cell === "")) return true;
  return TRANSACTION_FIELDS.every((field, i) => fold(header[i] ?? "") === field);
}

/** User columns (0-based, after the export's) holding a formula under the header. */
function formulaColumns(extra: readonly string[][]): Set<number> {
  const columns = new Set<number>();
  for (const row of extra) {
    row.forEach((cell, c) => {
      if (cell.startsWith("=")) columns.add(c);
    });
  }
  return columns;
}

/**
 * The block for `rows` (the new export's data rows, EXPORT_WIDTH wide, ids in column A) over
 * `current` (null: no sheet yet, or an empty one).
 */
export function planSheet(current: CurrentSheet | null, rows: readonly GridValue[][]): SheetPlan {
  const header: GridValue[] = [...TRANSACTION_FIELDS];
  if (!current) return { block: [header, ...rows.map((row) => [...row])], dropped: 0 };
  const oldRows = current.ids.length;
  const height = Math.max(oldRows, rows.length);
  const formulas = formulaColumns(current.extra);
  const extraWidth = current.extra.reduce(
    (widest, row) => Math.max(widest, row.length),
    Math.max(0, current.header.length - EXPORT_WIDTH),
  );
  const valueColumns = Array.from({ length: extraWidth }, (_, c) => c).filter((c) => !formulas.has(c));

  // Each value column's cells by the transaction they were beside.
  const byId = new Map<string, number>();
  current.ids.forEach((id, r) => {
    if (id !== "" && !byId.has(id)) byId.set(id, r);
  });
  // The ids as cells read them back: without the apostrophe toCellValue may have kept them text with.
  const newRowOf = new Map<string, number>();
  rows.forEach((row, r) => {
    newRowOf.set(String(row[0] ?? "").replace(/^'/, ""), r);
  });

  const extra = Array.from({ length: height }, (_, r) => {
    const line = new Array<GridValue>(extraWidth).fill("");
    for (const c of formulas) line[c] = current.extra[r]?.[c] ?? "";
    // A value beside no transaction stays in its row.
    if ((current.ids[r] ?? "") === "") for (const c of valueColumns) line[c] = current.extra[r]?.[c] ?? "";
    return line;
  });
  let dropped = 0;
  let moved = false;
  byId.forEach((oldRow, id) => {
    const newRow = newRowOf.get(id);
    const cells = valueColumns.filter((c) => (current.extra[oldRow]?.[c] ?? "") !== "");
    if (cells.length === 0) return;
    if (newRow === undefined) {
      // An unticked checkbox holds FALSE: nothing is lost with it, so it is not asked about.
      dropped += cells.filter((c) => current.extra[oldRow]![c] !== "FALSE").length;
      moved = true;
      return;
    }
    if (newRow !== oldRow) moved = true;
    for (const c of cells) extra[newRow]![c] = current.extra[oldRow]![c]!;
  });

  // Only as wide as needed: user columns right of the last value column that changes stay untouched.
  const width = moved ? lastValueColumn(valueColumns, current.extra) + 1 : 0;
  const top: GridValue[] = [...header, ...current.header.slice(EXPORT_WIDTH, EXPORT_WIDTH + width)];
  while (top.length < EXPORT_WIDTH + width) top.push("");
  const blank = new Array<GridValue>(EXPORT_WIDTH).fill("");
  const block = [top];
  for (let r = 0; r < height; r += 1) block.push([...(rows[r] ?? blank), ...extra[r]!.slice(0, width)]);
  return { block, dropped };
}

/** The last value column holding anything under the header, or -1. */
function lastValueColumn(valueColumns: readonly number[], extra: readonly string[][]): number {
  let last = -1;
  for (const c of valueColumns) if (extra.some((row) => (row[c] ?? "") !== "")) last = Math.max(last, c);
  return last;
}
