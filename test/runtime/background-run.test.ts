/**
 * Issue 23.16: a run goes on when the sidebar closes. In the emulated runtime (built add-on, the
 * sandbox's ledger read after, per key and per person), on a manual clock where each lookup call
 * takes 40 s: the owner starts a run, sends it to the background and closes the sidebar (no more
 * calls from it); the hourly trigger the schedule uses steps it on until it is done, as its owner,
 * under the cap it was confirmed with and within the trigger-time budget. An editor cannot make
 * the owner's trigger spend; a schedule and a background run share the one trigger, which goes
 * when neither needs it; a run brought back is driven by the sidebar alone.
 */
import { describe, expect, it } from "vitest";
import type { BackgroundView, EnrichProgress, EnrichStartup } from "../../src/rpc/enrich";
import { chargesPerPerson, DEFAULT_REQUEST, SHEET } from "../jobs/enrich-world";
import {
  COLLEAGUE,
  chargedByKey,
  DEMO_KEY,
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

/**
 * Select the list, estimate, confirm and (unless `steps` is 0) drive one step, as the Enrich tab
 * does before it closes.
 */
function startRun(world: ScheduleWorld, steps = 1): EnrichProgress {
  world.runtime.select(SHEET, `A1:A${world.urls.length + 1}`);
  const estimate = value(rpc<{ progress: EnrichProgress }>(world, "enrichEstimate", DEFAULT_REQUEST));
  const confirmed = value(rpc<EnrichProgress>(world, "enrichConfirm", { jobId: estimate.progress.jobId }));
  return steps === 0
    ? confirmed
    : value(rpc<EnrichProgress>(world, "enrichStep", { jobId: confirmed.jobId }));
}

const startup = (world: ScheduleWorld, user?: string) =>
  value(rpc<EnrichStartup>(world, "enrichStartup", null, user ? { user } : undefined));

/** Advances the clock an hour at a time until the run is no longer in the background (at most `hours`). */
function untilBackgroundEnds(world: ScheduleWorld, hours: number): number {
  for (let hour = 1; hour <= hours; hour += 1) {
    world.runtime.advanceClock(HOUR);
    if (startup(world).background === null) return hour;
  }
  return hours;
}

const okRows = (world: ScheduleWorld) => statuses(world).filter((text) => /^ok/.test(text)).length;

describe("Continue in the background (23.16)", () => {
  it("the hourly trigger finishes the run: every row written, each person charged once, the trigger gone after", async () => {
    const world = await start({ urls: 30, fetchMs: 40_000 });
    const first = startRun(world);
    expect(first).toMatchObject({ state: "running" });
    const sent = value(rpc<BackgroundView>(world, "enrichBackground", { jobId: first.jobId }));
    expect(sent).toMatchObject({ jobId: first.jobId, mine: true, steppedAt: null });
    expect(world.runtime.triggers.list()).toHaveLength(1);
    // The sidebar opens again: the run is shown as going on in the background.
    expect(startup(world)).toMatchObject({ job: { jobId: first.jobId }, background: { mine: true } });

    const hours = untilBackgroundEnds(world, 12);
    expect(hours).toBeGreaterThan(1);
    const after = startup(world);
    expect(after.job).toMatchObject({ state: "done", ok: 30, spent: 30 });
    // The reopened tab says it finished there.
    expect(after.endedInBackground).toMatchObject({ jobId: first.jobId, endedAt: expect.any(String) });
    expect(okRows(world)).toBe(30);
    const charges = await chargesPerPerson(world.control);
    expect(charges.size).toBe(30);
    expect([...charges.values()].every((count) => count === 1)).toBe(true);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 30 });
    // Nothing needs the trigger any more: it went with the run.
    expect(world.runtime.triggers.list()).toHaveLength(0);
    expect(world.runtime.executions.filter((e) => e.kind === "clock").every((e) => !e.error)).toBe(true);
  });

  it("keeps the cap it was confirmed under, whatever Settings says later; stopped there, it leaves the background", async () => {
    const world = await start({ urls: 30, fetchMs: 40_000, userProperties: { SPEND_CAP: "14" } });
    const first = startRun(world, 0);
    value(rpc(world, "enrichBackground", { jobId: first.jobId }));
    world.runtime.properties.user().setAll({ SPEND_CAP: "500" });
    untilBackgroundEnds(world, 8);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 14 });
    const after = startup(world);
    expect(after.background).toBeNull();
    expect(after.job).toMatchObject({ state: "stopped", cap: 14, spent: 14, message: { kind: "spend_cap" } });
    world.runtime.advanceClock(3 * HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 14 });
    expect(world.runtime.triggers.list()).toHaveLength(0);
  });

  it("the trigger-time budget applies: past it the run waits, says until when, and goes on after", async () => {
    const world = await start({
      urls: 120,
      fetchMs: 40_000,
      userProperties: { TRIGGER_MINUTES_PER_DAY: "10" },
    });
    const first = startRun(world, 0);
    value(rpc(world, "enrichBackground", { jobId: first.jobId }));
    world.runtime.advanceClock(4 * HOUR);
    const waiting = startup(world);
    expect(waiting.background?.waitUntil).not.toBeNull();
    const spentByThen = (await chargedByKey(world))[DEMO_KEY]!;
    expect(spentByThen).toBeLessThan(120);
    world.runtime.advanceClock(4 * HOUR);
    expect((await chargedByKey(world))[DEMO_KEY]).toBe(spentByThen);
    // As the budget frees (each 24 hours), the run goes on and finishes, each person charged once.
    untilBackgroundEnds(world, 240);
    expect(startup(world).job).toMatchObject({ state: "done", ok: 120 });
    const charges = await chargesPerPerson(world.control);
    expect([...charges.values()].every((count) => count === 1)).toBe(true);
    expect(charges.size).toBe(120);
  });

  it("an editor cannot send the owner's run to the background, bring it back or cancel it; nothing of theirs spends", async () => {
    const world = await start({ urls: 30, fetchMs: 40_000 });
    const first = startRun(world);
    const spent = (await chargedByKey(world))[DEMO_KEY];
    for (const method of ["enrichBackground", "enrichBringBack", "enrichCancel"]) {
      const answer = rpc(world, method, { jobId: first.jobId }, { user: COLLEAGUE });
      expect(answer.ok, method).toBe(false);
      expect(!answer.ok && answer.error.kind).toBe("not_owner");
    }
    expect(world.runtime.triggers.list()).toHaveLength(0);
    // A document copy forged to name the owner's run does not make any trigger spend either.
    world.runtime.properties.document.setAll({
      "enrich.background": JSON.stringify({
        jobId: first.jobId,
        owner: { userKey: "forged", label: "x" },
        sentAt: 0,
        steppedAt: null,
        waitUntil: null,
      }),
    });
    world.runtime.advanceClock(3 * HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: spent });
    expect(startup(world, COLLEAGUE).background).toMatchObject({ mine: false });
  });

  it("Bring back: the sidebar drives it again and the trigger never steps it after; stepping a background run from a sidebar is refused", async () => {
    const world = await start({ urls: 30, fetchMs: 40_000 });
    const first = startRun(world);
    value(rpc(world, "enrichBackground", { jobId: first.jobId }));
    const refused = rpc(world, "enrichStep", { jobId: first.jobId });
    expect(!refused.ok && refused.error.kind).toBe("background");
    world.runtime.advanceClock(HOUR);
    const byTrigger = startup(world).job!;
    expect(byTrigger.spent).toBeGreaterThan(first.spent);

    const back = value(rpc<EnrichProgress>(world, "enrichBringBack", { jobId: first.jobId }));
    expect(back.state).toBe("running");
    expect(startup(world).background).toBeNull();
    expect(world.runtime.triggers.list()).toHaveLength(0);
    const spent = (await chargedByKey(world))[DEMO_KEY];
    world.runtime.advanceClock(3 * HOUR);
    expect((await chargedByKey(world))[DEMO_KEY]).toBe(spent);
    let progress = back;
    for (let step = 0; step < 100 && progress.state === "running"; step += 1) {
      progress = value(rpc<EnrichProgress>(world, "enrichStep", { jobId: first.jobId }));
    }
    expect(progress).toMatchObject({ state: "done", ok: 30, spent: 30 });
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 30 });
  });

  it("a schedule and a background run share one trigger, which stays while either needs it", async () => {
    const world = await start({ urls: 30, fetchMs: 40_000 });
    const first = startRun(world);
    value(rpc(world, "enrichBackground", { jobId: first.jobId }));
    value(saveSchedule(world, 500));
    const triggers = world.runtime.triggers.list();
    expect(triggers).toHaveLength(1);
    // The schedule no longer needs it; the background run still does.
    value(rpc(world, "scheduleRemove", null));
    expect(world.runtime.triggers.list().map((t) => t.id)).toEqual([triggers[0]!.id]);
    value(saveSchedule(world, 500));
    expect(world.runtime.triggers.list().map((t) => t.id)).toEqual([triggers[0]!.id]);

    untilBackgroundEnds(world, 12);
    expect(okRows(world)).toBe(30);
    // The schedule's run waited for the background run, then skipped what it had just refreshed.
    world.runtime.advanceClock(HOUR);
    expect(scheduleStatus(world)!.last).toMatchObject({ ok: 0, skipped: 30, credits: 0 });
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 30 });
    const charges = await chargesPerPerson(world.control);
    expect([...charges.values()].every((count) => count === 1)).toBe(true);
    expect(world.runtime.triggers.list()).toHaveLength(1);
    value(rpc(world, "scheduleRemove", null));
    expect(world.runtime.triggers.list()).toHaveLength(0);
  });
});
