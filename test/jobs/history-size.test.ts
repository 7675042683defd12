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
  it("a 150-row refresh under a 100-row limit is kept whole and can be undone; the limit is said to be passed", () => {
    const start = sheetOf(150);
    const w = historyWorld(start, {}, 100);
    w.run();
    expect(w.table.rows.length).toBeGreaterThan(100);
    expect(historyOverLimit(w.table.rows.length, { enabled: true, maxRows: 100 })).toMatch(
      /^The history holds 151 rows, more than the 100 it keeps: its latest run is kept whole/,
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
    // One history row per changed sheet row and the header row, 6 cells each; and the undo's.
    expect(w.table.rows).toHaveLength(2 * 25_001);
  }, 120_000); // About 4 s here: one step (it was 8.5 min while a fresh run took a step per group of 4).
});
