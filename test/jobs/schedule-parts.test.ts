/**
 * The scheduled refresh's pure parts: following the list by its header (18.9), comparing the
 * document's copy with the owner's terms (18.1), and the daily trigger-time count (19.4).
 */
import { describe, expect, it } from "vitest";
import { followList } from "../../src/jobs/schedule/follow-list";
import { foldRuns, hadRun, type PeriodSpending, spentBefore } from "../../src/jobs/schedule/period-spending";
import { type ScheduleConfig, slotAfter } from "../../src/jobs/schedule/schedule";
import { termsDiffer } from "../../src/jobs/schedule/terms";
import {
  addTriggerTime,
  recentTriggerTime,
  triggerTimeFreesAt,
  triggerTimeUsed,
} from "../../src/jobs/schedule/trigger-time";
import { MemoryGrid, MemoryStore } from "./enrich-fakes";

const config: ScheduleConfig = {
  box: { sheetId: 1, sheetName: "CRM", top: 1, left: 2, height: 3, width: 1 },
  urlColumn: 2,
  options: { fields: ["job_title"], extras: {}, mode: "refresh" },
  period: "week",
  cap: 5,
  header: "Profile URL",
};
const url = (slug: string) => `https://www.network.example/in/${slug}`;

describe("a schedule follows its list", () => {
  it("stays when its header is where it was", () => {
    const grid = MemoryGrid.fromRows([
      ["Name", "Profile URL"],
      ["A", url("a")],
      ["B", url("b")],
    ]);
    expect(followList(grid, config)).toEqual({ box: config.box, urlColumn: 2 });
  });

  it("moves down with rows inserted above, and right with columns inserted left", () => {
    const rowsAbove = MemoryGrid.fromRows([
      ["Q4"],
      [""],
      ["Name", "Profile URL"],
      ["A", url("a")],
      ["B", url("b")],
    ]);
    expect(followList(rowsAbove, config)).toEqual({ box: { ...config.box, top: 3 }, urlColumn: 2 });
    const columnLeft = MemoryGrid.fromRows([
      ["", "Name", "Notes", "Profile URL"],
      ["", "A", "", url("a")],
    ]);
    expect(followList(columnLeft, config)).toEqual({ box: { ...config.box, left: 4 }, urlColumn: 4 });
  });

  it("grows with rows inserted inside it or added right under it, down to the first empty cell", () => {
    const grown = MemoryGrid.fromRows([
      ["Name", "Profile URL"],
      ["A", url("a")],
      ["New", url("new")],
      ["B", url("b")],
      ["C", url("c")],
      ["", ""],
      ["Notes", "not part of the list"],
    ]);
    expect(followList(grown, config)).toEqual({ box: { ...config.box, height: 5 }, urlColumn: 2 });
    const shorter = MemoryGrid.fromRows([
      ["Name", "Profile URL"],
      ["A", url("a")],
    ]);
    expect(followList(shorter, config)).toEqual({ box: config.box, urlColumn: 2 });
  });

  it("is lost when its header is gone; a schedule saved without a header keeps its place", () => {
    const renamed = MemoryGrid.fromRows([
      ["Name", "LinkedIn"],
      ["A", url("a")],
    ]);
    expect(followList(renamed, config)).toBeNull();
    const { header: _, ...older } = config;
    expect(followList(renamed, older)).toEqual({ box: config.box, urlColumn: 2 });
  });
});

describe("the owner's terms", () => {
  it("name what an editor changed in the document's copy", () => {
    expect(termsDiffer(config, { ...config })).toEqual([]);
    // Key order does not matter.
    const { cap, ...rest } = config;
    const reordered = JSON.parse(JSON.stringify({ cap, ...rest })) as ScheduleConfig;
    expect(termsDiffer(reordered, config)).toEqual([]);
    const tampered: ScheduleConfig = {
      ...config,
      cap: 150,
      options: { ...config.options, extras: { reactions: true } },
      box: { ...config.box, height: 300 },
    };
    expect(termsDiffer(tampered, config)).toEqual([
      "the cap (5 became 150)",
      "the fields, extras or mode",
      "the rows",
    ]);
  });
});

