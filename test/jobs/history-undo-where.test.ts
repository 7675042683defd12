/**
 * Issue 18.5: Undo finds the run's cells where they are now (after a sort, a column inserted on
 * the left, the sheet renamed), by the profile URL and header the history recorded; a cell whose
 * row or column is gone is reported, written nowhere, and the run stays undoable.
 */
import { describe, expect, it } from "vitest";
import type { GridValue } from "../../src/jobs/enrich/ports";
import { undoLastRun } from "../../src/jobs/history/undo";
import { url } from "./enrich-fakes";
import { historyWorld } from "./history-fakes";

const START = [
  ["Profile URL", "Title", "Company"],
  [url("a"), "Old title a", "Old Co a"],
  [url("b"), "Old title b", "Old Co b"],
  [url("c"), "'00123", "=1+2"],
];

/** The sheet's rows by URL, the first `width` columns: compared whatever order the rows are in. */
const byUrl = (cells: GridValue[][], urlColumn = 0, width = 3) =>
  Object.fromEntries(
    cells.slice(1).map((row) => [String(row[urlColumn]), row.slice(urlColumn, urlColumn + width)]),
  );

describe("Undo finds the run's cells where they are now", () => {
  it("after a sort, every person gets their own old values back", () => {
    const w = historyWorld(START);
    w.run();
    // Sorted Z-A by URL: c, b, a (the header stays on top).
    const [header, ...data] = w.grid.cells;
    w.grid.cells = [header!, ...data.reverse()];
    const result = undoLastRun(w.history);
    // Before the fix: a's old company went into c's row (all rows held "New Co").
    expect(byUrl(w.grid.cells)).toEqual(byUrl(START));
    expect(result).toMatchObject({ leftAlone: 0, notFound: 0, refused: 0, partial: false });
    expect(w.grid.cells.map((row) => String(row[0]))).toEqual(["Profile URL", url("c"), url("b"), url("a")]);
    // The appended columns are empty again, headers too.
    expect(w.grid.cells.every((row) => row.slice(3).every((cell) => cell === ""))).toBe(true);
  });

  it("after a column is inserted on the left of the run's columns", () => {
    const w = historyWorld(START);
    w.run();
    w.grid.cells = w.grid.cells.map((row, index) => [index === 0 ? "Notes" : `note ${index}`, ...row]);
    const result = undoLastRun(w.history);
    expect(result).toMatchObject({ leftAlone: 0, notFound: 0, partial: false });
    expect(byUrl(w.grid.cells, 1)).toEqual(byUrl(START));
    expect(w.grid.cells.map((row) => row[0])).toEqual(["Notes", "note 1", "note 2", "note 3"]);
    expect(w.grid.cells.every((row) => row.slice(4).every((cell) => cell === ""))).toBe(true);
  });

  it("after the sheet is renamed", () => {
    const w = historyWorld(START);
    w.run();
    w.rename("CRM 2026");
    const result = undoLastRun(w.history);
    expect(result).toMatchObject({ leftAlone: 0, notFound: 0, partial: false });
    expect(result.restored).toBeGreaterThan(6);
    expect(byUrl(w.grid.cells)).toEqual(byUrl(START));
  });

  it("a row deleted since is reported and written nowhere; the run stays undoable and a second Undo finishes it", () => {
    const w = historyWorld(START);
    const runId = w.run();
    const rowOfB = w.grid.cells[2]!;
    w.grid.cells.splice(2, 1);
    const before = w.grid.cells.map((row) => [...row]);
    const first = undoLastRun(w.history);
    expect(first.runId).toBe(runId);
    expect(first.partial).toBe(true);
    expect(first.notFound).toBeGreaterThan(0);
    expect(first.notFoundCells[0]).toMatch(new RegExp(`CRM "\\w.*" of ${url("b")} \\(row not found\\)`));
    // Rows a and c are restored; nothing was written anywhere else (no new row, no new column).
    expect(byUrl(w.grid.cells)).toEqual({ [url("a")]: START[1], [url("c")]: START[3] });
    expect(w.grid.cells).toHaveLength(before.length);
    // Row b comes back (undone by hand, say): the second Undo restores it and leaves a and c be.
    w.grid.cells.splice(2, 0, rowOfB);
    const second = undoLastRun(w.history);
    expect(second).toMatchObject({ runId, partial: false, notFound: 0, leftAlone: 0 });
    expect(byUrl(w.grid.cells)).toEqual(byUrl(START));
    expect(() => undoLastRun(w.history)).toThrow(/no run to undo/);
  });

  it("rows deleted for good: Undo pressed again without putting them back marks the run undone as it is, and the next reaches the run before", () => {
    const w = historyWorld(START);
    const earlier = w.run();
    w.grid.cells[1]![1] = "Typed title a";
    const later = w.run();
    // Row b is deleted on purpose (a lead disqualified): it will not come back.
    w.grid.cells.splice(2, 1);
    const first = undoLastRun(w.history);
    expect(first).toMatchObject({ runId: later, partial: true, closed: false });
    const again = undoLastRun(w.history);
    expect(again).toMatchObject({ runId: later, restored: 0, partial: false, closed: true });
    expect(again.notFoundCells[0]).toMatch(/row not found/);
    // Next: the run before, as far as it can go (its row b is gone too).
    const before = undoLastRun(w.history);
    expect(before.runId).toBe(earlier);
    expect(w.grid.cells[1]!.slice(0, 3)).toEqual([url("a"), "Typed title a", "Old Co a"]);
    expect(w.grid.cells[2]!.slice(0, 3)).toEqual(START[3]);
  });

  it("a column whose header was renamed is reported, its cells left as they are", () => {
    const w = historyWorld(START);
    w.run();
    w.grid.cells[0]![1] = "Job title";
    const result = undoLastRun(w.history);
    expect(result.partial).toBe(true);
    expect(
      result.notFoundCells.some((cell) => cell.includes('"Title"') && cell.includes("column not found")),
    ).toBe(true);
    expect(w.grid.cells.slice(1).map((row) => row[1])).toEqual(["New title a", "New title b", "New title c"]);
    expect(w.grid.cells.slice(1).map((row) => row[2])).toEqual(["Old Co a", "Old Co b", "=1+2"]);
  });
});
