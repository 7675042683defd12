/**
 * Issue 19.6 (PRODUCTION.md A18): every 4xx but 429 is final. With the sandbox answering one 4xx
 * on one endpoint (a client_error fault), each feature sends each request at most once: formulas,
 * Enrich (through every step of the run), both searches and the Credits tab's list and export.
 * The ledger shows nothing charged, and a 403 tells the user the plan is not entitled to that
 * endpoint. A 429 under the same drive is sent again: the contrast that shows the retries exist.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import { emptyForm as emptyLeadForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { CompanyEstimate, CompanyRunResult, CompanySearchForm } from "../../src/rpc/companies";
import type { CreditsListResult } from "../../src/rpc/credits";
import type { LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import { crmRows, driveSteps, estimateAndConfirm, rpcValue, SHEET } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const PATHS = {
  lookup: "/api/network/leads/by_link/",
  companies: "/api/network/companies/by_icp/",
  leads: "/api/network/leads/by_icp/",
  transactions: "/api/auth/transactions/",
} as const;
const STATUSES = [400, 401, 403, 404, 405, 408, 409, 410, 413, 422, 451] as const;
const ROWS = 6;

let addon: AddonRuntime;
let urls: string[];

async function answerWith(path: string, status: number): Promise<void> {
  await addon.control.reset();
  await addon.control.configure({ faults: [{ path, kind: "client_error", status }] });
}

async function sent(path: string): Promise<number> {
  return (await addon.control.stats()).requests[path] ?? 0;
}

function clearSheet(name: string): void {
  const info = addon.runtime.sheets().find((s) => s.name === name);
  if (!info || info.lastRow === 0) return;
  addon.runtime.setValues(
    name,
    "A1",
    Array.from({ length: info.lastRow }, () => new Array<string>(info.lastColumn).fill("")),
  );
}

beforeAll(async () => {
  addon = await startAddonRuntime({
    // 4xx injected into lookups: the lookup path (a bulk submit's 4xx: bulk-enrich tests).
    userProperties: { SPEND_CAP: "5000", CHUNK_SIZE: "3", API_GENERATION: "legacy" },
    runtime: { spreadsheet: { sheets: [{ name: SHEET, rows: [["Profile URL"]], maxRows: 100 }] } },
  });
  urls = await addon.control.sampleUrls(ROWS * (STATUSES.length + 2), 300);
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(() => {
  addon.runtime.properties.document.clear();
  clearSheet(SHEET);
});

/** Fresh URLs for each case: the formula cache must not answer for the API. */
let used = 0;
function nextUrls(): string[] {
  used += ROWS;
  return urls.slice(used - ROWS, used);
}

describe("every 4xx but 429 is final, on every path", () => {
  it.each(STATUSES)(
    "%i: a lookup formula and a whole Enrich run send each URL at most once",
    async (status) => {
      await answerWith(PATHS.lookup, status);
      const { runtime } = addon;
      const mine = nextUrls();
      runtime.setValues(SHEET, "A1", crmRows(mine, 0));
      runtime.setCell(SHEET, "T2", `=LOOKUP_LEAD(A2:A${ROWS + 1}, "full_name")`);
      const formulaRequests = await sent(PATHS.lookup);
      expect(formulaRequests).toBeGreaterThan(0);
      expect(formulaRequests).toBeLessThanOrEqual(ROWS);
      // A refusal every other request of the batch would meet too (a key, a plan, a path the API
      // does not serve) ends the batch at its first fetchAll (CHUNK_SIZE 3): nothing more is sent.
      if (status === 401 || status === 403 || status === 404) expect(formulaRequests).toBe(3);
      const shown = String(runtime.getValues(SHEET, "T2")[0]![0]);
      if (status === 403) expect(shown).toMatch(/not entitled to this endpoint \(lead lookup\)/);
      if (status === 404) expect(shown).toMatch(/does not serve \/api\/network\/leads\/by_link\//);

      const jobId = estimateAndConfirm(runtime, `A1:A${ROWS + 1}`);
      const progress = driveSteps(runtime, jobId);
      // Resume as a user would after a stop: still nothing sent twice.
      if (progress.state === "stopped") driveSteps(runtime, jobId);
      expect((await sent(PATHS.lookup)) - formulaRequests).toBeLessThanOrEqual(ROWS);
      expect((await addon.control.stats()).ledger).toEqual([]);
      if (status === 403)
        expect(progress.message?.message).toMatch(/not entitled to this endpoint \(lead lookup\)/);
    },
  );

  it.each(STATUSES)("%i: company search and lead search send each page once", async (status) => {
    // A company search's first page goes alone (a refine answer would cost 3 credits a page): a
    // refusal every request would meet (key, plan, path) stops it before the second page, any
    // other 4xx is that page's own. A lead search's 2 pages go together.
    const refusesAll = status === 401 || status === 403 || status === 404;
    for (const [path, run, pages] of [
      [PATHS.companies, companySearch, refusesAll ? 1 : 2],
      [PATHS.leads, leadSearch, 2],
    ] as const) {
      await answerWith(path, status);
      const message = run();
      expect(await sent(path), `${path}`).toBe(pages);
      expect((await addon.control.stats()).ledger).toEqual([]);
      if (status === 403) expect(message).toMatch(/not entitled to this endpoint \((company|lead) search\)/);
    }
  });

  it.each(STATUSES)("%i: the Credits tab's list sends its page once", async (status) => {
    await answerWith(PATHS.transactions, status);
    const list = rpcValue<CreditsListResult>(addon.runtime, "creditsList", {
      filters: {},
      limit: 20,
      offset: 0,
    });
    expect(list.ok).toBe(false);
    expect(await sent(PATHS.transactions)).toBe(1);
  });

  it("a 429 under the same drive is sent again (the retries exist)", async () => {
    await addon.control.reset();
    await addon.control.configure({ faults: [{ path: PATHS.lookup, kind: "throttle", count: 1 }] });
    addon.runtime.setValues(SHEET, "A1", crmRows(nextUrls(), 0));
    addon.runtime.setCell(SHEET, "H2", "=LOOKUP_LEAD(A2)");
    expect(await sent(PATHS.lookup)).toBe(2);
    expect(String(addon.runtime.getValues(SHEET, "H2")[0]![0])).not.toBe("");
  });
});

/** Two pages (25 companies each) of a company search; what the run says. */
function companySearch(): string {
  clearSheet("Companies");
  const form: CompanySearchForm = { ...emptyCompanyForm(), limit_by: 50 };
  const estimate = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", form);
  const result = rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
    form,
    confirmedCredits: estimate.maxCredits,
  });
  return JSON.stringify(result);
}

/** Two lead searches at once (two company ids); what the run says. */
function leadSearch(): string {
  clearSheet("Leads");
  const persona = { name: "Sellers", functions: ["sales"], seniorities: [], prohibit: [] };
  const runs = ["1000254", "1000255"].map((id) => {
    const form: LeadSearchForm = {
      ...emptyLeadForm(),
      personas: [persona],
      target: { kind: "company_id", value: id },
      limit_by: "5",
    };
    const estimate = rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", { form });
    if (!estimate.ok) throw new Error(JSON.stringify(estimate.problems));
    return rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", {
      form,
      confirmedMaxCredits: estimate.maxCredits,
    });
  });
  return JSON.stringify(runs);
}
