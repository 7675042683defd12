/**
 * The scheduled refresh's pure parts: following the list by its header (18.9), comparing the
 * document's copy with the owner's terms (18.1), and the daily trigger-time count (19.4).
 */
import { describe, expect, it } from "vitest";
import { followList } from "../../src/jobs/schedule/follow-list";
import type { ScheduleConfig } from "../../src/jobs/schedule/schedule";
import { termsDiffer } from "../../src/jobs/schedule/terms";
import { addTriggerTime, nextDayStart, triggerTimeUsed } from "../../src/jobs/schedule/trigger-time";
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

describe("the day's trigger time", () => {
  it("adds up within a UTC day and starts again at the next", () => {
    const store = new MemoryStore();
    const morning = Date.UTC(2026, 10, 21, 9, 0, 0);
    addTriggerTime(store, morning, 300_000);
    addTriggerTime(store, morning + 1000, -60_000);
    expect(triggerTimeUsed(store, morning + 3_600_000)).toBe(240_000);
    expect(nextDayStart(morning)).toBe(Date.UTC(2026, 10, 22));
    expect(triggerTimeUsed(store, Date.UTC(2026, 10, 22, 0, 0, 1))).toBe(0);
    // A reservation given back on the next day never makes the count negative.
    addTriggerTime(store, Date.UTC(2026, 10, 22, 1), -300_000);
    expect(triggerTimeUsed(store, Date.UTC(2026, 10, 22, 2))).toBe(0);
  });
});
