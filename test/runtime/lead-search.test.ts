/**
 * Lead search in the emulated Apps Script runtime (the built dist/Code.js) against the sandbox:
 * every target, credits against the sandbox's own ledger, the server's ValidationError Hint, and
 * "find leads at these companies" from a Companies sheet set up with the runtime's setValues.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateCompanies, recordOf } from "../../sandbox/api/companies";
import { ledgerCredits } from "../../sandbox/api/control";
import { emptyForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import { DEFAULT_LEAD_COLUMNS } from "../../src/jobs/lead-search/leads-sheet";
import type { LeadsCompanySelection, LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import { LEAD_LABELS } from "../../src/sheet/field-labels";
import { COMPANY_FIELDS, type LeadField } from "../../src/sheet/lead-fields";
import { type AddonRuntime, companySheetRows, startAddonRuntime } from "./support";

let addon: AddonRuntime;

function rpc<T>(method: string, arg: unknown): T {
  const answer = addon.runtime.rpc(method, arg) as
    | { ok: true; value: T }
    | { ok: false; error: { kind: string; message: string } };
  if (!answer.ok) throw new Error(`${method}: ${answer.error.kind}: ${answer.error.message}`);
  return answer.value;
}

const MARKETING = {
  name: "Marketing leaders",
  functions: ["marketing", "sales"],
  seniorities: [],
  prohibit: [],
};

function form(change: Partial<LeadSearchForm>): LeadSearchForm {
  return { ...emptyForm(), personas: [MARKETING], ...change };
}

/** Estimate, then run with the estimate confirmed, as the tab does. */
function estimateAndRun(f: LeadSearchForm): { estimate: LeadsEstimate; result: LeadsRunResult } {
  const estimate = rpc<LeadsEstimate>("leadsEstimate", { form: f });
  if (!estimate.ok) return { estimate, result: { ok: false, problems: estimate.problems } };
  const result = rpc<LeadsRunResult>("leadsRun", { form: f, confirmedMaxCredits: estimate.maxCredits });
  return { estimate, result };
}

function ok(result: LeadsRunResult): Extract<LeadsRunResult, { ok: true }> {
  if (!result.ok) throw new Error(`problems: ${JSON.stringify(result.problems)}`);
  return result;
}

async function leadSearchCharges(): Promise<number> {
  return ledgerCredits(addon.control, "/leads/by_icp");
}

function sheetInfo(name: string) {
  return addon.runtime.sheets().find((s) => s.name === name);
}

