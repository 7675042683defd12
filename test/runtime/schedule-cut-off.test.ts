/**
 * A scheduled run cut off mid-refresh (the day's trigger time ends 100 s into a trigger run, 40 s
 * a lookup call; PRODUCTION.md G10), then Apps Script refuses the user's triggers until the day
 * turns: nobody is charged twice, the lookups cut off are marked "may have been charged" (never
 * resent by the run), and the credits the panel reports are the ledger's. Built add-on in the
 * emulated runtime, the sandbox's ledger read after.
 */
import { describe, expect, it } from "vitest";
import { chargesPerPerson } from "../jobs/enrich-world";
import {
  chargedByKey,
  DEMO_KEY,
  HOUR,
  saveSchedule,
  scheduleStatus,
  scheduleWorlds,
  statuses,
  value,
} from "./schedule-world";

const start = scheduleWorlds();

describe("a scheduled run cut off mid-refresh", () => {
  it("the day's trigger time ends 100 s into a run: the run goes on the next day, each person charged once, the panel's credits the ledger's", async () => {
    const world = await start({ urls: 40, fetchMs: 40_000 });
    value(saveSchedule(world, 100));
    const quota = world.runtime.quotas.triggerRuntime;
    quota.setUsed(quota.used() + quota.remaining() - 100_000);
    const first = world.runtime.advanceClock(HOUR);
    expect(first.map((run) => run.outcome)).toEqual(["failed"]);

    const later = world.runtime.advanceClock(30 * HOUR);
    expect(later.some((run) => run.outcome === "completed")).toBe(true);
    const charges = await chargesPerPerson(world.control);
    expect([...charges.values()].filter((count) => count > 1)).toEqual([]);
    const rows = statuses(world);
    const cut = rows.filter((text) => /^interrupted: .*may have been charged/.test(text)).length;
    expect(cut).toBeGreaterThan(0);
    expect(rows.filter((text) => /^ok/.test(text)).length + cut).toBe(40);
    const run = scheduleStatus(world)!.last!;
    expect(run).toMatchObject({ ok: 40 - cut, failed: cut, stopped: null });
    expect(run.credits).toBe((await chargedByKey(world))[DEMO_KEY]);
  });
});
