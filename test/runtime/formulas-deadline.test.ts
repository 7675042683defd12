/**
 * =LOOKUP_LEAD near the custom function's 30-second limit: it returns the rows it could fetch and
 * marks the rest "not fetched yet", instead of being cut off into #ERROR!.
 *
 * First with a manual clock that each fetchAll advances by a set latency (deterministic, fast),
 * then once with real time and the sandbox's own latency.
 */
import { afterEach, describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/clock";
import { fetchAllSync } from "../../sandbox/sync-http";
import { PATHS } from "../../src/api/wire";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
const NOT_FETCHED = "not fetched yet: recalculate or use Enrich";
let addon: AddonRuntime | undefined;

afterEach(async () => {
  await addon?.close();
  addon = undefined;
});

async function lookupUrlsCharged(a: AddonRuntime): Promise<string[]> {
  const stats = await a.control.stats();
  return stats.ledger.filter((e) => e.path === PATHS.leadLookup).map((e) => e.url ?? "");
}

describe("=LOOKUP_LEAD against the 30-second limit", () => {
  it("fetches in chunks while time allows, then marks the rest (simulated 4 s per fetch)", async () => {
    const clock = manualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
    const latencyMs = 4000;
    addon = await startAddonRuntime({
      userProperties: { CHUNK_SIZE: "2" },
      runtime: {
        clock,
        fetchAll: (requests, options) => {
          const outcomes = fetchAllSync(requests, options);
          clock.advance(latencyMs);
          return outcomes;
        },
      },
    });
    const urls = await addon.control.sampleUrls(20);
    addon.runtime.setValues(
      SHEET,
      "A1",
      urls.map((u) => [u]),
    );
    addon.runtime.setCell(SHEET, "B1", '=LOOKUP_LEAD(A1:A20, "network_url")');

    expect(addon.runtime.getCell(SHEET, "B1").error).toBeUndefined();
    const shown = addon.runtime.getValues(SHEET, "B1:B20").map((row) => row[0]);
    // 25 s of budget, 4 s per fetch of 2 URLs: fetches start at 0, 4, ..., 20 s; one at 24 s
    // would end after the budget. So 6 fetches, 12 rows, the other 8 marked.
    const fetched = shown.filter((value) => value !== NOT_FETCHED);
    expect(fetched).toEqual(urls.slice(0, 12));
    expect(shown.slice(12)).toEqual(Array(8).fill(NOT_FETCHED));
    expect(addon.runtime.counters.fetchAllCalls).toBe(6);
    expect((await lookupUrlsCharged(addon)).sort()).toEqual(urls.slice(0, 12).sort());
    const record = addon.runtime.executions.find((e) => e.name === "LOOKUP_LEAD");
    expect(record?.outcome).toBe("completed");

    // Recalculating fetches only the rows still missing, and pays only for them.
    addon.runtime.recalculate({ all: true });
    expect(addon.runtime.getValues(SHEET, "B1:B20").map((row) => row[0])).toEqual(urls);
    expect((await lookupUrlsCharged(addon)).sort()).toEqual([...urls].sort());
  });

  it("does not pay twice when a lookup outlives the formula's 30 s (API slower than the limit)", async () => {
    // The sandbox answers (and charges) every lookup; each fetch then takes 35 s on the runtime's
    // clock, so Apps Script cuts the formula off while the request is out, as in production.
    const clock = manualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
    let fetchMs = 35_000;
    addon = await startAddonRuntime({
      runtime: {
        clock,
        fetchAll: (requests, options) => {
          const outcomes = fetchAllSync(requests, options);
          clock.advance(fetchMs);
          return outcomes;
        },
      },
    });
    const urls = await addon.control.sampleUrls(3);
    addon.runtime.setValues(SHEET, "A95", [[urls[0]!], [urls[1]!]]);
    const formula = '=LOOKUP_LEAD(A95:A96, "network_url")';
    addon.runtime.setCell(SHEET, "B95", formula);
    expect(addon.runtime.getCell(SHEET, "B95").error?.message).toBe("Exceeded maximum execution time");
    expect((await lookupUrlsCharged(addon)).sort()).toEqual(urls.slice(0, 2).sort());

    // Entered again a few seconds later: the two URLs are not sent again, their rows say why and
    // when a recalculation will try again (10 minutes after the cut-off lookup started).
    clock.advance(5_000);
    fetchMs = 1_000;
    addon.runtime.setValues(SHEET, "A97", [[urls[2]!]]);
    addon.runtime.setCell(SHEET, "B95", '=LOOKUP_LEAD(A95:A97, "network_url")');
    expect(addon.runtime.getCell(SHEET, "B95").error).toBeUndefined();
    const rows = addon.runtime.getValues(SHEET, "B95:B97").map((row) => row[0]);
    const abandoned =
      "The last lookup of this URL got no answer in time (a formula may run 30 s) or none the add-on could read, and may have been charged: use Enrich for this URL, or recalculate after 09:10 to try again.";
    expect(rows).toEqual([abandoned, abandoned, urls[2]]);
    // Only the new URL was charged.
    expect((await lookupUrlsCharged(addon)).sort()).toEqual([...urls].sort());

    // After that time a recalculation sends them again (and pays again, as the row warned).
    clock.advance(10 * 60_000);
    addon.runtime.recalculate({ all: true });
    expect(addon.runtime.getValues(SHEET, "B95:B97").map((row) => row[0])).toEqual(urls);
    expect(await lookupUrlsCharged(addon)).toHaveLength(5);
  });

  it("does the same in real time with the sandbox's latency", { timeout: 60_000 }, async () => {
    addon = await startAddonRuntime({
      sandbox: { latencyMs: { [PATHS.leadLookup]: 5000 } },
      userProperties: { CHUNK_SIZE: "10" },
    });
    const urls = await addon.control.sampleUrls(60);
    addon.runtime.setValues(
      SHEET,
      "A1",
      urls.map((u) => [u]),
    );
    addon.runtime.setCell(SHEET, "B1", '=LOOKUP_LEAD(A1:A60, "network_url")');

    expect(addon.runtime.getCell(SHEET, "B1").error).toBeUndefined();
    const shown = addon.runtime.getValues(SHEET, "B1:B60").map((row) => row[0]);
    const fetchedCount = shown.indexOf(NOT_FETCHED);
    // About 5 s per fetch of 10 within 25 s: 4 or 5 fetches here; a slower machine fits fewer,
    // so only "at least one, at most five" is asserted, never a time.
    expect(fetchedCount).toBeGreaterThanOrEqual(10);
    expect(fetchedCount).toBeLessThanOrEqual(50);
    expect(shown.slice(0, fetchedCount)).toEqual(urls.slice(0, fetchedCount));
    expect(shown.slice(fetchedCount).every((value) => value === NOT_FETCHED)).toBe(true);
    expect(await lookupUrlsCharged(addon)).toHaveLength(fetchedCount);
  });
});
