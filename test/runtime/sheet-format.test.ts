/**
 * Issue 14.8: the Settings switch between readable sheets (labels with the field name in the
 * header's note, lists as text) and the API's forms (field names, lists as JSON), in the built
 * add-on over the sandbox; a sheet headed either way keeps its columns when the setting changes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import { emptyForm as emptyLeadForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import { DEFAULT_LEAD_COLUMNS } from "../../src/jobs/lead-search/leads-sheet";
import type { CompanyEstimate, CompanyRunResult, CompanySearchForm } from "../../src/rpc/companies";
import type { LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import type { SaveSettingsResult, SettingsView } from "../../src/rpc/settings";
import { COMPANY_LABELS } from "../../src/sheet/field-labels";
import { COMPANY_FIELDS } from "../../src/sheet/lead-fields";
import { rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

let addon: AddonRuntime;

function searchCompanies(limit: number): CompanyRunResult {
  const form: CompanySearchForm = { ...emptyCompanyForm(), limit_by: limit };
  const estimate = rpcValue<CompanyEstimate>(addon.runtime, "companyEstimate", form);
  return rpcValue<CompanyRunResult>(addon.runtime, "companyRun", {
    form,
    confirmedCredits: estimate.maxCredits,
  });
}

function searchLeads(): LeadsRunResult {
  const form: LeadSearchForm = {
    ...emptyLeadForm(),
    target: { kind: "company_name", value: "Sixhundred Labs" },
    personas: [{ name: "Marketing", functions: ["marketing", "sales"], seniorities: [], prohibit: [] }],
    limit_by: "3",
  };
  const estimate = rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", { form });
  return rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", {
    form,
    confirmedMaxCredits: estimate.ok ? estimate.maxCredits : 0,
  });
}

const header = (sheet: string) => addon.runtime.getSheetCells(sheet)[0] ?? [];

function save(change: object): SaveSettingsResult {
  return rpcValue<SaveSettingsResult>(addon.runtime, "saveSettings", change);
}

beforeAll(async () => {
  addon = await startAddonRuntime({ userProperties: { SPEND_CAP: "5000" } });
});

afterAll(async () => {
  await addon?.close();
});

beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.properties.document.setAll({}, true);
  for (const name of ["Companies", "Leads"]) {
    if (addon.runtime.sheets().some((s) => s.name === name)) addon.runtime.deleteSheet(name);
  }
});

describe("the sheet format settings", () => {
  it("are readable by default, and refuse a choice that is not one", () => {
    const view = rpcValue<SettingsView>(addon.runtime, "getSettings", null);
    expect(view).toMatchObject({ headerStyle: "readable", listStyle: "readable" });
    expect(save({ headerStyle: "pretty" })).toMatchObject({
      saved: false,
      problems: { headerStyle: expect.stringContaining("readable, api") },
    });
  });

  it("API names and JSON: field-name headers without notes, lists as JSON; back to readable adds no column", () => {
    expect(save({ headerStyle: "api", listStyle: "json" })).toMatchObject({
      saved: true,
      settings: { headerStyle: "api", listStyle: "json" },
    });
    expect(addon.runtime.properties.user().get("SHEET_HEADERS")).toBe("api");
    searchCompanies(25);
    const companies = header("Companies");
    expect(companies.map((cell) => cell.value)).toEqual([...COMPANY_FIELDS]);
    expect(companies.every((cell) => cell.note === undefined || cell.note === "")).toBe(true);
    const cells = addon.runtime.getSheetCells("Companies");
    const specialities = cells
      .slice(1)
      .map((row) => String(row[COMPANY_FIELDS.indexOf("specialities")]?.value ?? ""));
    expect(specialities.filter((v) => v !== "").every((v) => v.startsWith("["))).toBe(true);
    expect(specialities.some((v) => v !== "")).toBe(true);

    searchLeads();
    expect(header("Leads").map((cell) => cell.value)).toEqual([...DEFAULT_LEAD_COLUMNS]);

    // Back to readable: the API-named sheets are matched as they are, no column is added twice.
    save({ headerStyle: "readable", listStyle: "readable" });
    const width = companies.length;
    searchCompanies(50);
    expect(header("Companies")).toHaveLength(width);
    const after = addon.runtime.getSheetCells("Companies");
    const newest = String(after[after.length - 1]?.[COMPANY_FIELDS.indexOf("specialities")]?.value ?? "");
    expect(newest.startsWith("[")).toBe(false);
    searchLeads();
    expect(header("Leads").map((cell) => cell.value)).toEqual([...DEFAULT_LEAD_COLUMNS]);
  });

  it("readable: labels noted with their field names in new Companies and Leads sheets", () => {
    searchCompanies(25);
    const companies = header("Companies");
    expect(companies.map((cell) => cell.value)).toEqual(COMPANY_FIELDS.map((field) => COMPANY_LABELS[field]));
    expect(companies.map((cell) => cell.note)).toEqual([...COMPANY_FIELDS]);
    searchLeads();
    expect(header("Leads").map((cell) => cell.note)).toEqual([...DEFAULT_LEAD_COLUMNS]);
    expect(header("Leads")[0]?.value).toBe("Full Name");
  });
});
