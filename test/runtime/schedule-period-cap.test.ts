/**
 * The cap a schedule's owner agreed to holds for the whole period, however often the period's run
 * starts again: an editor who sorts the list or pastes other people over it ends the run
 * ("changed"), and the next trigger run starts again on the rows as they are now. That restart
 * used to get a fresh cap of its own: pasting over the list every hour made the owner's key pay
 * the cap every hour (36 of a cap of 30 within 7 hours here, and rising). Built add-on in the
 * emulated runtime, 40 s a lookup call, the sandbox's ledger read after.
 */
import { describe, expect, it } from "vitest";
import type { ScheduleEstimate } from "../../src/rpc/schedule";
import { SHEET } from "../jobs/enrich-world";
import {
  COLLEAGUE,
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

describe("a period spends at most the schedule's cap, across restarts", () => {
  it("an editor pasting other people over the list every hour: the owner is charged the cap of 30, no more", async () => {
    const world = await start({ urls: 60, fetchMs: 40_000 });
    value(saveSchedule(world, 30));
    world.runtime.advanceClock(HOUR);
    const first = (await chargedByKey(world))[DEMO_KEY] ?? 0;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(30);

    // The colleague pastes other people over the list's last 20 rows, every hour.
    const others = await world.control.sampleUrls(40, 5000);
    for (let hour = 0; hour < 6; hour += 1) {
      const batch = hour % 2 === 0 ? others.slice(20) : others.slice(0, 20);
      world.runtime.setValues(
        SHEET,
        "A42",
        batch.map((url) => [url]),
      );
      world.runtime.advanceClock(HOUR);
    }
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 30 });

    // The panel says the period's cap is reached, and what the period spent: the ledger's 30.
    const view = scheduleStatus(world)!;
    const run = view.current!;
    expect(run.stopped).toMatchObject({ kind: "spend_cap" });
    expect(run.stopped!.message).toContain("cap of 30 credits a run is reached for this period");
    expect(run.credits + (run.spentBefore ?? 0)).toBe(30);
    expect(scheduleStatus(world, COLLEAGUE)!.current).toMatchObject({ spentBefore: run.spentBefore });

    // Continue under a cap of 40: the rest may cost 10 more at most, not 40 - this run's part.
    const estimate = value(rpc<ScheduleEstimate>(world, "scheduleEstimate", { cap: 40 }));
    expect(estimate.spent + estimate.spentBefore).toBe(30);
    expect(estimate.maxCredits).toBeLessThanOrEqual(10);

    // The owner continues under 40: 10 more at most, whatever the list's changes.
    value(rpc(world, "scheduleSave", { period: "week", cap: 40 }));
    world.runtime.advanceClock(2 * HOUR);
    expect((await chargedByKey(world))[DEMO_KEY]).toBe(40);
    expect(scheduleStatus(world)!.current!.stopped!.message).toContain("cap of 40 credits a run is reached");
  });
});
