/**
 * Issue 24 item 2: Retry through bulk jobs. The first run's submit of one job meets a 500 (the
 * API may have created the job: its URLs are reported interrupted, never resent by that run); the
 * Retry, with those rows included, submits them as a bulk job once, and a step cut off between
 * its polls resumes by polling. Read after, in the sandbox's ledger: each person charged once over
 * both runs, every row settled, the Retry's reported spend equal to what it charged.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { PATHS } from "../../src/api/wire";
import type { EnrichEstimate, EnrichProgress } from "../../src/rpc/enrich";
import type { RetryCounts } from "../../src/rpc/retry";
import {
  chargesPerPerson,
  crmRows,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  rpcValue,
  SHEET,
} from "../jobs/enrich-world";
import { bulkWorld, FRESH } from "./bulk-world";

const URLS = 60;
const NOBODY = "https://www.network.example/in/nobody-zz-1";
const RANGE = `A1:A${URLS + 2}`;

const worldOf = bulkWorld();
let world: EnrichWorld;
beforeEach(() => {
  world = worldOf();
});

const submits = async () => (await world.control.stats()).requests[PATHS.bulkEnrichRealtime] ?? 0;
const charged = async () => (await world.control.stats()).creditsCharged;

function statuses(): string[] {
  const header = world.runtime.getValues(SHEET, "A1:Z1")[0]!;
  const column = header.indexOf("Enrichment Status");
  return world.runtime.getValues(SHEET, `A2:Z${URLS + 2}`).map((row) => String(row[column]));
}

describe("Retry through bulk jobs", () => {
  it("resubmits the rows a failed submit left, once, polling across a cut-off step; each person charged once", async () => {
    const urls = await world.control.sampleUrls(URLS, 500);
    world.runtime.setValues(SHEET, "A1", crmRows([...urls, NOBODY], 0));
    await world.control.configure({
      faults: [{ path: PATHS.bulkEnrichRealtime, kind: "server_error", count: 1 }],
    });
    const first = driveSteps(world.runtime, estimateAndConfirm(world.runtime, RANGE, FRESH), 2_000);
    expect(first.state).toBe("done");
    expect(first.interrupted).toBeGreaterThan(0);
    expect(await submits()).toBe(2);
    const firstCharged = await charged();
    expect(first.spent).toBe(firstCharged);

    const counts = rpcValue<RetryCounts>(world.runtime, "enrichRetryCounts", { jobId: first.jobId });
    expect(counts).toEqual({ retryable: 0, maybeCharged: first.interrupted });
    const estimate = rpcValue<EnrichEstimate>(world.runtime, "enrichRetryEstimate", {
      jobId: first.jobId,
      includeMaybeCharged: true,
    });
    expect(estimate.preview.toFetch).toBe(first.interrupted);
    expect(estimate.path?.kind).toBe("bulk");

    // 5 leads at a time, 40 ms each: the Retry's job is still running at its first polls.
    await world.control.configure({ faults: [], bulkWorkers: 5, latencyMs: { [PATHS.leadLookup]: 40 } });
    const retryId = estimate.progress.jobId;
    rpcValue<EnrichProgress>(world.runtime, "enrichConfirm", { jobId: retryId });
    expect(rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId: retryId }).inJobs).toBe(
      first.interrupted,
    );
    expect(await submits()).toBe(2 + Math.ceil(first.interrupted / 50));
    expect(() =>
      world.runtime.rpc(
        "enrichStep",
        { jobId: retryId },
        { interrupt: (call) => call.method === "UrlFetchApp.fetchAll" && call.count === 2 },
      ),
    ).toThrow(/Exceeded maximum execution time/);
    const end = driveSteps(world.runtime, retryId, 2_000);
    expect(end).toMatchObject({ state: "done", interrupted: 0, failed: 0 });
    expect(end.ok + end.notFound).toBe(first.interrupted);
    expect(await submits()).toBe(2 + Math.ceil(first.interrupted / 50));
    expect((await world.control.stats()).requests[PATHS.leadLookup] ?? 0).toBe(0);

    for (const status of statuses()) expect(status).toMatch(/^(ok|ok: .+|not found)$/);
    const charges = await chargesPerPerson(world.control);
    expect([...charges].filter(([, count]) => count > 1)).toEqual([]);
    expect(charges.size).toBe(URLS);
    expect(end.spent).toBe((await charged()) - firstCharged);
  });
});
