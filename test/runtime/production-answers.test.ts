/**
 * The built add-on in the emulated Apps Script runtime against the sandbox answering as the
 * production API does (its default readings, ../shared/PRODUCTION.md A1-A9): not-found lookups,
 * freshness, company counts and paging, the lead search no-match answer, free-text personas with
 * priority, lead paging with offset_by, the reactions extra and balances below zero.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { PATHS } from "../../src/api/wire";
import type { CompanySearchForm } from "../../src/jobs/company-search/form";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import { emptyForm as emptyLeadForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { CompanyEstimate, CompanyRunResult } from "../../src/rpc/companies";
import type { EnrichProgress, EnrichRequest } from "../../src/rpc/enrich";
import type { LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import { type AddonRuntime, startAddonRuntime } from "./support";

let addon: AddonRuntime;
const SHEET = "CRM";
const MISSING = "https://www.network.example/in/no-such-person-anywhere-42";

function rpc<T>(method: string, arg: unknown): T {
  const answer = addon.runtime.rpc(method, arg) as
    | { ok: true; value: T }
    | { ok: false; error: { kind: string; message: string } };
  if (!answer.ok) throw new Error(`${method}: ${answer.error.kind}: ${answer.error.message}`);
  return answer.value;
}

async function charged(path: string): Promise<number> {
  return ledgerCredits(addon.control, path);
}

function enrich(a1: string, request: EnrichRequest): EnrichProgress {
  addon.runtime.select(SHEET, a1);
  const estimate = rpc<{ progress: EnrichProgress }>("enrichEstimate", request);
  let progress = rpc<EnrichProgress>("enrichConfirm", { jobId: estimate.progress.jobId });
  for (let step = 0; step < 50 && progress.state === "running"; step++) {
    progress = rpc<EnrichProgress>("enrichStep", { jobId: progress.jobId });
  }
  return progress;
}

function column(header: string): unknown[] {
  const rows = addon.runtime.getSheetCells(SHEET).map((row) => row.map((cell) => cell.value));
  const index = rows[0]!.indexOf(header);
  return rows.slice(1).map((row) => row[index]);
}

beforeAll(async () => {
  addon = await startAddonRuntime({
    // Lookup answers (A2, A3): the lookup path (bulk jobs' not-found: bulk-enrich.test.ts).
    userProperties: { SPEND_CAP: "5000", API_GENERATION: "legacy" },
    runtime: { spreadsheet: { sheets: [{ name: SHEET, rows: [["Profile URL"]], maxRows: 50 }] } },
  });
});

afterAll(async () => {
  await addon?.close();
});

beforeEach(async () => {
  await addon.control.reset();
  // Each test starts from a blank sheet: a formula left behind would recalculate (and charge).
  const sheet = addon.runtime.sheets().find((s) => s.name === SHEET);
  if (sheet && sheet.lastRow > 0) {
    const blank = Array.from({ length: sheet.lastRow }, () => new Array<string>(sheet.lastColumn).fill(""));
    addon.runtime.setValues(SHEET, "A1", blank);
  }
});

describe("lookups (A2, A3)", () => {
  it("Enrich: a profile that does not exist is 'not found', free, not failed, never sent again", async () => {
    const [good] = await addon.control.sampleUrls(1, 0);
    addon.runtime.setValues(SHEET, "A1", [
      ["Profile URL", "Title", "Company"],
      [good!, "Old title", "Old Co"],
      [MISSING, "", ""],
    ]);
    const end = enrich("A1:A3", {
      options: {
        fields: ["job_title", "company_name"],
        extras: { up_to_the_second_fresh: true },
        mode: "refresh",
      },
    });
    expect(end).toMatchObject({ state: "done", ok: 1, notFound: 1, failed: 0 });
    expect(column("Enrichment Status")).toEqual(["ok", "not found"]);
    expect(await charged(PATHS.leadLookup)).toBe(1);
    const lookups = (await addon.control.stats()).requests[PATHS.leadLookup];
    // The fresh run's job change reads as current: production's source is lead_by_link either way.
    expect(String(column("Enrichment Status")[0])).not.toMatch(/Fresh data/);
    expect(column("Job Changed")[0]).toBe(true);
    // A step after the end sends nothing again.
    rpc<EnrichProgress>("enrichStep", { jobId: end.jobId });
    expect((await addon.control.stats()).requests[PATHS.leadLookup]).toBe(lookups);
  });

  it("Enrich: the same profile pasted from another site first does not make the network's own row 'not found' (A3)", async () => {
    const [good] = await addon.control.sampleUrls(1, 1);
    // Production answers "Bad url" for any host that is not the network's: a different question.
    const elsewhere = good!.replace("www.network.example", "www.elsewhere.example");
    addon.runtime.setValues(SHEET, "A1", [
      ["Profile URL", "Title"],
      [elsewhere, ""],
      [good!, ""],
      [elsewhere, ""],
    ]);
    const end = enrich("A1:A4", { options: { fields: ["job_title"], extras: {}, mode: "refresh" } });
    expect(end).toMatchObject({ state: "done", rows: 3, distinct: 2, ok: 1, notFound: 1, failed: 0 });
    expect(column("Enrichment Status")).toEqual(["not found", "ok", "not found"]);
    expect(column("Title")[1]).not.toBe("");
    expect(await charged(PATHS.leadLookup)).toBe(1);
  });

  it("Enrich through bulk jobs: the same, another site's copy is a question of its own (A3, A19)", async () => {
    addon.runtime.properties.user().setAll({ API_GENERATION: "auto" });
    try {
      const [good] = await addon.control.sampleUrls(1, 2);
      const elsewhere = good!.replace("www.network.example", "de.elsewhere.example");
      addon.runtime.setValues(SHEET, "A1", [
        ["Profile URL", "Title"],
        [elsewhere, ""],
        [good!, ""],
      ]);
      const end = enrich("A1:A3", { options: { fields: ["job_title"], extras: {}, mode: "refresh" } });
      expect(end).toMatchObject({ state: "done", distinct: 2, ok: 1, notFound: 1, failed: 0 });
      expect(column("Enrichment Status")).toEqual(["not found", "ok"]);
      expect((await addon.control.stats()).requests[PATHS.leadLookup] ?? 0).toBe(0);
    } finally {
      addon.runtime.properties.user().setAll({ API_GENERATION: "legacy" });
    }
  });

  it("=LOOKUP_LEAD: the not-found row says so, free, and the other rows fill", async () => {
    const [good] = await addon.control.sampleUrls(1, 3);
    addon.runtime.setValues(SHEET, "A1", [["Profile URL"], [MISSING], [good!]]);
    addon.runtime.setCell(SHEET, "C2", '=LOOKUP_LEAD(A2:A3, "full_name")');
    const values = addon.runtime.getValues(SHEET, "C2:C3");
    expect(String(values[0]![0])).toMatch(/No profile was found at this URL/);
    expect(String(values[1]![0])).not.toBe("");
    expect(await charged(PATHS.leadLookup)).toBe(1);
  });

  it("=LOOKUP_LEAD over a range: another site's copy listed first does not hide the network's own (A3)", async () => {
    const [good] = await addon.control.sampleUrls(1, 4);
    const elsewhere = good!.replace("www.network.example", "www.elsewhere.example");
    addon.runtime.setValues(SHEET, "A1", [["Profile URL"], [elsewhere], [good!]]);
    addon.runtime.setCell(SHEET, "C2", '=LOOKUP_LEAD(A2:A3, "full_name")');
    const values = addon.runtime.getValues(SHEET, "C2:C3");
    expect(String(values[0]![0])).toMatch(/No profile was found at this URL/);
    expect(String(values[1]![0])).not.toMatch(/No profile|^$/);
    expect(await charged(PATHS.leadLookup)).toBe(1);
  });

  it("=LOOKUP_LEAD: another site's copy stays 'not found' on recalculation, not the network's person from the cache (A3)", async () => {
    const [good] = await addon.control.sampleUrls(1, 5);
    const elsewhere = good!.replace("www.network.example", "www.elsewhere.example");
    addon.runtime.setValues(SHEET, "A1", [["Profile URL"], [elsewhere], [good!]]);
    addon.runtime.setCell(SHEET, "C2", '=LOOKUP_LEAD(A2:A3, "full_name")');
    const name = String(addon.runtime.getValues(SHEET, "C3")[0]![0]);
    expect(name).not.toMatch(/No profile|^$/);
    // Before: the recalculation showed the network's person in the other site's row, and a new
    // formula over that URL alone showed them too, while Enrich and the API say "Bad url".
    addon.runtime.recalculate({ all: true });
    expect(String(addon.runtime.getValues(SHEET, "C2")[0]![0])).toMatch(/No profile was found at this URL/);
    expect(addon.runtime.getValues(SHEET, "C3")[0]![0]).toBe(name);
    addon.runtime.setCell(SHEET, "E2", '=LOOKUP_LEAD(A2, "full_name, network_url")');
    expect(String(addon.runtime.getValues(SHEET, "E2")[0]![0])).toMatch(/No profile was found at this URL/);
    // The network's own row came from the cache: one lookup charged in all.
    expect(await charged(PATHS.leadLookup)).toBe(1);
  });

  it("the reactions extra costs 1 more per URL, in the estimate and in the ledger", async () => {
    const urls = await addon.control.sampleUrls(2, 10);
    addon.runtime.setValues(SHEET, "A1", [["Profile URL"], ...urls.map((u) => [u])]);
    addon.runtime.select(SHEET, "A1:A3");
    const request: EnrichRequest = {
      options: { fields: ["full_name", "reactions"], extras: { reactions: true }, mode: "refresh" },
    };
    const estimate = rpc<{ preview: { creditsPerUrl: number; maxCredits: number } }>(
      "enrichEstimate",
      request,
    );
    expect(estimate.preview).toMatchObject({ creditsPerUrl: 2, maxCredits: 4 });
    const end = enrich("A1:A3", request);
    expect(end).toMatchObject({ state: "done", ok: 2 });
    expect(await charged(PATHS.leadLookup)).toBe(4);
  });
});

describe("company search counts and paging (A1)", () => {
  const companyForm = (change: Partial<CompanySearchForm>): CompanySearchForm => ({
    ...emptyCompanyForm(),
    ...change,
  });
  const runCompanies = (form: CompanySearchForm) => {
    const estimate = rpc<CompanyEstimate>("companyEstimate", form);
    return rpc<CompanyRunResult>("companyRun", { form, confirmedCredits: estimate.maxCredits });
  };

  it("asks for the total on the first page, so the count and Next page hold", async () => {
    const form = companyForm({ industries: ["Software Development"], limit_by: 50 });
    const first = runCompanies(form);
    expect(first.resultsCount).toBeGreaterThan(50);
    // The companies written are excluded from then on (issue 12.7): Next page counts the matches
    // not in the sheet, so it starts after the unsuitable ones the API skipped for free.
    expect(first.nextOffset).toBe(50 - first.returned);
    const next = runCompanies({ ...form, offset_by: first.nextOffset ?? 0 });
    expect(next).toMatchObject({ duplicates: 0, knownExcluded: first.written });
    expect(next.nextOffset).toBe((first.nextOffset ?? 0) + 50 - next.returned);
    expect(next.resultsCount).toBe((first.resultsCount ?? 0) - first.written);
    expect(await charged(PATHS.companySearch)).toBe(first.spent + next.spent);
  });

  it("reads production's no-match answer as 0 matches, free, with no Next page", async () => {
    const result = runCompanies(companyForm({ keywords: ["zzqqxx-no-such-company-word"], limit_by: 25 }));
    expect(result).toMatchObject({ resultsCount: 0, returned: 0, spent: 0, nextOffset: null });
    expect(await charged(PATHS.companySearch)).toBe(0);
  });
});

describe("lead search (A5, A6, A7)", () => {
  const leadForm = (change: Partial<LeadSearchForm>): LeadSearchForm => ({ ...emptyLeadForm(), ...change });
  const runLeads = (form: LeadSearchForm) => {
    const estimate = rpc<LeadsEstimate>("leadsEstimate", { form });
    if (!estimate.ok) throw new Error(JSON.stringify(estimate.problems));
    const result = rpc<LeadsRunResult>("leadsRun", { form, confirmedMaxCredits: estimate.maxCredits });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    return result;
  };
  const company = { kind: "company_id" as const, value: "1000254" };

  it("no match: the API's status, 0 credits, nothing written", async () => {
    const result = runLeads(
      leadForm({
        target: company,
        personas: [{ name: "Nobody", functions: ["zzqqxx astrologer"], seniorities: [], prohibit: [] }],
      }),
    );
    expect(result.searches[0]).toMatchObject({ state: "ok", leads: 0, spent: 0 });
    expect(result.searches[0]!.status).toMatch(/No leads match/);
    expect(result).toMatchObject({ spent: 0, written: 0, nextOffset: null });
    expect(await charged(PATHS.leadSearch)).toBe(0);
  });

  it("no match billed (A6: the ledger decides): the run reports the ledger's 1 credit, not the answer's 0", async () => {
    await addon.control.configure({ leadNoMatchCharge: "charged" });
    const result = runLeads(
      leadForm({
        target: company,
        personas: [{ name: "Nobody", functions: ["zzqqxx astrologer"], seniorities: [], prohibit: [] }],
      }),
    );
    expect(result.searches[0]).toMatchObject({ state: "ok", leads: 0 });
    expect(await charged(PATHS.leadSearch)).toBe(1);
    expect(result.charges).toMatchObject({ charged: 1, pending: 0 });
  });

  it("free-text personas with a priority, then Next page past the first page, never paid twice", async () => {
    const personas = [
      { name: "Leaders", functions: [], seniorities: ["manager+"], prohibit: ["intern"], priority: "1" },
      { name: "Sales", functions: ["sales"], seniorities: [], prohibit: [], priority: "0" },
    ];
    const first = runLeads(leadForm({ target: company, personas, limit_by: "5" }));
    expect(first.searches[0]).toMatchObject({ state: "ok", leads: 5 });
    // The 5 leads are excluded from then on (issue 12.7): Next page starts at the first lead again.
    expect(first.nextOffset).toBe(0);
    const second = runLeads(leadForm({ target: company, personas, limit_by: "5", offset_by: "0" }));
    expect(second).toMatchObject({ written: 5, duplicates: 0 });
    expect(await charged(PATHS.leadSearch)).toBe(10);
  });
});

describe("balances below zero (A9)", () => {
  it("=CREDIT_BALANCE() and the estimate read a negative balance as it is", async () => {
    await addon.control.setCredits("sandbox-demo-key", -101);
    addon.runtime.setCell(SHEET, "E1", "=CREDIT_BALANCE(E2)");
    addon.runtime.setCell(SHEET, "E2", String(Date.now()));
    expect(addon.runtime.getValues(SHEET, "E1")).toEqual([[-101]]);
    const estimate = rpc<CompanyEstimate>("companyEstimate", { ...emptyCompanyForm(), limit_by: 25 });
    expect(estimate.balance).toBe(-101);
  });
});
