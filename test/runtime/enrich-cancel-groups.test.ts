/**
 * Issue 23.1: Cancel stops within one group. With Fresh data on, lookups go 4 to a fetchAll; a
 * Cancel pressed while the second group is out must let that group finish (it cannot be called
 * back) and send nothing after it, and the summary must count the URLs not reached. Built add-on,
 * emulated runtime, sandbox ledger.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { PATHS } from "../../src/api/wire";
import type { EnrichProgress } from "../../src/rpc/enrich";
import { cancelAsGroupGoesOut, crmRows, DEFAULT_REQUEST, rpcValue, SHEET, USER } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const URLS = 40;
const FRESH_REQUEST = {
  options: { ...DEFAULT_REQUEST.options, extras: { up_to_the_second_fresh: true } },
};
// The lookup path (API generation "legacy"): bulk jobs have their own cancel and ledger checks
// (test/runtime/bulk-enrich.test.ts).
let addon: AddonRuntime;
let urls: string[];

async function lookupCredits(): Promise<number> {
  return ledgerCredits(addon.control, PATHS.leadLookup);
}

beforeAll(async () => {
  const probe = await startAddonRuntime({});
  urls = await probe.control.sampleUrls(URLS, 2100);
  await probe.close();
  addon = await startAddonRuntime({
    userProperties: { SPEND_CAP: "5000", API_GENERATION: "legacy" },
    runtime: { spreadsheet: { sheets: [{ name: SHEET, rows: crmRows(urls, 0) }] }, user: USER },
  });
});

afterAll(async () => {
  await addon?.close();
});

beforeEach(async () => {
  await addon.control.reset();
});

describe("Cancel with Fresh data on", () => {
  it("pressed while the second group of 4 is out: nothing is sent after it, and the summary matches the ledger", async () => {
    addon.runtime.select(SHEET, `A1:A${URLS + 1}`);
    const estimate = rpcValue<{ progress: EnrichProgress }>(addon.runtime, "enrichEstimate", FRESH_REQUEST);
    const jobId = estimate.progress.jobId;
    rpcValue(addon.runtime, "enrichConfirm", { jobId });
    // The user presses Cancel in the sidebar as the second group of 4 goes out.
    const end = cancelAsGroupGoesOut(addon.runtime, jobId, 2);
    expect(end.state).toBe("cancelled");
    const charged = await lookupCredits();
    // The two groups already sent, and nothing after them.
    expect(charged).toBe(8);
    expect(end.ok).toBe(8);
    expect(end.remaining).toBe(URLS - 8);
    // The total is the ledger's (issue 23.4), and the URLs not reached are counted.
    expect(end.charges?.charged).toBe(charged);
    expect(end.message?.message).toBe(
      `Cancelled: 8 URLs enriched, ${URLS - 8} URLs not reached; 8 credits charged (the API's ledger).`,
    );
  });
});
