/**
 * Issue 24 item 2 and issue 23.16 on the bulk path: the hourly trigger drives bulk jobs (a
 * scheduled refresh, and a run the sidebar sent to the background). In the emulated runtime on a
 * manual clock, against the sandbox working on 5 leads at a time (40 ms each, in real time): the
 * jobs outlast a trigger run, so their polling spans trigger runs; a trigger run cut off mid-run
 * (the day's trigger time ends inside it) resumes by polling, never by submitting again. Read
 * after: every row written, each person charged once in the ledger, the reported spend equal to it,
 * the run's owner's key alone charged, and the trigger gone once nothing needs it.
 */
import { describe, expect, it } from "vitest";
import { PATHS } from "../../src/api/wire";
import type { BackgroundView, EnrichProgress, EnrichStartup } from "../../src/rpc/enrich";
import { chargesPerPerson, DEFAULT_REQUEST, SHEET } from "../jobs/enrich-world";
import {
  COLLEAGUE,
  HOUR,
  rpc,
  type ScheduleWorld,
  saveSchedule,
  scheduleStatus,
  scheduleWorlds,
  statuses,
  value,
} from "./schedule-world";

const start = scheduleWorlds();
const URLS = 60;
const BULK = { API_GENERATION: "auto" };

/** Jobs that take a while in real time, so the manual clock's trigger runs see them running. */
async function slowJobs(world: ScheduleWorld): Promise<void> {
  await world.control.configure({ bulkWorkers: 5, latencyMs: { [PATHS.leadLookup]: 40 } });
}

async function requests(world: ScheduleWorld, path: string): Promise<number> {
  return (await world.control.stats()).requests[path] ?? 0;
}

/** Every person charged once; answers how many were charged, all on the owner's key. */
async function chargedOnceEach(world: ScheduleWorld): Promise<number> {
  const charges = await chargesPerPerson(world.control);
  expect([...charges].filter(([, count]) => count > 1)).toEqual([]);
  const keys = new Set(
    (await world.control.stats()).ledger.filter((entry) => entry.amount !== 0).map((entry) => entry.key),
  );
  expect(keys.size).toBeLessThanOrEqual(1);
  return charges.size;
}

/** Slow jobs, the whole list selected, estimated and confirmed with Fresh data on, as the Enrich tab does. */
async function confirmBulkRun(world: ScheduleWorld): Promise<string> {
  await slowJobs(world);
  world.runtime.select(SHEET, `A1:A${URLS + 1}`);
  const request = { options: { ...DEFAULT_REQUEST.options, extras: { up_to_the_second_fresh: true } } };
  const estimate = value(rpc<{ progress: EnrichProgress }>(world, "enrichEstimate", request));
  return value(rpc<EnrichProgress>(world, "enrichConfirm", { jobId: estimate.progress.jobId })).jobId;
}

const okRows = (world: ScheduleWorld) => statuses(world).filter((text) => /^ok/.test(text)).length;

/** The next trigger run is cut off `afterMs` into it: the day's trigger time ends there (G10). */
function cutOffNextTriggerRun(world: ScheduleWorld, afterMs: number): void {
  const quota = world.runtime.quotas.triggerRuntime;
  quota.setUsed(quota.used() + quota.remaining() - afterMs);
}

