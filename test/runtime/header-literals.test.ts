/**
 * Issue 12.1: a writer that adds header cells must write only those cells. Sheets' getValues drops
 * the apostrophe that keeps `'=HYPERLINK(...)`, `'+1 555 0100` or `'00123` literal, so a header row
 * read back and rewritten whole turns the user's text into formulas and numbers. Every sheet
 * writer that adds columns to an existing header (Leads, Companies, Enrich) is checked here in the
 * built add-on, with the user's literal headers typed as a person types them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import type { CompanyEstimate } from "../../src/jobs/company-search/types";
import { emptyForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { LeadsRunResult } from "../../src/rpc/leads";
import { type AddonRuntime, startAddonRuntime } from "./support";

let addon: AddonRuntime;

/** What the user typed in row 1: a field name, then literals Sheets would otherwise parse. */
const LITERAL_HEADERS = ["Name", `'=HYPERLINK("http://evil.example","x")`, "'+1 555 0100", "'00123"];

function rpc<T>(method: string, arg: unknown): T {
  const answer = addon.runtime.rpc(method, arg) as
    | { ok: true; value: T }
    | { ok: false; error: { kind: string; message: string } };
  if (!answer.ok) throw new Error(`${method}: ${answer.error.kind}: ${answer.error.message}`);
  return answer.value;
}

function typeHeader(sheet: string): void {
  if (!addon.runtime.sheets().some((s) => s.name === sheet)) addon.runtime.insertSheet(sheet);
  LITERAL_HEADERS.forEach((text, i) => {
    addon.runtime.setCell(sheet, `${"ABCD"[i]}1`, text);
  });
}

function headerInputs(sheet: string): string[] {
  return ["A1", "B1", "C1", "D1"].map((a1) => addon.runtime.getCell(sheet, a1).input);
}

beforeAll(async () => {
  addon = await startAddonRuntime({ userProperties: { SPEND_CAP: "5000" } });
});

afterAll(async () => {
  await addon?.close();
});

beforeEach(async () => {
  await addon.control.reset();
});

describe("adding header cells keeps the user's header text exactly as typed", () => {
  it("Leads: a run that adds the key columns leaves row 1's literals literal", () => {
    typeHeader("Leads");
    const form: LeadSearchForm = {
      ...emptyForm(),
      target: { kind: "company_name", value: "Sixhundred Labs" },
      personas: [{ name: "Marketing", functions: ["marketing", "sales"], seniorities: [], prohibit: [] }],
      limit_by: "3",
    };
    const estimate = rpc<{ ok: boolean; maxCredits: number }>("leadsEstimate", { form });
    const run = rpc<LeadsRunResult>("leadsRun", { form, confirmedMaxCredits: estimate.maxCredits });
    expect(run.ok).toBe(true);
    expect(headerInputs("Leads")).toEqual(LITERAL_HEADERS);
    expect(addon.runtime.getCell("Leads", "E1").input).toBe("LinkedIn URL");
    expect(addon.runtime.getCell("Leads", "E1").note).toBe("network_url");
  });

  it("Companies: a search that adds the record's columns leaves row 1's literals literal", () => {
    typeHeader("Companies");
    const form = { ...emptyCompanyForm(), limit_by: 2 };
    const estimate = rpc<CompanyEstimate>("companyEstimate", form);
    rpc("companyRun", { form, confirmedCredits: estimate.maxCredits });
    expect(headerInputs("Companies")).toEqual(LITERAL_HEADERS);
  });
});
