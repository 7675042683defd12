/**
 * Company search results where the user wants them (issue 23.17), in the emulated runtime (built
 * bundle, sandbox API): the companies go to a sheet the form names, and "leave out the companies
 * in" another sheet's column (a CRM export's websites) sends them as exclusions before anything is
 * charged; a column of names cannot be left out, and the estimate says so.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Company } from "../../src/api/wire";
import { emptyForm } from "../../src/jobs/company-search/form";
import type { CompanyEstimate, CompanyRunResult, CompanySearchForm } from "../../src/rpc/companies";
import { rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, DEMO_KEY, startAddonRuntime } from "./support";

const PATH = "/api/network/companies/by_icp/";
const FILTERS = { locations: ["France"], headcounts: ["10 000+"] };
let addon: AddonRuntime;
let matches: Company[];

const form = (overrides: Partial<CompanySearchForm>): CompanySearchForm => ({
  ...emptyForm(),
  ...FILTERS,
  ...overrides,
});

beforeAll(async () => {
  addon = await startAddonRuntime({ userProperties: { SPEND_CAP: "1000" } });
  await addon.control.setCredits("compare-key", 1_000);
  const response = await fetch(`${addon.sandboxUrl}${PATH}`, {
    method: "POST",
    headers: { Authorization: "Token compare-key", "Content-Type": "application/json" },
    body: JSON.stringify({ ...FILTERS, limit_by: 25 }),
  });
  matches = ((await response.json()) as { companies: Company[] }).companies;
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
});

async function charged(): Promise<number> {
  const { ledger } = await addon.control.stats();
  return ledger
    .filter((c) => c.key === DEMO_KEY && c.path === PATH)
    .reduce((sum, c) => sum + Math.abs(c.amount), 0);
}

describe("company search into any sheet, leaving out a CRM export's companies", () => {
  it("writes to the named sheet and leaves out the export's websites before charging", async () => {
    expect(matches.length).toBeGreaterThan(5);
    const [a, b, c] = matches;
    addon.runtime.insertSheet("CRM export");
    addon.runtime.setValues("CRM export", "A1", [
      ["Account", "Web Site"],
      ["A", `https://www.${a!.domain}/about`],
      ["B", b!.domain.toUpperCase()],
      ["C", `=HYPERLINK("http://${c!.domain}", "site")`],
      ["D", "Some Name Inc"],
      ["", ""],
    ]);
    const chosen = form({
      sheet_name: "Prospects",
      leave_out_sheet: "CRM export",
      leave_out_column: "web site",
    });
    const estimate = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", chosen);
    expect(estimate.problems).toEqual({});
    expect(estimate.sheetName).toBe("Prospects");
    expect(estimate.leaveOut).toEqual({
      sheet: "CRM export",
      column: "web site",
      ids: 0,
      domains: 3,
      unmatched: 1,
    });

    const result = rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
      form: chosen,
      confirmedCredits: estimate.maxCredits,
    });
    expect(result.sheetName).toBe("Prospects");
    expect(result.written).toBe(matches.length - 3);
    expect(await charged()).toBe(matches.length - 3);
    const header = addon.runtime.getValues("Prospects", "A1:AE1")[0]!;
    const domainColumn = header.indexOf("Domain");
    const written = addon.runtime
      .getValues("Prospects", `A2:AE${result.written + 1}`)
      .map((row) => String(row[domainColumn]));
    for (const left of [a!, b!, c!]) expect(written).not.toContain(left.domain);
    expect(addon.runtime.sheets().some((sheet) => sheet.name === "Companies")).toBe(false);

    // Again: the Prospects sheet's own companies are left out too, so nothing new is charged.
    const again = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", chosen);
    expect(again.knownExcluded).toBe(result.written);
    rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
      form: chosen,
      confirmedCredits: again.maxCredits,
    });
    expect(await charged()).toBe(matches.length - 3);
  });

  it("writes into the existing sheet a name typed in another case means, not a second one", async () => {
    if (!addon.runtime.sheets().some((sheet) => sheet.name === "Japan accounts")) {
      addon.runtime.insertSheet("Japan accounts");
    }
    const chosen = form({ sheet_name: "japan ACCOUNTS", limit_by: 3 });
    const estimate = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", chosen);
    expect(estimate.sheetName).toBe("Japan accounts");
    const result = rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
      form: chosen,
      confirmedCredits: estimate.maxCredits,
    });
    expect(result.sheetName).toBe("Japan accounts");
    expect(addon.runtime.sheets().filter((sheet) => /^japan accounts$/i.test(sheet.name))).toHaveLength(1);
  });

  it("into a sheet of the user's own companies (by website, without ids): those are left out, not bought again", async () => {
    const [a, b] = matches;
    addon.runtime.insertSheet("My accounts");
    addon.runtime.setValues("My accounts", "A1", [
      ["Company", "Website", "Owner"],
      [a!.name, `https://www.${a!.domain}`, "me"],
      [b!.name, b!.domain.toUpperCase(), "you"],
    ]);
    const chosen = form({ sheet_name: "my accounts", limit_by: 5 });
    const estimate = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", chosen);
    expect(estimate.knownExcluded).toBe(2);
    const result = rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
      form: chosen,
      confirmedCredits: estimate.maxCredits,
    });
    // Before: the two were charged again and written under the user's rows a second time.
    const websites = addon.runtime
      .getValues("My accounts", `B2:B${result.written + 3}`)
      .map((row) => String(row[0]).toLowerCase());
    expect(websites.filter((site) => site.includes(a!.domain))).toHaveLength(1);
    expect(websites.filter((site) => site.includes(b!.domain))).toHaveLength(1);
    expect(result.written).toBe(5);
    expect(await charged()).toBe(5);
    expect(addon.runtime.getValues("My accounts", "C2:C3")).toEqual([["me"], ["you"]]);
  });

  it("refuses to write companies into a sheet of people, at its field, before anything is charged", async () => {
    addon.runtime.insertSheet("Leads");
    addon.runtime.setValues("Leads", "A1", [
      ["Full Name", "Job Title", "Company", "LinkedIn URL", "Company Network ID", "Network ID", "Sales ID"],
      ["Ada Lee", "CTO", "Acme", "https://n.example/in/ada", "1000001", "700000001", "ACwAAAda"],
    ]);
    const chosen = form({ sheet_name: "leads", limit_by: 3 });
    const estimate = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", chosen);
    expect(estimate.problems.sheet_name).toEqual([
      "Leads holds people (job titles, sales ids...), not companies. Name another sheet, or leave it empty for the Companies sheet.",
    ]);
    const run = rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
      form: chosen,
      confirmedCredits: 3,
    });
    expect(run.state).toBe("invalid");
    expect(await charged()).toBe(0);
  });

  it("names what is wrong with the leave-out sheet or column at its field, and sends nothing", async () => {
    const noSheet = rpcValue<CompanyEstimate>(
      addon.runtime,
      "companyEstimate",
      form({ leave_out_sheet: "Nope", leave_out_column: "Website" }),
    );
    expect(noSheet.problems.leave_out_sheet?.[0]).toMatch(
      /^No sheet is named "Nope": the sheets are .*CRM export/,
    );
    const noColumn = rpcValue<CompanyEstimate>(
      addon.runtime,
      "companyEstimate",
      form({ leave_out_sheet: "CRM export", leave_out_column: "Domain name" }),
    );
    expect(noColumn.problems.leave_out_column?.[0]).toBe(
      'No column is headed "Domain name" there: its headers are Account, Web Site.',
    );
    const run = rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
      form: form({ leave_out_sheet: "Nope", leave_out_column: "Website" }),
      confirmedCredits: 25,
    });
    expect(run.state).toBe("invalid");
    expect(await charged()).toBe(0);
  });
});