/** A column's values by its header or by its header's note (a readable header's API field name). */
function sheetColumn(sheet: string, header: string): unknown[] {
  const cells = addon.runtime.getSheetCells(sheet);
  const rows = cells.map((row) => row.map((cell) => cell.value));
  const byText = rows[0]!.indexOf(header);
  const index = byText >= 0 ? byText : cells[0]!.findIndex((cell) => cell.note === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return rows
    .slice(1)
    .map((row) => row[index])
    .filter((_, i) => rows[i + 1]!.some((cell) => cell !== ""));
}

beforeAll(async () => {
  addon = await startAddonRuntime({ userProperties: { SPEND_CAP: "5000" } });
});

afterAll(async () => {
  await addon?.close();
});

beforeEach(async () => {
  await addon.control.reset();
  // Each test starts from an empty Leads sheet (the runtime has no deleteSheet for tests).
  const leads = sheetInfo("Leads");
  if (leads && leads.lastRow > 0) {
    const blank = Array.from({ length: leads.lastRow }, () => new Array<string>(leads.lastColumn).fill(""));
    addon.runtime.setValues("Leads", "A1", blank);
  }
});

describe("lead search by target", () => {
  it("by company name: leads written under the default header, credits as the ledger says", async () => {
    const { estimate, result } = estimateAndRun(
      form({ target: { kind: "company_name", value: "Sixhundred Labs" }, limit_by: "20" }),
    );
    expect(estimate).toMatchObject({ ok: true, searches: 1, maxCredits: 20, cap: 5000 });
    const run = ok(result);
    expect(run.searches[0]).toMatchObject({ state: "ok", status: "success" });
    expect(run.written).toBeGreaterThan(0);
    expect(run.spent).toBe(run.searches[0]!.leads);
    expect(await leadSearchCharges()).toBe(run.spent);
    const header = addon.runtime.getSheetCells("Leads")[0]!;
    expect(sheetInfo("Leads")?.frozenRows).toBe(1);
    // Readable headers, each noted with its API field name.
    expect(header.map((cell) => cell.value)).toEqual(
      DEFAULT_LEAD_COLUMNS.map((field) => LEAD_LABELS[field as LeadField]),
    );
    expect(header.map((cell) => cell.note)).toEqual([...DEFAULT_LEAD_COLUMNS]);
    expect(header.slice(0, 3).map((cell) => cell.value)).toEqual(["Full Name", "Job Title", "Company"]);
    expect(sheetColumn("Leads", "network_lead_persona").every((p) => p === "Marketing leaders")).toBe(true);
  });

  it("by company id, twice: the second run excludes the sheet's leads and pays only for new ones", async () => {
    const f = form({ target: { kind: "company_id", value: "1000254" }, limit_by: "30" });
    const first = ok(estimateAndRun(f).result);
    expect(first.written).toBe(30);
    // Next page: the 30 are excluded from now on, so the first lead not fetched is match 1 again.
    expect(first.nextOffset).toBe(0);
    // The Leads sheet's sales ids go out as exclude_ids (issue 12.7): the estimate says how many.
    const { estimate, result } = estimateAndRun(f);
    expect(estimate).toMatchObject({ ok: true, knownExcluded: 30 });
    const second = ok(result);
    expect(second).toMatchObject({ written: 30, duplicates: 0, spent: 30, knownExcluded: 30 });
    expect(new Set(sheetColumn("Leads", "network_id")).size).toBe(60);
    expect(new Set(sheetColumn("Leads", "network_company_id"))).toEqual(new Set(["1000254"]));
    expect(await leadSearchCharges()).toBe(60);
  });

  it("without a company, and by a people-search URL (cap 2,400)", async () => {
    const without = ok(
      estimateAndRun(
        form({ target: { kind: "without_company", value: "" }, locations: ["Germany"], limit_by: "10" }),
      ).result,
    );
    expect(without.searches[0]!.state).toBe("ok");
    expect(without.written).toBe(10);
    const link = 'https://www.network.example/search/results/people/?geo=["Germany"]&function=["Marketing"]';
    const byLink = ok(
      estimateAndRun(
        form({ target: { kind: "network_filter_link", value: link }, personas: [], limit_by: "10" }),
      ).result,
    );
    expect(byLink.searches[0]).toMatchObject({ state: "ok", status: "success" });
    expect(await leadSearchCharges()).toBe(without.spent + byLink.spent);
    const overCap = rpc<LeadsEstimate>("leadsEstimate", {
      form: form({ target: { kind: "without_company", value: "" }, limit_by: "2401" }),
    });
    expect(overCap.ok).toBe(false);
  });

  it("a persona the server rejects: its ValidationError Hint verbatim, nothing charged", async () => {
    const { result } = estimateAndRun(
      form({
        target: { kind: "company_id", value: "1000254" },
        // Production takes any keyword (PRODUCTION.md A5); one with no words to match is refused.
        personas: [{ ...MARKETING, functions: ["--"] }],
      }),
    );
    const run = ok(result);
    expect(run.searches[0]).toMatchObject({ state: "failed", error: { kind: "validation" } });
    expect(run.searches[0]!.error?.hint).toMatch(/"--"/);
    expect(await leadSearchCharges()).toBe(0);
  });

  it("the client's validator answers first: every problem with its field and hint, nothing sent", async () => {
    const before = (await addon.control.stats()).requests;
    const estimate = rpc<LeadsEstimate>("leadsEstimate", {
      form: form({
        target: { kind: "company_name", value: "" },
        personas: [{ name: "", functions: [], seniorities: ["Head"], prohibit: [] }],
      }),
    });
    expect(estimate.ok).toBe(false);
    if (!estimate.ok) {
      // Functions [] is allowed (PRODUCTION.md A5: it skips the function check).
      expect(estimate.problems.map((p) => p.path)).toEqual(["company_name", "personas[0][0]"]);
    }
    expect((await addon.control.stats()).requests).toEqual(before);
  });

  it("refuses to run above the spend cap", async () => {
    addon.runtime.properties.user().setAll({ SPEND_CAP: "10" });
    try {
      const f = form({ target: { kind: "company_id", value: "1000254" }, limit_by: "30" });
      const result = rpc<LeadsRunResult>("leadsRun", { form: f, confirmedMaxCredits: 30 });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.problems[0]).toMatchObject({ path: "limit_by" });
      expect(await leadSearchCharges()).toBe(0);
    } finally {
      addon.runtime.properties.user().setAll({ SPEND_CAP: "5000" });
    }
  });
});

