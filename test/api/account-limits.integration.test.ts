/**
 * The client against the sandbox configured with a production-like account (PRODUCTION.md A10):
 * 5 parallel searches, then 20 searches a day. Charges are read from the sandbox's own ledger.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SandboxControl, sandboxControl } from "../../sandbox/api/control";
import { type SandboxThread, startSandboxThread } from "../../sandbox/api/thread";
import type { LeadSearchRequest } from "../../src/api/wire";
import { sandboxClient, skippingClock } from "./support/sandbox-client";

let sandbox: SandboxThread;
let control: SandboxControl;

beforeAll(async () => {
  sandbox = await startSandboxThread({ latencyMs: 50, seed: 7 });
  control = sandboxControl(sandbox.url);
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await control.reset();
});

const searches = (n: number): LeadSearchRequest[] =>
  Array.from({ length: n }, (_, i) => ({ company_name: `Company ${i}`, limit_by: 2 }) as LeadSearchRequest);

describe("an account allowing 5 parallel searches", () => {
  it("slows down on 429 instead of failing, and charges each search once", async () => {
    await control.configure({ accountParallel: 5 });
    const clock = skippingClock();
    const result = sandboxClient(sandbox.url, { clock, maxTries: 10 }).searchLeads(searches(30), {
      deadline: Date.now() + 600_000,
    });
    expect(result.stoppedBy).toBeNull();
    expect(result.throttled).toBeGreaterThan(0);
    const failed = result.outcomes.filter((o) => !o?.ok);
    expect(failed.map((o) => o && !o.ok && o.error.kind)).toEqual([]);
    const ledger = (await control.stats()).ledger.filter((entry) => entry.path.includes("/leads/by_icp"));
    expect(ledger.reduce((sum, entry) => sum + Math.abs(entry.amount), 0)).toBe(result.spent);
  });
});

describe("an account allowing 20 searches a day", () => {
  it("stops at the daily limit with its own message, leaving the rest unsent and uncharged", async () => {
    await control.configure({ dailySearches: 20 });
    // All 30 in one fetchAll: the sandbox counts each when it is accepted, so 10 are refused.
    const client = sandboxClient(sandbox.url, { clock: skippingClock() });
    const result = client.searchLeads(searches(30), {
      deadline: Date.now() + 600_000,
    });
    expect(result.stoppedBy?.kind).toBe("daily_limit");
    expect(result.stoppedBy?.next).toMatch(/tomorrow/);
    // Which 20 the sandbox accepted depends on the order the requests arrived in.
    expect(result.outcomes.filter((o) => o?.ok)).toHaveLength(20);
    const notMade = result.outcomes.filter((o) => !o?.ok);
    expect(notMade).toHaveLength(10);
    expect(notMade.every((o) => o === null || (!o.ok && o.error.charged === "no"))).toBe(true);
    const ledger = (await control.stats()).ledger.filter((entry) => entry.path.includes("/leads/by_icp"));
    expect(ledger.reduce((sum, entry) => sum + Math.abs(entry.amount), 0)).toBe(result.spent);
  });
});
