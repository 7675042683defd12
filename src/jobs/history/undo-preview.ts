/**
 * What Undo last run would take back, asked before it does. Undo is free, but it cannot be redone:
 * getting the run's answers back means running Enrich again, which charges again. On a shared
 * spreadsheet any editor can press it on the owner's run, so the menu and the sidebar say which
 * run and how much first, and undo only when confirmed (undo.ts `expected`: the run asked about).
 * Read only: the history's rows, never the sheets.
 */
import { parseCell } from "./columns";
import type { HistoryDeps } from "./ports";
import { cellKey, isHeaderCell, runToUndo } from "./undo";

export interface UndoPreview {
  runId: string;
  runTime: string;
  /** The sheets it changed, by their names now (a renamed sheet as it is called now). */
  sheets: string[];
  /** Sheet rows (the header row left out), and cells of them, it changed that an undo would look at. */
  rows: number;
  cells: number;
  /** Of those cells, the ones that held a formula before the run (a freeze's: they come back). */
  formulas: number;
  /** Header cells it wrote (the columns it added): cleared again. */
  headers: number;
}

export function undoPreview(deps: HistoryDeps): UndoPreview {
  const { runId, runTime, accepted, done } = runToUndo(deps);
  const sheets = new Set<string>();
  const rows = new Set<string>();
  const cells = new Set<string>();
  const headers = new Set<string>();
  let formulas = 0;
  for (const change of accepted) {
    const at = parseCell(change.cell);
    const key = cellKey(change);
    // Kept cells (fill mode) were never written; cells a partial undo put back are done.
    if (!at || done.has(key) || change.before === change.after) continue;
    const now = change.sheetId === undefined ? null : deps.gridById(change.sheetId);
    sheets.add(now?.name ?? change.sheet);
    if (isHeaderCell(change, at)) headers.add(key);
    else {
      rows.add(`${change.sheetId ?? change.sheet}\n${at.row}`);
      if (!cells.has(key) && change.before.startsWith("=")) formulas += 1;
      cells.add(key);
    }
  }
  return {
    runId,
    runTime,
    sheets: [...sheets],
    rows: rows.size,
    cells: cells.size,
    formulas,
    headers: headers.size,
  };
}
