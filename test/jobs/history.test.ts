import { describe, expect, it } from "vitest";
import { jobChangesOfRun, jobChangesSince } from "../../src/jobs/history/digest";
import { trimHistory } from "../../src/jobs/history/log";
import { undoLastRun } from "../../src/jobs/history/undo";
import { url } from "./enrich-fakes";
import { historyWorld, MemoryTable } from "./history-fakes";

const world = historyWorld;

describe("change history", () => {
  it("records every changed row once, its changed cells packed and signed, and nothing for cells that kept their value", () => {
    const w = world([
      ["Profile URL", "Title", "Company"],
      [url("a"), "Old title", "New Co"],
      [url("b"), "", ""],
    ]);
    const runId = w.run();
    const rows = w.table.rows;
    // The header row's record (appended headers, written first), then the write of the two data
    // rows: one history row of 7 cells, its Profile URL listing them.
    expect(rows.map((row) => [row[0], row[2], row[3]])).toEqual([
      [runId, "CRM", "(header row)"],
      [runId, "CRM", `${url("a")}\n${url("b")}`],
    ]);
    expect(rows.every((row) => row.length === 7)).toBe(true);
    const record = rows[1]!;
    expect(record[4]).toContain(`${url("a")}: Title: "Old title" -> "New title a"`);
    const changes = JSON.parse(record[5]!) as {
      cells: unknown[][];
      rows: unknown[][];
      sig: string;
      hr: number;
      sid: number;
    };
    expect(changes).toMatchObject({ v: 3, hr: 1, sid: 1, sig: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(changes.rows).toEqual([
      [url("a"), 2, true],
      [url("b"), 3, true],
    ]);
    expect(changes.cells).toContainEqual([0, 2, "Title", "Old title", "New title a"]);
    // C2 already held "New Co": not a change.
    expect(changes.cells.some((cell) => cell[0] === 0 && cell[1] === 3)).toBe(false);
    // The appended headers are recorded too (undo removes them).
    expect(rows[0]![5]).toContain('"enrichment_status"');
    expect(w.table.appends).toBeLessThanOrEqual(3);
  });

  it("undo restores old values where the cell still holds the run's value and reports the others", () => {
    const w = world([
      ["Profile URL", "Title", "Company"],
      [url("a"), "Old title", "Old Co"],
      [url("b"), "'00123", "=1+2"],
    ]);
    const before = w.grid.cells.map((row) => [...row]);
    w.run();
    expect(w.grid.cells[1]![1]).toBe("New title a");
    w.grid.cells[2]![1] = "edited by hand";
    const result = undoLastRun(w.history);
    expect(result.leftAlone).toBe(1);
    expect(result.leftAloneCells).toEqual(["CRM!B3"]);
    expect(result.restored).toBeGreaterThan(5);
    const after = w.grid.cells.map((row) => row.slice(0, 3));
    expect(after).toEqual([before[0], before[1], [url("b"), "edited by hand", "=1+2"]]);
    // The appended columns are empty again.
    expect(w.grid.cells.every((row) => row.slice(3).every((cell) => cell === ""))).toBe(true);
    // Recorded, and a second undo has nothing left.
    expect(w.table.rows.some((row) => row[0] === `undo:${result.runId}`)).toBe(true);
    expect(() => undoLastRun(w.history)).toThrow(/no run to undo/);
  });

  it("digest lists who changed title or company, built from the history", () => {
    const w = world([
      ["Profile URL", "Name", "Title", "Company"],
      [url("a"), "Ann", "Old title", "Old Co"],
      [url("b"), "", "", ""],
    ]);
    const runId = w.run();
    const changes = jobChangesOfRun(w.history, runId);
    expect(changes).toEqual([
      expect.objectContaining({
        name: "Person a",
        url: url("a"),
        oldTitle: "Old title",
        newTitle: "New title a",
        oldCompany: "Old Co",
        newCompany: "New Co",
      }),
    ]);
    expect(jobChangesSince(w.history, "2026-01-01")).toHaveLength(1);
    expect(jobChangesSince(w.history, "2027-01-01")).toHaveLength(0);
  });

  it("digest counts a person once when their URL is in several rows (one capitalised)", () => {
    const w = world([
      ["Profile URL", "Name", "Title", "Company"],
      [url("a"), "Ann", "Old title", "Old Co"],
      [url("a").replace("/in/", "/IN/"), "Ann", "Old title", "Old Co"],
      [url("a"), "Ann", "Old title", "Old Co"],
    ]);
    const changes = jobChangesOfRun(w.history, w.run());
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ url: url("a"), oldTitle: "Old title", newTitle: "New title a" });
  });

  it("fill mode: a job change in kept Title/Company cells is in the digest, and undo leaves those cells alone", () => {
    // Location is empty, so the row is fetched; Title and Company are filled, so fill mode keeps them.
    const w = world(
      [
        ["Profile URL", "Name", "Title", "Company", "Location"],
        [url("a"), "Ann", "Old title", "Old Co", ""],
        [url("b"), "Bob", "New title b", "New Co", ""],
      ],
      { mode: "fill" },
    );
    const runId = w.run();
    expect(w.grid.cells[1]!.slice(2, 4)).toEqual(["Old title", "Old Co"]);
    const changes = jobChangesOfRun(w.history, runId);
    expect(changes).toEqual([
      expect.objectContaining({
        row: 2,
        // The Name cell was kept too: read from the sheet, its column found under the header row.
        name: "Ann",
        url: url("a"),
        oldTitle: "Old title",
        newTitle: "New title a",
        oldCompany: "Old Co",
        newCompany: "New Co",
        kept: "fill mode",
      }),
    ]);
    expect(jobChangesSince(w.history, "2026-01-01")).toEqual(changes);
    // The kept cells are in the history as such (readable, and never taken for a change).
    const rowA = w.table.rows.find((row) => row[3]!.split("\n").includes(url("a")))!;
    expect(rowA[4]).toContain('Title: kept "Old title" (fill mode; answer "New title a")');
    const cells = (JSON.parse(rowA[5]!) as { cells: unknown[][] }).cells;
    expect(cells.filter((cell) => cell[5])).toEqual([
      [0, 3, "Title", "Old title", "New title a", "fill mode"],
      [0, 4, "Company", "Old Co", "New Co", "fill mode"],
    ]);
    // Undo puts back what the run wrote and nothing else: no kept cell is "restored" or reported.
    w.grid.cells[1]![2] = "Edited title";
    const result = undoLastRun(w.history);
    expect(result.leftAlone).toBe(0);
    expect(w.grid.cells[1]!.slice(2, 5)).toEqual(["Edited title", "Old Co", ""]);
    const undone = w.table.rows.filter((row) => row[0] === `undo:${runId}`);
    const undoneCells = undone.flatMap((row) => (JSON.parse(row[5]!) as { cells: unknown[][] }).cells);
    expect(undoneCells.filter((cell) => cell[5])).toEqual([]);
  });

  it("a refresh that does not write Title/Company reports the change it saw, as kept", () => {
    const w = world(
      [
        ["Profile URL", "Title", "Company", "Location"],
        [url("a"), "Old title", "New Co", ""],
      ],
      { fields: ["location"] },
    );
    const changes = jobChangesOfRun(w.history, w.run());
    expect(w.grid.cells[1]!.slice(1, 3)).toEqual(["Old title", "New Co"]);
    expect(changes).toEqual([
      expect.objectContaining({
        oldTitle: "Old title",
        newTitle: "New title a",
        oldCompany: "New Co",
        newCompany: "New Co",
        kept: "not among the fields written",
      }),
    ]);
  });

  it("trims whole oldest runs past the size", () => {
    const table = new MemoryTable();
    table.rows = [..."aaabbbbccc"].map((id) => [id]);
    expect(trimHistory(table, 8)).toBe(3);
    expect(table.rows.map((row) => row[0]).join("")).toBe("bbbbccc");
  });
});
