/**
 * Issue 18, items 9 and 10 (item 3 in fault-matrix-schedule.test.ts): a scheduled run's life across trigger runs, with the built add-on
 * in the emulated runtime and the sandbox's ledger read after.
 * - 18.3 (40 s lookups, 12 trigger runs): in fault-matrix-schedule.test.ts.
 * - 18.9: rows inserted above the list: the schedule follows its header row.
 * - 18.10: Continue after a "changed" stop cannot break the schedule: every trigger run ends
 *   cleanly, the panel shows no run "under way" for good, and the schedule goes on.
 */
import { describe, expect, it } from "vitest";
import { chargesPerPerson, SHEET } from "../jobs/enrich-world";
import {
  DAY,
  HOUR,
  rpc,
  saveSchedule,
  scheduleStatus,
  scheduleWorlds,
  statuses,
  value,
} from "./schedule-world";

const start = scheduleWorlds();

describe("a schedule follows its rows (18.9)", () => {
  it("rows inserted above the list: the next period refreshes the same rows where they are now", async () => {
    const world = await start({ urls: 10 });
    value(saveSchedule(world, 100));
    world.runtime.advanceClock(HOUR);
    expect(scheduleStatus(world)!.last).toMatchObject({ ok: 10, stopped: null });

    world.runtime.insertRows(SHEET, 1, 3);
    world.runtime.setValues(SHEET, "A1", [["Prospects, Q4"]]);
    world.runtime.advanceClock(7 * DAY + HOUR);
    const view = scheduleStatus(world)!;
    expect(view.last).toMatchObject({ ok: 10, stopped: null });
    expect(view.range).toBe("A5:A14");
    expect(statuses(world, 4).filter((text) => /^ok/.test(text))).toHaveLength(10);
    const charges = await chargesPerPerson(world.control);
    expect(charges.size).toBe(10);
    expect([...charges.values()].every((count) => count === 2)).toBe(true);
  });
});

describe("Continue after a stop cannot break a schedule (18.10)", () => {
  it("a 'changed' stop, saved again and continued: every later trigger run ends cleanly and the schedule goes on", async () => {
    const world = await start({ urls: 20 });
    value(saveSchedule(world, 5));
    world.runtime.advanceClock(HOUR);
    expect(scheduleStatus(world)!.current!.stopped).toMatchObject({ kind: "spend_cap" });

    // A colleague replaces a URL of the list, then the owner raises the cap (Continue).
    const [newcomer] = await world.control.sampleUrls(1, 5000);
    world.runtime.setCell(SHEET, "A16", newcomer!);
    value(rpc(world, "scheduleSave", { period: "week", cap: 100 }));
    world.runtime.advanceClock(HOUR);
    const afterChange = scheduleStatus(world)!;
    const stopped = afterChange.current?.stopped ?? afterChange.last?.stopped;
    expect(stopped).toMatchObject({ kind: "changed" });

    // The owner saves the schedule on the list again, then presses Continue.
    value(saveSchedule(world, 100));
    value(rpc(world, "scheduleSave", { period: "week", cap: 100 }));
    const runs = world.runtime.advanceClock(6 * HOUR);
    expect(runs.filter((run) => run.outcome !== "completed")).toEqual([]);
    const view = scheduleStatus(world)!;
    expect(view.current).toBeNull();
    expect(view.last).toMatchObject({ stopped: null, failed: 0 });
    // Every person of the list as it is now was refreshed once (the replaced one was never reached).
    const charges = await chargesPerPerson(world.control);
    expect([...charges.values()].every((count) => count === 1)).toBe(true);
    expect(charges.size).toBe(20);
    expect(statuses(world).filter((text) => /^ok/.test(text))).toHaveLength(20);

    // The next period starts clean.
    world.runtime.advanceClock(7 * DAY);
    const next = scheduleStatus(world)!;
    expect(next.current).toBeNull();
    expect(next.last).toMatchObject({ stopped: null });
    expect(Date.parse(next.last!.startedAt)).toBeGreaterThan(Date.parse(view.last!.startedAt));
  });
});
