/**
 * A schedule keeps its slot on the spreadsheet's clock (File > Settings), across a daylight-saving
 * change: slots were counted in UTC, so a weekly schedule made on a Saturday at 09:00 in New York
 * ran at 08:00 there once the clocks went back (1 Nov 2026), and a monthly one made on the 31st in
 * Tokyo ran on the 1st of the next month instead of a short month's last day. Built add-on in the
 * emulated runtime, its triggers at random moments within their hour.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_REQUEST, SHEET } from "../jobs/enrich-world";
import { DAY, rpc, saveSchedule, scheduleStatus, scheduleWorlds, value } from "./schedule-world";

const start = scheduleWorlds();

/** Weekday and hour (or day of month) of an instant on a zone's clock. */
function wall(iso: string, timeZone: string): { weekday: string; hour: number; day: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "numeric",
    hourCycle: "h23",
    day: "numeric",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { weekday: part("weekday"), hour: Number(part("hour")), day: Number(part("day")) };
}

describe("a schedule's slots on the spreadsheet's clock", () => {
  it("made Saturday 09:00 in New York before the clocks go back: every run a Saturday between 09:00 and 10:00 there", async () => {
    const zone = "America/New_York";
    const world = await start({ urls: 3, timeZone: zone, start: Date.UTC(2026, 9, 17, 13, 0, 0) });
    value(saveSchedule(world, 100));
    const starts: string[] = [];
    for (let week = 0; week < 4; week += 1) {
      world.runtime.advanceClock(7 * DAY);
      starts.push(scheduleStatus(world)!.last!.startedAt);
    }
    expect(starts.map((at) => wall(at, zone))).toEqual(
      starts.map(() => expect.objectContaining({ weekday: "Sat", hour: 9 })),
    );
    // The next slot too, as the panel shows it (in UTC): 14:00 UTC is 09:00 in New York in winter.
    expect(scheduleStatus(world)!.nextRunAt).toBe("2026-11-14T14:00:00Z");
  });

  it("made on 31 Jan at 08:00 in Tokyo, monthly: it runs on each month's last day there, never twice in a month", async () => {
    const zone = "Asia/Tokyo";
    const world = await start({ urls: 3, timeZone: zone, start: Date.UTC(2027, 0, 30, 23, 0, 0) });
    world.runtime.select(SHEET, "A1:A4");
    const options = { ...DEFAULT_REQUEST.options, extras: { up_to_the_second_fresh: true } };
    value(rpc(world, "scheduleSave", { request: { options }, period: "month", cap: 100 }));
    const days: number[] = [];
    for (let month = 0; month < 3; month += 1) {
      world.runtime.advanceClock(31 * DAY);
      days.push(wall(scheduleStatus(world)!.last!.startedAt, zone).day);
    }
    // Feb 28, Mar 31, Apr 30 on Tokyo's clock (1 Mar, 31 Mar and 1 May before: twice in March).
    expect(days).toEqual([28, 31, 30]);
  });
});
