/**
 * Issue 19.1 (PRODUCTION.md A14), done-when: the BUILT add-on (dist-named/, built with
 * API_NETWORK_NAME=acme and API_COMPANY_DB_NAME=acmedb) against a sandbox serving under those
 * words, so a path or a key that skips the mapping reaches nothing: lookup formulas (with the
 * spec's field names as arguments), Enrich, both searches and the Credits tab. Then the names
 * mismatched: the add-on says so at the first request, and the ledger shows nothing charged.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import { emptyForm as emptyLeadForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { CompanyEstimate, CompanyRunResult, CompanySearchForm } from "../../src/rpc/companies";
import type { CreditsSummary } from "../../src/rpc/credits";
import type { EnrichProgress } from "../../src/rpc/enrich";
import type { LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import type { ConnectionTest } from "../../src/rpc/settings";
import { crmRows, driveSteps, estimateAndConfirm, rpcValue, SHEET } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const ROWS = 12;

async function ledgerCredits(addon: AddonRuntime): Promise<number> {
  return (await addon.control.stats()).ledger.reduce((sum, entry) => sum + Math.abs(entry.amount), 0);
}

function columnOf(addon: AddonRuntime, sheet: string, header: string): unknown[] {
  const cells = addon.runtime.getSheetCells(sheet);
  const index = cells[0]!.findIndex((cell) => cell.value === header || cell.note === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return cells.slice(1).map((row) => row[index]?.value ?? "");
}

const PERSONA = { name: "Sellers", functions: ["marketing", "sales"], seniorities: [], prohibit: [] };

describe("the add-on built with another network name, against the API serving it", () => {
  let addon: AddonRuntime;
  let urls: string[];
  beforeAll(async () => {
    addon = await startAddonRuntime({
      named: true,
      userProperties: { SPEND_CAP: "5000", API_GENERATION: "legacy" },
      runtime: { spreadsheet: { sheets: [{ name: SHEET, rows: [["Profile URL"]], maxRows: 200 }] } },
    });
    urls = await addon.control.sampleUrls(ROWS);
  });
  afterAll(async () => {
    await addon?.close();
  });
  beforeEach(async () => {
    await addon.control.reset();
  });

  it("=LOOKUP_LEAD takes the spec's field names whatever the network's name", async () => {
    const { runtime } = addon;
    runtime.setValues(SHEET, "A1", crmRows(urls.slice(0, 3), 0));
    runtime.setCell(SHEET, "E2", '=LOOKUP_LEAD(A2:A4, "full_name,network_id,network_url")');
    const rows = runtime.getValues(SHEET, "E2:G4");
    for (const [name, id, url] of rows) {
      expect(String(name)).not.toBe("");
      expect(String(id)).toMatch(/^\d+$/);
      expect(String(url)).toContain("/in/");
    }
    expect(await ledgerCredits(addon)).toBe(3);
  });

  it("Enrich refreshes every row and is charged as the ledger says", async () => {
    const { runtime } = addon;
    runtime.setValues(SHEET, "A1", crmRows(urls, 0));
    const jobId = estimateAndConfirm(runtime, `A1:A${ROWS + 1}`, {
      options: { fields: ["full_name", "network_id"], extras: {}, mode: "refresh" },
    });
    const done: EnrichProgress = driveSteps(runtime, jobId);
    expect(done.state).toBe("done");
    const ids = columnOf(addon, SHEET, "network_id").slice(0, ROWS);
    expect(ids.every((id) => /^\d+$/.test(String(id)))).toBe(true);
    expect(await ledgerCredits(addon)).toBe(ROWS);
  });

  it("Enrich through bulk jobs (the default generation) sends and reads the network's names too", async () => {
    const { runtime } = addon;
    runtime.properties.user().setAll({ API_GENERATION: "auto" });
    try {
      runtime.setValues(SHEET, "A1", crmRows(urls, 0));
      const jobId = estimateAndConfirm(runtime, `A1:A${ROWS + 1}`, {
        options: { fields: ["full_name", "network_id"], extras: {}, mode: "refresh" },
      });
      const done: EnrichProgress = driveSteps(runtime, jobId);
      expect(done).toMatchObject({ state: "done", ok: ROWS, failed: 0 });
      const stats = await addon.control.stats();
      expect(stats.requests["/api/network/leads/by_link/"] ?? 0).toBe(0);
      for (const status of columnOf(addon, SHEET, "Enrichment Status").slice(0, ROWS))
        expect(String(status)).toMatch(/^ok/);
      expect(await ledgerCredits(addon)).toBe(ROWS);
    } finally {
      runtime.properties.user().setAll({ API_GENERATION: "legacy" });
    }
  });

  it("company search writes company_db_urn and the network's columns; lead search finds leads by company and by link", async () => {
    const companyForm: CompanySearchForm = { ...emptyCompanyForm(), limit_by: 5 };
    const estimate = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", companyForm);
    const run = rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
      form: companyForm,
      confirmedCredits: estimate.maxCredits,
    });
    expect(run.written).toBe(5);
    expect(
      columnOf(addon, "Companies", "company_db_urn")
        .slice(0, 5)
        .every((v) => v !== ""),
    ).toBe(true);
    expect(
      columnOf(addon, "Companies", "network_id")
        .slice(0, 5)
        .every((v) => v !== ""),
    ).toBe(true);
    const companyCredits = await ledgerCredits(addon);
    expect(companyCredits).toBe(run.spent);

    const link = 'https://www.network.example/search/results/people/?geo=["Germany"]&function=["Marketing"]';
    const forms: LeadSearchForm[] = [
      {
        ...emptyLeadForm(),
        personas: [PERSONA],
        target: { kind: "company_id", value: "1000254" },
        limit_by: "5",
      },
      { ...emptyLeadForm(), target: { kind: "network_filter_link", value: link }, limit_by: "5" },
    ];
    let spent = 0;
    for (const form of forms) {
      const leadsEstimate = rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", { form });
      if (!leadsEstimate.ok) throw new Error(JSON.stringify(leadsEstimate.problems));
      const result = rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", {
        form,
        confirmedMaxCredits: leadsEstimate.maxCredits,
      });
      if (!result.ok) throw new Error(JSON.stringify(result.problems));
      expect(result.searches[0]).toMatchObject({ state: "ok" });
      expect(result.written).toBe(5);
      spent += result.spent;
    }
    expect(columnOf(addon, "Leads", "network_company_id").filter((v) => v === "1000254")).toHaveLength(5);
    expect(await ledgerCredits(addon)).toBe(companyCredits + spent);
  });

  it("Settings' Test connection passes, and its probe of the network's paths is free", async () => {
    const test = rpcValue<ConnectionTest>(addon.runtime, "testConnection", null);
    expect(test).toMatchObject({ ok: true });
    expect((await addon.control.stats()).ledger).toEqual([]);
  });

  it("the Credits tab reads the balance and spending", async () => {
    const spentBefore = (summary: CreditsSummary) => (summary.ok ? summary.spentLastDay : Number.NaN);
    const before = rpcValue<CreditsSummary>(addon.runtime, "creditsSummary", null);
    // A URL no earlier test looked up: the formula's cache would answer it for free.
    addon.runtime.setValues(SHEET, "A1", crmRows(await addon.control.sampleUrls(1, 100), 0));
    addon.runtime.setCell(SHEET, "E2", "=LOOKUP_LEAD(A2)");
    const after = rpcValue<CreditsSummary>(addon.runtime, "creditsSummary", null);
    expect(after.ok).toBe(true);
    expect(spentBefore(after) - spentBefore(before)).toBe(1);
  });
});

describe("names mismatched: the add-on built with the spec's word, the API serving another", () => {
  let addon: AddonRuntime;
  beforeAll(async () => {
    addon = await startAddonRuntime({
      sandbox: { networkName: "acme" },
      // The lookup path's 404 (a bulk submit's field under the wrong name is a 400 that stops the run).
      userProperties: { SPEND_CAP: "5000", API_GENERATION: "legacy" },
      runtime: { spreadsheet: { sheets: [{ name: SHEET, rows: [["Profile URL"]], maxRows: 200 }] } },
    });
  });
  afterAll(async () => {
    await addon?.close();
  });

  it("Settings' Test connection, a user's first request, says so (the transaction list alone would pass)", async () => {
    const test = rpcValue<ConnectionTest>(addon.runtime, "testConnection", null);
    expect(test.ok).toBe(false);
    if (test.ok) return;
    expect(test.error.kind).toBe("configuration");
    expect(test.error.message).toContain('network name "network"');
    expect(test.error.message).toContain(addon.sandboxUrl);
    expect((await addon.control.stats()).ledger).toEqual([]);
  });

  it("says so at the first request, naming the API address and the name, and charges nothing", async () => {
    const { runtime } = addon;
    const urls = await addon.control.sampleUrls(ROWS);
    runtime.setValues(SHEET, "A1", crmRows(urls, 0));
    runtime.setCell(SHEET, "E2", "=LOOKUP_LEAD(A2)");
    const formula = String(runtime.getValues(SHEET, "E2")[0]![0]);
    expect(formula).toContain(addon.sandboxUrl);
    expect(formula).toContain('network name "network"');
    expect(formula).not.toMatch(/no profile/i);

    const jobId = estimateAndConfirm(runtime, `A1:A${ROWS + 1}`);
    const progress = driveSteps(runtime, jobId);
    expect(progress.state).toBe("stopped");
    expect(progress.message?.kind).toBe("configuration");
    expect(progress.message?.message).toContain('network name "network"');
    // No row is "not found" or failed: every URL waits, unsent or refused before any charge.
    expect(progress).toMatchObject({ ok: 0, notFound: 0, failed: 0, spent: 0 });
    expect(JSON.stringify(runtime.getValues(SHEET, `A2:H${ROWS + 1}`))).not.toMatch(/not found/i);

    const companyForm: CompanySearchForm = { ...emptyCompanyForm(), limit_by: 5 };
    const estimate = rpcValue<CompanyEstimate>(runtime, "companyEstimate", companyForm);
    const run = rpcValue<CompanyRunResult>(runtime, "companyRun", {
      form: companyForm,
      confirmedCredits: estimate.maxCredits,
    });
    expect(JSON.stringify(run)).toContain("does not serve /api/network/companies/by_icp/");
    expect((await addon.control.stats()).ledger).toEqual([]);
  });
});
