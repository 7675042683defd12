/** What a sheet's header says its rows are, and which searches may write into it (sheet-kind.ts). */
import { describe, expect, it } from "vitest";
import { selectedCompanies } from "../../src/jobs/lead-search/companies";
import { holdsCompanies, holdsPeople, wrongKindProblem } from "../../src/jobs/sheet-kind";
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
    expect(wrongKindProblem("Companies", grid as never, "companies")).toBeNull();
    expect(wrongKindProblem("Companies", grid as never, "leads")).toMatch(/holds companies/);
  });
});
