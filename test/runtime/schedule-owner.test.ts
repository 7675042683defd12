/**
 * Issue 18.1 and 23.2 with two users of one spreadsheet in the emulated runtime, the built add-on
 * and the sandbox's ledger read after (per key):
 * - a schedule spends only what its owner agreed to: another editor can neither change nor remove
 *   it, a document copy changed behind the owner's back is refused by the trigger (and said so),
 *   there is one trigger whoever saves, and the trigger never steps a run someone took over;
 * - Resume of a scheduled run stopped at its cap keeps the schedule's cap (never the Settings
 *   cap), and continuing under a raised cap is estimated first.
 */
import { describe, expect, it } from "vitest";
import type { EnrichProgress, EnrichStartup, TakeOverEstimate } from "../../src/rpc/enrich";
import type { ScheduleEstimate } from "../../src/rpc/schedule";
import { USER } from "../jobs/enrich-world";
import {
  COLLEAGUE,
  COLLEAGUE_KEY,
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

describe("a schedule spends only what its owner agreed to (18.1)", () => {
  it("a document copy changed behind the owner's back is refused by the trigger and reported; nothing is sent", async () => {
    const world = await start({ urls: 20 });
    value(saveSchedule(world, 5));
    const documentProperties = world.runtime.properties.document;
    const saved = JSON.parse(documentProperties.get("schedule")!);
    saved.config.cap = 150;
    saved.config.options.extras.reactions = true;
    documentProperties.setAll({ schedule: JSON.stringify(saved) });

    const runs = world.runtime.advanceClock(3 * HOUR);
    expect(runs.every((run) => run.outcome === "completed")).toBe(true);
    expect(await chargedByKey(world)).toEqual({});
    const view = scheduleStatus(world)!;
    expect(view.refused).toMatchObject({ kind: "tampered" });
    expect(view.refused!.message).toContain("the cap (5 became 150)");
    expect(view.refused!.message).toContain(USER);

    // The owner saves it again (their terms now): it runs, under the cap they saved.
    value(saveSchedule(world, 5));
    world.runtime.advanceClock(HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 5 });
    expect(scheduleStatus(world)!.refused).toBeNull();
  });

  it("the trigger never steps a run another editor took over: that run spends their key now", async () => {
    const world = await start({ urls: 20, fetchMs: 40_000 });
    value(saveSchedule(world, 100));
    world.runtime.advanceClock(HOUR);
    const ownerSpent = (await chargedByKey(world))[DEMO_KEY] ?? 0;
    expect(ownerSpent).toBeGreaterThan(0);
    const jobId = scheduleStatus(world)!.current!.jobId;

    const estimate = value(
      rpc<TakeOverEstimate>(world, "enrichTakeOverEstimate", { jobId }, { user: COLLEAGUE }),
    );
    value(
      rpc<EnrichProgress>(
        world,
        "enrichTakeOver",
        { jobId, confirmedCredits: estimate.maxCredits },
        { user: COLLEAGUE },
      ),
    );
    world.runtime.advanceClock(2 * HOUR);
    expect((await chargedByKey(world))[DEMO_KEY]).toBe(ownerSpent);
    const view = scheduleStatus(world)!;
    expect(view.current).toBeNull();
    expect(view.last!.stopped).toMatchObject({ kind: "not_owner" });
    expect(view.last!.stopped!.message).toContain(COLLEAGUE);
    // The colleague goes on from their sidebar, with their key.
    const step = value(rpc<EnrichProgress>(world, "enrichStep", { jobId }, { user: COLLEAGUE }));
    expect(step.spent).toBeGreaterThan(estimate.progress.spent);
    expect((await chargedByKey(world))[COLLEAGUE_KEY]).toBeGreaterThan(0);
  });
});

describe("Resume keeps the cap the run was started under (23.2)", () => {
  it("a scheduled run stopped at its cap of 6 resumes under 6, not the Settings cap of 500; continuing is estimated first", async () => {
    const world = await start({ urls: 20, userProperties: { SPEND_CAP: "500" } });
    value(saveSchedule(world, 6));
    world.runtime.advanceClock(HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 6 });

    const startup = value(rpc<EnrichStartup>(world, "enrichStartup", null));
    expect(startup.job).toMatchObject({ state: "stopped", cap: 6 });

    const jobId = startup.job!.jobId;
    let progress = value(rpc<EnrichProgress>(world, "enrichResume", { jobId }));
    progress = value(rpc<EnrichProgress>(world, "enrichStep", { jobId }));
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 6 });
    expect(progress).toMatchObject({ state: "stopped", cap: 6, spent: 6, capSource: "schedule" });
    // The stop names the cap that applies, and how to raise it (not Settings).
    expect(progress.message!.message).toContain("schedule's cap of 6 credits a run");
    expect(progress.message!.next).not.toContain("Settings");
    world.runtime.advanceClock(2 * HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 6 });
    expect(scheduleStatus(world)!).toMatchObject({ cap: 6, current: { credits: 6 } });

    // The owner raises the schedule's cap: first what the rest may cost, then Continue.
    const estimate = value(rpc<ScheduleEstimate>(world, "scheduleEstimate", { cap: 10 }));
    expect(estimate).toMatchObject({ remaining: 14, spent: 6, cap: 10, maxCredits: 4 });
    expect(rpc(world, "scheduleEstimate", { cap: 10 }, { user: COLLEAGUE }).ok).toBe(false);
    value(rpc(world, "scheduleSave", { period: "week", cap: 10 }));
    world.runtime.advanceClock(HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 10 });
    expect(scheduleStatus(world)!.current).toMatchObject({ credits: 10, stopped: { kind: "spend_cap" } });
  });
});
