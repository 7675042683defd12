/**
 * A schedule whose owner's key is gone, or whose owner's credits ran out, as both users of the
 * spreadsheet see it (built add-on in the emulated runtime, the sandbox's ledger read after):
 * - the owner's key removed: nothing is sent, the run is kept, and it goes on by itself once the
 *   key is saved again (it used to end the period's run: saving the key changed nothing for a week);
 * - an editor reading a stop only the owner can clear is not told to paste their own key or top up
 *   their own credits (neither would change anything): they are told whose it is.
 */
import { describe, expect, it } from "vitest";
import { USER } from "../jobs/enrich-world";
import {
  COLLEAGUE,
  chargedByKey,
  DEMO_KEY,
  HOUR,
  saveSchedule,
  scheduleStatus,
  scheduleWorlds,
  statuses,
  value,
} from "./schedule-world";

const start = scheduleWorlds();

describe("the owner's key removed", () => {
  it("nothing is sent, the run waits, and goes on once the key is saved again, each person charged once", async () => {
    const world = await start({ urls: 10 });
    value(saveSchedule(world, 30));
    world.runtime.properties.user().delete("API_KEY");
    const runs = world.runtime.advanceClock(3 * HOUR);
    expect(runs.every((run) => run.outcome === "completed")).toBe(true);
    expect(await chargedByKey(world)).toEqual({});
    const owner = scheduleStatus(world)!;
    expect(owner.refused).toMatchObject({ kind: "auth" });
    expect(owner.refused!.message).toContain(USER);
    expect(owner.last).toBeNull();
    // The editor is told whose key it is, not to paste theirs.
    const editor = scheduleStatus(world, COLLEAGUE)!;
    expect(editor.refused!.next).toContain(`Only ${USER} can act on this`);
    expect(editor.refused!.next).not.toMatch(/paste your|your API key/i);

    world.runtime.properties.user().setAll({ API_KEY: DEMO_KEY });
    world.runtime.advanceClock(HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 10 });
    const after = scheduleStatus(world)!;
    expect(after.refused).toBeNull();
    expect(after.last).toMatchObject({ ok: 10, credits: 10, stopped: null });
    expect(statuses(world).filter((text) => /^ok/.test(text))).toHaveLength(10);
  });

  it("between two periods: the panel says the key is missing, and stops saying it once the key is back", async () => {
    const world = await start({ urls: 5 });
    value(saveSchedule(world, 30));
    world.runtime.advanceClock(HOUR);
    expect(scheduleStatus(world)!.last).toMatchObject({ ok: 5, stopped: null });
    world.runtime.properties.user().delete("API_KEY");
    world.runtime.advanceClock(2 * HOUR);
    expect(scheduleStatus(world)!.refused).toMatchObject({ kind: "auth" });
    world.runtime.properties.user().setAll({ API_KEY: DEMO_KEY });
    world.runtime.advanceClock(HOUR);
    expect(scheduleStatus(world)!.refused).toBeNull();
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 5 });
  });
});

describe("the owner's credits run out", () => {
  it("the run stops at what the ledger charged; the editor is told only the owner can act", async () => {
    const world = await start({ urls: 20 });
    await world.control.setCredits(DEMO_KEY, 7);
    value(saveSchedule(world, 30));
    world.runtime.advanceClock(2 * HOUR);
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 7 });
    const owner = scheduleStatus(world)!;
    expect(owner.current).toMatchObject({ ok: 7, credits: 7, stopped: { kind: "insufficient_funds" } });
    const editor = scheduleStatus(world, COLLEAGUE)!;
    expect(editor.current!.credits).toBe(7);
    expect(editor.current!.stopped!.message).toBe(owner.current!.stopped!.message);
    expect(editor.current!.stopped!.next).toContain(`Only ${USER} can act on this`);
    expect(editor.current!.stopped!.next).not.toMatch(/top up/i);
  });
});
