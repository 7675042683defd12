/**
 * The API account's daily search limit (PRODUCTION.md A10) reached in the middle of one fetchAll
 * of many parallel searches, in the emulated Apps Script runtime (the built dist/Code.js) against
 * the sandbox, which counts a search when it is accepted: the searches past the limit are refused
 * together, free. The run stops with "tomorrow", keeps and writes every paid answer, pays nothing
 * twice, and names what was not searched. Charges are read from the sandbox's own ledger.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateCompanies, recordOf } from "../../sandbox/api/companies";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import { emptyForm as emptyLeadForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { CompanyRunResult, CompanySearchForm } from "../../src/rpc/companies";
import type { LeadsCompanySelection, LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import { COMPANY_FIELDS } from "../../src/sheet/lead-fields";
import { rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, companySheetRows, DEMO_KEY, startAddonRuntime } from "./support";

const LEADS_PATH = "/api/network/leads/by_icp/";
const COMPANIES_PATH = "/api/network/companies/by_icp/";
let addon: AddonRuntime;

beforeAll(async () => {
  // Latency keeps every search of a fetchAll in flight at once, as production's would be.
  addon = await startAddonRuntime({ sandbox: { latencyMs: 200 }, userProperties: { SPEND_CAP: "5000" } });
});

afterAll(async () => {
  await addon?.close();
});

beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.properties.document.setAll({}, true);
  for (const name of ["Leads", "Companies"]) {
    const info = addon.runtime.sheets().find((s) => s.name === name);
    if (info && info.lastRow > 0)
      addon.runtime.setValues(
        name,
        "A1",
        Array.from({ length: info.lastRow }, () => new Array<string>(info.lastColumn).fill("")),
      );
  }
});

async function charges(path: string): Promise<number> {
  const { ledger } = await addon.control.stats();
  return ledger
    .filter((c) => c.key === DEMO_KEY && c.path === path)
    .reduce((sum, c) => sum + Math.abs(c.amount), 0);
}

function column(sheet: string, field: string): unknown[] {
  const info = addon.runtime.sheets().find((s) => s.name === sheet);
  if (!info || info.lastRow < 2) return [];
  const cells = addon.runtime.getSheetCells(sheet);
  const index = cells[0]!.findIndex((cell) => cell.note === field || cell.value === field);
  expect(index, `column ${field}`).toBeGreaterThanOrEqual(0);
  return cells
    .slice(1)
    .map((row) => row[index]?.value)
    .filter((value) => value !== "" && value !== undefined);
}

describe("find leads at 30 companies with 20 searches left today", () => {
  const COMPANIES = 30;
  const MARKETING = { name: "Marketing", functions: ["marketing", "sales"], seniorities: [], prohibit: [] };

  function selectCompanies(minLeads = 40): LeadsCompanySelection {
    const records = generateCompanies(1)
      .companies.filter((c) => c.leadCount >= minLeads && c.leadCount <= 400)
      .slice(0, COMPANIES)
      .map((c) => recordOf(1, c));
    const rows = companySheetRows(records);
    if (!addon.runtime.sheets().some((s) => s.name === "Companies")) addon.runtime.insertSheet("Companies");
    addon.runtime.setValues("Companies", "A1", [[...COMPANY_FIELDS], ...rows]);
    addon.runtime.select("Companies", `A2:C${COMPANIES + 1}`);
    return rpcValue<LeadsCompanySelection>(addon.runtime, "leadsSelection", null);
  }

  /** Find leads at the selected companies, up to `limit` each. */
  function companiesForm(limit: number, personas = [MARKETING]): LeadSearchForm {
    return {
      ...emptyLeadForm(),
      personas,
      target: { kind: "selected_companies", value: "" },
      limit_by: String(limit),
    };
  }

  function run(f: LeadSearchForm): Extract<LeadsRunResult, { ok: true }> {
    const estimate = rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", { form: f });
    if (!estimate.ok) throw new Error(JSON.stringify(estimate.problems));
    const result = rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", {
      form: f,
      confirmedMaxCredits: estimate.maxCredits,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    return result;
  }

  it("stops free with 'tomorrow', writes the 20 paid searches' leads and names the 10 companies not searched", async () => {
    const selection = selectCompanies();
    expect(selection.companies).toHaveLength(COMPANIES);
    await addon.control.configure({ dailySearches: 20 });
    const result = run(companiesForm(5));

    expect(result.stoppedBy?.kind).toBe("daily_limit");
    expect(`${result.stoppedBy?.message} ${result.stoppedBy?.next}`).toMatch(/tomorrow/);
    const done = result.searches.filter((s) => s.state === "ok");
    const notMade = result.searches.filter((s) => s.state !== "ok");
    expect(done).toHaveLength(20);
    expect(notMade).toHaveLength(10);
    for (const search of notMade) {
      expect(search).toMatchObject({ leads: 0, spent: 0 });
      if (search.state === "failed") expect(search.error?.kind).toBe("daily_limit");
    }
    // Every paid lead is in the Leads sheet, paid once: the run's count is the ledger's.
    expect(result.spent).toBe(await charges(LEADS_PATH));
    expect(result.spent).toBe(done.reduce((sum, s) => sum + s.spent, 0));
    expect(result.written + result.duplicates).toBe(result.spent);
    expect(column("Leads", "sales_id")).toHaveLength(result.written);
  });

  it("the estimate says 20 searches are left today; with 5 at once allowed, the run goes 5 at a time from the start (users/me), meets no 429, and the daily limit still stops it", async () => {
    selectCompanies();
    await addon.control.configure({ dailySearches: 20, accountParallel: 5 });
    const estimate = rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", { form: companiesForm(5) });
    expect(estimate).toMatchObject({
      ok: true,
      searches: 30,
      parallel: 5,
      searchesLeft:
        "This needs 30 searches; your account has 20 searches left today of 20. The rest would be refused until tomorrow (UTC), free.",
    });
    const result = run(companiesForm(5));
    expect(result.stoppedBy?.kind).toBe("daily_limit");
    // Started at the account's parallel limit, not the spec's 50: no search was refused as throttled.
    expect(result.throttled).toBe(0);
    expect((await addon.control.stats()).peakConcurrency[LEADS_PATH]).toBe(5);
    expect(result.searches.filter((s) => s.state === "ok")).toHaveLength(20);
    expect(result.searches.filter((s) => s.state !== "ok").every((s) => s.spent === 0)).toBe(true);
    expect(result.spent).toBe(await charges(LEADS_PATH));
    expect(column("Leads", "sales_id")).toHaveLength(result.written);
  });

  it("a search of two pages whose second page was not made is reported unfinished, its first page kept", async () => {
    // Companies of 200+ leads and no persona: 150 leads each go out as pages of 100 and 50.
    selectCompanies(200);
    await addon.control.configure({ dailySearches: 20 });
    // Each search goes out as 2 requests: the estimate counts 60 against the 20 left today.
    const estimate = rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", {
      form: companiesForm(150, []),
    });
    expect(estimate).toMatchObject({
      searches: 30,
      searchesLeft: expect.stringMatching(/^This needs 60 searches; your account has 20 searches left today/),
    });
    const result = run(companiesForm(150, []));

    expect(result.stoppedBy?.kind).toBe("daily_limit");
    // The first pages of 30 searches went out at once: 20 were answered (100 leads each), 10 refused.
    const withLeads = result.searches.filter((s) => s.leads > 0);
    expect(withLeads).toHaveLength(20);
    expect(withLeads.every((s) => s.leads === 100)).toBe(true);
    // None of the 30 got its 150: none reads as done, and each says the daily limit stopped it.
    expect(result.searches.filter((s) => s.state === "ok")).toEqual([]);
    for (const search of result.searches) expect(search.error?.kind).toBe("daily_limit");
    expect(result.spent).toBe(2000);
    expect(result.spent).toBe(await charges(LEADS_PATH));
    expect(result.written + result.duplicates).toBe(result.spent);
    expect(column("Leads", "sales_id")).toHaveLength(result.written);
  });
});

