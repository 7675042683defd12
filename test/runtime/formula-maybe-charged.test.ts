/**
 * =LOOKUP_LEAD after a lookup that may have been charged (a gateway's 502/504 after the API
 * answered): a recalculation does not send it again blindly (the sibling of =FIND_EMAIL's rule,
 * issue 21). Before, the in-flight marker was cleared on any answer and Sheets' next
 * recalculation paid for the same lookup again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/clock";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { PATHS } from "../../src/api/wire";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
const clock = manualClock(Date.UTC(2026, 10, 24, 9, 0, 0));
let addon: AddonRuntime;
let gatewayNext = false;

/** The next paid answer is read as a gateway's 504: the API charged, the add-on saw no answer. */
function gateway(requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[] {
  const outcomes = fetchAllSync(requests, options);
  if (!gatewayNext) return outcomes;
  gatewayNext = false;
  return outcomes.map((o) =>
    o.kind === "response" ? { kind: "response", status: 504, body: "Gateway Timeout" } : o,
  );
}

beforeAll(async () => {
  addon = await startAddonRuntime({ runtime: { clock, fetchAll: gateway } });
});
afterAll(async () => {
  await addon?.close();
});

async function lookups(): Promise<number> {
  return (await addon.control.stats()).ledger.filter((e) => e.path === PATHS.leadLookup).length;
}

describe("=LOOKUP_LEAD after a 504 that may have been charged", () => {
  it("is not sent again by a recalculation until its marker expires", async () => {
    const [url] = await addon.control.sampleUrls(1, 300);
    gatewayNext = true;
    addon.runtime.setCell(SHEET, "A2", url!);
    addon.runtime.setCell(SHEET, "B2", '=LOOKUP_LEAD(A2, "full_name")');
    expect(String(addon.runtime.getValues(SHEET, "B2:B2")[0]![0])).toMatch(
      /^The API had a temporary problem/,
    );
    expect(await lookups()).toBe(1);
    clock.advance(60_000);
    addon.runtime.recalculate({ all: true });
    expect(String(addon.runtime.getValues(SHEET, "B2:B2")[0]![0])).toMatch(/may have been charged/);
    expect(await lookups()).toBe(1);
    clock.advance(10 * 60_000);
    addon.runtime.recalculate({ all: true });
    expect(await lookups()).toBe(2);
  });
});
