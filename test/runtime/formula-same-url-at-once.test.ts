/**
 * Sheets calculates custom-function cells at once (PRODUCTION.md G5: each cell is its own
 * execution), so a URL in several cells (filled down, or =LOOKUP_LEAD($A2, "full_name") next to
 * =LOOKUP_LEAD($A2, "job_title")) is asked by two executions at the same moment. The second must
 * not pay for what the first is already fetching. The emulated runtime runs the second execution
 * while the first's fetch is out (its interrupt hook); the sandbox's ledger says what was charged.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { type ManualClock, manualClock } from "../../sandbox/gas/clock";
import { PATHS } from "../../src/api/wire";
import { MESSAGES as EMAIL_MESSAGES } from "../../src/jobs/emails/formula";
import { MESSAGES } from "../../src/jobs/lookup/formula";
import { type AddonRuntime, startAddonRuntime } from "./support";

let addon: AddonRuntime;
let urls: string[];
let clock: ManualClock;

beforeAll(async () => {
  clock = manualClock(Date.UTC(2026, 10, 25, 9));
  addon = await startAddonRuntime({ runtime: { clock } });
  urls = await addon.control.sampleUrls(2);
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
});

/** Runs `name(args)` as a cell; while its first fetch is out, a second cell runs the same. */
function twoCellsAtOnce(name: string, args: unknown[]): { first: unknown; second: unknown } {
  let second: unknown;
  const first = addon.runtime.run(name, args, {
    kind: "custom",
    interrupt: (call) => {
      if (call.method === "UrlFetchApp.fetchAll" && second === undefined)
        second = addon.runtime.run(name, args, { kind: "custom" });
      return false;
    },
  });
  return { first, second };
}

async function charges(path: string): Promise<number> {
  return (await addon.control.stats()).ledger.filter((entry) => entry.path === path).length;
}

it("=LOOKUP_LEAD of a URL another cell is fetching right now pays once, not twice", async () => {
  const url = urls[0]!;
  const { first, second } = twoCellsAtOnce("LOOKUP_LEAD", [url, "network_url"]);
  expect(first).toEqual([[url]]);
  expect(second).toEqual([[MESSAGES.notFetched]]);
  expect(await charges(PATHS.leadLookup)).toBe(1);
  // The next calculation of the second cell reads the first cell's answer, for nothing.
  expect(addon.runtime.run("LOOKUP_LEAD", [url, "network_url"], { kind: "custom" })).toEqual([[url]]);
  expect(await charges(PATHS.leadLookup)).toBe(1);
});

it("=FIND_EMAIL of a person another cell is asking right now pays once, not twice", async () => {
  const args = ["Ann", "Lee", "acme.com"];
  const { first, second } = twoCellsAtOnce("FIND_EMAIL", args);
  expect(first).toEqual([["alee@acme.com", "valid"]]);
  expect(second).toEqual([[EMAIL_MESSAGES.notFetched, ""]]);
  expect(await charges(PATHS.emailFinder)).toBe(1);
});

it("a lookup that may have been charged is neither sent again nor waited for by the next calculation", async () => {
  const url = urls[1]!;
  await addon.control.configure({ faults: [{ path: PATHS.leadLookup, kind: "malformed", count: 1 }] });
  const lost = addon.runtime.run("LOOKUP_LEAD", [url, "full_name"], { kind: "custom" }) as string[][];
  expect(lost[0]![0]).toMatch(/may have been charged/);
  const sent = (await addon.control.stats()).requests[PATHS.leadLookup];
  // The user re-enters the formula at once: no 25 s of waiting for an answer that will not come.
  const before = clock.now();
  const again = addon.runtime.run("LOOKUP_LEAD", [url, "full_name"], { kind: "custom" }) as string[][];
  expect(clock.now() - before).toBeLessThan(2_000);
  expect(again[0]![0]).toMatch(
    /may have been charged: use Enrich for this URL, or recalculate after \d\d:\d\d/,
  );
  expect((await addon.control.stats()).requests[PATHS.leadLookup]).toBe(sent);
  await addon.control.configure({ faults: [] });
});
