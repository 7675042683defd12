/**
 * A step reads the document's properties from this execution's copy, read again whenever the
 * execution takes or releases the document lock (src/gas/job-store.ts, issue 20). The hourly
 * trigger steps a background run in a loop and checks before each step that the run is still in
 * the background: a Bring back pressed while one of its steps was fetching must stop it after that
 * step, not one step later. Emulated runtime on a manual clock, each lookup call 40 s.
 */
import { describe, expect, it } from "vitest";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { EnrichProgress, EnrichStartup } from "../../src/rpc/enrich";
import { DEFAULT_REQUEST, SHEET } from "../jobs/enrich-world";
import { HOUR, rpc, type ScheduleWorld, scheduleWorlds, value } from "./schedule-world";

const start = scheduleWorlds();

describe("Bring back while the trigger steps the run", () => {
  it("the trigger's step in flight finishes, and the trigger steps no more", async () => {
    let world: ScheduleWorld | undefined;
    let bringBack: (() => void) | null = null;
    world = await start({
      urls: 40,
      runtime: {
        fetchAll: (requests, options) => {
          const outcomes = fetchAllSync(requests, options);
          world!.clock.advance(40_000);
          // The owner's sidebar brings the run back while the trigger's first call is out.
          const now = bringBack;
          bringBack = null;
          now?.();
          return outcomes;
        },
      },
    });
    const w = world;
    w.runtime.select(SHEET, `A1:A${w.urls.length + 1}`);
    const estimate = value(rpc<{ progress: EnrichProgress }>(w, "enrichEstimate", DEFAULT_REQUEST));
    const jobId = estimate.progress.jobId;
    value(rpc(w, "enrichConfirm", { jobId }));
    // One step from the sidebar, which then closes.
    value(rpc<EnrichProgress>(w, "enrichStep", { jobId }));
    value(rpc(w, "enrichBackground", { jobId }));

    let brought: EnrichProgress | null = null;
    bringBack = () => {
      brought = value(rpc<EnrichProgress>(w, "enrichBringBack", { jobId }));
      w.runtime.resetCounters();
    };
    w.runtime.advanceClock(HOUR);
    expect(brought).not.toBeNull();
    // The step in flight finished, and the trigger took the lock for no other step (each step
    // takes it): it read, after that step released the lock, that the run was brought back.
    const trigger = w.runtime.executions.filter((execution) => execution.kind === "clock");
    expect(trigger).toHaveLength(1);
    expect(trigger[0]!.error).toBeUndefined();
    expect(w.runtime.counters.byMethod["Lock.tryLock"] ?? 0).toBe(0);
    const after = value(rpc<EnrichStartup>(w, "enrichStartup", null));
    expect(after.background).toBeNull();
    expect(after.job).toMatchObject({ state: "running" });
    // The sidebar drives the rest.
    let progress = after.job!;
    for (let step = 0; step < 50 && progress.state === "running"; step += 1)
      progress = value(rpc<EnrichProgress>(w, "enrichStep", { jobId }));
    expect(progress).toMatchObject({ state: "done", ok: 40, spent: 40 });
  });
});
