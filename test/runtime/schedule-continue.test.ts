/**
 * Continue (a raised cap) takes effect at once on the run itself: the Enrich tab used to keep
 * showing it stopped at the old cap ("The schedule's cap of 3 credits a run is reached", Credits
 * 3 / 3), to its owner and every editor, while the schedule panel said it continues under 100,
 * until the next hourly run. Built add-on in the emulated runtime, the sandbox's ledger after.
 */
import { describe, expect, it } from "vitest";
import type { EnrichStartup } from "../../src/rpc/enrich";
import { chargesPerPerson } from "../jobs/enrich-world";
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

describe("Continue under a raised cap", () => {
  it("the run is under way again at once, for both users, under the new cap; the next hourly run finishes it", async () => {
    const world = await start({ urls: 20 });
    value(saveSchedule(world, 3));
    world.runtime.advanceClock(HOUR);
    expect(value(rpc<EnrichStartup>(world, "enrichStartup", null)).job).toMatchObject({
      state: "stopped",
      cap: 3,
    });

    value(rpc(world, "scheduleEstimate", { cap: 100 }));
    value(rpc(world, "scheduleSave", { period: "week", cap: 100 }));
    for (const user of [undefined, COLLEAGUE]) {
      const { job } = value(rpc<EnrichStartup>(world, "enrichStartup", null, user ? { user } : undefined));
      expect(job, user).toMatchObject({ state: "running", cap: 100, message: null, spent: 3 });
    }
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 3 });

    world.runtime.advanceClock(HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 20 });
    expect([...(await chargesPerPerson(world.control)).values()].every((count) => count === 1)).toBe(true);
  });
});