describe("credits and presets", () => {
  it("out of credits: the estimate shows the balance, the run stops with what to do, nothing written", async () => {
    addon.runtime.properties.user().setAll({ API_KEY: "sandbox-empty-key" });
    try {
      const f = form({ target: { kind: "company_id", value: "1000254" }, limit_by: "5" });
      const { estimate, result } = estimateAndRun(f);
      expect(estimate).toMatchObject({ ok: true, balance: 0, maxCredits: 5 });
      const run = ok(result);
      expect(run).toMatchObject({ written: 0, spent: 0, stoppedBy: { kind: "insufficient_funds" } });
      expect(run.searches[0]!.state).toBe("failed");
      expect(await leadSearchCharges()).toBe(0);
    } finally {
      addon.runtime.properties.user().setAll({ API_KEY: "sandbox-demo-key" });
    }
  });

  it("saves personas as a preset in the document's properties", () => {
    const saved = rpc<unknown[]>("leadsSavePreset", { name: "Go-to-market", personas: [MARKETING] });
    expect(saved).toEqual([{ name: "Go-to-market", personas: [MARKETING] }]);
    expect(rpc("leadsPresets", null)).toEqual(saved);
    expect(addon.runtime.properties.document.get("leads.presets")).toContain("Go-to-market");
  });
});

