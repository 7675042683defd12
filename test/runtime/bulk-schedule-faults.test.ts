/**
 * A scheduled refresh on bulk jobs (the default generation) whose day of URL Fetch calls (G1) runs
 * out right after its jobs were submitted: the jobs are paid as they complete, so the run stops
 * saying the quota is used up (a passing stop), and the trigger's runs after the day turns poll
 * and write them. Read after, in the sandbox's ledger: each person charged once, every row
 * written, each job submitted once, the schedule's credits equal to the ledger.
 */
import { describe, expect, it } from "vitest";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { PATHS } from "../../src/api/wire";
import { chargesPerPerson } from "../jobs/enrich-world";
import {
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
