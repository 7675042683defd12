/** What a sheet's header says its rows are, and which searches may write into it (sheet-kind.ts). */
import { describe, expect, it } from "vitest";
import { selectedCompanies } from "../../src/jobs/lead-search/companies";
import { destinationProblem, holdsCompanies, holdsPeople } from "../../src/jobs/sheet-kind";
import { COMPANY_LABELS, LEAD_LABELS } from "../../src/sheet/field-labels";
import { COMPANY_FIELDS } from "../../src/sheet/lead-fields";

const companiesHeader = COMPANY_FIELDS.map((field) => COMPANY_LABELS[field]);
/** A Companies sheet an earlier version wrote leads into: the lead columns it appended. */
const mixedHeader = [
  ...companiesHeader,
  ...(["network_lead_persona", "network_company_id", "sales_id", "unformatted_full_name"] as const).map(
    (field) => LEAD_LABELS[field],
  ),
];

describe("a sheet's kind", () => {
  it("reads the Companies sheet as companies and the Leads sheet as people", () => {
    expect([holdsCompanies(companiesHeader), holdsPeople(companiesHeader)]).toEqual([true, false]);
    const leads = ["Full Name", "Job Title", "Company", "LinkedIn URL", "Company Network ID", "Sales ID"];
    expect([holdsCompanies(leads), holdsPeople(leads)]).toEqual([false, true]);
    // One company-like column alone is a contacts export's own.
    expect(holdsCompanies(["Name", "Title", "HQ City"])).toBe(false);
  });

  it("reads a Companies sheet with lead columns appended by an earlier version as companies still", () => {
    const row = companiesHeader.map(() => "");
    row[COMPANY_FIELDS.indexOf("name")] = "Acme";
    row[COMPANY_FIELDS.indexOf("network_id")] = "1000001";
    const selection = selectedCompanies(mixedHeader, [[...row, "", "", "", ""]], 2);
    // Before: read as a sheet of people, every company row lacked a Company Network ID and was skipped.
    expect(selection.companies).toEqual([{ row: 2, label: "Acme", target: { company_id: 1000001 } }]);
  });

  it("takes companies into such a sheet, and refuses leads into it", () => {
    const grid = { lastRow: () => 1, lastColumn: () => mixedHeader.length, read: () => [mixedHeader] };
    expect(destinationProblem("Companies", grid as never, "companies")).toBeNull();
    expect(destinationProblem("Companies", grid as never, "leads")?.message).toMatch(/holds companies/);
  });

  it("finds column headers below a title row, for either kind of sheet", () => {
    const grid = (rows: string[][]) => ({
      lastRow: () => rows.length,
      lastColumn: () => Math.max(...rows.map((r) => r.length)),
      read: (row: number, _c: number, count: number) => rows.slice(row - 1, row - 1 + count),
    });
    const titled = grid([["Accounts 2026"], ["Company", "Website", "Owner"], ["Acme", "acme.com", "me"]]);
    expect(destinationProblem("Accounts", titled as never, "companies")?.message).toBe(
      "Accounts's column headers are in row 2 (Company, Website, Owner), not row 1, where a search writes its columns",
    );
    // Headers in row 1 (and a blank sheet) are fine.
    expect(
      destinationProblem(
        "Plain",
        grid([
          ["Company", "Website"],
          ["Acme", "acme.com"],
        ]) as never,
        "companies",
      ),
    ).toBeNull();
    expect(destinationProblem("Empty", grid([]) as never, "leads")).toBeNull();
  });
});