describe("find leads at these companies", () => {
  const COMPANIES = 20;

  /** Writes the Companies sheet; answers the companies' network ids as generated. */
  function setUpCompaniesSheet(): string[] {
    const set = generateCompanies(1);
    // Mid-sized companies (a few hundred leads each), not the engineered giants.
    const records = set.companies
      .filter((c) => c.leadCount >= 40 && c.leadCount <= 400)
      .slice(0, COMPANIES)
      .map((c) => recordOf(1, c));
    const rows = companySheetRows(records);
    // One company known only by its link, one id the API does not know.
    const idIndex = COMPANY_FIELDS.indexOf("network_id");
    rows[3]![idIndex] = "";
    rows[7]![idIndex] = "999999999";
    if (!addon.runtime.sheets().some((s) => s.name === "Companies")) addon.runtime.insertSheet("Companies");
    addon.runtime.setValues("Companies", "A1", [[...COMPANY_FIELDS], ...rows]);
    return records.map((record) => record.network_id);
  }

  it("one search per selected company, one estimate, leads tagged with their company, failures per company", async () => {
    const networkIds = setUpCompaniesSheet();
    addon.runtime.select("Companies", `A2:C${COMPANIES + 1}`);
    const selection = rpc<LeadsCompanySelection>("leadsSelection", null);
    expect(selection.companies).toHaveLength(COMPANIES);
    expect(selection.companies[3]!.target).toHaveProperty("company_link");

    const f = form({ target: { kind: "selected_companies", value: "" }, limit_by: "5" });
    addon.runtime.resetCounters();
    const started = performance.now();
    const { estimate, result } = estimateAndRun(f);
    const seconds = (performance.now() - started) / 1000;
    expect(estimate).toMatchObject({ ok: true, searches: COMPANIES, maxCredits: COMPANIES * 5 });
    const run = ok(result);
    const failed = run.searches.filter((s) => s.state === "failed");
    expect(failed.map((s) => [s.label, s.error?.message])).toEqual([
      [selection.companies[7]!.label, "The company was not found."],
    ]);
    expect(run.searches.filter((s) => s.state === "ok")).toHaveLength(COMPANIES - 1);
    expect(run.spent).toBe(await leadSearchCharges());
    expect(run.written + run.duplicates).toBe(run.spent);
    expect(run.written).toBeGreaterThan(COMPANIES);
    expect(run.fetchAllChunks).toBe(1);
    // Each lead carries its company: every written network_company_id is one of the selected.
    // (including the company searched by its link, whose leads carry its id).
    const companyIds = new Set(sheetColumn("Leads", "network_company_id").map(String));
    expect(companyIds.size).toBeGreaterThan(10);
    expect([...companyIds].filter((id) => !networkIds.includes(id))).toEqual([]);
    expect(companyIds.has(networkIds[3]!)).toBe(true);
    const counters = addon.runtime.counters;
    // The account for the estimate and for the run (users/me: balance, parallel limit), then all
    // 20 searches at once between the two ledger reads that give the run's total (issue 23.4).
    expect(counters.fetchAllCalls).toBe(3 + 2);
    expect(run.charges?.charged).toBe(run.spent);
    const stats = await addon.control.stats();
    console.log(
      `find leads at ${COMPANIES} companies (latency 0): estimate + run ${seconds.toFixed(2)} s, fetchAll ${counters.fetchAllCalls} ` +
        `(${counters.requests} requests), sheet writes ${counters.spreadsheetWrites}, reads ${counters.spreadsheetReads}, ` +
        `leads written ${run.written}, duplicates ${run.duplicates}, credits ${run.spent}, ` +
        `peak lead-search concurrency ${stats.peakConcurrency["/api/network/leads/by_icp/"]}`,
    );
  });

  it("runs the companies the estimate counted, though the user clicked elsewhere in the sheet before confirming", async () => {
    setUpCompaniesSheet();
    addon.runtime.select("Companies", "A2:C4");
    const selection = rpc<LeadsCompanySelection & { pin?: string }>("leadsSelection", null);
    expect(selection.companies).toHaveLength(3);
    // The sidebar keeps the selection it shows (Use selection) in the form's target.
    const f = form({ target: { kind: "selected_companies", value: selection.pin ?? "" }, limit_by: "2" });
    const estimate = rpc<LeadsEstimate>("leadsEstimate", { form: f });
    expect(estimate).toMatchObject({ ok: true, searches: 3 });
    // A look at another row before Confirm: the selection moves to one cell of row 12.
    addon.runtime.select("Companies", "A12");
    const run = ok(
      rpc<LeadsRunResult>("leadsRun", {
        form: f,
        confirmedMaxCredits: estimate.ok ? estimate.maxCredits : 0,
      }),
    );
    // Before: one search, at row 12's company, which the estimate never showed.
    expect(run.searches.map((s) => s.label)).toEqual(selection.companies.map((c) => c.label));
    expect(run.spent).toBe(await leadSearchCharges());
  });

  it("rows selected in the Leads sheet name their companies by Company Network ID, never by the lead's Network ID", async () => {
    const networkIds = setUpCompaniesSheet();
    addon.runtime.select("Companies", `A2:C${COMPANIES + 1}`);
    ok(estimateAndRun(form({ target: { kind: "selected_companies", value: "" }, limit_by: "2" })).result);
    // Leads rows selected: their companies are the ones to search, by each lead's network_company_id.
    addon.runtime.select("Leads", "A2:C6");
    const companyIds = sheetColumn("Leads", "network_company_id").slice(0, 5).map(String);
    const selection = rpc<LeadsCompanySelection>("leadsSelection", null);
    expect(selection.companies.map((c) => c.target)).toEqual(
      [...new Set(companyIds)].map((id) => ({ company_id: Number(id) })),
    );
    await addon.control.reset();
    const run = ok(
      estimateAndRun(form({ target: { kind: "selected_companies", value: "" }, limit_by: "2" })).result,
    );
    // Before: the lead's own Network ID went out as company_id: "The company was not found" for each.
    expect(run.searches.filter((s) => s.state === "failed")).toEqual([]);
    expect(new Set(sheetColumn("Leads", "network_company_id").map(String)).size).toBeLessThanOrEqual(
      networkIds.length,
    );
    expect(run.spent).toBe(await leadSearchCharges());
  });

  it("measured: the same 20 companies at 200 ms latency run as one parallel fetchAll", async () => {
    setUpCompaniesSheet();
    addon.runtime.select("Companies", `A2:C${COMPANIES + 1}`);
    await addon.control.configure({ latencyMs: 200 });
    try {
      const f = form({ target: { kind: "selected_companies", value: "" }, limit_by: "5" });
      const started = performance.now();
      const run = ok(estimateAndRun(f).result);
      const seconds = (performance.now() - started) / 1000;
      const stats = await addon.control.stats();
      expect(stats.peakConcurrency["/api/network/leads/by_icp/"]).toBe(COMPANIES);
      console.log(
        `find leads at ${COMPANIES} companies (latency 200 ms): estimate + run ${seconds.toFixed(2)} s, ` +
          `leads written ${run.written}, credits ${run.spent}, peak lead-search concurrency ` +
          `${stats.peakConcurrency["/api/network/leads/by_icp/"]}`,
      );
    } finally {
      await addon.control.configure({ latencyMs: 0 });
    }
  });
});

