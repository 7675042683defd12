/**
 * The date-time format of the time cells a run writes (Enriched At, the Emails action's Checked
 * At: src/sheet/sheet-time.ts), set only where the sheet does not show it already. Every cell a
 * write formats is committed at a price per cell (a flush, G6): a refresh of 2,000 rows formatted
 * 2,000 cells that carried the format since the first run. The formats are read with the rows
 * the write reads anyway, before it writes (a read after writes would flush them).
 */
import { DATE_TIME_FORMAT } from "../../sheet/sheet-time";
import type { Grid, GridValue } from "./ports";

/**
 * The rows of top..top+height-1 whose cell of `column` shows the date-time format already, or
 * null when the grid cannot tell (every time written is then formatted).
 */
export function formattedRows(grid: Grid, top: number, column: number, height: number): number[] | null {
  if (!grid.readNumberFormats || column <= 0 || height <= 0) return null;
  const rows: number[] = [];
  grid.readNumberFormats(top, column, height, 1).forEach((formats, offset) => {
    if (formats[0] === DATE_TIME_FORMAT) rows.push(top + offset);
  });
  return rows;
}

/**
 * After `rectangle` is written: the date-time format on its cells of `column` that got a date,
 * in runs of adjacent rows, leaving out the rows in `formatted`. Returns the calls made.
 */
export function formatWrittenTimes(
  grid: Grid,
  rectangle: { top: number; left: number; values: GridValue[][] },
  column: number,
  formatted: ReadonlySet<number> | null,
): number {
  if (!grid.setNumberFormat || column <= 0) return 0;
  const offset = column - rectangle.left;
  let calls = 0;
  let start = -1;
  const end = (row: number) => {
    if (start < 0) return;
    grid.setNumberFormat!(start, column, row - start, 1, DATE_TIME_FORMAT);
    calls += 1;
    start = -1;
  };
  rectangle.values.forEach((values, r) => {
    const row = rectangle.top + r;
    if (values[offset] instanceof Date && !formatted?.has(row)) {
      if (start < 0) start = row;
    } else end(row);
  });
  end(rectangle.top + rectangle.values.length);
  return calls;
}
