/**
 * Issue 13.5 done-when: Retry failed rows sends only the failed rows. The first run meets five
 * 500s in a row on its first URL (sent alone: chunk size 1), so that URL fails after every resend
 * and the others succeed; the retry, estimated on its own, sends that one URL and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PATHS } from "../../sandbox/api/paths";
import { manualClock } from "../../sandbox/gas/clock";
import type { EnrichEstimate, EnrichProgress } from "../../src/rpc/enrich";
import type { RetryCounts } from "../../src/rpc/retry";
import {
  crmRows,
  DEFAULT_REQUEST,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  rpcValue,
  startEnrichWorld,
} from "../jobs/enrich-world";

let world: EnrichWorld;

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { CHUNK_SIZE: "1", SPEND_CAP: "5000", API_GENERATION: "legacy" },
    clock: manualClock(Date.UTC(2026, 10, 21, 9, 0, 0)),
  });
});

afterAll(async () => {
  await world?.close();
});

const lookupRequests = async () =>
  Object.entries((await world.control.stats()).requests)
    .filter(([path]) => path.includes("/leads/by_link"))
    .reduce((sum, [, count]) => sum + count, 0);

describe("Retry failed rows", () => {
  it("sends only the failed rows", async () => {
    const urls = await world.control.sampleUrls(6, 300);
    world.runtime.setValues("CRM", "A1", crmRows(urls, 0));
    await world.control.configure({
      faults: [{ path: API_PATHS.leadLookup, kind: "server_error", count: 5 }],
    });
    const first = driveSteps(world.runtime, estimateAndConfirm(world.runtime, "A1:A7", DEFAULT_REQUEST));
    expect(first).toMatchObject({ state: "done", failed: 1, ok: 5 });

    const counts = rpcValue<RetryCounts>(world.runtime, "enrichRetryCounts", { jobId: first.jobId });
    expect(counts).toEqual({ retryable: 1, maybeCharged: 0 });
    const estimate = rpcValue<EnrichEstimate>(world.runtime, "enrichRetryEstimate", {
      jobId: first.jobId,
      includeMaybeCharged: false,
    });
    expect(estimate.preview.toFetch).toBe(1);
    expect(estimate.preview.maxCredits).toBe(1);

    const before = await lookupRequests();
    const charged = (await world.control.stats()).creditsCharged;
    rpcValue<EnrichProgress>(world.runtime, "enrichConfirm", { jobId: estimate.progress.jobId });
    const end = driveSteps(world.runtime, estimate.progress.jobId);
    expect(end).toMatchObject({
      state: "done",
      ok: 1,
      skipped: 5,
      skips: [{ reason: "did not fail", urls: 5 }],
    });
    expect((await lookupRequests()) - before).toBe(1);
    expect((await world.control.stats()).creditsCharged - charged).toBe(1);
    const statuses = world.runtime
      .getValues("CRM", "A2:Z7")
      .map((row) => row.filter((v) => String(v).startsWith("ok")).length);
    expect(statuses).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
