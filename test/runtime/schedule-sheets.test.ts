/**
 * A schedule's sheet renamed, then deleted, and a second sheet of the same spreadsheet, as both
 * users see it (built add-on in the emulated runtime, the sandbox's ledger read after).
 */
import { describe, expect, it } from "vitest";
import { SHEET } from "../jobs/enrich-world";
import {
  COLLEAGUE,
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

describe("the schedule's sheet renamed, then deleted", () => {
  it("renamed: the panel names it as it is now and the next period runs there; deleted: the run stops and says so, nothing charged", async () => {
    const world = await start({ urls: 10 });
    value(saveSchedule(world, 30));
    world.runtime.advanceClock(HOUR);
    world.runtime.renameSheet(SHEET, "Prospects");
    expect(scheduleStatus(world)!.sheetName).toBe("Prospects");
    expect(scheduleStatus(world, COLLEAGUE)!.sheetName).toBe("Prospects");

    world.runtime.advanceClock(7 * DAY + HOUR);
    expect(scheduleStatus(world)!.last).toMatchObject({ ok: 10, credits: 10, stopped: null });
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 20 });

    world.runtime.insertSheet("Other");
    world.runtime.deleteSheet("Prospects");
    world.runtime.advanceClock(7 * DAY + HOUR);
    const view = scheduleStatus(world, COLLEAGUE)!;
    expect(view.last!.stopped).toMatchObject({ kind: "changed" });
    expect(view.last!.stopped!.message).toMatch(/is gone/);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 20 });
  });
});
