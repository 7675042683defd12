/**
 * Issue 12.3: rows already paid for must not be lost to a sheet that cannot take them. A search
 * checks the spreadsheet's room before sending (a full spreadsheet costs nothing); a write that
 * still fails (the Leads sheet deleted while the searches were out) puts the paid rows in a new
 * sheet and says what was spent; the Credits export replaces the sheet's content in one write, so
 * a cut-off leaves the previous export as it was.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import type { CompanyEstimate } from "../../src/jobs/company-search/types";
import { emptyForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { CreditsExportResult } from "../../src/rpc/credits";
import type { LeadsRunResult } from "../../src/rpc/leads";
import { type AddonRuntime, startAddonRuntime } from "./support";

let addon: AddonRuntime;

type Answer<T> =
  | { ok: true; value: T }
  | { ok: false; error: { kind: string; message: string; next?: string } };

function rpc<T>(method: string, arg: unknown, options?: Parameters<AddonRuntime["runtime"]["rpc"]>[2]): T {
  const answer = addon.runtime.rpc(method, arg, options) as Answer<T>;
  if (!answer.ok) throw new Error(`${method}: ${answer.error.kind}: ${answer.error.message}`);
  return answer.value;
}

async function charged(path: string): Promise<number> {
  return ledgerCredits(addon.control, path);
}

const leadForm = (limit: string): LeadSearchForm => ({
  ...emptyForm(),
  target: { kind: "company_name", value: "Sixhundred Labs" },
  personas: [{ name: "Marketing", functions: ["marketing", "sales"], seniorities: [], prohibit: [] }],
  limit_by: limit,
});

beforeAll(async () => {
  addon = await startAddonRuntime({
    userProperties: { SPEND_CAP: "5000" },
    runtime: { spreadsheet: { sheets: [{ name: "Sheet1", rows: [] }] } },
  });
});

afterAll(async () => {
  await addon?.close();
});

beforeEach(async () => {
  await addon.control.reset();
  for (const sheet of addon.runtime.sheets())
    if (sheet.name !== "Sheet1") addon.runtime.deleteSheet(sheet.name);
});

describe("paid rows and a sheet that cannot take them", () => {
  it("a full spreadsheet: company and lead searches are refused before anything is sent", async () => {
    // 9,990,000 cells in one sheet: no room for a new Companies or Leads sheet and its rows.
    addon.runtime.insertSheet("Archive");
    addon.runtime.insertColumns("Archive", 1, 9_990_000 / 1000 - 26 - 26);
    const form = { ...emptyCompanyForm(), limit_by: 25 };
    const estimate = rpc<CompanyEstimate>("companyEstimate", form);
    const company = addon.runtime.rpc("companyRun", {
      form,
      confirmedCredits: estimate.maxCredits,
    }) as Answer<unknown>;
    expect(company).toMatchObject({ ok: false, error: { kind: "no_room" } });
    expect(company.ok ? "" : company.error.message).toMatch(/too full.*Nothing was sent/);
    const leads = addon.runtime.rpc("leadsRun", {
      form: leadForm("25"),
      confirmedMaxCredits: 25,
    }) as Answer<unknown>;
    expect(leads).toMatchObject({ ok: false, error: { kind: "no_room" } });
    expect(await charged("/by_icp")).toBe(0);
  });

  it("the Leads sheet deleted while the searches were out: the paid leads go to a new sheet", async () => {
    addon.runtime.insertSheet("Leads");
    addon.runtime.setValues("Leads", "A1", [["full_name", "network_url", "network_id"]]);
    const run = rpc<LeadsRunResult>(
      "leadsRun",
      { form: leadForm("5"), confirmedMaxCredits: 5 },
      {
        interrupt: (call) => {
          if (call.method === "UrlFetchApp.fetchAll" && call.count === 1) addon.runtime.deleteSheet("Leads");
          return false;
        },
      },
    );
    if (!run.ok) throw new Error("problems");
    const spent = await charged("/leads/by_icp");
    expect(spent).toBeGreaterThan(0);
    expect(run.spent).toBe(spent);
    expect(run.stoppedBy?.message).toMatch(
      /Leads sheet could not take the rows.*written to the new sheet "Leads \(unsaved rows\)"/,
    );
    expect(run.stoppedBy?.message).toContain(`${spent} credit`);
    const kept = addon.runtime.getSheetCells("Leads (unsaved rows)");
    expect(kept.length - 1).toBe(run.searches[0]!.leads);
  });

  it("Credits export: a cut-off while writing leaves the previous export whole", async () => {
    const first = rpc<CreditsExportResult>("creditsExport", { filters: {}, replace: false });
    expect(first).toMatchObject({ status: "done" });
    const before = addon.runtime.getSheetCells("Transactions").map((row) => row.map((c) => c.input));
    expect(before.length).toBeGreaterThan(1);
    expect(() =>
      addon.runtime.rpc(
        "creditsExport",
        { filters: {}, replace: true },
        { interrupt: (call) => call.method === "Range.setValues" && call.count === 1 },
      ),
    ).toThrow(/Exceeded maximum execution time/);
    const after = addon.runtime.getSheetCells("Transactions").map((row) => row.map((c) => c.input));
    expect(after).toEqual(before);
    // The next export replaces it, and leaves no half-written sheet behind.
    expect(rpc<CreditsExportResult>("creditsExport", { filters: {}, replace: true })).toMatchObject({
      status: "done",
    });
    expect(
      addon.runtime
        .sheets()
        .map((s) => s.name)
        .filter((n) => n.startsWith("Transactions")),
    ).toEqual(["Transactions"]);
  });
});
