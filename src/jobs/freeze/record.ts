/**
 * Freeze as a run of the change history, so that Undo last run brings the formulas back (a freeze
 * by mistake used to lose them). It goes through the ChangeLog Enrich and the Emails action
 * report to, so Undo treats it as theirs: it puts a cell back only where it still holds what the
 * freeze wrote, names the others, and finds each cell where it is now (history/locate.ts).
 *
 * What a cell held: the formula cell its formula, byte for byte; a cell its answer spilled into
 * nothing, since its value was the formula's. Undo therefore clears those cells, and the formula
 * spills into them again instead of colliding with values of its own (#REF!).
 *
 * Formulas need no profile URL in their rows (=FIND_EMAIL over names, a URL typed as text), so a
 * row is found as the Emails action finds its rows: by a row key column, here the column outside
 * the frozen cells that tells their rows apart best. A row with no key is found where it was,
 * while it still holds what the freeze wrote (locate.ts). Columns are found by the header in row
 * 1, where a sheet's headers are; a column without one, where it was.
 */
import { writtenLiteral } from "../../sheet/cell-literal";
import type { CellChange, ChangeLog, ChangeRun, Grid } from "../enrich/ports";
import { readLiterals } from "../enrich/row-writer";
import { shownText } from "../history/columns";
import type { FrozenCell } from "./freeze";

/**
 * The column whose cells in these rows are most often different (blank ones not counted), the
 * leftmost of equals; 0 when every column outside the frozen ones is blank there.
 */
function keyColumn(
  literals: string[][],
  top: number,
  rows: ReadonlySet<number>,
  frozen: ReadonlySet<number>,
) {
  let best = 0;
  let bestCount = 0;
  const width = literals[0]?.length ?? 0;
  for (let column = 1; column <= width; column += 1) {
    if (frozen.has(column)) continue;
    const texts = new Set<string>();
    for (const row of rows) {
      const text = literals[row - top]?.[column - 1] ?? "";
      if (text !== "") texts.add(text);
    }
    if (texts.size > bestCount) {
      best = column;
      bestCount = texts.size;
    }
  }
  return best;
}

/** Records the cells Freeze is about to write, as one history run. */
export function recordFreeze(
  log: ChangeLog,
  grid: Grid,
  run: Pick<ChangeRun, "runId" | "sheetName" | "sheetId">,
  cells: readonly FrozenCell[],
): void {
  const wallClock = grid.wallClock?.bind(grid);
  const changes: CellChange[] = [];
  const rows = new Set<number>();
  const columns = new Set<number>();
  let top = Number.POSITIVE_INFINITY;
  let bottom = 0;
  for (const cell of cells) {
    rows.add(cell.row);
    columns.add(cell.column);
    top = Math.min(top, cell.row);
    bottom = Math.max(bottom, cell.row);
  }
  const width = Math.max(1, grid.lastColumn());
  // One read of the rows, every column: the key column's cells are the rows' keys.
  const literals = readLiterals(grid, top, 1, bottom - top + 1, width);
  const key = keyColumn(literals, top, rows, columns);
  const headerRow = top > 1 ? 1 : 0;
  const headerTexts = headerRow > 0 ? (readLiterals(grid, headerRow, 1, 1, width)[0] ?? []) : [];
  const headers: Record<string, string> = {};
  for (const column of columns) headers[String(column)] = shownText(headerTexts[column - 1] ?? "");
  for (const cell of cells) {
    const after = writtenLiteral(cell.value, wallClock);
    // A cell whose answer was blank stays blank: no change.
    if (after === cell.before) continue;
    const url = key > 0 ? (literals[cell.row - top]?.[key - 1] ?? "") : "";
    changes.push({ row: cell.row, column: cell.column, before: cell.before, after, url });
  }
  log.record({ ...run, headerRow, headers }, grid, changes);
}
