/**
 * Cancel on the Companies and Leads tabs, in the emulated runtime (the built add-on) against the
 * sandbox and its ledger. The search is one execution; Cancel is another, run here while the
 * search's fetchAll is out (as the sidebar's second google.script.run call runs in production).
 * What was sent is paid and written, nothing is sent after Cancel is seen, and the result's total
 * is the ledger's. Another editor's Cancel on the owner's search is refused and stops nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateCompanies, recordOf } from "../../sandbox/api/companies";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import { emptyForm as emptyLeadForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { CompanyEstimate, CompanyRunResult, SearchCancelAnswer } from "../../src/rpc/companies";
import type { LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import { COMPANY_FIELDS } from "../../src/sheet/lead-fields";
import { rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, companySheetRows, DEMO_KEY, startAddonRuntime } from "./support";

const OWNER = "user@example.com";
const EDITOR = "editor@example.com";
const EDITOR_KEY = "editor-key";
const COMPANY_PATH = "/companies/by_icp/";
const LEAD_PATH = "/leads/by_icp/";

/** Runs `action` once the `at`-th fetchAll carrying a request to `path` has been answered. */
let hook: { path: string; at: number; seen: number; action: () => void } | null = null;
function fetchAll(requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[] {
  const outcomes = fetchAllSync(requests, options);
  if (hook && requests.some((request) => request.url.includes(hook!.path))) {
    hook.seen += 1;
    if (hook.seen === hook.at) {
      const { action } = hook;
      hook = null;
      action();
    }
  }
  return outcomes;
}

let addon: AddonRuntime;
type Answer<T> =
  | { ok: true; value: T }
  | { ok: false; error: { kind: string; message: string; next: string } };
const call = <T>(method: string, arg: unknown, user = OWNER) =>
  addon.runtime.rpc(method, arg, { user }) as Answer<T>;

async function charged(path: string, key = DEMO_KEY): Promise<number> {
  const { ledger } = await addon.control.stats();
  return ledger
    .filter((c) => c.key === key && c.path.includes(path))
    .reduce((s, c) => s + Math.abs(c.amount), 0);
}

function rowsOf(sheet: string): number {
  return (addon.runtime.sheets().find((s) => s.name === sheet)?.lastRow ?? 1) - 1;
}

beforeAll(async () => {
  addon = await startAddonRuntime({
    userProperties: { SPEND_CAP: "5000" },
    runtime: { user: OWNER, fetchAll },
  });
  addon.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: addon.sandboxUrl, API_KEY: EDITOR_KEY });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  hook = null;
  await addon.control.reset();
  await addon.control.setCredits(EDITOR_KEY, 1000);
  addon.runtime.properties.user(OWNER).setAll({ CHUNK_SIZE: "20" });
  addon.runtime.properties.document.clear();
  for (const name of ["Companies", "Leads"]) {
    if (addon.runtime.sheets().some((s) => s.name === name)) addon.runtime.deleteSheet(name);
  }
});

describe("Cancel a company search", () => {
  const form = { ...emptyCompanyForm(), locations: ["Germany"], limit_by: 200 };

  function runWithCancel(cancelAs: string): {
    result: CompanyRunResult;
    cancel: Answer<SearchCancelAnswer> | null;
  } {
    const estimate = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", form);
    const runId = `run-${cancelAs}-${Date.now()}`;
    let cancel: Answer<SearchCancelAnswer> | null = null;
    // Cancel is pressed while the first page (25 companies) is out; 7 pages would follow it.
    hook = {
      path: COMPANY_PATH,
      at: 1,
      seen: 0,
      action: () => (cancel = call("companyCancel", { runId }, cancelAs)),
    };
    const result = rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
      form,
      confirmedCredits: estimate.maxCredits,
      runId,
    });
    return { result, cancel };
  }

  it("pressed while the first page is out: that page is written, the other 7 are not sent, the total is the ledger's", async () => {
    const { result, cancel } = runWithCancel(OWNER);
    expect(cancel).toMatchObject({ ok: true, value: { message: expect.stringMatching(/^Stopping/) } });
    const ledger = await charged(COMPANY_PATH);
    expect(result.state).toBe("cancelled");
    expect(result.pagesSent).toBe(1);
    expect(result.pagesNotReached).toBe(7);
    // Only the first page was charged (unsuitable companies are free): 25 at most, not 200.
    expect(ledger).toBeGreaterThan(0);
    expect(ledger).toBeLessThanOrEqual(25);
    expect(result.charges?.charged).toBe(ledger);
    expect(result.written).toBe(ledger);
    expect(rowsOf("Companies")).toBe(ledger);
    // Next page starts at the first match not fetched.
    expect(result.nextOffset).toBe(0);
  });

  it("another editor's Cancel is refused, names the owner, and the search goes on: every page charged to the owner", async () => {
    const { result, cancel } = runWithCancel(EDITOR);
    expect(cancel).toMatchObject({
      ok: false,
      error: { kind: "not_owner", message: expect.stringContaining(`started by ${OWNER}`) },
    });
    expect(result.state).toBe("done");
    expect(result.pagesSent).toBe(8);
    const ledger = await charged(COMPANY_PATH);
    expect(ledger).toBeGreaterThan(100);
    expect(result.written).toBe(ledger);
    expect(await charged("", EDITOR_KEY)).toBe(0);
  });
});

