/**
 * A schedule due while an editor's run by hand is unfinished waits for it (one run per
 * spreadsheet) and says so on both users' panels; it used to wait without a word, the panel
 * showing a next run hours in the past. Built add-on in the emulated runtime, the ledger after.
 */
import { describe, expect, it } from "vitest";
import type { EnrichProgress } from "../../src/rpc/enrich";
import { DEFAULT_REQUEST, SHEET } from "../jobs/enrich-world";
import {
  COLLEAGUE,
  COLLEAGUE_KEY,
  chargedByKey,
  DEMO_KEY,
  HOUR,
  rpc,
  saveSchedule,
  scheduleStatus,
  scheduleWorlds,
  value,
} from "./schedule-world";

const start = scheduleWorlds();

describe("a schedule waiting for a run by hand", () => {
  it("an editor's paused run: both panels say what the schedule waits for; once it is cancelled the schedule runs", async () => {
    const world = await start({ urls: 20 });
    value(saveSchedule(world, 100));
    world.runtime.select(SHEET, "A1:A5");
    const estimate = value(
      rpc<{ progress: EnrichProgress }>(world, "enrichEstimate", DEFAULT_REQUEST, { user: COLLEAGUE }),
    );
    const jobId = estimate.progress.jobId;
    value(rpc(world, "enrichConfirm", { jobId }, { user: COLLEAGUE }));
    value(rpc(world, "enrichPause", { jobId }, { user: COLLEAGUE }));
    world.runtime.advanceClock(3 * HOUR);
    expect(await chargedByKey(world)).toEqual({});
    for (const user of [undefined, COLLEAGUE]) {
      const view = scheduleStatus(world, user)!;
      expect(view.refused).toMatchObject({ kind: "busy" });
      expect(view.refused!.message).toContain(`A run by ${COLLEAGUE} on "${SHEET}" A2:A5 is paused`);
    }

    value(rpc(world, "enrichCancel", { jobId }, { user: COLLEAGUE }));
    world.runtime.advanceClock(HOUR);
    const view = scheduleStatus(world)!;
    expect(view.refused).toBeNull();
    expect(view.last).toMatchObject({ ok: 20, credits: 20, stopped: null });
    expect(await chargedByKey(world)).toEqual({ [DEMO_KEY]: 20 });
    expect(COLLEAGUE_KEY in (await chargedByKey(world))).toBe(false);
  });
});