describe("a search by a company name several companies share (issue 14.2)", () => {
  it("names the company the API used and offers the Companies sheet's rows of that name by id", () => {
    const set = generateCompanies(1);
    const [name, namesakes] = [...set.byLowerName.entries()].find(
      ([, companies]) => companies.length >= 2 && companies.every((c) => c.leadCount >= 20),
    )!;
    const records = namesakes.slice(0, 2).map((c) => recordOf(1, c));
    const rows = companySheetRows(records);
    if (!addon.runtime.sheets().some((s) => s.name === "Companies")) addon.runtime.insertSheet("Companies");
    const companies = sheetInfo("Companies")!;
    if (companies.lastRow > 0) {
      const blank = Array.from({ length: companies.lastRow }, () =>
        new Array<string>(companies.lastColumn).fill(""),
      );
      addon.runtime.setValues("Companies", "A1", blank);
    }
    addon.runtime.setValues("Companies", "A1", [[...COMPANY_FIELDS], ...rows]);

    const run = ok(
      estimateAndRun(form({ target: { kind: "company_name", value: name }, personas: [], limit_by: "5" }))
        .result,
    );
    const used = run.searches[0]!.company;
    expect(used?.id).toBeDefined();
    expect(records.map((r) => r.network_id)).toContain(used!.id);
    expect(used!.name.toLowerCase()).toBe(name);
    expect(run.companyChoices.map((c) => [c.row, c.network_id])).toEqual([
      [2, records[0]!.network_id],
      [3, records[1]!.network_id],
    ]);
    expect(run.companyChoices[0]!.website).toBe(records[0]!.website);
  });
});
