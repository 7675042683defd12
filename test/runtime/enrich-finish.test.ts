/**
 * Issue 23.5: finishing a list after Cancel does not re-buy it. After a Cancel at 16 of 20, Finish
 * this run estimates and sends the 4 URLs not reached; Select failed rows still works on the
 * cancelled run; a new run with "Skip rows refreshed within the last day" (the tab's default)
 * skips the 16 just refreshed. Every URL is charged once, by the sandbox's ledger.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { PATHS } from "../../src/api/wire";
import type { EnrichEstimate, EnrichProgress } from "../../src/rpc/enrich";
import {
  cancelAsGroupGoesOut,
  chargesPerPerson,
  crmRows,
  DEFAULT_REQUEST,
  driveSteps,
  rpcValue,
  SHEET,
  USER,
} from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const URLS = 20;
const FRESH = { ...DEFAULT_REQUEST.options, extras: { up_to_the_second_fresh: true } };
/** A well-formed profile URL that names no one: "not found", free, a failed row to select. */
const NOBODY = "https://www.network.example/in/nobody-at-all-zz9";
// The lookup path (API generation "legacy"): bulk jobs have their own cancel and ledger checks
// (test/runtime/bulk-enrich.test.ts).
let addon: AddonRuntime;
let urls: string[];

async function lookupCredits(): Promise<number> {
  return ledgerCredits(addon.control, PATHS.leadLookup);
}

/** Runs the list and presses Cancel while the fourth group of 4 is out: 16 reached, 4 not. */
function runAndCancelAt16(): EnrichProgress {
  addon.runtime.select(SHEET, `A1:A${URLS + 1}`);
  const estimate = rpcValue<EnrichEstimate>(addon.runtime, "enrichEstimate", { options: FRESH });
  const jobId = estimate.progress.jobId;
  rpcValue(addon.runtime, "enrichConfirm", { jobId });
  return cancelAsGroupGoesOut(addon.runtime, jobId, 4);
}

beforeAll(async () => {
  const probe = await startAddonRuntime({});
  urls = await probe.control.sampleUrls(URLS - 1, 2600);
  await probe.close();
  addon = await startAddonRuntime({
    userProperties: { SPEND_CAP: "5000", API_GENERATION: "legacy" },
    runtime: { spreadsheet: { sheets: [{ name: SHEET, rows: [] }] }, user: USER },
  });
});

afterAll(async () => {
  await addon?.close();
});

beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.properties.document.clear();
  const blank = Array.from({ length: URLS + 1 }, () => new Array<string>(20).fill(""));
  addon.runtime.setValues(SHEET, "A1", blank);
  addon.runtime.setValues(SHEET, "A1", crmRows([NOBODY, ...urls], 0));
});

describe("after a Cancel at 16 of 20", () => {
  it("Finish this run sends the 4 not reached, and Select failed rows still works", async () => {
    const cancelled = runAndCancelAt16();
    expect(cancelled).toMatchObject({ state: "cancelled", remaining: 4 });
    expect(await lookupCredits()).toBe(15); // 16 sent, one of them not found (free)

    const selected = rpcValue<{ rows: number }>(addon.runtime, "enrichSelectFailed", {
      jobId: cancelled.jobId,
    });
    expect(selected.rows).toBe(1);

    const finish = rpcValue<EnrichEstimate>(addon.runtime, "enrichFinishEstimate", {
      jobId: cancelled.jobId,
    });
    expect(finish.preview).toMatchObject({ toFetch: 4, maxCredits: 4 });
    rpcValue(addon.runtime, "enrichConfirm", { jobId: finish.progress.jobId });
    const end = driveSteps(addon.runtime, finish.progress.jobId);
    expect(end).toMatchObject({ state: "done", ok: 4 });
    expect(await lookupCredits()).toBe(19);
    const charges = await chargesPerPerson(addon.control);
    expect([...charges.values()].every((n) => n === 1)).toBe(true);
  });

  it("a new run skipping rows refreshed within the last day estimates only the 4 not reached and the one not found", async () => {
    runAndCancelAt16();
    addon.runtime.select(SHEET, `A1:A${URLS + 1}`);
    const again = rpcValue<EnrichEstimate>(addon.runtime, "enrichEstimate", {
      options: { ...FRESH, skipRefreshedDays: 1 },
    });
    // The not-found row is no "ok" refresh: it is sent again (free when still not found).
    expect(again.preview.toFetch).toBe(5);
    expect(again.progress.skips).toEqual([{ reason: "refreshed within the last day", urls: 15 }]);
    const without = rpcValue<EnrichEstimate>(addon.runtime, "enrichEstimate", { options: FRESH });
    expect(without.preview.toFetch).toBe(URLS);
  });
});
