/**
 * Removing a schedule while its period's run is under way ends that run too (rows written stay):
 * with the trigger gone nothing would drive it again, and it used to stay "running" for good,
 * holding the spreadsheet's one run: an editor could start no Enrich run of their own, nor cancel
 * the owner's. Built add-on in the emulated runtime, the sandbox's ledger read after.
 */
import { describe, expect, it } from "vitest";
import type { EnrichProgress, EnrichStartup } from "../../src/rpc/enrich";
import { DEFAULT_REQUEST, SHEET } from "../jobs/enrich-world";
import {
  COLLEAGUE,
  chargedByKey,
  DEMO_KEY,
  HOUR,
  rpc,
  saveSchedule,
  scheduleWorlds,
  value,
} from "./schedule-world";

const start = scheduleWorlds();

describe("removing a schedule with a run under way", () => {
  it("ends the run: the editor can then run Enrich themselves; the owner is charged nothing more", async () => {
    const world = await start({ urls: 40, fetchMs: 40_000 });
    value(saveSchedule(world, 100));
    world.runtime.advanceClock(HOUR);
    const spent = (await chargedByKey(world))[DEMO_KEY]!;
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThan(40);

    value(rpc(world, "scheduleRemove", null));
    expect(world.runtime.triggers.list()).toEqual([]);
    const startup = value(rpc<EnrichStartup>(world, "enrichStartup", null));
    expect(startup.job?.state).toBe("cancelled");

    world.runtime.select(SHEET, "A1:A5");
    const estimate = value(
      rpc<{ progress: EnrichProgress }>(world, "enrichEstimate", DEFAULT_REQUEST, { user: COLLEAGUE }),
    );
    value(rpc(world, "enrichConfirm", { jobId: estimate.progress.jobId }, { user: COLLEAGUE }));
    let step = estimate.progress;
    for (let i = 0; i < 10 && step.state !== "done"; i += 1)
      step = value(rpc<EnrichProgress>(world, "enrichStep", { jobId: step.jobId }, { user: COLLEAGUE }));
    expect(step.state).toBe("done");
    world.runtime.advanceClock(3 * HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: spent });
  });
});
