/**
 * Continue (the schedule saved again without a new selection) keeps the list, fields and extras its
 * owner saved, never a document copy changed behind their back: it used to take the list and
 * options from the spreadsheet's copy, so pressing Continue under a "no longer matches" refusal
 * made an editor's paid extras the owner's terms. Built add-on in the emulated runtime, the
 * sandbox's ledger read after (a lookup with reactions costs 2).
 */
import { describe, expect, it } from "vitest";
import {
  chargedByKey,
  DAY,
  DEMO_KEY,
  HOUR,
  rpc,
  saveSchedule,
  scheduleStatus,
  scheduleWorlds,
  value,
} from "./schedule-world";

const start = scheduleWorlds();

describe("Continue after a changed document copy", () => {
  it("continued under 100 with the owner's options: 20 credits, then 20 the next week, no paid extra", async () => {
    const world = await start({ urls: 20 });
    value(saveSchedule(world, 3));
    world.runtime.advanceClock(HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 3 });

    const documentProperties = world.runtime.properties.document;
    const saved = JSON.parse(documentProperties.get("schedule")!);
    saved.config.options.extras.reactions = true;
    documentProperties.setAll({ schedule: JSON.stringify(saved) });
    world.runtime.advanceClock(HOUR);
    expect(scheduleStatus(world)!.refused).toMatchObject({ kind: "tampered" });

    value(rpc(world, "scheduleSave", { period: "week", cap: 100 }));
    world.runtime.advanceClock(2 * HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 20 });
    const stats = await world.control.stats();
    expect(stats.ledger.filter((entry) => Math.abs(entry.amount) > 1)).toEqual([]);
    // The next period runs on the owner's terms too: no lookup with reactions.
    world.runtime.advanceClock(7 * DAY);
    const next = await world.control.stats();
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 40 });
    expect(next.ledger.filter((entry) => Math.abs(entry.amount) > 1)).toEqual([]);
    expect(JSON.parse(documentProperties.get("schedule")!).config.options.extras.reactions).toBeUndefined();
  });
});
