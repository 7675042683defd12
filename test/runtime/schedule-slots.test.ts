/**
 * A schedule keeps its slot: a time-driven trigger fires at a random moment within its hour
 * (PRODUCTION.md G10), and the next run used to be counted from the moment the last one started,
 * so a weekly schedule made on a Saturday at 09:00 drifted later every week (16:51 eleven weeks
 * on). Built add-on in the emulated runtime, its triggers at random moments, the ledger after.
 */
import { describe, expect, it } from "vitest";
import { chargesPerPerson } from "../jobs/enrich-world";
import { DAY, saveSchedule, scheduleStatus, scheduleWorlds, value } from "./schedule-world";

const start = scheduleWorlds();

describe("a weekly schedule keeps its slot", () => {
  it("made Saturday 09:00: each of 12 weekly runs starts on a Saturday between 09:00 and 10:00, each person charged once a week", async () => {
    const world = await start({ urls: 3 });
    value(saveSchedule(world, 100));
    const starts: Date[] = [];
    for (let week = 0; week < 12; week += 1) {
      world.runtime.advanceClock(7 * DAY);
      starts.push(new Date(scheduleStatus(world)!.last!.startedAt));
    }
    expect(new Set(starts.map((at) => at.toISOString())).size).toBe(12);
    for (const at of starts) {
      expect(at.getUTCDay(), at.toISOString()).toBe(6);
      expect(at.getUTCHours(), at.toISOString()).toBe(9);
    }
    const charges = await chargesPerPerson(world.control);
    expect([...charges.values()]).toEqual([12, 12, 12]);
  });
});
