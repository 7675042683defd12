/**
 * Issue 18, "Done when": the fault matrix's scheduled-refresh cases, with the built add-on in the
 * emulated runtime and the sandbox's ledger read after, checked against the schedule's cap and
 * against what the schedule panel reports.
 * - A scheduled run with 40 s lookups (18.3): every step's deadline comes from the execution's
 *   start, so no trigger run is cut off over 12 of them; nothing paid is thrown away and nothing
 *   unsent is called "may have been charged".
 * - Two users on one schedule (18.1): an editor cannot raise the owner's cap, add paid extras,
 *   save or remove it; there is one trigger; the owner's key is charged the cap, no more.
 * Other two-user cases (a tampered document copy, a run taken over): schedule-owner.test.ts.
 */
import { describe, expect, it } from "vitest";
import { chargesPerPerson, DEFAULT_REQUEST, USER } from "../jobs/enrich-world";
import {
  COLLEAGUE,
  chargedByKey,
  DEMO_KEY,
  HOUR,
  rpc,
  saveSchedule,
  scheduleStatus,
  scheduleWorlds,
  statuses,
  value,
} from "./schedule-world";

const start = scheduleWorlds();
const paidExtras = { ...DEFAULT_REQUEST.options, extras: { up_to_the_second_fresh: true, reactions: true } };

describe("fault matrix: a scheduled run with 40 s lookups (18.3)", () => {
  it("40 s lookups over 12 trigger runs: none cut off, every paid answer written, nothing unsent called charged", async () => {
    const world = await start({ urls: 200, fetchMs: 40_000 });
    value(saveSchedule(world, 1000));
    const runs = world.runtime.advanceClock(12 * HOUR);
    expect(runs.length).toBeGreaterThanOrEqual(11);
    expect(runs.filter((run) => run.outcome !== "completed")).toEqual([]);
    const clockRuns = world.runtime.executions.filter((e) => e.kind === "clock");
    expect(Math.max(...clockRuns.map((e) => e.durationMs))).toBeLessThan(6 * 60_000);

    const charges = await chargesPerPerson(world.control);
    expect([...charges.values()].every((count) => count === 1)).toBe(true);
    const rows = statuses(world);
    // Every URL charged has its answer in its row; none "interrupted" or "may have been charged".
    expect(rows.filter((text) => /^ok/.test(text))).toHaveLength(charges.size);
    expect(rows.filter((text) => /interrupted|may have been charged/.test(text))).toEqual([]);
    // At 40 s a fetchAll the client sends one lookup at a time (its pace halves on slow chunks):
    // about six a trigger run. The schedule's figures are the ledger's, the rest is pending.
    expect(charges.size).toBeGreaterThan(50);
    const run = scheduleStatus(world)!.current!;
    expect(run).toMatchObject({ ok: charges.size, credits: charges.size, failed: 0, stopped: null });
    expect(rows.filter((text) => /^not enriched yet/.test(text))).toHaveLength(0);
  });
});

describe("fault matrix: two users on one schedule (18.1)", () => {
  it("another editor sees it read-only with its owner named, and can neither change nor remove it", async () => {
    const world = await start({ urls: 20 });
    value(saveSchedule(world, 5));

    const raised = saveSchedule(world, 150, COLLEAGUE, paidExtras);
    expect(raised.ok).toBe(false);
    expect(!raised.ok && raised.error).toMatchObject({ kind: "not_owner" });
    expect(!raised.ok && raised.error.message).toContain(USER);
    const continued = rpc(world, "scheduleSave", { period: "week", cap: 150 }, { user: COLLEAGUE });
    expect(continued.ok).toBe(false);
    const removed = rpc(world, "scheduleRemove", null, { user: COLLEAGUE });
    expect(removed.ok).toBe(false);
    expect(world.runtime.triggers.list().map((t) => t.user)).toEqual([USER]);

    // Saved again by its owner: still one trigger.
    value(saveSchedule(world, 5));
    expect(world.runtime.triggers.list()).toHaveLength(1);
    world.runtime.advanceClock(3 * HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 5 });
    expect(scheduleStatus(world)!).toMatchObject({
      cap: 5,
      current: { credits: 5, stopped: { kind: "spend_cap" } },
    });
    expect(scheduleStatus(world, COLLEAGUE)!.owner).toEqual({ mine: false, label: USER });
    expect(scheduleStatus(world)!.owner).toEqual({ mine: true, label: USER });
  });
});