describe("the trigger time of the last 24 hours", () => {
  const HOUR = 3_600_000;
  const nine = Date.UTC(2026, 10, 21, 9, 0, 0);

  it("adds up each run's time, settled after its reservation, and forgets runs 24 hours old", () => {
    const store = new MemoryStore();
    addTriggerTime(store, nine, 300_000);
    addTriggerTime(store, nine, -60_000);
    addTriggerTime(store, nine + HOUR, 100_000);
    expect(triggerTimeUsed(store, nine + 2 * HOUR)).toBe(340_000);
    // Whatever day Google counts in: the run of 09:00 counts until 09:00 the next day.
    expect(triggerTimeUsed(store, nine + 24 * HOUR - 1)).toBe(340_000);
    expect(triggerTimeUsed(store, nine + 24 * HOUR)).toBe(100_000);
    // A reservation given back never makes a run's time negative.
    addTriggerTime(store, nine + HOUR, -500_000);
    expect(recentTriggerTime(store, nine + 2 * HOUR)).toEqual([
      { at: nine, ms: 240_000 },
      { at: nine + HOUR, ms: 0 },
    ]);
  });

  it("says when a run fits again: once enough of the oldest runs are 24 hours old", () => {
    const runs = [
      { at: nine, ms: 200_000 },
      { at: nine + HOUR, ms: 200_000 },
      { at: nine + 2 * HOUR, ms: 200_000 },
    ];
    const now = nine + 3 * HOUR;
    expect(triggerTimeFreesAt(runs, now, 700_000, 100_000)).toBe(now);
    expect(triggerTimeFreesAt(runs, now, 600_000, 100_000)).toBe(nine + 24 * HOUR);
    expect(triggerTimeFreesAt(runs, now, 400_000, 100_000)).toBe(nine + 25 * HOUR);
  });
});

describe("a schedule's slots", () => {
  const at = (text: string) => Date.parse(text);
  it("come every period from when it was made, whenever the last run started", () => {
    const made = at("2026-11-21T09:00:00Z");
    expect(slotAfter(made, "week", at("2026-11-21T09:59:00Z"))).toBe(at("2026-11-28T09:00:00Z"));
    expect(slotAfter(made, "week", at("2026-11-28T09:00:00Z"))).toBe(at("2026-12-05T09:00:00Z"));
    expect(slotAfter(made, "week", at("2027-02-06T09:40:00Z"))).toBe(at("2027-02-13T09:00:00Z"));
  });
  it("a monthly one made on the 31st comes on each month's last day, back on the 31st when there is one", () => {
    const made = at("2027-01-31T09:00:00Z");
    expect(slotAfter(made, "month", at("2027-01-31T09:30:00Z"))).toBe(at("2027-02-28T09:00:00Z"));
    expect(slotAfter(made, "month", at("2027-02-28T09:30:00Z"))).toBe(at("2027-03-31T09:00:00Z"));
  });
});

describe("a period's spending", () => {
  it("counts every run of the period, and stays small however often the run starts again", () => {
    const spending: PeriodSpending = { since: 0, runs: {} };
    expect(hadRun(spending)).toBe(false);
    // A month of hourly restarts, each run costing 1 before the list changed under it.
    for (let hour = 0; hour < 720; hour += 1) {
      foldRuns(spending);
      spending.runs[`run-${hour}`] = 1;
      expect(spentBefore(spending, `run-${hour}`)).toBe(hour);
    }
    expect(spentBefore(spending, null)).toBe(720);
    expect(hadRun(spending)).toBe(true);
    expect(JSON.stringify(spending).length).toBeLessThan(100);
  });
});
