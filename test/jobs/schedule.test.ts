import { describe, expect, it } from "vitest";
import { currentJob } from "../../src/jobs/enrich/job";
import { runScheduled } from "../../src/jobs/schedule/run";
import { addPeriod, freshSince, loadSchedule, saveSchedule } from "../../src/jobs/schedule/schedule";
import { deps, FakeClient, lead, MemoryGrid, url } from "./enrich-fakes";

const utc = (...parts: [number, number, number, number?]) =>
  Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3] ?? 0);

describe("schedule periods", () => {
  it("a week is 7 days; a month is the same day next month, or its last day", () => {
    expect(addPeriod(utc(2026, 11, 21, 10), "week")).toBe(utc(2026, 11, 28, 10));
    expect(addPeriod(utc(2026, 1, 31, 10), "month")).toBe(utc(2026, 2, 28, 10));
    expect(addPeriod(utc(2026, 12, 15), "month")).toBe(utc(2027, 1, 15));
    expect(addPeriod(utc(2026, 3, 31), "month", -1)).toBe(utc(2026, 2, 28));
  });

  it("rows refreshed within the period less a day are fresh", () => {
    expect(freshSince(utc(2026, 11, 28, 10), "week")).toBe(utc(2026, 11, 22, 10));
    expect(freshSince(utc(2026, 12, 15), "month")).toBe(utc(2026, 11, 16));
  });
});

describe("a scheduled run's skipped URLs", () => {
  it("say why: refreshed within the period, and in fill mode no empty cell to fill", () => {
    const now = Date.UTC(2026, 10, 21, 12, 0, 0);
    const recent = new Date(now - 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");
    const old = new Date(now - 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");
    const grid = MemoryGrid.fromRows([
      ["Profile URL", "Title", "Company", "enrichment_status", "enriched_at"],
      [url("empty"), "", "", "", ""],
      [url("full"), "T", "C", "ok", old],
      [url("fresh"), "", "C", "ok", recent],
    ]);
    const d = deps(grid, new FakeClient((sent) => ({ ok: true, lead: lead(sent.split("/in/")[1]!) })));
    const box = { sheetId: 1, sheetName: "CRM", top: 1, left: 1, height: 4, width: 1 };
    saveSchedule(d.store, {
      config: {
        box,
        urlColumn: 1,
        options: { fields: ["job_title", "company_name"], extras: {}, mode: "fill" },
        period: "week",
        cap: 100,
      },
      createdAt: now,
      nextRunAt: now,
      current: null,
      last: null,
      triggerId: null,
    });
    expect(runScheduled({ store: d.store, clock: d.clock, job: () => d, jobChanges: () => 0 })).toBe("done");
    const skips = [
      { reason: "no empty cell to fill", urls: 1 },
      { reason: "refreshed within the period", urls: 1 },
    ];
    expect(loadSchedule(d.store)!.last).toMatchObject({ ok: 1, skipped: 2, skips });
    // The Enrich tab shows the same run (the sidebar opened later) with the same reasons.
    expect(currentJob(d)).toMatchObject({ state: "done", skipped: 2, skips });
  });
});
