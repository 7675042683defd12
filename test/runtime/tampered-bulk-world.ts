/**
 * The bulk-job fault tests' world: the built add-on on a manual clock, whose fetchAll answers pass
 * through a tamper (what a proxy or a gateway may hand back instead of the API's answer), with
 * Apps Script's 60 s fetch timeout shortened. A tamper that answers a failure fails the whole
 * fetchAll, as Apps Script does (G2).
 */
import { manualClock } from "../../sandbox/gas/clock";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { PATHS } from "../../src/api/wire";
import { crmRows, SHEET, USER } from "../jobs/enrich-world";
import { type AddonRuntime, DEMO_KEY, startAddonRuntime } from "./support";

export type Tamper = (request: HttpRequest, outcome: HttpOutcome) => HttpOutcome;

export const isStatusRead = (request: HttpRequest) =>
  request.method === "get" && request.url.includes(PATHS.bulkEnrichStatus);
export const isSubmit = (request: HttpRequest) =>
  request.method === "post" && request.url.includes(PATHS.bulkEnrichRealtime);

/** Starts the world; `tamper()` is asked for the tamper of the moment on every fetchAll. */
export function startTamperedBulkWorld(options: {
  fetchMs: number;
  maxRows: number;
  tamper: () => Tamper | null;
}): Promise<AddonRuntime> {
  const fetchAll = (requests: HttpRequest[], fetchOptions?: { timeoutMs?: number }): HttpOutcome[] => {
    const outcomes = fetchAllSync(requests, fetchOptions);
    const tamper = options.tamper();
    return tamper ? outcomes.map((outcome, i) => tamper(requests[i]!, outcome)) : outcomes;
  };
  return startAddonRuntime({
    userProperties: { SPEND_CAP: "5000", API_GENERATION: "auto" },
    timeouts: { fetchMs: options.fetchMs },
    runtime: {
      spreadsheet: { sheets: [{ name: SHEET, rows: [], maxRows: options.maxRows }] },
      user: USER,
      clock: manualClock(Date.UTC(2026, 10, 21, 9, 0, 0)),
      fetchAll,
    },
  });
}

/** A clean slate: the ledger reset, no document property, the key and `cap`, `urls` sample URLs (from `offset`) in the sheet. */
export async function resetBulkWorld(
  world: AddonRuntime,
  sample: { urls: number; offset: number; cap?: number },
): Promise<void> {
  await world.control.reset();
  world.runtime.properties.document.clear();
  world.runtime.properties
    .user()
    .setAll({ SPEND_CAP: String(sample.cap ?? 5_000), API_GENERATION: "auto", API_KEY: DEMO_KEY });
  world.runtime.quotas.urlFetch.setUsed(0);
  const rows = world.runtime.sheets().find((sheet) => sheet.name === SHEET)!.maxRows;
  world.runtime.setValues(
    SHEET,
    "A1",
    Array.from({ length: rows }, () => new Array<string>(12).fill("")),
  );
  world.runtime.setValues(
    SHEET,
    "A1",
    crmRows(await world.control.sampleUrls(sample.urls, sample.offset), 0),
  );
}
