/**
 * A scheduled refresh on bulk jobs (the default generation) under faults, read against the
 * sandbox's ledger:
 * - the day of URL Fetch calls (G1) runs out right after its jobs were submitted: the jobs are
 *   paid as they complete, so the run stops saying the quota is used up (a passing stop), and the
 *   trigger's runs after the day turns poll and write them; each job submitted once;
 * - its first trigger run is cut off at one moment after another (the day's trigger time ends
 *   there, G10: 2 s a fetchAll on the runtime's clock, the waits between polls too), then left to
 *   the hourly trigger as the next days come.
 * After each: nobody charged twice, every person charged has their answer in their row or a row
 * that says it may have been charged, the panel's credits are the ledger's, the cap held.
 */
import { describe, expect, it } from "vitest";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { PATHS } from "../../src/api/wire";
import { chargesPerPerson } from "../jobs/enrich-world";
import {
  DEMO_KEY,
  HOUR,
  type ScheduleWorld,
  saveSchedule,
  scheduleStatus,
  scheduleWorlds,
  statuses,
  value,
} from "./schedule-world";

const start = scheduleWorlds();
const URLS = 60;

describe("a scheduled refresh on bulk jobs, the day's URL Fetch quota used up after its submit", () => {
  it("after the day turns, the trigger writes every paid row, nothing twice (the stop is a passing one)", async () => {
    let world: ScheduleWorld | null = null;
    let submitted = false;
    // The submit goes out; right after it, the day's quota is used up (by this or another add-on).
    const fetchAll = (requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[] => {
      const outcomes = fetchAllSync(requests, options);
      if (!submitted && requests.some((r) => r.url.includes(PATHS.bulkEnrichRealtime))) {
        submitted = true;
        const quota = world!.runtime.quotas.urlFetch;
        quota.setUsed(quota.used() + quota.remaining());
      }
      return outcomes;
    };
    world = await start({ urls: URLS, userProperties: { API_GENERATION: "auto" }, runtime: { fetchAll } });
    value(saveSchedule(world, 100));
    world.runtime.advanceClock(HOUR);
    expect(submitted).toBe(true);
    // A passing stop: the panel names no reason, and the run goes on by itself.
    expect(scheduleStatus(world)!.current).toMatchObject({ ok: 0, stopped: null });

    for (let hour = 0; hour < 30 && scheduleStatus(world)!.current !== null; hour += 1) {
      world.runtime.advanceClock(HOUR);
    }
    const last = scheduleStatus(world)!.last!;
    expect(last).toMatchObject({ ok: URLS, failed: 0, stopped: null });
    expect(statuses(world).filter((text) => /^ok/.test(text))).toHaveLength(URLS);
    const charges = await chargesPerPerson(world.control);
    expect([...charges].filter(([, n]) => n > 1)).toEqual([]);
    expect(charges.size).toBe(URLS);
    expect(last.credits).toBe(URLS);
    expect((await world.control.stats()).requests[PATHS.bulkEnrichRealtime]).toBe(Math.ceil(URLS / 50));
  });
});

const CAP = 55;
/** Moments into the first trigger run at which it is cut off (ms on the runtime's clock). */
const CUTS = [1, 2_500, 4_500, 9_000, 20_000, 40_000, 90_000];

/** The period's run once it ended, or stopped at the cap (which waits for its owner). */
function settled(world: ScheduleWorld) {
  const view = scheduleStatus(world)!;
  return view.current === null ? view.last : view.current.stopped ? view.current : null;
}

/** Runs the trigger hour after hour (the sandbox's jobs move in real time) until the period's run settles. */
async function untilSettled(world: ScheduleWorld): Promise<void> {
  for (let hour = 0; hour < 48 && settled(world) === null; hour += 1) {
    world.runtime.advanceClock(HOUR);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a scheduled refresh on bulk jobs, its first trigger run cut off at each moment in turn", () => {
  it.each(CUTS)(
    "cut %d ms in: nobody twice, every charge in its row or said, the panel's credits the ledger's",
    async (cutMs) => {
      const world = await start({ urls: URLS, fetchMs: 2_000, userProperties: { API_GENERATION: "auto" } });
      await world.control.configure({ bulkWorkers: 5, latencyMs: { [PATHS.leadLookup]: 40 } });
      value(saveSchedule(world, CAP));
      const quota = world.runtime.quotas.triggerRuntime;
      quota.setUsed(quota.used() + quota.remaining() - cutMs);
      world.runtime.advanceClock(HOUR);
      await untilSettled(world);

      const run = settled(world);
      expect(run, "the period's run ends or stops at the cap within 48 hours").not.toBeNull();
      // Jobs of a submit cut off before their ids were noted run on, and charge, unpolled (their
      // rows say they may have been charged): let them finish before reading the ledger.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const charges = await chargesPerPerson(world.control);
      expect([...charges].filter(([, n]) => n > 1)).toEqual([]);
      // Bulk leads' charges (chargedByKey counts lookups only), all on the owner's key.
      const charged = [...charges.values()].reduce((sum, n) => sum + n, 0);
      const keys = (await world.control.stats()).ledger.filter((e) => e.amount !== 0).map((e) => e.key);
      expect(new Set(keys)).toEqual(new Set([DEMO_KEY]));
      expect(charged).toBeLessThanOrEqual(CAP);
      const rows = statuses(world);
      const ok = rows.filter((text) => /^ok/.test(text)).length;
      const maybe = rows.filter((text) => /may have been charged/.test(text)).length;
      // The panel's credits are the ledger's when it was read; what came later may have been charged.
      if (maybe === 0) expect(run!.credits).toBe(charged);
      expect(run!.credits).toBeLessThanOrEqual(charged);
      expect(charged).toBeLessThanOrEqual(run!.credits + maybe);
      // Every person charged is written, or their row says they may have been charged.
      expect(ok + maybe).toBeGreaterThanOrEqual(charges.size);
      expect(run!.ok).toBe(ok);
    },
  );
});
