/**
 * The Retry estimate names the path the Retry will take, as Enrich's own estimate does: a run with
 * Work email goes through lookups until a bulk answer on this API address has shown company
 * websites (bulk/estimate.ts takesBulk), so its Retry does too, with the finder's calls counted in
 * the web requests it needs. Before, the Retry estimate left Work email out: "bulk jobs" for a
 * Retry that then looked each URL up.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { PATHS } from "../../src/api/wire";
import type { EnrichEstimate } from "../../src/rpc/enrich";
import type { RetryCounts } from "../../src/rpc/retry";
import {
  crmRows,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  rpcValue,
  SHEET,
} from "../jobs/enrich-world";
import { bulkWorld, FRESH } from "./bulk-world";

const URLS = 12;
const RANGE = `A1:A${URLS + 1}`;
const WORK_EMAIL = { options: { ...FRESH.options, workEmail: true } };

const worldOf = bulkWorld();
let world: EnrichWorld;
beforeEach(() => {
  world = worldOf();
});

describe("the Retry estimate with Work email", () => {
  it("names the path and the web requests the Retry takes, as the first run's estimate did", async () => {
    const urls = await world.control.sampleUrls(URLS, 700);
    world.runtime.setValues(SHEET, "A1", crmRows(urls, 0));
    world.runtime.select(SHEET, RANGE);
    const first = rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", WORK_EMAIL);
    expect(first.path?.kind).toBe("lookups");
    // Two lookups get an unreadable answer (they may have been charged): Retry, box ticked, sends them.
    await world.control.configure({ faults: [{ path: PATHS.leadLookup, kind: "malformed", count: 2 }] });
    const jobId = estimateAndConfirm(world.runtime, RANGE, WORK_EMAIL);
    const end = driveSteps(world.runtime, jobId, 2_000);
    await world.control.configure({ faults: [] });
    const counts = rpcValue<RetryCounts>(world.runtime, "enrichRetryCounts", { jobId: end.jobId });
    expect(counts.retryable + counts.maybeCharged).toBeGreaterThan(0);
    const retry = rpcValue<EnrichEstimate>(world.runtime, "enrichRetryEstimate", {
      jobId: end.jobId,
      includeMaybeCharged: true,
    });
    expect(retry.path?.kind).toBe("lookups");
    expect(retry.path?.requests).toBeGreaterThan(retry.preview.toFetch);
  });
});
