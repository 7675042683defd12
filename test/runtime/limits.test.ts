/**
 * Apps Script's limits as the emulated runtime enforces them (PRODUCTION.md G1, G4), met by the
 * built add-on against the sandbox: the day's URL Fetch quota running out during an enrichment,
 * and a formula over more URLs than the document cache holds items. Charges are read from the
 * sandbox's own ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../src/api/wire";
import type { EnrichEstimate } from "../../src/rpc/enrich";
import {
  chargesPerPerson,
  crmRows,
  DEFAULT_REQUEST,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  rpcValue,
  SHEET,
  startEnrichWorld,
} from "../jobs/enrich-world";

describe("the day's URL Fetch quota runs out during an enrichment", () => {
  let world: EnrichWorld;
  let urls: string[];
  beforeAll(async () => {
    world = await startEnrichWorld({
      rows: [["Profile URL"]],
      userProperties: { CHUNK_SIZE: "10", API_GENERATION: "legacy" },
    });
    urls = await world.control.sampleUrls(30);
    world.runtime.setValues(SHEET, "A1", crmRows(urls, 0));
  });
  afterAll(async () => {
    await world?.close();
  });

  it("warns in the estimate when a run needs more fetches than the add-on's own count leaves today", () => {
    const { runtime } = world;
    const now = runtime.clock.now();
    runtime.properties.user().setAll({ URL_FETCH_COUNT: `${now - 3600_000}:19980` });
    runtime.select(SHEET, "A1:A31");
    const estimate = rpcValue<EnrichEstimate>(runtime, "enrichEstimate", DEFAULT_REQUEST);
    // The estimate's own balance call is one of them.
    expect(estimate.fetches).toEqual({ quota: 20_000, left: 19, since: now - 3600_000 });
    expect(estimate.preview.toFetch).toBe(30);
    rpcValue(runtime, "saveSettings", { fetchQuota: 100_000 });
    const workspace = rpcValue<EnrichEstimate>(runtime, "enrichEstimate", DEFAULT_REQUEST);
    expect(workspace.fetches.left).toBe(100_000 - 19_982);
    rpcValue(runtime, "saveSettings", { fetchQuota: 20_000 });
    runtime.properties.user().setAll({ URL_FETCH_COUNT: "" });
  });

  it("stops with the unsent URLs pending, not 'may have been charged', and resumes cleanly the next day", async () => {
    const { runtime } = world;
    // 12 fetches left today: the balance call of the estimate takes 1, the first chunk of 10, then 1 short.
    runtime.quotas.urlFetch.setUsed(
      runtime.quotas.urlFetch.used() + runtime.quotas.urlFetch.remaining() - 12,
    );
    const jobId = estimateAndConfirm(runtime, "A1:A31");
    const stopped = driveSteps(runtime, jobId);
    expect(stopped).toMatchObject({ state: "stopped", ok: 10, failed: 0, interrupted: 0, remaining: 20 });
    expect(stopped.message?.kind).toBe("quota");
    expect(`${stopped.message?.message} ${stopped.message?.next}`).toMatch(/tomorrow/);
    const header = runtime.getValues(SHEET, "A1:Z1")[0]!.map(String);
    const status = header.indexOf("Enrichment Status");
    const statuses = runtime.getValues(SHEET, "A2:Z31").map((row) => String(row[status]));
    expect(statuses.filter((s) => /^ok/.test(s))).toHaveLength(10);
    expect(statuses.filter((s) => /daily limit/.test(s))).toHaveLength(20);
    expect(statuses.some((s) => /may have been charged/.test(s))).toBe(false);
    expect([...(await chargesPerPerson(world.control)).values()]).toEqual(Array(10).fill(1));
    // The add-on's own count now says the day's quota is used up.
    expect(runtime.properties.user().get("URL_FETCH_COUNT")).toMatch(/:20000$/);

    // The next day: the quota is back, Resume finishes without paying twice.
    runtime.quotas.urlFetch.setUsed(0);
    rpcValue(runtime, "enrichResume", { jobId });
    expect(driveSteps(runtime, jobId)).toMatchObject({ state: "done", ok: 30, failed: 0 });
    const charges = await chargesPerPerson(world.control);
    expect(charges.size).toBe(30);
    expect([...charges.values()].every((count) => count === 1)).toBe(true);
  });
});

describe("=LOOKUP_LEAD over more URLs than the document cache has items", () => {
  let world: EnrichWorld;
  let urls: string[];
  beforeAll(async () => {
    world = await startEnrichWorld({
      rows: [["Profile URL"]],
      userProperties: { SPEND_CAP: "5000", FORMULA_DAILY_CREDITS: "off" },
    });
    urls = await world.control.sampleUrls(2001);
  });
  afterAll(async () => {
    await world?.close();
  });

  async function lookupCharges(): Promise<number> {
    return (await world.control.stats()).ledger.filter((e) => e.path === PATHS.leadLookup && e.amount !== 0)
      .length;
  }

  it("pays once for 1,200 URLs, recalculated, with the cache's 1,000-item cap on", async () => {
    const { runtime } = world;
    runtime.setValues(
      SHEET,
      "A1",
      urls.slice(0, 1200).map((url) => [url]),
    );
    runtime.setCell(SHEET, "B1", '=LOOKUP_LEAD(A1:A1200, "full_name, network_url")');
    expect(runtime.getCell(SHEET, "B1").error).toBeUndefined();
    expect(await lookupCharges()).toBe(1200);
    runtime.recalculate({ all: true });
    runtime.recalculate({ all: true });
    expect(await lookupCharges()).toBe(1200);
    const rows = runtime.getValues(SHEET, "C1:C1200").map((row) => row[0]);
    expect(rows).toEqual(urls.slice(0, 1200));
    const items = runtime.caches.document.size();
    expect(items).toBeLessThan(300);
  });

  it("after Google drops cache items early, pays again only for the answers that went, once", async () => {
    const { runtime, control } = world;
    const itemsBefore = runtime.caches.document.size();
    const requestsBefore = runtime.counters.requests;
    // Best effort (G4): a tenth of the cache's items go at once, chosen by a seeded sequence.
    const dropped = runtime.caches.dropEarly(0.1, 3);
    expect(dropped).toBeGreaterThan(0);
    runtime.recalculate({ all: true });
    const resent = runtime.counters.requests - requestsBefore;
    // Only the dropped items' answers go out again: each item holds about 1,200 / items of them.
    expect(resent).toBeGreaterThan(0);
    expect(resent).toBeLessThan(1200 * (dropped / itemsBefore) * 3);
    expect(await lookupCharges()).toBe(1200 + resent);
    // Each URL is paid at most twice (once, then once after its answer was dropped); none is lost.
    const charges = await chargesPerPerson(control);
    expect(Math.max(...charges.values())).toBe(2);
    expect([...charges.values()].filter((count) => count === 2)).toHaveLength(resent);
    expect(runtime.getValues(SHEET, "C1:C1200").map((row) => row[0])).toEqual(urls.slice(0, 1200));
    // The answers are cached again: the next recalculation sends nothing.
    runtime.recalculate({ all: true });
    expect(runtime.counters.requests - requestsBefore).toBe(resent);
    expect(await lookupCharges()).toBe(1200 + resent);
  });

  it("refuses a range of more distinct URLs than a formula takes, pointing to Enrich, and spends nothing", async () => {
    const { runtime } = world;
    const before = await lookupCharges();
    runtime.setValues(
      SHEET,
      "E1",
      urls.map((url) => [url]),
    );
    runtime.setCell(SHEET, "F1", "=LOOKUP_LEAD(E1:E2001)");
    expect(runtime.getCell(SHEET, "F1").error?.message).toMatch(/2,000.*Enrich/);
    expect(await lookupCharges()).toBe(before);
  });
});
