/**
 * Issue 24 "watch the progress move": while a run's bulk jobs are still running, the progress
 * says how many of their leads the API has worked on (the status's `processed`), so a sidebar
 * shows movement before the first job completes and its rows are written. Sandbox: 2 leads at a
 * time, 100 ms each (real time), so the jobs are part-way at a later poll.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { PATHS } from "../../src/api/wire";
import { STEP_WAIT_MS } from "../../src/jobs/enrich/bulk/poll-schedule";
import type { EnrichProgress } from "../../src/rpc/enrich";
import { crmRows, type EnrichWorld, estimateAndConfirm, rpcValue, SHEET } from "../jobs/enrich-world";
import { bulkWorld, FRESH } from "./bulk-world";

const URLS = 80;
const worldOf = bulkWorld();
let world: EnrichWorld;
beforeEach(() => {
  world = worldOf();
});

describe("progress of running bulk jobs", () => {
  it("counts the leads the API has worked on before any job completes", async () => {
    world.runtime.setValues(SHEET, "A1", crmRows(await world.control.sampleUrls(URLS, 800), 0));
    await world.control.configure({ bulkWorkers: 2, latencyMs: { [PATHS.leadLookup]: 100 } });
    const jobId = estimateAndConfirm(world.runtime, `A1:A${URLS + 1}`, FRESH);
    const submitted = rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId });
    expect(submitted).toMatchObject({ inJobs: URLS, processedInJobs: 0 });
    // Real time passes at the API (0.3 s: about 6 leads of 80, 2 at a time) before the next step polls.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const moving = rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId });
    expect(moving.ok).toBe(0);
    expect(moving.processedInJobs).toBeGreaterThan(0);
    expect(moving.processedInJobs).toBeLessThan(URLS);
  });

  it("a sidebar step hands its progress back within STEP_WAIT_MS while the jobs run on, not after the 150 s budget", async () => {
    world.runtime.setValues(SHEET, "A1", crmRows(await world.control.sampleUrls(URLS, 800), 0));
    world.runtime.properties.document.clear(); // the run of the test before is still unfinished
    // Jobs that outlast the step: 1 lead at a time, 2 s each (real time).
    await world.control.configure({ bulkWorkers: 1, latencyMs: { [PATHS.leadLookup]: 2_000 } });
    const jobId = estimateAndConfirm(world.runtime, `A1:A${URLS + 1}`, FRESH);
    rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId });
    const before = world.runtime.executions.length;
    const polled = rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId });
    expect(polled.state).toBe("running");
    const step = world.runtime.executions[before]!;
    // Emulated time: the polls' backoff (2, 4, 8, 15 s) and nothing more.
    expect(step.durationMs).toBeLessThanOrEqual(STEP_WAIT_MS + 1_000);
  });
});
