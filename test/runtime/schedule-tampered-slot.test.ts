/**
 * The schedule's slot is part of what its owner agreed to: a period lasts a week (or a month) from
 * the slot they made it at. The spreadsheet's copy kept the only anchor of the slots (createdAt),
 * and the trigger counted the period's spending from it: a copy whose anchor was moved back a week
 * made the next trigger run a new period with a fresh cap, so an editor adding other people to
 * the list and moving the anchor every hour made the owner's key pay the cap every hour. Built
 * add-on in the emulated runtime, the sandbox's ledger read after.
 */
import { describe, expect, it } from "vitest";
import { SHEET } from "../jobs/enrich-world";
import {
  chargedByKey,
  DEMO_KEY,
  HOUR,
  saveSchedule,
  scheduleStatus,
  scheduleWorlds,
  value,
} from "./schedule-world";

const start = scheduleWorlds();
const WEEK = 7 * 24 * HOUR;

describe("a copy whose slot was moved", () => {
  it("cap 10 a week, other people added and the copy's slot moved back every hour for 4 hours: the owner is charged 10, not 50", async () => {
    const world = await start({ urls: 10 });
    const made = value(saveSchedule(world, 10));
    world.runtime.advanceClock(HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 10 });

    const others = await world.control.sampleUrls(40, 5000);
    const documentProperties = world.runtime.properties.document;
    for (let hour = 0; hour < 4; hour += 1) {
      // Ten more people under the list (the list grows with its rows).
      world.runtime.insertRows(SHEET, 12 + hour * 10, 10);
      world.runtime.setValues(
        SHEET,
        `A${12 + hour * 10}`,
        others.slice(hour * 10, hour * 10 + 10).map((url) => [url]),
      );
      const copy = JSON.parse(documentProperties.get("schedule")!);
      // Anchored so that a period ends just after the latest run started: a new one is due.
      copy.createdAt = (copy.current ?? copy.last).startedAt - WEEK + 1_000;
      copy.nextRunAt = 0;
      documentProperties.setAll({ schedule: JSON.stringify(copy) });
      world.runtime.advanceClock(HOUR);
    }
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 10 });
    // The slots stay the owner's: a week after the schedule was made.
    // The run the added rows started is stopped by what is left of the period's cap: nothing.
    expect(scheduleStatus(world)!.current!.stopped).toMatchObject({ kind: "spend_cap" });
    // The copy's anchor is the owner's again: the period ends a week after the schedule was made.
    const copy = JSON.parse(documentProperties.get("schedule")!);
    expect(copy.createdAt).toBe(Date.parse(made.nextRunAt));
  });
});
