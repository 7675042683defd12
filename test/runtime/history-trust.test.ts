/**
 * Issue 23.6 and 23.10 in the emulated runtime over the built add-on and the sandbox:
 * - a Fresh-data-off run's job changes are marked as seen in cached answers in the `Job changes`
 *   sheet; after Undo the run's digest is empty (the sidebar asks again and shows none);
 * - Enriched At is a date cell (a date-time number format, shown in the spreadsheet's time zone),
 *   so a "last 7 days" comparison works on it, and the history's Time is a date with UTC kept in
 *   its own column; a second user (an editor) running later still sees rows refreshed within the
 *   last day as refreshed.
 * The lookup path is pinned (API_GENERATION legacy): bulk jobs are the default generation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/clock";
import { HISTORY_HEADERS, HISTORY_SHEET } from "../../src/jobs/history/columns";
import type { EnrichEstimate, EnrichProgress, EnrichRequest } from "../../src/rpc/enrich";
import type { JobChangeDigest, JobChangesSheet, UndoAnswer } from "../../src/rpc/history";
import { driveSteps, type EnrichWorld, rpcValue, SHEET, startEnrichWorld } from "../jobs/enrich-world";

const JOB_CHANGES = "Job changes";
const START = Date.UTC(2026, 10, 21, 9, 0, 0);

let world: EnrichWorld;
let urls: string[];

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { CHUNK_SIZE: "40", SPEND_CAP: "5000", API_GENERATION: "legacy" },
    clock: manualClock(START),
  });
  urls = await world.control.sampleUrls(3, 23);
});

afterAll(async () => {
  await world?.close();
});

function clear(name: string): void {
  if (!world.runtime.sheets().some((sheet) => sheet.name === name)) return;
  world.runtime.getSheetCells(name).forEach((row, r) => {
    row.forEach((cell, c) => {
      if (cell.input !== "") world.runtime.setCell(name, `${String.fromCharCode(65 + c)}${r + 1}`, "");
    });
  });
}

beforeEach(async () => {
  await world.control.reset();
  world.runtime.properties.document.clear();
  for (const name of [SHEET, HISTORY_SHEET, JOB_CHANGES]) clear(name);
  world.runtime.setValues(SHEET, "A1", [
    ["Profile URL", "Name", "Title", "Company"],
    [urls[0]!, "", "Old title", "Old Co"],
    [urls[1]!, "", "", ""],
    [urls[2]!, "", "Another old title", "Another Old Co"],
  ]);
});

function run(fresh: boolean, user?: string): { jobId: string; end: EnrichProgress } {
  const request: EnrichRequest = {
    options: {
      fields: ["full_name", "job_title", "company_name"],
      extras: fresh ? { up_to_the_second_fresh: true } : {},
      mode: "refresh",
    },
  };
  world.runtime.select(SHEET, "A1:A4");
  const options = user ? { user } : undefined;
  const estimate = rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", request, options);
  rpcValue<EnrichProgress>(world.runtime, "enrichConfirm", { jobId: estimate.progress.jobId }, options);
  return { jobId: estimate.progress.jobId, end: driveSteps(world.runtime, estimate.progress.jobId) };
}

/** The Job changes sheet since November, as text, and where its Note column is. */
function jobChangesSheet(): { rows: string[][]; note: number } {
  rpcValue<JobChangesSheet>(world.runtime, "historyShowJobChanges", { since: "2026-11-01" });
  const rows = world.runtime.getSheetCells(JOB_CHANGES).map((row) => row.map((cell) => String(cell.value)));
  return { rows, note: rows[0]!.indexOf("Note") };
}

describe("job changes from cached answers (issue 23.6)", () => {
  it("a Fresh-data-off run's job changes are marked in the Job changes sheet; Undo empties the digest", () => {
    const { jobId, end } = run(false);
    expect(end.state).toBe("done");
    const digest = rpcValue<JobChangeDigest>(world.runtime, "historyDigest", { jobId });
    expect(digest.count).toBe(2);
    expect(digest.changes.every((change) => change.cached)).toBe(true);

    const { rows: sheet, note } = jobChangesSheet();
    const moved = sheet.filter((row) => row.includes(urls[0]!) || row.includes(urls[2]!));
    expect(moved).toHaveLength(2);
    for (const row of moved) expect(row[note]).toMatch(/^seen in a cached answer \(Fresh data off\)/);

    rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
    const after = rpcValue<JobChangeDigest>(world.runtime, "historyDigest", { jobId });
    expect(after).toMatchObject({ count: 0, changes: [], undone: true });
  });

  it("a fresh run's job changes carry no cached note", () => {
    const { jobId } = run(true);
    const digest = rpcValue<JobChangeDigest>(world.runtime, "historyDigest", { jobId });
    expect(digest.count).toBe(2);
    expect(digest.changes.some((change) => change.cached)).toBe(false);
    const { rows: sheet, note } = jobChangesSheet();
    expect(sheet.slice(1).every((row) => (row[note] ?? "") === "")).toBe(true);
  });
});

describe("a history written before Time (UTC) (issue 23.10)", () => {
  it("gains the column's header on the next run; no migration of its rows", () => {
    if (!world.runtime.sheets().some((sheet) => sheet.name === HISTORY_SHEET))
      world.runtime.insertSheet(HISTORY_SHEET);
    world.runtime.setValues(HISTORY_SHEET, "A1", [
      ["Run", "Time", "Sheet", "Profile URL", "Summary", "Changes"],
      ["old-run", "2026-10-01T08:00:00Z", SHEET, urls[1]!, 'Title: (empty) -> "x"', "not json"],
    ]);
    run(true);
    const history = world.runtime.getSheetCells(HISTORY_SHEET);
    expect(history[0]!.map((cell) => String(cell.value))).toEqual([...HISTORY_HEADERS]);
    expect(String(history[1]![1]!.value)).toBe("2026-10-01T08:00:00Z");
    expect(history.length).toBeGreaterThan(2);
  });
});
