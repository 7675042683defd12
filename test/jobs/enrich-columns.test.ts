/**
 * Issue 12.2: target columns are found by their header at estimate time. A column inserted,
 * deleted or moved before a step must not send a company name into the user's Notes: each step
 * re-reads the header row, follows a column that moved, and stops with a clear message (before
 * anything is sent) when one is gone.
 */
import { describe, expect, it } from "vitest";
import { confirmJob, estimateJob, resumeJob, stepJob } from "../../src/jobs/enrich/job";
import { DEFAULT_ENRICH_OPTIONS } from "../../src/jobs/enrich/options";
import type { SelectionBox } from "../../src/jobs/enrich/plan";
import type { GridValue } from "../../src/jobs/enrich/ports";
import { deps, FakeClient, lead, MemoryGrid, url } from "./enrich-fakes";

const box = (height: number, left = 1): SelectionBox => ({
  sheetId: 1,
  sheetName: "CRM",
  top: 1,
  left,
  height,
  width: 1,
});

const options = { ...DEFAULT_ENRICH_OPTIONS, fields: ["full_name", "job_title", "company_name"] as never };

function crm(): MemoryGrid {
  return MemoryGrid.fromRows([
    ["Profile URL", "Title", "Company", "Notes"],
    [url("a"), "Old title a", "Old Co a", "call back Tuesday"],
    [url("b"), "Old title b", "Old Co b", "'=1+1"],
  ]);
}

const deleteColumn = (grid: MemoryGrid, column: number) => {
  for (const row of grid.cells) row.splice(column - 1, 1);
};
const insertColumn = (grid: MemoryGrid, column: number, values: GridValue[]) => {
  grid.cells.forEach((row, r) => {
    row.splice(column - 1, 0, values[r] ?? "");
  });
};

function runAll(d: ReturnType<typeof deps>, jobId: string) {
  let progress = stepJob(d, jobId);
  for (let i = 0; i < 20 && progress.state === "running"; i += 1) progress = stepJob(d, jobId);
  return progress;
}

describe("target columns that move between the estimate and a step", () => {
  it("stops before sending when a target column was deleted, and never writes into Notes", () => {
    const grid = crm();
    const client = new FakeClient();
    const d = deps(grid, client);
    const { progress } = estimateJob(d, grid, box(3), options);
    confirmJob(d, progress.jobId);
    deleteColumn(grid, 2); // Title is gone: Company is now B, Notes C
    const end = stepJob(d, progress.jobId);
    expect(end.state).toBe("stopped");
    expect(end.message?.kind).toBe("columns");
    expect(end.message?.message).toMatch(/"Title".*gone/);
    expect(client.sent).toEqual([]);
    expect(grid.column("Notes")).toEqual(["call back Tuesday", "'=1+1"]);
    expect(grid.column("Company")).toEqual(["Old Co a", "Old Co b"]);
  });

  it("resumes once the header is back where the run can find it", () => {
    const grid = crm();
    const client = new FakeClient();
    const d = deps(grid, client);
    const { progress } = estimateJob(d, grid, box(3), options);
    confirmJob(d, progress.jobId);
    grid.cells[0]![1] = "Job";
    expect(stepJob(d, progress.jobId).message?.kind).toBe("columns");
    grid.cells[0]![1] = "Title";
    resumeJob(d, progress.jobId);
    expect(runAll(d, progress.jobId).state).toBe("done");
    expect(grid.column("Title")).toEqual(["Title a", "Title b"]);
  });

  it("follows columns that moved: an inserted column before the URLs, and Title moved after Notes", () => {
    const grid = crm();
    const client = new FakeClient();
    const d = deps(grid, client);
    const { progress } = estimateJob(d, grid, box(3), options);
    confirmJob(d, progress.jobId);
    insertColumn(grid, 1, ["Owner", "ann", "bob"]);
    // Move Title (now C) to the far right, after Notes.
    const title = grid.cells.map((row) => row.splice(2, 1)[0]!);
    grid.cells.forEach((row, r) => {
      row.push(title[r]!);
    });
    const end = runAll(d, progress.jobId);
    expect(end.state).toBe("done");
    expect(end.range).toBe("B2:B3");
    expect(grid.cells[0]!.slice(0, 5)).toEqual(["Owner", "Profile URL", "Company", "Notes", "Title"]);
    expect(grid.column("Owner")).toEqual(["ann", "bob"]);
    expect(grid.column("Title")).toEqual(["Title a", "Title b"]);
    expect(grid.column("Company")).toEqual(["Company a", "Company b"]);
    expect(grid.column("Notes")).toEqual(["call back Tuesday", "'=1+1"]);
    expect(grid.column("full_name")).toEqual(["Person a", "Person b"]);
    expect(grid.column("enrichment_status")).toEqual(["ok", "ok"]);
  });

  it("follows a column deleted after the first step wrote the new headers", () => {
    const grid = MemoryGrid.fromRows([
      ["Profile URL", "Title", "Notes"],
      ...["a", "b", "c", "d"].map((s) => [url(s), "", `note ${s}`]),
    ]);
    const client = new FakeClient();
    const d = deps(grid, client, { settings: { chunkSize: 2, spendCap: 500 }, limits: { slowChunkMs: -1 } });
    const { progress } = estimateJob(d, grid, box(5), options);
    confirmJob(d, progress.jobId);
    expect(stepJob(d, progress.jobId).ok).toBe(2);
    deleteColumn(grid, 3); // Notes: not a target; the appended columns shift left by one
    const end = runAll(d, progress.jobId);
    expect(end.state).toBe("done");
    expect(grid.column("company_name")).toEqual(["Company a", "Company b", "Company c", "Company d"]);
    expect(grid.column("enrichment_status")).toEqual(["ok", "ok", "ok", "ok"]);
  });
});