describe("a company search of 20 pages with 8 searches left today", () => {
  it("stops free with 'tomorrow', writes the paid pages' companies, says which were not fetched, and Next page pays none twice", async () => {
    await addon.control.configure({ dailySearches: 8 });
    const f: CompanySearchForm = { ...emptyCompanyForm(), headcounts: ["51-200", "201-500"], limit_by: 500 };
    const estimate = rpcValue<{ maxCredits: number; pages: number }>(addon.runtime, "companyEstimate", f);
    expect(estimate.pages).toBe(20);
    const result = rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
      form: f,
      confirmedCredits: estimate.maxCredits,
    });
    expect(result.state).toBe("stopped");
    const stop = result.errors.find((e) => e.companies === "the rest");
    expect(`${stop?.message} ${stop?.next}`).toMatch(/tomorrow/);
    expect(result.pagesSent).toBe(20);
    // 8 pages paid and written; the 12 refused are named by their match numbers, free.
    const refused = result.errors.filter((e) => e.companies !== "the rest");
    expect(refused).toHaveLength(12);
    expect(refused.every((e) => e.charged === "no")).toBe(true);
    expect(result.spent).toBe(await charges(COMPANIES_PATH));
    expect(result.written).toBe(result.returned);
    expect(result.spent).toBe(result.returned);
    const ids = column("Companies", "network_id").map(String);
    expect(ids).toHaveLength(result.written);

    // Tomorrow: Next page from where it says, for what was not fetched; nothing paid twice.
    await addon.control.configure({ dailySearches: null });
    expect(result.nextOffset).not.toBeNull();
    const next = rpcValue<{ maxCredits: number }>(addon.runtime, "companyEstimate", {
      ...f,
      offset_by: result.nextOffset,
      limit_by: 500 - result.returned,
    });
    const second = rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
      form: { ...f, offset_by: result.nextOffset, limit_by: 500 - result.returned },
      confirmedCredits: next.maxCredits,
    });
    expect(second.duplicates).toBe(0);
    const all = column("Companies", "network_id").map(String);
    expect(new Set(all).size).toBe(all.length);
    expect(await charges(COMPANIES_PATH)).toBe(result.spent + second.spent);
  });
});
