import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  aliasField,
  headerNamesField,
  matchColumns,
  normalizeHeader,
  planColumns,
  STATUS_FIELDS,
} from "../../src/sheet/columns";
import { COMPANY_FIELDS, DEFAULT_LOOKUP_FIELDS, LEAD_FIELDS } from "../../src/sheet/lead-fields";

describe("normalizeHeader", () => {
  it("ignores case, spaces, underscores and punctuation", () => {
    for (const header of ["Job Title", "job_title", " JOB-TITLE ", "Job.Title:", "jobTitle"]) {
      expect(normalizeHeader(header)).toBe("jobtitle");
    }
    expect(normalizeHeader("# Employees")).toBe("employees");
    expect(normalizeHeader("Société")).toBe("société");
  });
});

describe("aliases", () => {
  it("map common CRM headers to spec fields", () => {
    const cases: Record<string, string> = {
      Title: "job_title",
      Position: "job_title",
      Company: "company_name",
      Employer: "company_name",
      Name: "full_name",
      "First Name": "first_name",
      "LinkedIn URL": "network_url",
      "Person Linkedin Url": "network_url",
      Profile: "network_url",
      URL: "network_url",
      "Job Changed": "job_changed",
      "Previous Role": "previous_job",
    };
    for (const [header, field] of Object.entries(cases)) expect(aliasField(header)).toBe(field);
  });

  it("never shadow another field's own name", () => {
    const own = new Map([...LEAD_FIELDS, ...STATUS_FIELDS].map((f) => [normalizeHeader(f), f]));
    for (const field of [...LEAD_FIELDS, ...STATUS_FIELDS]) {
      const alias = aliasField(field);
      if (alias !== null) expect(own.get(normalizeHeader(field))).toBe(alias);
    }
  });

  it("leave a bare Status column to its owner", () => {
    expect(aliasField("Status")).toBeNull();
    expect(headerNamesField("Enrichment Status", "enrichment_status")).toBe(true);
  });

  it("headerNamesField accepts the field's own name and its aliases only", () => {
    expect(headerNamesField("Job Title", "job_title")).toBe(true);
    expect(headerNamesField("Title", "job_title")).toBe(true);
    expect(headerNamesField("Title", "company_name")).toBe(false);
    expect(headerNamesField("", "job_title")).toBe(false);
  });
});

describe("planColumns", () => {
  it("uses existing columns by name or alias and appends the rest with spec names", () => {
    const plan = planColumns(["Name", "LinkedIn", "Title", "Email"], [...DEFAULT_LOOKUP_FIELDS]);
    expect(plan.columns).toEqual([
      { field: "full_name", index: 0, existing: true },
      { field: "job_title", index: 2, existing: true },
      { field: "company_name", index: 4, existing: false },
      { field: "location", index: 5, existing: false },
      { field: "network_url", index: 1, existing: true },
    ]);
    expect(plan.appended).toEqual(["company_name", "location"]);
  });

  it("prefers the exact name over an alias, and the leftmost among equals", () => {
    const plan = planColumns(["Title", "Job Title", "job_title"], ["job_title"]);
    expect(plan.columns).toEqual([{ field: "job_title", index: 1, existing: true }]);
  });

  it("gives each column to one field and each field one column", () => {
    const plan = planColumns(["Company"], ["company_name", "company_name"]);
    expect(plan.columns).toEqual([{ field: "company_name", index: 0, existing: true }]);
    expect(plan.appended).toEqual([]);
  });

  it("never claims a reserved column, such as the URL column being enriched", () => {
    const plan = planColumns(["LinkedIn", "Name"], ["network_url", "full_name"], { reserved: [0] });
    expect(plan.columns).toEqual([
      { field: "network_url", index: 2, existing: false },
      { field: "full_name", index: 1, existing: true },
    ]);
  });

  it("appends after every existing header, empty ones included", () => {
    const plan = planColumns(["URL", "", "Notes", ""], ["enrichment_status", "enriched_at"]);
    expect(plan.columns.map((c) => c.index)).toEqual([4, 5]);
    expect(plan.appended).toEqual(["enrichment_status", "enriched_at"]);
  });

  it("handles the status columns by the same rule", () => {
    const headers = ["Profile URL", "Enrichment Status", "Last Enriched", "Job Change", "Previous Job"];
    const plan = planColumns(headers, [...STATUS_FIELDS]);
    expect(plan.columns.map((c) => [c.field, c.index])).toEqual([
      ["enrichment_status", 1],
      ["enriched_at", 2],
      ["job_changed", 3],
      ["previous_job", 4],
    ]);
  });

  it("maps a Companies sheet by its own names (Name is the company's there)", () => {
    const plan = planColumns(["Name", "Website"], [...COMPANY_FIELDS]);
    expect(plan.columns.find((c) => c.field === "name")).toEqual({ field: "name", index: 0, existing: true });
    expect(plan.columns.find((c) => c.field === "website")).toEqual({
      field: "website",
      index: 1,
      existing: true,
    });
    expect(plan.appended).toHaveLength(COMPANY_FIELDS.length - 2);
  });
});

describe("matchColumns", () => {
  it("maps fields to 0-based existing columns and leaves the rest out", () => {
    const found = matchColumns(
      ["LinkedIn", "Company", "Job Title"],
      ["job_title", "company_name", "location"],
    );
    expect([...found]).toEqual([
      ["job_title", 2],
      ["company_name", 1],
    ]);
  });
});

describe("planColumns properties", () => {
  const header = fc.oneof(
    fc.constantFrom("Name", "Title", "Job Title", "Company", "LinkedIn", "", "Notes", "job_title", "Status"),
    fc.string({ maxLength: 8 }),
  );
  const field = fc.constantFrom(...LEAD_FIELDS.slice(0, 20), ...STATUS_FIELDS);

  it("gives every distinct field one column, never sharing, never reserved, appending contiguously", () => {
    fc.assert(
      fc.property(
        fc.array(header, { maxLength: 10 }),
        fc.array(field, { maxLength: 12 }),
        fc.array(fc.nat(12), { maxLength: 3 }),
        (headers, fields, reserved) => {
          const plan = planColumns(headers, fields, { reserved });
          expect(plan.columns.map((c) => c.field)).toEqual([...new Set(fields)]);
          expect(new Set(plan.columns.map((c) => c.index)).size).toBe(plan.columns.length);
          for (const column of plan.columns) {
            if (column.existing) {
              expect(column.index).toBeLessThan(headers.length);
              expect(reserved).not.toContain(column.index);
              expect(headerNamesField(headers[column.index]!, column.field)).toBe(true);
            }
          }
          const added = plan.columns.filter((c) => !c.existing);
          expect(added.map((c) => c.field)).toEqual(plan.appended);
          expect(added.map((c) => c.index)).toEqual(added.map((_, i) => headers.length + i));
        },
      ),
    );
  });
});
