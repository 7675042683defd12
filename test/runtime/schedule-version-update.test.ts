/**
 * The add-on updated with a schedule installed: a schedule saved by a version before owners and
 * their terms were kept has no owner in the spreadsheet's copy and no terms in anyone's user
 * properties. Its trigger refuses it and says its owner can save it again; Save again (the panel's
 * button, the schedule saved without a new selection) makes it run on, with the same trigger and
 * slot. Built add-on in the emulated runtime, the sandbox's ledger read after.
 */
import { describe, expect, it } from "vitest";
import type { ScheduleView } from "../../src/rpc/schedule";
import {
  chargedByKey,
  DEMO_KEY,
  HOUR,
  rpc,
  saveSchedule,
  scheduleStatus,
  scheduleWorlds,
  value,
} from "./schedule-world";

const start = scheduleWorlds();

describe("a schedule saved by an earlier version", () => {
  it("is refused with nothing sent, then saved again from the panel: it runs on its old trigger and slot", async () => {
    const world = await start({ urls: 10 });
    const made = value(saveSchedule(world, 5));
    // What the earlier version left: no owner in the copy, no terms in the user's properties.
    const documentProperties = world.runtime.properties.document;
    const copy = JSON.parse(documentProperties.get("schedule")!);
    delete copy.owner;
    documentProperties.setAll({ schedule: JSON.stringify(copy) });
    const user = world.runtime.properties.user();
    for (const key of user.keys()) if (key.startsWith("schedule.terms.")) user.delete(key);
    const triggers = world.runtime.triggers.list().map((trigger) => trigger.id);

    world.runtime.advanceClock(2 * HOUR);
    expect(await chargedByKey(world)).toEqual({});
    const refused = scheduleStatus(world)!;
    expect(refused.refused).toMatchObject({ kind: "terms" });
    expect(refused.refused!.next).toMatch(/save it again/);

    // Save again, as the panel's button sends it: the period shown, the cap typed, no selection.
    world.runtime.select("CRM", "C5");
    const saved = value(
      rpc<ScheduleView>(world, "scheduleSave", { period: refused.period, cap: refused.cap }),
    );
    expect(saved).toMatchObject({ range: made.range, refused: null, owner: { mine: true } });
    world.runtime.advanceClock(HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 5 });
    expect(world.runtime.triggers.list().map((trigger) => trigger.id)).toEqual(triggers);
    expect(Date.parse(scheduleStatus(world)!.nextRunAt)).toBe(Date.parse(made.nextRunAt) + 7 * 24 * HOUR);
  });
});
