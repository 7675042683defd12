/**
 * Rows inserted inside a scheduled list, or added right under it, between two periods: the next
 * period refreshes them and the rows they pushed down. The list used to keep its number of rows,
 * so the rows pushed past its old end were left out of every later run without a word (their
 * statuses still said "ok" from the run before). Sorted rows between periods are planned afresh.
 * Built add-on in the emulated runtime, the sandbox's ledger read after.
 */
import { describe, expect, it } from "vitest";
import { chargesPerPerson, SHEET } from "../jobs/enrich-world";
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

describe("rows inserted or added between two scheduled runs", () => {
  it("3 rows inserted inside the list and 2 added under it: the next period refreshes all 15, each person once", async () => {
    const world = await start({ urls: 10 });
    value(saveSchedule(world, 100));
    world.runtime.advanceClock(HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 10 });

    const newcomers = await world.control.sampleUrls(5, 5000);
    world.runtime.insertRows(SHEET, 5, 3);
    world.runtime.setValues(
      SHEET,
      "A5",
      newcomers.slice(0, 3).map((url) => [url]),
    );
    world.runtime.setValues(
      SHEET,
      "A15",
      newcomers.slice(3).map((url) => [url]),
    );
    world.runtime.advanceClock(7 * DAY + HOUR);
    const view = scheduleStatus(world)!;
    expect(view.range).toBe("A2:A16");
    expect(scheduleStatus(world, COLLEAGUE)!.range).toBe("A2:A16");
    expect(view.last).toMatchObject({ ok: 15, credits: 15, stopped: null });
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 25 });
    const charges = await chargesPerPerson(world.control);
    expect(charges.size).toBe(15);
    // The 10 first refreshed twice (both weeks), the 5 newcomers once.
    expect([...charges.values()].sort()).toEqual([...Array(5).fill(1), ...Array(10).fill(2)]);

    // The grown list is the owner's terms now: the week after runs, nothing refused.
    world.runtime.advanceClock(7 * DAY + HOUR);
    const after = scheduleStatus(world)!;
    expect(after.refused).toBeNull();
    expect(after.last).toMatchObject({ ok: 15, credits: 15, stopped: null });
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 40 });
  });
});