/** Waits for the sandbox's jobs (real time) while the trigger runs hour after hour. */
async function hoursUntil(world: ScheduleWorld, done: () => boolean, hours: number): Promise<number> {
  for (let hour = 1; hour <= hours; hour += 1) {
    world.runtime.advanceClock(HOUR);
    if (done()) return hour;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return hours;
}

describe("the hourly trigger drives bulk jobs", () => {
  it("a scheduled refresh: jobs polled across trigger runs and a cut-off run, submitted once, each person charged once", async () => {
    const world = await start({ urls: URLS, userProperties: BULK });
    await slowJobs(world);
    expect(value(saveSchedule(world, 100))).toMatchObject({ cap: 100 });
    // The first run submits both jobs and is cut off 40 s in, while it waits to poll them.
    cutOffNextTriggerRun(world, 40_000);
    const [first] = world.runtime.advanceClock(HOUR);
    expect(first).toMatchObject({ outcome: "failed" });
    world.runtime.quotas.triggerRuntime.setUsed(0);
    const submits = await requests(world, PATHS.bulkEnrichRealtime);
    expect(submits).toBe(Math.ceil(URLS / 50));
    expect(okRows(world)).toBeLessThan(URLS);

    const hours = await hoursUntil(world, () => scheduleStatus(world)?.current === null, 24);
    expect(hours).toBeLessThan(24);
    const last = scheduleStatus(world)!.last!;
    expect(last).toMatchObject({ ok: URLS, failed: 0 });
    expect(okRows(world)).toBe(URLS);
    // Resumed by polling: no job submitted again, nothing looked up one by one.
    expect(await requests(world, PATHS.bulkEnrichRealtime)).toBe(submits);
    expect(await requests(world, PATHS.leadLookup)).toBe(0);
    const charged = await chargedOnceEach(world);
    expect(charged).toBe(URLS);
    expect(last.credits).toBe(charged);
  });

  it("a run sent to the background: the trigger polls its jobs under the confirmed cap, owner only", async () => {
    const world = await start({ urls: URLS, userProperties: { ...BULK, SPEND_CAP: "55" } });
    const jobId = await confirmBulkRun(world);
    // The sidebar's first step submits the jobs the cap allows (55 of 60), then it is sent away.
    expect(value(rpc<EnrichProgress>(world, "enrichStep", { jobId })).inJobs).toBe(55);
    // Another editor cannot send it (their sidebar would make the owner's trigger spend).
    const refused = rpc<BackgroundView>(world, "enrichBackground", { jobId }, { user: COLLEAGUE });
    expect(refused).toMatchObject({ ok: false, error: { kind: "not_owner" } });
    value(rpc<BackgroundView>(world, "enrichBackground", { jobId }));
    // Settings' cap raised afterwards: the run keeps the 55 it was confirmed under.
    world.runtime.properties.user().setAll({ SPEND_CAP: "5000" });
    const submits = await requests(world, PATHS.bulkEnrichRealtime);
    cutOffNextTriggerRun(world, 40_000);
    expect(world.runtime.advanceClock(HOUR)).toMatchObject([{ outcome: "failed" }]);
    world.runtime.quotas.triggerRuntime.setUsed(0);
    expect(okRows(world)).toBeLessThan(55);

    const startup = () => value(rpc<EnrichStartup>(world, "enrichStartup", null));
    await hoursUntil(world, () => startup().background === null, 24);
    const end = startup();
    expect(end.job).toMatchObject({ state: "stopped", ok: 55, message: { kind: "spend_cap" } });
    expect(await requests(world, PATHS.bulkEnrichRealtime)).toBe(submits);
    const charged = await chargedOnceEach(world);
    expect(charged).toBe(55);
    expect(end.job!.spent).toBe(charged);
    expect(okRows(world)).toBe(55);
    expect(world.runtime.triggers.list()).toHaveLength(0);
  });

  it("a background run on bulk jobs keeps to the trigger-time budget: past it, it waits and says until when", async () => {
    const world = await start({ urls: URLS, userProperties: { ...BULK, TRIGGER_MINUTES_PER_DAY: "10" } });
    const jobId = await confirmBulkRun(world);
    value(rpc<BackgroundView>(world, "enrichBackground", { jobId }));
    const startup = () => value(rpc<EnrichStartup>(world, "enrichStartup", null));
    // The first trigger run submits and polls within its slice (4 minutes at most); the jobs
    // outlast it. A bulk step with nothing due before the run's deadline ends the run, never spins.
    world.runtime.advanceClock(HOUR);
    expect(world.runtime.quotas.triggerRuntime.used()).toBeLessThanOrEqual(4 * 60_000 + 10_000);
    let waited = false;
    for (let hour = 0; hour < 48 && startup().background !== null; hour += 1) {
      waited ||= startup().background?.waitUntil != null;
      world.runtime.advanceClock(HOUR);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(waited).toBe(true);
    expect(startup().job).toMatchObject({ state: "done", ok: URLS });
    expect(await requests(world, PATHS.bulkEnrichRealtime)).toBe(Math.ceil(URLS / 50));
    expect(await chargedOnceEach(world)).toBe(URLS);
  });
});
