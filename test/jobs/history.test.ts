import { describe, expect, it } from "vitest";
import { confirmJob, estimateJob, stepJob } from "../../src/jobs/enrich/job";
import { DEFAULT_ENRICH_OPTIONS, type EnrichOptions } from "../../src/jobs/enrich/options";
import { jobChangesOfRun, jobChangesSince } from "../../src/jobs/history/digest";
import { historyLog, trimHistory } from "../../src/jobs/history/log";
import type { HistoryDeps } from "../../src/jobs/history/ports";
import { DEFAULT_HISTORY } from "../../src/jobs/history/settings";
import { undoLastRun } from "../../src/jobs/history/undo";
import { deps, FakeClient, lead, url } from "./enrich-fakes";
import { InputGrid, MemoryTable } from "./history-fakes";

const box = (height: number) => ({ sheetId: 1, sheetName: "CRM", top: 1, left: 1, height, width: 1 });

function world(rows: string[][], options: Partial<EnrichOptions> = {}) {
  const grid = new InputGrid(rows.map((row) => [...row]));
  const table = new MemoryTable();
  const client = new FakeClient((sent) => {
    const slug = sent.split("/in/")[1]!;
    return { ok: true, lead: lead(slug, { job_title: `New title ${slug}`, company_name: "New Co" }) };
  });
  const d = deps(grid, client);
  d.changes = historyLog({ table, clock: d.clock }, DEFAULT_HISTORY);
  const history: HistoryDeps = {
    table,
    store: d.store,
    clock: d.clock,
    lock: d.lock,
    gridByName: (name) => (name === "CRM" ? grid : null),
  };
  const run = () => {
    const { progress } = estimateJob(d, grid, box(grid.cells.length), {
      ...DEFAULT_ENRICH_OPTIONS,
      ...options,
    });
    confirmJob(d, progress.jobId);
    let step = stepJob(d, progress.jobId);
    while (step.state === "running") step = stepJob(d, progress.jobId);
    return progress.jobId;
  };
  return { grid, table, client, d, history, run };
}

describe("change history", () => {
  it("records every changed cell with its old and new value, and nothing for cells that kept their value", () => {
    const w = world([
      ["Profile URL", "Title", "Company"],
      [url("a"), "Old title", "New Co"],
      [url("b"), "", ""],
    ]);
    const runId = w.run();
    const rows = w.table.rows;
    const titleA = rows.find((row) => row[3] === "B2")!;
    expect(titleA).toEqual([
      runId,
      expect.any(String),
      "CRM",
      "B2",
      "Title",
      url("a"),
      "Old title",
      "New title a",
    ]);
    // C2 already held "New Co": not a change.
    expect(rows.find((row) => row[3] === "C2")).toBeUndefined();
    // The appended headers are recorded too (undo removes them).
    expect(rows.filter((row) => row[3]?.endsWith("1")).map((row) => row[7])).toContain("enrichment_status");
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
    const kept = w.table.rows.filter((row) => row[3]?.includes("kept"));
    expect(kept.map((row) => [row[3], row[4], row[6], row[7]])).toEqual([
      ["C2 (kept: fill mode)", "Title", "Old title", "New title a"],
      ["D2 (kept: fill mode)", "Company", "Old Co", "New Co"],
    ]);
    // Undo puts back what the run wrote and nothing else: no kept cell is "restored" or reported.
    w.grid.cells[1]![2] = "Edited title";
    const result = undoLastRun(w.history);
    expect(result.leftAlone).toBe(0);
    expect(w.grid.cells[1]!.slice(2, 5)).toEqual(["Edited title", "Old Co", ""]);
    expect(w.table.rows.filter((row) => row[0] === `undo:${runId}` && row[3]?.includes("kept"))).toEqual([]);
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
