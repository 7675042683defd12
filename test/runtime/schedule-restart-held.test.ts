/**
 * A scheduled run that starts again within its period (its list changed under it) does not buy
 * again, without asking, the rows whose last lookup may have been charged (sent, no answer read):
 * the Enrich tab holds those back since a colleague's edits restarted runs, and the schedule's
 * restart sent them again silently, charging those people twice in one period. Built add-on in
 * the emulated runtime, a 300 ms fetch timeout, the sandbox's ledger read after the late answers.
 */
import { describe, expect, it } from "vitest";
import { chargesPerPerson, SHEET } from "../jobs/enrich-world";
import { PATHS } from "../sandbox/support";
import { DAY, HOUR, saveSchedule, scheduleStatus, scheduleWorlds, statuses, value } from "./schedule-world";

const start = scheduleWorlds();
const FETCH_TIMEOUT_MS = 300;

describe("a restart within the period holds back rows that may have been charged", () => {
  it("2 lookups time out (their fetchAll of 4 billed, never read), the list changes, the run starts again: nobody is charged twice", async () => {
    const world = await start({
      urls: 20,
      quotas: { urlFetchPerDay: 8 },
      timeouts: { fetchMs: FETCH_TIMEOUT_MS },
    });
    await world.control.configure({
      faults: [{ path: PATHS.lookup, kind: "slow", count: 2, delayMs: FETCH_TIMEOUT_MS + 200 }],
    });
    value(saveSchedule(world, 100));
    world.runtime.advanceClock(HOUR);
    // The fetchAll that held them timed out as a whole: its 4 lookups may have been charged.
    const maybe = statuses(world).filter((text) => /may have been charged/.test(text)).length;
    expect(maybe).toBe(4);

    // A colleague replaces the list's last URL (not reached yet): the run ends and starts again.
    const [other] = await world.control.sampleUrls(1, 5000);
    world.runtime.setValues(SHEET, "A21", [[other!]]);
    world.runtime.advanceClock(2 * DAY);
    await new Promise((resolve) => setTimeout(resolve, FETCH_TIMEOUT_MS + 700));

    const charges = await chargesPerPerson(world.control);
    expect([...charges.values()].filter((count) => count > 1)).toEqual([]);
    const view = scheduleStatus(world)!;
    const run = view.current ?? view.last!;
    expect(run.skips).toContainEqual(
      expect.objectContaining({ urls: maybe, reason: expect.stringMatching(/may have been charged/) }),
    );
    expect(charges.size).toBe(20);
  });
});
