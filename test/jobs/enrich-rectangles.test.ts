import { describe, expect, it } from "vitest";
import type { GridValue } from "../../src/jobs/enrich/ports";
import { type CellChanges, changeRectangles } from "../../src/jobs/enrich/rectangles";

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
});