describe("Cancel a lead search at the companies selected", () => {
  const COMPANIES = 10;

  function companiesSheet(): void {
    const records = generateCompanies(1)
      .companies.filter((c) => c.leadCount >= 40 && c.leadCount <= 400)
      .slice(0, COMPANIES)
      .map((c) => recordOf(1, c));
    addon.runtime.insertSheet("Companies");
    addon.runtime.setValues("Companies", "A1", [[...COMPANY_FIELDS], ...companySheetRows(records)]);
  }

  function runWithCancel(
    cancelAs: string,
    at: number,
  ): { result: LeadsRunResult; cancel: Answer<SearchCancelAnswer> | null } {
    companiesSheet();
    addon.runtime.select("Companies", `A2:C${COMPANIES + 1}`);
    const form: LeadSearchForm = {
      ...emptyLeadForm(),
      personas: [{ name: "Marketing", functions: ["marketing", "sales"], seniorities: [], prohibit: [] }],
      target: { kind: "selected_companies", value: "" },
      limit_by: "5",
    };
    const estimate = rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", { form });
    if (!estimate.ok) throw new Error(JSON.stringify(estimate.problems));
    const runId = `leads-${cancelAs}-${Date.now()}`;
    let cancel: Answer<SearchCancelAnswer> | null = null;
    hook = {
      path: LEAD_PATH,
      at,
      seen: 0,
      action: () => (cancel = call("leadsCancel", { runId }, cancelAs)),
    };
    const result = rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", {
      form,
      confirmedMaxCredits: estimate.maxCredits,
      runId,
    });
    return { result, cancel };
  }

  it("pressed while the second chunk of 2 searches is out: 4 searches paid and written, 6 not sent", async () => {
    addon.runtime.properties.user(OWNER).setAll({ CHUNK_SIZE: "2" });
    const { result, cancel } = runWithCancel(OWNER, 2);
    expect(cancel).toMatchObject({ ok: true });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const ledger = await charged(LEAD_PATH);
    expect(result.cancelled).toBe(true);
    expect(result.fetchAllChunks).toBe(3);
    expect(result.searches.filter((s) => s.state === "not run")).toHaveLength(COMPANIES - 4);
    expect(result.searches.filter((s) => s.state === "ok")).toHaveLength(4);
    expect(ledger).toBeGreaterThan(0);
    expect(ledger).toBeLessThanOrEqual(4 * 5);
    expect(result.charges?.charged).toBe(ledger);
    expect(result.written + result.duplicates).toBe(ledger);
    expect(rowsOf("Leads")).toBe(result.written);
  });

  it("another editor's Cancel is refused and every search is sent", async () => {
    addon.runtime.properties.user(OWNER).setAll({ CHUNK_SIZE: "2" });
    const { result, cancel } = runWithCancel(EDITOR, 1);
    expect(cancel).toMatchObject({ ok: false, error: { kind: "not_owner" } });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.cancelled).toBe(false);
    expect(result.searches.filter((s) => s.state === "not run")).toHaveLength(0);
    expect(result.charges?.charged).toBe(await charged(LEAD_PATH));
    expect(await charged("", EDITOR_KEY)).toBe(0);
  });
});
