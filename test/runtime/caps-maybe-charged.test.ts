/**
 * Issue 18.2: caps count what may have been charged. A lookup that times out after it was sent is
 * still billed by the API when it finishes; Enrich's cap, a scheduled run's cap and the daily
 * formula budget must count it before the next group is sent, so the sandbox's ledger stays at or
 * under each of them with a quarter of the lookups timing out. Built add-on, emulated runtime,
 * sandbox API; every figure is the sandbox's own ledger.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { type ManualClock, manualClock } from "../../sandbox/gas/clock";
import { PATHS } from "../../src/api/wire";
import type { EnrichProgress } from "../../src/rpc/enrich";
import type { ScheduleView } from "../../src/rpc/schedule";
import { crmRows, DEFAULT_REQUEST, driveSteps, rpcValue, SHEET, USER } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const CAP = 10;
const URLS = 40;
/** This runtime's fetch timeout: a "slow" answer comes after it, and is charged then. */
const FETCH_TIMEOUT_MS = 300;
const HOUR = 3_600_000;
/** Enrich's default: fresh data, sent 4 lookups to a fetchAll. */
const FRESH_REQUEST = {
  options: { ...DEFAULT_REQUEST.options, extras: { up_to_the_second_fresh: true } },
};
// The lookup path (API generation "legacy"): bulk jobs have their own cancel and ledger checks
// (test/runtime/bulk-enrich.test.ts).
let addon: AddonRuntime;
let clock: ManualClock;
let urls: string[];

/** A quarter of the lookups answer after the fetch timeout: sent, billed, never read. */
async function quarterTimeOut(): Promise<void> {
  await addon.control.configure({
    latencyMs: 0,
    faults: [{ path: PATHS.leadLookup, kind: "slow", rate: 0.25, delayMs: FETCH_TIMEOUT_MS + 200 }],
  });
}

/** The lookups the ledger charged, once the late answers have been billed. */
async function lookupCredits(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, FETCH_TIMEOUT_MS + 700));
  return ledgerCredits(addon.control, PATHS.leadLookup);
}

beforeAll(async () => {
  clock = manualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
  const probe = await startAddonRuntime({});
  urls = await probe.control.sampleUrls(URLS * 3, 1500);
  await probe.close();
  addon = await startAddonRuntime({
    userProperties: { SPEND_CAP: String(CAP), API_GENERATION: "legacy" },
    timeouts: { fetchMs: FETCH_TIMEOUT_MS },
    runtime: { spreadsheet: { sheets: [{ name: SHEET, rows: [] }] }, user: USER, clock },
  });
});

afterAll(async () => {
  await addon?.close();
});

beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.properties.document.clear();
  for (const trigger of addon.runtime.triggers.list()) addon.runtime.triggers.remove(trigger.id);
});

function freshList(offset: number): void {
  const blank = Array.from({ length: URLS + 1 }, () => new Array<string>(20).fill(""));
  addon.runtime.setValues(SHEET, "A1", blank);
  addon.runtime.setValues(SHEET, "A1", crmRows(urls.slice(offset, offset + URLS), 0));
}

describe("caps count what may have been charged (a quarter of the lookups time out)", () => {
  it("Enrich: the ledger stays at or under the run's cap, and the run says what may have been charged", async () => {
    freshList(0);
    await quarterTimeOut();
    addon.runtime.select(SHEET, `A1:A${URLS + 1}`);
    const estimate = rpcValue<{ progress: EnrichProgress }>(addon.runtime, "enrichEstimate", FRESH_REQUEST);
    const jobId = estimate.progress.jobId;
    rpcValue(addon.runtime, "enrichConfirm", { jobId });
    const end = driveSteps(addon.runtime, jobId);
    const charged = await lookupCredits();
    expect(end.state).toBe("stopped");
    expect(end.message?.kind).toBe("spend_cap");
    expect(charged).toBeLessThanOrEqual(CAP);
    expect(end.spent + end.maybeCharged).toBeGreaterThanOrEqual(charged);
    expect(end.maybeCharged).toBeGreaterThan(0);
    expect(end.message?.message).toMatch(/may have been charged/);
  });

  it("a scheduled run: the ledger stays at or under the schedule's cap", async () => {
    freshList(URLS);
    await quarterTimeOut();
    addon.runtime.select(SHEET, `A1:A${URLS + 1}`);
    rpcValue<ScheduleView>(addon.runtime, "scheduleSave", {
      request: FRESH_REQUEST,
      period: "week",
      cap: CAP,
    });
    addon.runtime.properties.user(USER).setAll({ SPEND_CAP: "5000" });
    addon.runtime.advanceClock(HOUR);
    addon.runtime.advanceClock(HOUR);
    const view = rpcValue<ScheduleView>(addon.runtime, "scheduleStatus", null);
    addon.runtime.properties.user(USER).setAll({ SPEND_CAP: String(CAP) });
    expect(await lookupCredits()).toBeLessThanOrEqual(CAP);
    expect(view.current?.stopped?.kind).toBe("spend_cap");
  });

  it("formulas: the ledger stays at or under the daily formula budget", async () => {
    freshList(2 * URLS);
    await quarterTimeOut();
    addon.runtime.properties.user(USER).setAll({ FORMULA_DAILY_CREDITS: String(CAP), SPEND_CAP: "5000" });
    for (let top = 2; top <= URLS; top += 8) {
      addon.runtime.setCell(SHEET, `D${top}`, `=LOOKUP_LEAD(A${top}:A${top + 7}, "full_name")`);
    }
    addon.runtime.properties.user(USER).setAll({ SPEND_CAP: String(CAP) });
    addon.runtime.properties.user(USER).delete("FORMULA_DAILY_CREDITS");
    expect(await lookupCredits()).toBeLessThanOrEqual(CAP);
  });
});
