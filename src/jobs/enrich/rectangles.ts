/**
 * Groups single-cell changes into rectangles for block writes, the cheapest way production prices
 * them (PRODUCTION.md G6): a write call costs about 0.4 ms, and every cell it holds is committed
 * (flushed) at about 0.145 ms, so one call more is worth fewer than three cells.
 *
 * A cell the run does not change is never rewritten from what was read (writing a cell back "as
 * read" loses what getValues cannot show, such as the apostrophe that keeps `'=1+1` text). Only a
 * cell the run itself would write, known to hold that same value already (`may`: the change
 * history's literal read tells), may fill a rectangle's gap.
 */

import { BLOCK_WRITE_CALL_MS, WRITE_MS_PER_CELL } from "../write-cost";
import type { GridValue } from "./ports";

export interface Rectangle {
  top: number;
  left: number;
  values: GridValue[][];
}

/** Row -> (column -> new value), 1-based. */
export type CellChanges = Map<number, Map<number, GridValue>>;

function columnRuns(columns: readonly number[]): Array<{ left: number; width: number }> {
  const runs: Array<{ left: number; width: number }> = [];
  for (const column of [...columns].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last.left + last.width === column) last.width += 1;
    else runs.push({ left: column, width: 1 });
  }
  return runs;
}

/**
 * Row by row: each row's changed columns in runs of adjacent columns, a run continuing the
 * rectangle of the row above when that row changed exactly the same columns.
 */
export function changeRectangles(changes: CellChanges): Rectangle[] {
  const done: Rectangle[] = [];
  // Rectangles that may still grow downwards, keyed by "left:width"; each remembers its last row.
  let open = new Map<string, { rectangle: Rectangle; bottom: number }>();
  for (const row of [...changes.keys()].sort((a, b) => a - b)) {
    const cells = changes.get(row)!;
    const next = new Map<string, { rectangle: Rectangle; bottom: number }>();
    for (const run of columnRuns([...cells.keys()])) {
      const key = `${run.left}:${run.width}`;
      const values = Array.from({ length: run.width }, (_, offset) => cells.get(run.left + offset)!);
      const above = open.get(key);
      if (above && above.bottom === row - 1) {
        above.rectangle.values.push(values);
        above.bottom = row;
        next.set(key, above);
        open.delete(key);
      } else {
        const rectangle = { top: row, left: run.left, values: [values] };
        done.push(rectangle);
        next.set(key, { rectangle, bottom: row });
      }
    }
    open = next;
  }
  return done;
}

/** Production's price of a block write (../write-cost.ts): per call, per cell. */
const CALL_MS = BLOCK_WRITE_CALL_MS;
const CELL_MS = WRITE_MS_PER_CELL;

/** What writing `rectangles` costs in production, ms: the calls and the cells they commit. */
export function writeCost(rectangles: readonly Rectangle[]): number {
  let cells = 0;
  for (const { values } of rectangles) cells += values.length * (values[0]?.length ?? 0);
  return rectangles.length * CALL_MS + cells * CELL_MS;
}

/**
 * Column by column: each column's changed rows in vertical runs, a gap of `may` cells bridged when
 * rewriting them costs less than one call more; then the runs of adjacent columns that cover the
 * same rows, side by side, as one rectangle. A refresh that moves a few people writes Enriched At
 * down the whole span and their Title and Company alone, where row by row it would cut the time
 * column at every mover.
 */
export function columnRectangles(must: CellChanges, may: CellChanges = new Map()): Rectangle[] {
  const rowsOf = new Map<number, number[]>();
  for (const [row, cells] of must) {
    for (const column of cells.keys()) {
      const rows = rowsOf.get(column) ?? [];
      rows.push(row);
      rowsOf.set(column, rows);
    }
  }
  const mayFill = (column: number, from: number, to: number) => {
    for (let row = from; row <= to; row += 1) if (!may.get(row)?.has(column)) return false;
    return true;
  };
  // "top:bottom" -> the columns whose run covers exactly those rows.
  const runs = new Map<string, number[]>();
  const addRun = (column: number, top: number, bottom: number) => {
    const key = `${top}:${bottom}`;
    runs.set(key, [...(runs.get(key) ?? []), column]);
  };
  for (const [column, rows] of rowsOf) {
    rows.sort((a, b) => a - b);
    let top = rows[0]!;
    let bottom = top;
    for (const row of rows.slice(1)) {
      const gap = row - bottom - 1;
      if (gap === 0 || (gap * CELL_MS < CALL_MS && mayFill(column, bottom + 1, row - 1))) bottom = row;
      else {
        addRun(column, top, bottom);
        top = row;
        bottom = row;
      }
    }
    addRun(column, top, bottom);
  }
  const value = (row: number, column: number) => must.get(row)?.get(column) ?? may.get(row)!.get(column)!;
  const rectangles: Rectangle[] = [];
  for (const [key, columns] of runs) {
    const [top, bottom] = key.split(":").map(Number) as [number, number];
    columns.sort((a, b) => a - b);
    for (const run of columnRuns(columns)) {
      const values: GridValue[][] = [];
      for (let row = top; row <= bottom; row += 1) {
        values.push(Array.from({ length: run.width }, (_, offset) => value(row, run.left + offset)));
      }
      rectangles.push({ top, left: run.left, values });
    }
  }
  return rectangles.sort((a, b) => a.top - b.top || a.left - b.left);
}

/**
 * The cheapest of the ways above to write `must`, each cell once (`may`: cells the write would
 * leave holding what they hold, which it may rewrite; see the top of this file). `plans`: other
 * candidate cell sets (a superset of `must`, their values the write's own) to weigh as well.
 */
export function cheapestRectangles(
  must: CellChanges,
  may: CellChanges = new Map(),
  plans: readonly CellChanges[] = [],
): Rectangle[] {
  let best = changeRectangles(must);
  let bestCost = writeCost(best);
  for (const candidate of [columnRectangles(must, may), ...plans.map(changeRectangles)]) {
    const cost = writeCost(candidate);
    if (cost < bestCost) {
      best = candidate;
      bestCost = cost;
    }
  }
  return best;
}
