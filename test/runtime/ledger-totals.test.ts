/**
 * Issues 18.4 and 23.4: what a run reports it spent is what the API's ledger charged. Paid answers
 * are lost on the way back (a gateway's 502 after the API charged, a body cut off in transit):
 * lead search (one search, and one per selected company) says those searches "may have been
 * charged" instead of "temporary problem, try again", and every run (Enrich, both searches) reads
 * its total from the ledger, the lost answers included. Built add-on, emulated runtime, sandbox.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateCompanies, recordOf } from "../../sandbox/api/companies";
import { ledgerCredits } from "../../sandbox/api/control";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { PATHS } from "../../src/api/wire";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import type { CompanyEstimate, CompanyRunResult } from "../../src/jobs/company-search/types";
import { emptyForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { EnrichProgress } from "../../src/rpc/enrich";
import type { LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import { COMPANY_FIELDS } from "../../src/sheet/lead-fields";
import { crmRows, DEFAULT_REQUEST, driveSteps, rpcValue, SHEET, USER } from "../jobs/enrich-world";
import { type AddonRuntime, companySheetRows, startAddonRuntime } from "./support";

const URLS = 30;
// The lookup path (API generation "legacy"): bulk jobs have their own cancel and ledger checks
// (test/runtime/bulk-enrich.test.ts).
let addon: AddonRuntime;
let urls: string[];

/** Every `every`-th paid 200 answer on `path` is lost on the way back: charged, never read. */
let lose: { path: string; every: number; how: "502" | "cut" } | null = null;
let answered = 0;
let lost = 0;

/** The fetchAll calls that read the transaction list, by the number of requests in each. */
let ledgerCalls: number[] = [];

function losingAnswers(requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[] {
  const reads = requests.filter((request) => request.url.includes(PATHS.transactions)).length;
  if (reads > 0) ledgerCalls.push(reads);
  const outcomes = fetchAllSync(requests, options);
  const rule = lose;
  if (rule === null) return outcomes;
  return outcomes.map((outcome, i) => {
    if (outcome.kind !== "response" || outcome.status !== 200 || !requests[i]!.url.includes(rule.path))
      return outcome;
    answered += 1;
    if (answered % rule.every !== 0) return outcome;
    lost += 1;
    return rule.how === "502"
      ? { kind: "response", status: 502, body: "<html>502 Bad Gateway</html>" }
      : { ...outcome, body: outcome.body.slice(0, Math.floor(outcome.body.length / 2)) };
  });
}

async function ledger(path: string): Promise<number> {
  return ledgerCredits(addon.control, path);
}

const MARKETING = { name: "Marketing", functions: ["marketing", "sales"], seniorities: [], prohibit: [] };

function leadsRun(form: LeadSearchForm): Extract<LeadsRunResult, { ok: true }> {
  const estimate = rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", { form });
  if (!estimate.ok) throw new Error(`estimate problems: ${JSON.stringify(estimate.problems)}`);
  const result = rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", {
    form,
    confirmedMaxCredits: estimate.maxCredits,
  });
  if (!result.ok) throw new Error("run problems");
  return result;
}

beforeAll(async () => {
  const probe = await startAddonRuntime({});
  urls = await probe.control.sampleUrls(URLS, 2400);
  await probe.close();
  addon = await startAddonRuntime({
    userProperties: { SPEND_CAP: "5000", API_GENERATION: "legacy" },
    runtime: {
      spreadsheet: { sheets: [{ name: SHEET, rows: crmRows(urls, 0) }] },
      user: USER,
      fetchAll: losingAnswers,
    },
  });
});

afterAll(async () => {
  await addon?.close();
});

beforeEach(async () => {
  await addon.control.reset();
  lose = null;
  answered = 0;
  lost = 0;
  for (const name of ["Leads", "Companies", "Many"]) {
    if (addon.runtime.sheets().some((s) => s.name === name)) addon.runtime.deleteSheet(name);
  }
});

