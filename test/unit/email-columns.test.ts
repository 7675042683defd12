/** The Emails action's columns by header: CRM exports' wording and the Leads sheet's own headers. */
import { describe, expect, it } from "vitest";
import { mapColumns, missingColumns, outputColumns } from "../../src/jobs/emails/columns";
import { DEFAULT_LEAD_COLUMNS } from "../../src/jobs/lead-search/leads-sheet";
import { LEAD_LABELS } from "../../src/sheet/field-labels";

describe("Emails columns", () => {
  it("reads the Leads sheet as it is, with field names or readable labels", () => {
    for (const headers of [
      [...DEFAULT_LEAD_COLUMNS],
      DEFAULT_LEAD_COLUMNS.map((field) => (LEAD_LABELS as Record<string, string>)[field] ?? field),
    ]) {
      const map = mapColumns(headers);
      expect(map.sources.full).toBe(1);
      expect(map.sources.website).toBe(DEFAULT_LEAD_COLUMNS.indexOf("company_website") + 1);
      expect(map.sources.profile).toBe(DEFAULT_LEAD_COLUMNS.indexOf("network_url") + 1);
      expect(missingColumns("find", map.sources)).toBeNull();
    }
  });

  it("reads a CRM export's wording, and appends only the output columns it lacks", () => {
    const map = mapColumns(["first name", "LAST_NAME", "Domain", "E-mail", "Email Status", "Notes"]);
    expect(map.sources).toMatchObject({ first: 1, last: 2, website: 3, email: 4 });
    expect(outputColumns("find", map, 6)).toEqual({
      out: { email: 4, status: 5, checkedAt: 7 },
      appended: [{ column: 7, header: "Checked At" }],
    });
  });

  it("reads the selected columns first: a Name at A does not join the First and Last Name selected at H:J", () => {
    const headers = [
      "Name",
      "network_url",
      "Job Title",
      "",
      "",
      "",
      "",
      "First Name",
      "Last Name",
      "Website",
    ];
    const selected = mapColumns(headers, { left: 8, right: 10 });
    expect(selected.sources).toMatchObject({ full: 0, first: 8, last: 9, website: 10, profile: 2 });
    // Selected without the website: the row's own Website outside the selection is still read.
    expect(mapColumns(headers, { left: 8, right: 9 }).sources).toMatchObject({ website: 10, full: 0 });
    // No selection known: the first match in the row, as before.
    expect(mapColumns(headers).sources).toMatchObject({ full: 1, first: 8, last: 9 });
  });

  it("says what is missing in words", () => {
    expect(missingColumns("find", mapColumns(["First Name", "Company"]).sources)).toMatch(
      /names .*Last Name.*, nor of the company's website or domain/,
    );
    expect(missingColumns("validate", mapColumns(["Name"]).sources)).toMatch(/No column of email addresses/);
  });
});
