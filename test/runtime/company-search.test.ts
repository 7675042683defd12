/**
 * Company search in the emulated Apps Script runtime (the built dist/Code.js) against the sandbox
 * API: the rows written equal the API's answer, credits match the sandbox's own ledger, paging
 * brings no duplicates, and every refusal (spend cap, unknown location, refine answer) reaches the
 * tab as the user must see it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Company } from "../../src/api/wire";
import { emptyForm } from "../../src/jobs/company-search/form";
import type { CompanyEstimate, CompanyRunResult, CompanySearchForm } from "../../src/rpc/companies";
import { COMPANY_LABELS } from "../../src/sheet/field-labels";
import { COMPANY_FIELDS } from "../../src/sheet/lead-fields";
import { listText } from "../../src/sheet/list-text";
import { rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, DEMO_KEY, startAddonRuntime } from "./support";

const PATH = "/api/network/companies/by_icp/";
const COMPARE_KEY = "compare-key";
let addon: AddonRuntime;

const form = (overrides: Partial<CompanySearchForm> = {}): CompanySearchForm => ({
  ...emptyForm(),
  ...overrides,
});

function search(f: CompanySearchForm): { estimate: CompanyEstimate; result: CompanyRunResult } {
  const estimate = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", f);
  const result = rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
    form: f,
    confirmedCredits: estimate.maxCredits,
  });
  return { estimate, result };
}

function sheetRows(): unknown[][] {
  const info = addon.runtime.sheets().find((s) => s.name === "Companies");
  if (!info || info.lastRow === 0) return [];
  return addon.runtime.getValues("Companies", `A1:AE${info.lastRow}`);
}

async function demoCharges(): Promise<number[]> {
  const { ledger } = await addon.control.stats();
  return ledger.filter((c) => c.key === DEMO_KEY && c.path === PATH).map((c) => Math.abs(c.amount));
}

/** The API's own answer for the same request, under another key (the order cache is shared). */
async function apiCompanies(body: object): Promise<Company[]> {
  const response = await fetch(`${addon.sandboxUrl}${PATH}`, {
    method: "POST",
    headers: { Authorization: `Token ${COMPARE_KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { companies: Company[] }).companies;
}

beforeAll(async () => {
  addon = await startAddonRuntime({ userProperties: { SPEND_CAP: "1000" } });
});

afterAll(async () => {
  await addon?.close();
});

beforeEach(async () => {
  await addon.control.reset();
  await addon.control.setCredits(COMPARE_KEY, 100_000);
  addon.runtime.properties.document.setAll({}, true);
  if (addon.runtime.sheets().some((s) => s.name === "Companies")) {
    const rows = sheetRows().length;
    if (rows > 0)
      addon.runtime.setValues(
        "Companies",
        "A1",
        Array.from({ length: rows }, () => new Array(31).fill("")),
      );
  }
});

describe("company search in the runtime", () => {
  it("writes 200 companies equal to the API's answer, the first page then the rest in one fetchAll, charged as the ledger says", async () => {
    const f = form({ headcounts: ["51-200", "201-500", "501-1000"], limit_by: 200 });
    const estimate = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", f);
    const before = { ...addon.runtime.counters };
    const started = performance.now();
    const result = rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
      form: f,
      confirmedCredits: estimate.maxCredits,
    });
    const elapsed = performance.now() - started;
    const fetchAlls = addon.runtime.counters.fetchAllCalls - before.fetchAllCalls;
    const writes = addon.runtime.counters.spreadsheetWrites - before.spreadsheetWrites;
    expect(estimate).toMatchObject({ maxCredits: 200, pages: 8, pageSize: 25, cap: 1000, balance: 10_000 });
    expect(result.state).toBe("done");
    // The sandbox was reset: this search cached the order, so time_cached is null.
    expect(result.timeCached).toBeNull();
    expect(result.resultsCount).toBeGreaterThan(200);
    expect(result.returned).toBeLessThanOrEqual(200);
    expect(result.written).toBe(result.returned);
    // The account's parallel limit is read (users/me, free), then the first page alone (a refine
    // answer would come for every page, 3 credits each) and the other 7 in one fetchAll, between
    // the two ledger reads that give the run's total (issue 23.4); the sheet gets a header write
    // and one block of rows.
    expect(fetchAlls).toBe(2 + 1 + 2);
    expect(result.charges?.charged).toBe(result.spent);
    const charges = await demoCharges();
    expect(charges.reduce((a, b) => a + b, 0)).toBe(result.spent);
    expect(result.spent).toBe(result.returned);

    const rows = sheetRows();
    // Readable headers ("Company", "Website", "Headcount"), each noted with its API field name.
    expect(rows[0]).toEqual(COMPANY_FIELDS.map((field) => COMPANY_LABELS[field]));
    expect(rows[0]).toEqual(expect.arrayContaining(["Company", "Website", "Headcount"]));
    expect(addon.runtime.getSheetCells("Companies")[0]!.map((cell) => cell.note)).toEqual([
      ...COMPANY_FIELDS,
    ]);
    expect(addon.runtime.sheets().find((s) => s.name === "Companies")?.frozenRows).toBe(1);
    const expected = await apiCompanies({ headcounts: f.headcounts, limit_by: 200, offset_by: 0 });
    const column = (field: string) => rows.slice(1).map((row) => row[COMPANY_FIELDS.indexOf(field as never)]);
    expect(column("network_id").map(String)).toEqual(expected.map((c) => c.network_id));
    expect(column("headcount_exact")).toEqual(expected.map((c) => c.headcount_exact));
    // Lists as readable text by default (the JSON form is a setting: settings-format test).
    expect(column("other_locations_json").map((v) => String(v).replace(/^'/, ""))).toEqual(
      expected.map((c) => listText(c.other_locations_json)),
    );
    expect(column("description").map(String)).toEqual(expected.map((c) => c.description));
    console.info(
      `200-company search: ${elapsed.toFixed(0)} ms, ${result.pagesSent} pages in ${fetchAlls} fetchAll, ${writes} sheet writes, ${result.spent} credits, ${result.written} rows`,
    );
  });

  it("Next page continues at the first unfetched match without a duplicate row", async () => {
    const f = form({ locations: ["Germany"], limit_by: 60 });
    const first = search(f).result;
    // The 60 companies are in the sheet now: the next search excludes them, so the first match
    // not fetched yet is the first match of what is left, after the unsuitable ones the API
    // skipped without charging (issue 12.7).
    expect(first.nextOffset).toBe(60 - first.returned);
    const last = rpcValue<{ nextOffset: number; form: CompanySearchForm }>(
      addon.runtime,
      "companyLastSearch",
      null,
    );
    expect(last.nextOffset).toBe(first.nextOffset);
    const second = search({ ...last.form, offset_by: last.nextOffset }).result;
    expect(second.duplicates).toBe(0);
    expect(second.timeCached).not.toBeNull();
    const ids = sheetRows()
      .slice(1)
      .map((row) => String(row[COMPANY_FIELDS.indexOf("network_id")]));
    expect(ids).toHaveLength(first.written + second.written);
    expect(new Set(ids).size).toBe(ids.length);
    // Searching the first page again pays for no company already in the sheet: the sheet's ids go
    // out as exclude_ids, so the credits buy new companies.
    const { estimate: againEstimate, result: again } = search(f);
    expect(againEstimate.knownExcluded).toBe(ids.length);
    expect(again).toMatchObject({ written: again.returned, duplicates: 0, knownExcluded: ids.length });
    expect(again.spent).toBe(again.written);
  });

  it("shows the server's ValidationError and Hint at the location, free of charge", async () => {
    const { estimate, result } = search(form({ locations: ["Atlantis"], limit_by: 25 }));
    expect(estimate.problems).toEqual({});
    expect(result.state).toBe("invalid");
    expect(result.problems.locations?.[0]).toMatch(/Atlantis.*Hint: /);
    expect(result.spent).toBe(0);
    expect(await demoCharges()).toEqual([]);
  });

  it("shows the refine answer: its message, the match count and 3 credits", async () => {
    await addon.control.configure({ refineSearch: true });
    const { result } = search(form({ limit_by: 25 }));
    expect(result).toMatchObject({ state: "refine", written: 0, spent: 3 });
    expect(result.refineMessage).toMatch(/refine/i);
    expect(result.resultsCount).toBeGreaterThan(1600);
    expect(await demoCharges()).toEqual([3]);
    expect(addon.runtime.sheets().some((s) => s.name === "Companies" && s.lastRow > 0)).toBe(false);
  });

  it("pays the refine answer once for a search of several pages, not 3 credits a page", async () => {
    // 100 companies go as 4 pages of 25: sent together, each got the refine answer, 12 credits.
    await addon.control.configure({ refineSearch: true });
    const { estimate, result } = search(form({ limit_by: 100 }));
    expect(estimate.pages).toBe(4);
    expect(result).toMatchObject({ state: "refine", written: 0, spent: 3 });
    expect(result.charges?.charged).toBe(3);
    expect(await demoCharges()).toEqual([3]);
  });

  it("refuses a search above the spend cap and spends nothing", async () => {
    addon.runtime.properties.user().setAll({ SPEND_CAP: "100" });
    try {
      const f = form({ limit_by: 200 });
      const estimate = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", f);
      expect(estimate).toMatchObject({ maxCredits: 200, cap: 100, withinCap: 100 });
      const answer = addon.runtime.rpc("companyRun", { form: f, confirmedCredits: 200 }) as {
        ok: boolean;
        error?: { kind: string; message: string };
      };
      expect(answer.ok).toBe(false);
      expect(answer.error).toMatchObject({ kind: "spend_cap" });
      expect(await demoCharges()).toEqual([]);
    } finally {
      addon.runtime.properties.user().setAll({ SPEND_CAP: "1000" });
    }
  });

  it("checks keywords before sending: every problem at once", async () => {
    const estimate = rpcValue<CompanyEstimate>(
      addon.runtime,
      "companyEstimate",
      form({ keywords: ["a*b", "(x AND"] }),
    );
    const problems = estimate.problems.keywords ?? [];
    expect(problems.some((p) => p.startsWith('"a*b"'))).toBe(true);
    expect(problems.some((p) => p.startsWith('"(x AND"'))).toBe(true);
    expect((await addon.control.stats()).requests[PATH] ?? 0).toBe(0);
  });

  it("stops when the credits run out, keeps what came back and charges only that", async () => {
    await addon.control.setCredits(DEMO_KEY, 30);
    const f = form({ limit_by: 100 });
    const estimate = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", f);
    expect(estimate).toMatchObject({ maxCredits: 100, balance: 30 });
    const result = rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
      form: f,
      confirmedCredits: 100,
    });
    expect(result.state).toBe("stopped");
    expect(result.errors[0]?.message).toMatch(/out of credits/);
    expect(result.spent).toBeLessThanOrEqual(30);
    expect(result.written).toBe(result.returned);
    const charges = await demoCharges();
    expect(charges.reduce((a, b) => a + b, 0)).toBe(result.spent);
    expect(result.nextOffset).not.toBeNull();
  });

  it("keeps ICP presets in the document's properties", () => {
    const f = form({ locations: ["Germany"], headcounts: ["51-200"], keywords: ["cloud"] });
    rpcValue(addon.runtime, "companySavePreset", { name: "DACH cloud", form: f });
    const presets = rpcValue<Record<string, CompanySearchForm>>(addon.runtime, "companyPresets", null);
    expect(presets["DACH cloud"]).toMatchObject({ locations: ["Germany"], keywords: ["cloud"] });
    expect(addon.runtime.properties.document.get("companies.presets")).toContain("DACH cloud");
    rpcValue(addon.runtime, "companyDeletePreset", { name: "DACH cloud" });
    expect(rpcValue(addon.runtime, "companyPresets", null)).toEqual({});
  });

  it("hands selected rows of the Companies sheet to the Leads tab's 'find leads at these companies'", () => {
    const { result } = search(form({ locations: ["France"], limit_by: 25 }));
    expect(result.written).toBeGreaterThan(5);
    addon.runtime.select("Companies", "A2:AE6");
    const selection = rpcValue<{
      companies: Array<{ row: number; label: string; target: { company_id?: number } }>;
    }>(addon.runtime, "leadsSelection", null);
    const rows = addon.runtime.getValues("Companies", "A2:AE6");
    const id = COMPANY_FIELDS.indexOf("network_id");
    expect(selection.companies.map((c) => c.target.company_id)).toEqual(rows.map((row) => Number(row[id])));
    expect(selection.companies.map((c) => c.label)).toEqual(rows.map((row) => String(row[0])));
  });
});
