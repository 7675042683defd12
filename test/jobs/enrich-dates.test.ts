/**
 * Issue 23.10: Enriched At is written as a date (a Date value with a date-time number format), and
 * read back as a time whether the cell holds a date (what getValues gives for a date cell, with
 * milliseconds when turned into text) or the ISO text older versions wrote.
 */
import { describe, expect, it } from "vitest";
import { confirmJob, estimateJob, stepJob } from "../../src/jobs/enrich/job";
import { DEFAULT_ENRICH_OPTIONS } from "../../src/jobs/enrich/options";
import type { SelectionBox } from "../../src/jobs/enrich/plan";
import { DATE_TIME_FORMAT, timeOfCell } from "../../src/sheet/sheet-time";
import { deps, FakeClient, MemoryGrid, url } from "./enrich-fakes";

const box = (height: number): SelectionBox => ({
  sheetId: 1,
  sheetName: "CRM",
  top: 1,
  left: 1,
  height,
  width: 1,
});
const DAY = 86_400_000;

function runAll(d: ReturnType<typeof deps>, jobId: string) {
  let progress = stepJob(d, jobId);
  for (let i = 0; i < 50 && progress.state === "running"; i += 1) progress = stepJob(d, jobId);
  return progress;
}

describe("Enriched At is a date (issue 23.10)", () => {
  it("a run writes Enriched At as a date value with a date-time number format", () => {
    const grid = MemoryGrid.fromRows([
      ["Profile URL", "Title"],
      [url("a"), ""],
      [url("b"), ""],
    ]);
    const d = deps(grid, new FakeClient());
    const { progress } = estimateJob(d, grid, box(3), DEFAULT_ENRICH_OPTIONS);
    confirmJob(d, progress.jobId);
    expect(runAll(d, progress.jobId).state).toBe("done");
    const at = grid.column("enriched_at");
    expect(at[0]).toBeInstanceOf(Date);
    expect((at[0] as Date).getTime()).toBe(Math.floor(d.clock.now() / 1000) * 1000);
    const column = grid.columnIndex("enriched_at") + 1;
    expect(grid.numberFormats.get(`2:${column}`)).toBe(DATE_TIME_FORMAT);
    expect(grid.numberFormats.get(`3:${column}`)).toBe(DATE_TIME_FORMAT);
  });

  it("rows refreshed within the last day are skipped, whether their time is a date cell (to the second) or older ISO text", () => {
    const d = deps(new MemoryGrid([]), new FakeClient());
    const now = d.clock.now();
    const grid = MemoryGrid.fromRows([
      ["Profile URL", "Enrichment Status", "Enriched At"],
      // A date cell exactly one day old: read back as a Date, its text has milliseconds.
      [url("a"), "ok", new Date(now - DAY)],
      [url("b"), "ok", new Date(now - 3_600_000)],
      // Written by an older version: ISO text, which Sheets reads back without the apostrophe.
      [url("c"), "ok", new Date(now - 3_600_000).toISOString().replace(/\.\d{3}Z$/, "Z")],
      // Older than a day, typed text that is no time, and an empty time: all bought again.
      [url("d"), "ok", new Date(now - DAY - 1000)],
      [url("e"), "ok", "yesterday"],
      [url("f"), "ok", ""],
    ]);
    const { plan } = estimateJob(d, grid, box(7), { ...DEFAULT_ENRICH_OPTIONS, skipRefreshedDays: 1 });
    expect(plan.toFetch.map((index) => plan.urls.urls[index])).toEqual([url("d"), url("e"), url("f")]);
  });

  it("timeOfCell reads dates and UTC ISO text as the same instant, and nothing else", () => {
    const ms = Date.UTC(2026, 10, 25, 3, 19, 26);
    expect(timeOfCell(new Date(ms))).toBe(ms);
    expect(timeOfCell("2026-11-25T03:19:26Z")).toBe(ms);
    expect(timeOfCell("'2026-11-25T03:19:26.000Z")).toBe(ms);
    for (const other of ["2026-11-25 03:19:26", "25/11/2026", "", 46000, true, null, new Date(Number.NaN)])
      expect(timeOfCell(other)).toBeNull();
  });
});
