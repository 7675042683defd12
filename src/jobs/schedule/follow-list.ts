/**
 * A schedule follows its list the way a run follows its columns (../enrich/follow-columns.ts):
 * rows inserted above the list, or columns left of it, move its header row and URL column, and a
 * schedule that kept their numbers would plan on the wrong rows ("The URLs have no header row").
 * The schedule keeps the URL column's header text; before each period's run it finds that header
 * where it is now (first in the same column, nearest the old row; then anywhere on the sheet) and
 * moves the list with it.
 *
 * The list also grows with its rows: rows inserted inside it, or added right under it, push its
 * last rows down, and a list that kept its number of rows left those out of every later run
 * without a word (their statuses still said "ok" from an earlier run). Its end is the last filled
 * cell of the URL column that follows it without a gap; it never shrinks (empty rows cost nothing).
 */
import type { Grid, GridValue } from "../enrich/ports";
import { cellText } from "../enrich/urls";
import type { ScheduleConfig } from "./schedule";

export type ListPlace = Pick<ScheduleConfig, "box" | "urlColumn">;

/** The row (1-based) in `rows` holding `header` nearest `near`, or 0. */
function nearestRow(cells: ReadonlyArray<GridValue | undefined>, header: string, near: number): number {
  let best = 0;
  cells.forEach((cell, index) => {
    const row = index + 1;
    if (cellText(cell) !== header) return;
    if (best === 0 || Math.abs(row - near) < Math.abs(best - near)) best = row;
  });
  return best;
}

/**
 * Where the list is now: its place unchanged when its header is where it was; moved to the
 * header's new place; null when the header is nowhere on the sheet (renamed or deleted).
 */
export function followList(grid: Grid, config: ScheduleConfig): ListPlace | null {
  const place = placeOf(grid, config);
  return place && { ...place, box: { ...place.box, height: grownHeight(grid, place) } };
}

/** The list's rows from its header down to the last filled cell under it that follows without a gap. */
function grownHeight(grid: Grid, { box, urlColumn }: ListPlace): number {
  const bottom = box.top + box.height - 1;
  const below = grid.lastRow() - bottom;
  if (below <= 0) return box.height;
  const cells = grid.read(bottom + 1, urlColumn, below, 1);
  const filled = cells.findIndex((row) => cellText(row[0]) === "");
  return box.height + (filled < 0 ? cells.length : filled);
}

function placeOf(grid: Grid, config: ScheduleConfig): ListPlace | null {
  const { box, urlColumn, header } = config;
  if (header === undefined || header === "") return { box, urlColumn };
  const lastRow = Math.max(grid.lastRow(), 1);
  if (cellText(grid.read(box.top, urlColumn, 1, 1)[0]?.[0]) === header) return { box, urlColumn };
  const column = grid.read(1, urlColumn, lastRow, 1).map((row) => row[0]);
  const row = nearestRow(column, header, box.top);
  if (row > 0) return { box: { ...box, top: row }, urlColumn };
  // The URL column moved too: one read of the sheet, the header nearest the list's old row.
  const width = Math.max(grid.lastColumn(), 1);
  const block = grid.read(1, 1, lastRow, width);
  let found: { row: number; column: number } | null = null;
  for (let c = 1; c <= width; c += 1) {
    const at = nearestRow(
      block.map((cells) => cells[c - 1]),
      header,
      box.top,
    );
    if (at > 0 && (found === null || Math.abs(at - box.top) < Math.abs(found.row - box.top)))
      found = { row: at, column: c };
  }
  if (found === null) return null;
  return { box: { ...box, top: found.row, left: found.column }, urlColumn: found.column };
}
