/**
 * Issue 13.3 done-when: a scheduled refresh runs to completion over several hourly trigger runs,
 * across Apps Script's daily URL Fetch quota (reset at the day's turn) and the run's spend cap
 * (stops, says why, continues once the user raises it), charging each URL at most once per period;
 * the next period skips rows refreshed within it; one call removes the schedule and its trigger.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ManualClock, manualClock } from "../../sandbox/gas/clock";
import type { EnrichStartup } from "../../src/rpc/enrich";
import type { ScheduleView } from "../../src/rpc/schedule";
import { chargesPerPerson, crmRows, DEFAULT_REQUEST, rpcValue, SHEET, USER } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const HOUR = 3_600_000;
const URLS = 60;
let world: AddonRuntime;
let clock: ManualClock;

beforeAll(async () => {
  clock = manualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
  const probe = await startAddonRuntime({});
  const urls = await probe.control.sampleUrls(URLS, 900);
  await probe.close();
  world = await startAddonRuntime({
    userProperties: { CHUNK_SIZE: "10", SPEND_CAP: "5000", API_GENERATION: "legacy" },
    runtime: {
      spreadsheet: { sheets: [{ name: SHEET, rows: crmRows(urls, 0) }] },
      user: USER,
      clock,
      // Fresh lookups go at most 4 to a fetchAll: 22 fetches a day allow five chunks (20 URLs).
      quotas: { urlFetchPerDay: 22 },
      // The times below are the nominal hours (test/runtime/schedule-quota.test.ts runs at random moments).
      triggerJitter: false,
    },
  });
});

afterAll(async () => {
  await world?.close();
});

const status = () => rpcValue<ScheduleView | null>(world.runtime, "scheduleStatus", null);
const charged = async () => (await world.control.stats()).creditsCharged;

function save(cap: number): ScheduleView {
  world.runtime.select(SHEET, `A1:A${URLS + 1}`);
  return rpcValue<ScheduleView>(world.runtime, "scheduleSave", {
    request: { options: { ...DEFAULT_REQUEST.options, extras: { up_to_the_second_fresh: true } } },
    period: "week",
    cap,
  });
}

describe("scheduled refresh", () => {
  it("runs over several trigger runs, across a quota reset and a cap, charging each URL once", async () => {
    const made = save(40);
    expect(made).toMatchObject({ sheetName: SHEET, period: "week", mode: "refresh", cap: 40, current: null });
    expect(world.runtime.triggers.list()).toHaveLength(1);
    expect(world.runtime.triggers.list()[0]).toMatchObject({ handler: "scheduledRefresh", user: USER });

    // Day 1, 10:00: the first run starts; 22 fetches a day allow five chunks of 4.
    let runs = world.runtime.advanceClock(HOUR);
    expect(runs.map((run) => run.outcome)).toEqual(["completed"]);
    expect(await charged()).toBe(20);
    // The scheduled run is the schedule's owner's (it spends their key): another editor's
    // sidebar sees it read-only and cannot step or cancel it (issue 12.6).
    const jobId = status()!.current!.jobId;
    for (const method of ["enrichStep", "enrichCancel"]) {
      const answer = world.runtime.rpc(method, { jobId }, { user: "other@example.com" }) as {
        ok: boolean;
        error?: { kind: string };
      };
      expect(answer.ok, method).toBe(false);
      expect(answer.error?.kind, method).toBe("not_owner");
    }
    expect(status()!.current).toMatchObject({ ok: 20, credits: 20, stopped: null });
    // The rest of the day: the quota refuses before anything is sent; nothing more is charged.
    runs = world.runtime.advanceClock(13 * HOUR);
    expect(runs.length).toBe(13);
    expect(await charged()).toBe(20);

    // Day 2 (the quota has reset): five more chunks, then the run's cap of 40 stops it and says why.
    world.runtime.advanceClock(HOUR);
    expect(await charged()).toBe(40);
    const stopped = status()!.current!;
    expect(stopped.stopped).toMatchObject({ kind: "spend_cap" });
    world.runtime.advanceClock(3 * HOUR);
    expect(await charged()).toBe(40);

    // The user raises the cap: the next trigger runs continue, on the next day for the quota.
    save(100);
    world.runtime.advanceClock(30 * HOUR);
    expect(await charged()).toBe(URLS);
    const done = status()!;
    expect(done.current).toBeNull();
    expect(done.last).toMatchObject({ ok: URLS, credits: URLS, failed: 0, stopped: null });
    expect(done.last!.jobChanges).toBeGreaterThan(0);
    // The schedule's slot, a week after it was made (09:00), not after the first run's start (10:00).
    expect(Date.parse(done.nextRunAt)).toBe(Date.UTC(2026, 10, 28, 9, 0, 0));
    const charges = await chargesPerPerson(world.control);
    expect(charges.size).toBe(URLS);
    expect([...charges.values()].every((count) => count === 1)).toBe(true);
    expect(world.runtime.triggers.list()).toHaveLength(1);
  });

  it("next period skips rows refreshed within it, and one call removes the schedule", async () => {
    await world.control.reset();
    // To 28 Nov, 10:00 and the hours after. Within the period (less a day: since 22 Nov 10:00) are
    // the 20 rows refreshed on 23 Nov; those of 21 Nov and of 22 Nov 00:00 are refreshed again.
    world.runtime.advanceClock(Date.UTC(2026, 10, 28, 12, 0, 0) - clock.now());
    const view = status()!;
    const run = view.current ?? view.last!;
    expect(run.skipped).toBe(20);
    // Skipped for that reason, as the schedule panel and the Enrich tab's run view say (not "no empty cell to fill").
    const skips = [{ reason: "refreshed within the period", urls: 20 }];
    expect(run.skips).toEqual(skips);
    const startup = rpcValue<EnrichStartup>(world.runtime, "enrichStartup", null);
    expect(startup.job).toMatchObject({ jobId: run.jobId, skipped: 20, skips });
    const charges = await chargesPerPerson(world.control);
    expect([...charges.values()].every((count) => count === 1)).toBe(true);
    expect(charges.size).toBeLessThanOrEqual(40);

    expect(world.runtime.rpc("scheduleRemove", null)).toEqual({ ok: true, value: null });
    expect(world.runtime.triggers.list()).toHaveLength(0);
    expect(status()).toBeNull();
  });
});
