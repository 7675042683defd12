import { describe, expect, it } from "vitest";
import type { GridValue } from "../../src/jobs/enrich/ports";
import {
  type CellChanges,
  changeRectangles,
  cheapestRectangles,
  columnRectangles,
  writeCost,
} from "../../src/jobs/enrich/rectangles";

const changes = (rows: Record<number, Record<number, GridValue>>): CellChanges =>
  new Map(
    Object.entries(rows).map(([row, cells]) => [
      Number(row),
      new Map(Object.entries(cells).map(([column, value]) => [Number(column), value])),
    ]),
  );

/** Every cell the rectangles cover, as "row:column" -> value. */
function covered(rectangles: ReturnType<typeof changeRectangles>): Map<string, GridValue> {
  const cells = new Map<string, GridValue>();
  for (const { top, left, values } of rectangles) {
    values.forEach((row, r) => {
      row.forEach((value, c) => {
        const key = `${top + r}:${left + c}`;
        expect(cells.has(key), `${key} written twice`).toBe(false);
        cells.set(key, value);
      });
    });
  }
  return cells;
}

describe("change rectangles", () => {
  it("covers exactly the changed cells, merging rows that change the same columns", () => {
    const input = changes({
      2: { 2: "a", 3: "b", 5: "s" },
      3: { 2: "c", 3: "d", 5: "s" },
      4: { 5: "only status" },
      6: { 2: "e", 3: "f", 5: "s" },
    });
    const rectangles = changeRectangles(input);
    const expected = new Map<string, GridValue>();
    for (const [row, cells] of input)
      for (const [column, value] of cells) expected.set(`${row}:${column}`, value);
    expect(covered(rectangles)).toEqual(expected);
    // rows 2-3: B:C and E (2 rectangles); row 4: E continues rows 2-3's E; row 6: B:C and E.
    expect(rectangles).toHaveLength(4);
    expect(rectangles[1]).toEqual({ top: 2, left: 5, values: [["s"], ["s"], ["only status"]] });
  });

  it("never spans a row the run does not change", () => {
    const rectangles = changeRectangles(changes({ 2: { 1: "x" }, 4: { 1: "y" } }));
    expect(rectangles).toEqual([
      { top: 2, left: 1, values: [["x"]] },
      { top: 4, left: 1, values: [["y"]] },
    ]);
  });

  it("a refresh: the time column down the span in one rectangle, each mover's job cells alone", () => {
    // Rows 2-31; column 7 (Enriched At) changes in all, columns 2-3 and 8-9 in rows 2, 12 and 22.
    const rows: Record<number, Record<number, GridValue>> = {};
    for (let row = 2; row <= 31; row += 1) {
      rows[row] = (row - 2) % 10 === 0 ? { 2: "t", 3: "c", 7: row, 8: true, 9: "old" } : { 7: row };
    }
    const input = changes(rows);
    const byColumn = columnRectangles(input);
    expect(byColumn).toHaveLength(1 + 3 * 2);
    expect(byColumn.find((rectangle) => rectangle.left === 7)?.values).toHaveLength(30);
    expect(covered(byColumn)).toEqual(covered(changeRectangles(input)));
    // Row by row, the time column is cut at every mover: 2 rectangles a mover, and 3 between.
    expect(changeRectangles(input)).toHaveLength(3 * 2 + 3);
    expect(cheapestRectangles(input)).toEqual(byColumn);
    expect(writeCost(byColumn)).toBeLessThan(writeCost(changeRectangles(input)));
  });

  it("bridges a gap with cells that already hold the value when that costs less than a call, never a longer one", () => {
    const must = changes({ 2: { 1: "a" }, 4: { 1: "b" }, 9: { 1: "c" } });
    const may = changes({
      3: { 1: "same" },
      5: { 1: "same" },
      6: { 1: "same" },
      7: { 1: "same" },
      8: { 1: "same" },
    });
    // Row 3: one cell (0.145 ms) instead of a call (0.4 ms); rows 5-8: four cells cost more.
    expect(columnRectangles(must, may)).toEqual([
      { top: 2, left: 1, values: [["a"], ["same"], ["b"]] },
      { top: 9, left: 1, values: [["c"]] },
    ]);
    // A gap no `may` cell fills is never bridged: those cells are the user's.
    expect(columnRectangles(must)).toHaveLength(3);
  });

  it("a first enrichment, every cell changed: one rectangle, as row by row", () => {
    const rows: Record<number, Record<number, GridValue>> = {};
    for (let row = 2; row <= 50; row += 1) rows[row] = { 2: "t", 3: "c", 4: "n", 5: "l" };
    const input = changes(rows);
    expect(cheapestRectangles(input)).toEqual(changeRectangles(input));
    expect(changeRectangles(input)).toHaveLength(1);
  });
});
