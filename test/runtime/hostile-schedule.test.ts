/**
 * A scheduled refresh against a sandbox whose every display text is hostile (sandbox/api/
 * hostile-text.ts): the trigger's runs write the API's text inert, and the next period reads its
 * own escaped cells back as the same text (no job change), each person charged once a period.
 */
import { describe, expect, it } from "vitest";
import { SHEET } from "../jobs/enrich-world";
import { expectInert, isHostile } from "./hostile-cells";
import {
  chargedByKey,
  DAY,
  DEMO_KEY,
  HOUR,
  saveSchedule,
  scheduleStatus,
  scheduleWorlds,
  value,
} from "./schedule-world";

const start = scheduleWorlds();
const URLS = 10;

describe("a scheduled refresh of hostile text", () => {
  it("writes it inert, and a week later finds no job change in its own cells", async () => {
    const world = await start({ urls: URLS });
    await world.control.configure({ hostileText: true });
    value(saveSchedule(world, 100));
    world.runtime.advanceClock(HOUR);
    expect(scheduleStatus(world)?.last).toMatchObject({ ok: URLS, failed: 0, stopped: null });
    const text = ["Full Name", "Job Title", "Company", "Location"];
    expect(expectInert(world.runtime, SHEET, text)).toBeGreaterThan(URLS);
    const inputs = () => world.runtime.getSheetCells(SHEET).map((row) => row.slice(0, 5).map((c) => c.input));
    const before = inputs();
    expect(before.flat().some((input) => input.startsWith("'") && isHostile(input.slice(1)))).toBe(true);

    world.runtime.advanceClock(7 * DAY + HOUR);
    const last = scheduleStatus(world)?.last;
    expect(last).toMatchObject({ ok: URLS, failed: 0, jobChanges: 0, stopped: null });
    expect(inputs()).toEqual(before);
    expectInert(world.runtime, SHEET, text);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 2 * URLS });
  });
});
