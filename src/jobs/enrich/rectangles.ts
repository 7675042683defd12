/**
 * Groups single-cell changes into rectangles for block writes: each row's changed columns are split
 * into runs of adjacent columns, and a run continues the rectangle of the row above when that row
 * changed exactly the same columns. Only changed cells are ever inside a rectangle: a cell the run
 * does not change is never rewritten (writing a cell back "as read" loses what getValues cannot
 * show, such as the apostrophe that keeps `'=1+1` text).
 */
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
