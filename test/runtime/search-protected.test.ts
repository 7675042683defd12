/**
 * Both searches over sheets their owner shaped (the emulated runtime's edit-rules.ts), against the
 * sandbox's ledger. They pay before they write, and a sheet that refuses the rows (a protected
 * header row an editor may not edit, a column whose validation rejects input) sends the paid rows
 * to a new sheet, saying why: the work emails found with the leads there too, under their headers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import { emptyForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { LeadsRunResult } from "../../src/rpc/leads";
import { type AddonRuntime, startAddonRuntime } from "./support";

const EDITOR = "editor@example.com";
let addon: AddonRuntime;

type Answer<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };
function rpc<T>(method: string, arg: unknown, user?: string): T {
  const answer = addon.runtime.rpc(method, arg, user ? { user } : {}) as Answer<T>;
  if (!answer.ok) throw new Error(`${method}: ${answer.error.kind}: ${answer.error.message}`);
  return answer.value;
}

const leadForm = (offset: string, emails = false): LeadSearchForm => ({
  ...emptyForm(),
  target: { kind: "company_name", value: "Sixhundred Labs" },
  personas: [{ name: "Any", functions: [], seniorities: [], prohibit: [] }],
  limit_by: "2",
  offset_by: offset,
  find_emails: emails,
});

/** A lead search that passed the form's checks. */
function leadsRun(form: LeadSearchForm, max: number, user?: string): Extract<LeadsRunResult, { ok: true }> {
  const run = rpc<LeadsRunResult>("leadsRun", { form, confirmedMaxCredits: max }, user);
  if (!run.ok) throw new Error("the form was refused");
  return run;
}

/** What the editor's key was charged on paths containing `path`. */
async function editorCredits(path: string): Promise<number> {
  const { ledger } = await addon.control.stats();
  return ledger
    .filter((entry) => entry.key === "editor-key" && entry.path.includes(path))
    .reduce((sum, entry) => sum + Math.abs(entry.amount), 0);
}

const display = (sheet: string) =>
  addon.runtime.getSheetCells(sheet).map((row) => row.map((cell) => cell.display));

beforeAll(async () => {
  addon = await startAddonRuntime({
    userProperties: { SPEND_CAP: "5000" },
    runtime: { spreadsheet: { sheets: [{ name: "Sheet1", rows: [] }] } },
  });
  addon.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: addon.sandboxUrl, API_KEY: "editor-key" });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  await addon.control.setCredits("editor-key", 1000);
  for (const sheet of addon.runtime.sheets())
    if (sheet.name !== "Sheet1") addon.runtime.deleteSheet(sheet.name);
});

describe("searches into a sheet that refuses the rows", () => {
  it("an editor left out of the Leads header row: paid leads and their work emails go to a new sheet, headed", async () => {
    leadsRun(leadForm("0"), 2);
    addon.runtime.protect("Leads", "A1:Z1");
    const before = display("Leads");
    const run = leadsRun(leadForm("2", true), 4, EDITOR);
    expect(run.stoppedBy?.message).toMatch(
      /Leads sheet could not take the rows \(You are trying to edit a protected cell/,
    );
    // The finder's credits are named too: before, "(2 credits spent)" counted the leads' alone.
    expect(run.stoppedBy?.message).toMatch(/\(2 credits spent, and up to 2 for their work emails\)/);
    expect(display("Leads")).toEqual(before);
    const kept = display("Leads (unsaved rows)");
    const header = kept[0]!;
    expect(header).toContain("Email");
    expect(header).toContain("Email Status");
    const email = header.indexOf("Email");
    expect(kept.slice(1).map((row) => row[email])).toEqual([
      expect.stringContaining("@"),
      expect.stringContaining("@"),
    ]);
    // What the run says it charged is the ledger's: the leads and the finder's rows.
    const leads = await editorCredits("/leads/by_icp");
    const finder = await editorCredits("email_finder");
    expect(run.charges?.charged).toBe(leads);
    expect(run.emails?.charges?.charged).toBe(finder);
    expect(leads + finder).toBe(4);
  });

  it("a Leads column that rejects input: the paid leads go to a new sheet, the message names the cell", async () => {
    leadsRun(leadForm("0"), 2);
    addon.runtime.requireValueInList("Leads", "C2:C100", ["Another Co"]);
    const run = leadsRun(leadForm("2"), 2);
    expect(run.stoppedBy?.message).toMatch(
      /violates the data validation rules.*2 credits spent.*"Leads \(unsaved rows\)"/,
    );
    expect(display("Leads (unsaved rows)").length).toBe(3);
    expect(await ledgerCredits(addon.control, "/leads/by_icp")).toBe(4);
  });

  it("an editor left out of a protected Companies sheet: the paid companies go to a new sheet", async () => {
    addon.runtime.insertSheet("Companies");
    addon.runtime.protect("Companies", null);
    const form = { ...emptyCompanyForm(), limit_by: 5 };
    const run = rpc<{ errors: Array<{ message: string }>; sheetName: string; spent: number }>(
      "companyRun",
      { form, confirmedCredits: 5 },
      EDITOR,
    );
    expect(run.sheetName).toBe("Companies (unsaved rows)");
    expect(run.errors[0]?.message).toMatch(/protected cell.*5 rows \(5 credits spent\)/);
    expect(await ledgerCredits(addon.control, "/companies/by_icp")).toBe(run.spent);
  });
});
