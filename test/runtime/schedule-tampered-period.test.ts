/**
 * An editor changes the period (month to week) and the cap of the owner's schedule in the
 * spreadsheet's copy. The trigger refuses the copy; the owner's panel used to show the copy's
 * terms as the schedule's (every week, at most 150 credits a run) and Continue sent that period
 * back, so the owner's monthly schedule became weekly without a word: their key charged every week.
 * Built add-on in the emulated runtime, the sandbox's ledger read after.
 */
import { describe, expect, it } from "vitest";
import type { ScheduleView } from "../../src/rpc/schedule";
import { DEFAULT_REQUEST, SHEET } from "../jobs/enrich-world";
import {
  COLLEAGUE,
  chargedByKey,
  DEMO_KEY,
  HOUR,
  rpc,
  scheduleStatus,
  scheduleWorlds,
  value,
} from "./schedule-world";

const start = scheduleWorlds();
const OPTIONS = { ...DEFAULT_REQUEST.options, extras: { up_to_the_second_fresh: true } };

describe("an editor changes the period and cap of the owner's schedule", () => {
  it("the owner's panel shows their own terms, and Continue keeps their monthly period: 40 credits in 8 weeks (two monthly runs), not 100", async () => {
    const world = await start({ urls: 20 });
    world.runtime.select(SHEET, "A1:A21");
    value(rpc(world, "scheduleSave", { request: { options: OPTIONS }, period: "month", cap: 3 }));
    world.runtime.advanceClock(HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 3 });

    const documentProperties = world.runtime.properties.document;
    const copy = JSON.parse(documentProperties.get("schedule")!);
    copy.config.period = "week";
    copy.config.cap = 150;
    copy.config.options.extras.reactions = true;
    documentProperties.setAll({ schedule: JSON.stringify(copy) });
    world.runtime.advanceClock(HOUR);

    // The owner reads what their trigger runs: their own terms, and why the copy is refused.
    const owners = scheduleStatus(world)!;
    expect(owners.refused).toMatchObject({ kind: "tampered" });
    expect(owners).toMatchObject({ period: "month", cap: 3 });
    // The editor reads the copy (they cannot read the owner's terms) and the refusal.
    expect(scheduleStatus(world, COLLEAGUE)!.refused).toMatchObject({ kind: "tampered" });

    // Continue as the panel sends it: the period it shows, a raised cap.
    const continued = value(rpc<ScheduleView>(world, "scheduleSave", { period: owners.period, cap: 100 }));
    // The same run goes on (it used to be ended as if saved on another list, and said so).
    expect(continued.current).toMatchObject({ jobId: owners.current!.jobId, stopped: null });
    expect(continued.last).toBeNull();
    world.runtime.advanceClock(2 * HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 20 });
    // An editor's "week" sent back by a panel that showed the copy is not adopted either.
    value(rpc(world, "scheduleSave", { period: "week", cap: 100 }));
    expect(scheduleStatus(world)).toMatchObject({ period: "month", cap: 100, refused: null });
    // To 17 Jan: the monthly slot of 21 Dec refreshes the 20 again; weekly, 21 and 28 Dec, 4 and 11 Jan would.
    world.runtime.advanceClock(Date.UTC(2027, 0, 17, 9) - world.clock.now());
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 40 });
  });
});
