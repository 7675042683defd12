/**
 * Issue 18.7 (trimming never eats the current run) and 18.8 (big runs can be undone), and the
 * compact history's size (issue 20: far fewer cells than one row of 8 per changed cell).
 */
import { describe, expect, it } from "vitest";
import { trimHistory } from "../../src/jobs/history/log";
import { historyOverLimit } from "../../src/jobs/history/settings";
import { undoLastRun } from "../../src/jobs/history/undo";
import { url } from "./enrich-fakes";
import { historyWorld, MemoryTable } from "./history-fakes";

const sheetOf = (count: number, from = 0) => [
  ["Profile URL", "Title", "Company"],
  ...Array.from({ length: count }, (_, index) => [
    url(`p${from + index}`),
    `Old title ${index}`,
    `'00${index}`,
  ]),
];

describe("history trimming keeps the latest run whole", () => {
  it("a 150-row refresh under a 20-row limit is kept whole and can be undone; the limit is said to be passed", () => {
    const start = sheetOf(150);
    const w = historyWorld(start, {}, 20);
    w.run();
    // A history row per group of 4 lookups (Fresh data), and one for the header row.
    expect(w.table.rows).toHaveLength(39);
    expect(historyOverLimit(w.table.rows.length, { enabled: true, maxRows: 20 })).toMatch(
      /^The history holds 39 rows, more than the 20 it keeps: its latest run is kept whole/,
    );
    const result = undoLastRun(w.history);
    expect(result).toMatchObject({ leftAlone: 0, notFound: 0, refused: 0 });
    expect(w.grid.cells.map((row) => row.slice(0, 3))).toEqual(start);
    expect(w.grid.cells.every((row) => row.slice(3).every((cell) => cell === ""))).toBe(true);
  });

  it("the next run trims the one before (whole), never itself", () => {
    const table = new MemoryTable();
    table.rows = [..."aaaabbbbbbbbbbbb"].map((id) => [id]);
    // 16 rows, limit 10: a goes (4 rows); b is the latest run and stays although it alone is 12.
    expect(trimHistory(table, 10)).toBe(4);
    expect(table.rows.map((row) => row[0]).join("")).toBe("bbbbbbbbbbbb");
    expect(trimHistory(table, 10)).toBe(0);
  });
});

describe("big runs", () => {
  it("a 25,000-row refresh is undone, every cell back byte for byte", () => {
    const start = sheetOf(25_000);
    // The most rows the history may keep: before the fix, the run was kept and its undo threw.
    const w = historyWorld(start, {}, 1_000_000);
    w.run();
    const result = undoLastRun(w.history);
    expect(result).toMatchObject({ leftAlone: 0, notFound: 0, refused: 0, partial: false });
    expect(result.restored).toBeGreaterThan(125_000);
    expect(w.grid.cells.map((row) => row.slice(0, 3))).toEqual(start);
    expect(w.grid.cells.every((row) => row.slice(3).every((cell) => cell === ""))).toBe(true);
    // The run: a history row per group of 4 lookups (Fresh data) and one for the header row;
    // the undo's: up to 40 sheet rows each.
    expect(w.table.rows).toHaveLength(6_251 + Math.ceil(25_001 / 40));
  }, 120_000); // About 4 s here: one step (it was 8.5 min while a fresh run took a step per group of 4).
});
