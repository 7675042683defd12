/**
 * The date-time format set only on the time cells that lack it (src/jobs/enrich/time-formats.ts):
 * a refresh formatted every Enriched At cell again, each a cell committed (issue 20).
 */
import { describe, expect, it } from "vitest";
import type { Grid } from "../../src/jobs/enrich/ports";
import { formattedRows, formatWrittenTimes } from "../../src/jobs/enrich/time-formats";
import { DATE_TIME_FORMAT } from "../../src/sheet/sheet-time";

/** A grid of number formats only: column 3 holds `formats` from row 10 down. */
function formatGrid(formats: string[]): Grid & { set: Array<[number, number]> } {
  const set: Array<[number, number]> = [];
  return {
    set,
    read: () => [],
    write: () => {},
    lastRow: () => 0,
    lastColumn: () => 0,
    readNumberFormats: (top, left, height) =>
      Array.from({ length: height }, (_, r) => [left === 3 ? (formats[top + r - 10] ?? "") : "General"]),
    setNumberFormat: (top, _left, height, _width, format) => {
      expect(format).toBe(DATE_TIME_FORMAT);
      set.push([top, height]);
    },
  };
}

const at = new Date(Date.UTC(2026, 10, 25, 6, 0, 0));

describe("time formats", () => {
  it("reads which rows show the date-time format already; a grid that cannot tell says null", () => {
    const grid = formatGrid([DATE_TIME_FORMAT, "General", DATE_TIME_FORMAT, "yyyy-mm-dd"]);
    expect(formattedRows(grid, 10, 3, 4)).toEqual([10, 12]);
    const { readNumberFormats: _, ...blind } = grid;
    expect(formattedRows(blind, 10, 3, 4)).toBeNull();
  });

  it("formats the times written in runs of adjacent rows, leaving out the rows that show it", () => {
    const grid = formatGrid([]);
    const values = Array.from({ length: 6 }, () => ["ok", at]);
    const calls = formatWrittenTimes(grid, { top: 10, left: 2, values }, 3, new Set([11, 12]));
    expect(calls).toBe(2);
    expect(grid.set).toEqual([
      [10, 1],
      [13, 3],
    ]);
  });

  it("formats every time written when nothing is known, and nothing when every row shows it", () => {
    const values = Array.from({ length: 6 }, () => ["ok", at]);
    const unknown = formatGrid([]);
    expect(formatWrittenTimes(unknown, { top: 10, left: 2, values }, 3, null)).toBe(1);
    expect(unknown.set).toEqual([[10, 6]]);
    const known = formatGrid([]);
    const all = new Set([10, 11, 12, 13, 14, 15]);
    expect(formatWrittenTimes(known, { top: 10, left: 2, values }, 3, all)).toBe(0);
    // A rectangle without the time column formats nothing.
    expect(formatWrittenTimes(known, { top: 10, left: 5, values }, 3, null)).toBe(0);
  });
});
