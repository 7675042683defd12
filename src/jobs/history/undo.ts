/**
 * Undo last run: puts back the old value of every cell the latest run changed, but only where the
 * cell still holds what the run wrote; a cell edited since is left alone and reported. Values are
 * compared and restored as literals (src/sheet/cell-literal.ts), so `'00123`, `'=1+1` and formulas
 * come back exactly. The undo is itself recorded, under `undo:<run id>`.
 */
import { columnLetters } from "../enrich/progress";
import { type CellChanges, changeRectangles } from "../enrich/rectangles";
import { readLiterals } from "../enrich/row-writer";
import { extent } from "../extent";
import { type HistoryRow, parseCell, UNDO_PREFIX } from "./columns";
import { appendHistory } from "./log";
import type { HistoryDeps } from "./ports";
import { lastUndoableRun, rowsOfRun, runColumn } from "./read";
import { readHistorySettings } from "./settings";

export interface UndoResult {
  runId: string;
  /** When the undone run made its first change. */
  runTime: string;
  restored: number;
  /** Cells that no longer hold the run's value (edited since), left as they are. */
  leftAlone: number;
  /** The first of them, as Sheet!A1, for the message. */
  leftAloneCells: string[];
}

export class UndoError extends Error {
  constructor(
    readonly kind: string,
    message: string,
    readonly next?: string,
  ) {
    super(message);
  }
}

interface CellUndo {
  row: number;
  column: number;
  /** The value before the run's first change of the cell, and after its last. */
  before: string;
  after: string;
  source: HistoryRow;
}

/**
 * A cell changed twice in one run (a status, then the answer) goes back to its first value. A cell
 * the run kept (columns.ts keptCell: recorded for the job-change digest, never written) has no
 * plain address and is passed over: undo never "restores" a cell the run did not change.
 */
function cellsOf(rows: readonly HistoryRow[]): Map<string, CellUndo[]> {
  const bySheet = new Map<string, Map<string, CellUndo>>();
  for (const row of rows) {
    const at = parseCell(row.cell);
    if (!at) continue;
    const cells = bySheet.get(row.sheet) ?? new Map<string, CellUndo>();
    bySheet.set(row.sheet, cells);
    const known = cells.get(row.cell);
    if (known) known.after = row.after;
    else cells.set(row.cell, { ...at, before: row.before, after: row.after, source: row });
  }
  return new Map([...bySheet].map(([sheet, cells]) => [sheet, [...cells.values()]]));
}

const LISTED = 20;

export function undoLastRun(deps: HistoryDeps): UndoResult {
  const runs = runColumn(deps.table);
  const runId = lastUndoableRun(runs);
  if (runId === null) {
    throw new UndoError("nothing", "There is no run to undo in the change history.");
  }
  const rows = rowsOfRun(deps.table, runs, runId);
  const result: UndoResult = {
    runId,
    runTime: rows[0]?.time ?? "",
    restored: 0,
    leftAlone: 0,
    leftAloneCells: [],
  };
  const undoRows: HistoryRow[] = [];
  const time = new Date(deps.clock.now()).toISOString().replace(/\.\d{3}Z$/, "Z");
  for (const [sheet, cells] of cellsOf(rows)) {
    const grid = deps.gridByName(sheet);
    const leaveAlone = (cell: CellUndo) => {
      result.leftAlone += 1;
      if (result.leftAloneCells.length < LISTED) result.leftAloneCells.push(`${sheet}!${cell.source.cell}`);
    };
    if (!grid) {
      cells.forEach(leaveAlone);
      continue;
    }
    const { min: top, max: bottom } = extent(cells.map((cell) => cell.row));
    const { min: left, max: right } = extent(cells.map((cell) => cell.column));
    const now = readLiterals(grid, top, left, bottom - top + 1, right - left + 1);
    const restore: CellChanges = new Map();
    for (const cell of cells) {
      const current = now[cell.row - top]?.[cell.column - left] ?? "";
      if (current !== cell.after) {
        leaveAlone(cell);
        continue;
      }
      if (cell.before === cell.after) continue;
      const row = restore.get(cell.row) ?? new Map();
      restore.set(cell.row, row);
      row.set(cell.column, cell.before);
      undoRows.push({
        ...cell.source,
        runId: `${UNDO_PREFIX}${runId}`,
        time,
        cell: `${columnLetters(cell.column)}${cell.row}`,
        before: cell.after,
        after: cell.before,
      });
      result.restored += 1;
    }
    // Recorded before writing, like a run: a cut-off never leaves an unrecorded change.
    appendHistory(deps.table, undoRows.splice(0), readHistorySettings(deps.store).maxRows);
    for (const rectangle of changeRectangles(restore))
      grid.write(rectangle.top, rectangle.left, rectangle.values);
  }
  if (result.restored === 0) {
    // Nothing put back still marks the run undone, so the next undo reaches the run before it.
    appendHistory(
      deps.table,
      [{ ...rows[0]!, runId: `${UNDO_PREFIX}${runId}`, time, before: rows[0]!.after, after: rows[0]!.after }],
      readHistorySettings(deps.store).maxRows,
    );
  }
  return result;
}