describe("run totals are the ledger's, lost answers included", () => {
  it("lead search with a 502 after the API charged: says it may have been charged, total from the ledger", async () => {
    lose = { path: PATHS.leadSearch, every: 1, how: "502" };
    const result = leadsRun({
      ...emptyForm(),
      personas: [MARKETING],
      target: { kind: "company_name", value: "Sixhundred Labs" },
      limit_by: "15",
    });
    const charged = await ledger(PATHS.leadSearch);
    expect(lost).toBe(1);
    expect(charged).toBeGreaterThan(0);
    const search = result.searches[0]!;
    expect(search.state).toBe("failed");
    expect(search.error?.message).toMatch(/may have been charged/);
    expect(search.error?.message).not.toMatch(/temporary problem/);
    expect(result.charges?.charged).toBe(charged);
  });

  it("leads at selected companies with 502s and cut bodies: every lost search says so, the total matches the ledger", async () => {
    const set = generateCompanies(1, 20_000);
    const records = set.companies
      .filter((c) => c.leadCount >= 40 && c.leadCount <= 400)
      .slice(0, 12)
      .map((c) => recordOf(1, c));
    addon.runtime.insertSheet("Companies");
    addon.runtime.setValues("Companies", "A1", [[...COMPANY_FIELDS], ...companySheetRows(records)]);
    for (const how of ["502", "cut"] as const) {
      await addon.control.reset();
      if (addon.runtime.sheets().some((s) => s.name === "Leads")) addon.runtime.deleteSheet("Leads");
      addon.runtime.select("Companies", "A2:C13");
      lose = { path: PATHS.leadSearch, every: 3, how };
      lost = 0;
      answered = 0;
      const result = leadsRun({
        ...emptyForm(),
        personas: [MARKETING],
        target: { kind: "selected_companies", value: "" },
        limit_by: "5",
      });
      const charged = await ledger(PATHS.leadSearch);
      const maybe = result.searches.filter((s) => /may have been charged/.test(s.error?.message ?? ""));
      expect(maybe.length, how).toBe(lost);
      expect(lost, how).toBeGreaterThan(0);
      // The answers read leave the lost searches out; the reported total does not.
      expect(result.spent, how).toBeLessThan(charged);
      expect(result.charges?.charged, how).toBe(charged);
    }
  });

  it("company search with a cut body after the API charged: the total is the ledger's", async () => {
    lose = { path: PATHS.companySearch, every: 2, how: "cut" };
    const form = { ...emptyCompanyForm(), limit_by: 60 };
    const estimate = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", form);
    const result = rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
      form,
      confirmedCredits: estimate.maxCredits,
    });
    const charged = await ledger(PATHS.companySearch);
    expect(lost).toBeGreaterThan(0);
    expect(result.spent).toBeLessThan(charged);
    expect(result.charges?.charged).toBe(charged);
    expect(result.errors.some((e) => e.charged === "maybe")).toBe(true);
  });

  it("Enrich reads its window of the ledger in one fetchAll: 3 pages for 250 lookups", async () => {
    // Each fetchAll waits out the API's latency: the pages the run's charges fill are asked for
    // with the first, not after it (3 round trips for a 2,000-row run before).
    const many = await addon.control.sampleUrls(250, 3000);
    addon.runtime.insertSheet("Many");
    addon.runtime.setValues("Many", "A1", crmRows(many, 0));
    addon.runtime.select("Many", "A1:A251");
    const estimate = rpcValue<{ progress: EnrichProgress }>(addon.runtime, "enrichEstimate", DEFAULT_REQUEST);
    const jobId = estimate.progress.jobId;
    ledgerCalls = [];
    rpcValue(addon.runtime, "enrichConfirm", { jobId });
    // The mark: the ledger's newest row, one request.
    expect(ledgerCalls).toEqual([1]);
    const end = driveSteps(addon.runtime, jobId);
    expect(end.state).toBe("done");
    // 250 charges and the mark's own row: 3 pages of 100, in one fetchAll.
    expect(ledgerCalls).toEqual([1, 3]);
    expect(end.charges).toEqual({ charged: 250, pending: 0, complete: true });
    expect(await ledger(PATHS.leadLookup)).toBe(250);
  });

  it("Enrich with gateway 502s after paid lookups: the run's total is the ledger's", async () => {
    lose = { path: PATHS.leadLookup, every: 5, how: "502" };
    addon.runtime.select(SHEET, `A1:A${URLS + 1}`);
    const request = { options: { ...DEFAULT_REQUEST.options, extras: { up_to_the_second_fresh: true } } };
    const estimate = rpcValue<{ progress: EnrichProgress }>(addon.runtime, "enrichEstimate", request);
    const jobId = estimate.progress.jobId;
    rpcValue(addon.runtime, "enrichConfirm", { jobId });
    const end = driveSteps(addon.runtime, jobId);
    const charged = await ledger(PATHS.leadLookup);
    expect(end.state).toBe("done");
    expect(lost).toBeGreaterThan(0);
    expect(end.spent).toBe(charged - lost);
    expect(end.maybeCharged).toBe(lost);
    expect(end.charges?.charged).toBe(charged);
  });
});
