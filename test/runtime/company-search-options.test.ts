/**
 * The Companies form's options on the wire, in the emulated runtime (the built add-on) against the
 * sandbox and its ledger: what the sandbox receives carries each field as the form holds it
 * (website_blacklist, sub_industries, lists with commas in their values), the sheet shows the
 * flag's effect, and a search refused (by the form, by the API's ValidationError) or cancelled
 * before its first page charges nothing. An editor without an API key sends nothing.
 */
import { describe, expect, it } from "vitest";
import { emptyForm } from "../../src/jobs/company-search/form";
import type { CompanyEstimate, CompanyRunResult, CompanySearchForm } from "../../src/rpc/companies";
import { COMPANY_FIELDS } from "../../src/sheet/lead-fields";
import { rpcValue } from "../jobs/enrich-world";
import { OWNER, searchOptionsWorld } from "./search-options-world";

const PATH = "/companies/by_icp/";

const world = searchOptionsWorld(PATH, "Companies");
const { bodies } = world;
const { sent } = bodies;

const form = (change: Partial<CompanySearchForm>): CompanySearchForm => ({ ...emptyForm(), ...change });

function run(f: CompanySearchForm, runId?: string): CompanyRunResult {
  const estimate = rpcValue<CompanyEstimate>(world.addon.runtime, "companyEstimate", f);
  expect(estimate.problems).toEqual({});
  return rpcValue<CompanyRunResult>(world.addon.runtime, "companyRun", {
    form: f,
    confirmedCredits: estimate.maxCredits,
    ...(runId ? { runId } : {}),
  });
}

/** The industry column of the Companies sheet, header left out. */
function industries(): string[] {
  const sheet = world.addon.runtime.sheets().find((s) => s.name === "Companies");
  if (!sheet || sheet.lastRow < 2) return [];
  const column = COMPANY_FIELDS.indexOf("industry");
  return world.addon.runtime
    .getValues("Companies", `A2:AE${sheet.lastRow}`)
    .map((row) => String(row[column]));
}

const STAFFING = form({
  industries: ["Staffing and Recruiting", "Software Development"],
  locations: ["Berlin, Berlin, Germany", "France"],
  limit_by: 100,
});

describe("website_blacklist and sub_industries on the wire", () => {
  it("ticked: every page carries both as true and the lists as typed; the sheet has no staffing agency; charged as written", async () => {
    const result = run({ ...STAFFING, website_blacklist: true, sub_industries: true });
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent) {
      expect(body).toMatchObject({
        website_blacklist: true,
        sub_industries: true,
        industries: ["Staffing and Recruiting", "Software Development"],
        // A value with commas stays one location; a lower-case country was already listed.
        locations: ["Berlin, Berlin, Germany", "France"],
      });
    }
    expect(result.written).toBeGreaterThan(0);
    expect(industries()).not.toContain("Staffing and Recruiting");
    expect(industries().every((name) => name === "Software Development")).toBe(true);
    expect(await world.charged()).toBe(result.written);
    expect(result.charges?.charged).toBe(result.written);
  });

  it("unticked: neither flag is sent (false has no documented meaning), and staffing agencies come back", async () => {
    const result = run(STAFFING);
    for (const body of sent) {
      expect(body).not.toHaveProperty("website_blacklist");
      expect(body).not.toHaveProperty("sub_industries");
    }
    expect(industries()).toContain("Staffing and Recruiting");
    expect(await world.charged()).toBe(result.written);
  });
});

describe("refused or cancelled: nothing charged", () => {
  it("a form problem (a keyword with *) sends nothing and the ledger stays at 0", async () => {
    const f = form({ keywords: ["a*b"], website_blacklist: true });
    const estimate = rpcValue<CompanyEstimate>(world.addon.runtime, "companyEstimate", f);
    expect(estimate.problems.keywords?.[0]).toContain('"a*b" contains "*"');
    const result = rpcValue<CompanyRunResult>(world.addon.runtime, "companyRun", {
      form: f,
      confirmedCredits: 25,
    });
    expect(result.state).toBe("invalid");
    expect(sent).toEqual([]);
    expect(await world.charged()).toBe(0);
  });

  it("the API's ValidationError (an unlisted location sent as typed) is shown at the field, and charged nothing", async () => {
    const result = run(form({ locations: ["atlantis"], website_blacklist: true, limit_by: 100 }));
    expect(sent[0]).toMatchObject({ locations: ["atlantis"], website_blacklist: true });
    expect(result.state).toBe("invalid");
    expect(result.problems.locations?.[0]).toMatch(/atlantis/i);
    expect(result.written).toBe(0);
    expect(await world.charged()).toBe(0);
  });

  it("cancelled before the first page: no page sent, nothing charged, no Next page", async () => {
    const runId = `run-${Date.now()}`;
    // Cancel arrives while the run reads the account, before its first page goes out.
    bodies.afterNextFetch(() => world.addon.runtime.rpc("companyCancel", { runId }, { user: OWNER }));
    const result = run({ ...STAFFING, website_blacklist: true }, runId);
    expect(result.state).toBe("cancelled");
    expect(sent).toEqual([]);
    expect([result.pagesSent, result.written, result.nextOffset]).toEqual([0, 0, null]);
    expect(await world.charged()).toBe(0);
  });

  it("an editor without an API key is told to add one, and nothing is sent or charged", async () => {
    const f = { ...STAFFING, website_blacklist: true, sub_industries: true };
    await world.expectEditorRefused("companyRun", { form: f, confirmedCredits: 100 });
  });
});