describe("a target column deleted while a chunk is out", () => {
  it("writes the paid rows to the columns still there, never into Notes, and stops", () => {
    const grid = crm();
    let deleted = false;
    const client = new FakeClient((sent) => {
      if (!deleted) {
        deleteColumn(grid, 2); // Title goes while the lookups are out (already paid)
        deleted = true;
      }
      return { ok: true, lead: lead(sent.split("/in/")[1]!) };
    });
    const d = deps(grid, client);
    const { progress } = estimateJob(d, grid, box(3), options);
    confirmJob(d, progress.jobId);
    const end = stepJob(d, progress.jobId);
    expect(end).toMatchObject({ state: "stopped", message: { kind: "columns" }, ok: 2, spent: 2 });
    expect(grid.column("Company")).toEqual(["Company a", "Company b"]);
    expect(grid.column("Notes")).toEqual(["call back Tuesday", "'=1+1"]);
    expect(grid.column("full_name")).toEqual(["Person a", "Person b"]);
    expect(grid.column("enrichment_status")).toEqual(["ok", "ok"]);
  });
});

describe("appended headers under the Headers setting", () => {
  const fourRows = () =>
    MemoryGrid.fromRows([
      ["Profile URL", "Title", "Notes"],
      ...["a", "b", "c", "d"].map((s) => [url(s), "", `note ${s}`]),
    ]);

  it("readable labels are followed like the user's own headers when a column is deleted", () => {
    const grid = fourRows();
    const d = deps(grid, new FakeClient(), {
      settings: { chunkSize: 2, spendCap: 500, headers: "readable" },
      limits: { slowChunkMs: -1 },
    });
    const { progress } = estimateJob(d, grid, box(5), options);
    confirmJob(d, progress.jobId);
    expect(stepJob(d, progress.jobId).ok).toBe(2);
    expect(grid.cells[0]!.slice(3)).toEqual([
      "Full Name",
      "Company",
      "Enrichment Status",
      "Enriched At",
      "Job Changed",
      "Previous Job",
    ]);
    deleteColumn(grid, 3);
    const end = runAll(d, progress.jobId);
    expect(end.state).toBe("done");
    expect(grid.column("Company")).toEqual(["Company a", "Company b", "Company c", "Company d"]);
    expect(grid.column("Enrichment Status")).toEqual(["ok", "ok", "ok", "ok"]);
  });

  it("a run whose first step was saved before the header text was kept follows its field names", () => {
    const grid = fourRows();
    const d = deps(grid, new FakeClient(), {
      settings: { chunkSize: 2, spendCap: 500 },
      limits: { slowChunkMs: -1 },
    });
    const { progress } = estimateJob(d, grid, box(5), options);
    confirmJob(d, progress.jobId);
    expect(stepJob(d, progress.jobId).ok).toBe(2);
    // As saved by an earlier version: no appendedHeaders; the setting is now readable.
    const saved = JSON.parse(d.store.get("enrich.job")!);
    delete saved.layout.appendedHeaders;
    d.store.set("enrich.job", JSON.stringify(saved));
    d.settings.headers = "readable";
    deleteColumn(grid, 3);
    const end = runAll(d, progress.jobId);
    expect(end.state).toBe("done");
    expect(grid.cells[0]!.filter((h) => h !== "")).toHaveLength(8);
    expect(grid.column("company_name")).toEqual(["Company a", "Company b", "Company c", "Company d"]);
    expect(grid.column("enrichment_status")).toEqual(["ok", "ok", "ok", "ok"]);
  });
});
