import { describe, expect, it } from "vitest";
import {
  aliasField,
  COMPANY_HEADERS,
  headerNamesField,
  LEAD_HEADERS,
  matchColumns,
  normalizeHeader,
  planColumns,
  STATUS_FIELDS,
} from "../../src/sheet/columns";
import { COMPANY_LABELS, headerCells, LEAD_LABELS } from "../../src/sheet/field-labels";
import { COMPANY_FIELDS, LEAD_FIELDS } from "../../src/sheet/lead-fields";

const tables = [
  {
    name: "Leads",
    labels: LEAD_LABELS as Record<string, string>,
    // The Enrich run's work-email columns have labels too (issue 21.4).
    fields: [...LEAD_FIELDS, ...STATUS_FIELDS, "email", "email_status"],
  },
  { name: "Companies", labels: COMPANY_LABELS as Record<string, string>, fields: [...COMPANY_FIELDS] },
];

describe("readable labels", () => {
  it.each(tables)("$name: one label per field, each label names one field only", ({ labels, fields }) => {
    expect(Object.keys(labels).sort()).toEqual([...fields].sort());
    const keys = fields.map((field) => normalizeHeader(labels[field]!));
    expect(new Set(keys).size).toBe(fields.length);
    // A label never spells another field's API name ("Company ID" is company_id's own).
    for (const field of fields) {
      const other = fields.find((f) => f !== field && normalizeHeader(f) === normalizeHeader(labels[field]!));
      expect(other, `${field}'s label`).toBeUndefined();
    }
  });

  it("every lead label is read back as its own field, even where an alias says otherwise", () => {
    for (const field of [...LEAD_FIELDS, ...STATUS_FIELDS]) {
      expect(LEAD_HEADERS.get(normalizeHeader(LEAD_LABELS[field]))).toBe(field);
      expect(headerNamesField(LEAD_LABELS[field], field)).toBe(true);
    }
    expect(aliasField("Experience")).toBe("jobs");
    expect(aliasField("company headcount")).toBe("company_headcount_range");
  });

  it("every company label is read back as its own field", () => {
    for (const field of COMPANY_FIELDS) {
      expect(COMPANY_HEADERS.get(normalizeHeader(COMPANY_LABELS[field]))).toBe(field);
    }
  });

  it("writes labels with the field names as notes, or the field names without notes", () => {
    expect(headerCells(["name", "headcount_range"], COMPANY_LABELS)).toEqual({
      headers: ["Company", "Headcount"],
      notes: ["name", "headcount_range"],
    });
    expect(headerCells(["name", "website"], COMPANY_LABELS, "api")).toEqual({
      headers: ["name", "website"],
      notes: ["", ""],
    });
  });
});

describe("matching a header by label or field name", () => {
  it("accepts either, in any case and spacing, and adds no column for a field already there", () => {
    const readable = ["COMPANY", " website ", "Head count", "LinkedIn URL", "network id"];
    const found = matchColumns(readable, COMPANY_FIELDS, { table: COMPANY_HEADERS });
    expect(Object.fromEntries(found)).toEqual({
      name: 0,
      website: 1,
      headcount_range: 2,
      network_link: 3,
      network_id: 4,
    });
    const api = ["name", "website", "headcount_range", "network_link", "network_id"];
    const plan = planColumns(api, COMPANY_FIELDS, { table: COMPANY_HEADERS });
    expect(plan.columns.filter((c) => c.existing).map((c) => c.field)).toEqual(
      expect.arrayContaining(["name", "website", "headcount_range", "network_link", "network_id"]),
    );
    expect(plan.appended).not.toContain("name");
    expect(plan.appended).toHaveLength(COMPANY_FIELDS.length - 5);
  });

  it("reads lead labels and status labels for enrichment's columns", () => {
    const headers = [
      "LinkedIn URL",
      "Job Title",
      "Company",
      "Experience",
      "Enrichment Status",
      "Enriched At",
    ];
    const found = matchColumns(headers, ["job_title", "company_name", "jobs", ...STATUS_FIELDS], {
      reserved: [0],
    });
    expect(Object.fromEntries(found)).toEqual({
      job_title: 1,
      company_name: 2,
      jobs: 3,
      enrichment_status: 4,
      enriched_at: 5,
    });
  });

  it("prefers the field's own name over a label naming it", () => {
    const found = matchColumns(["Company", "company_name"], ["company_name"]);
    expect(found.get("company_name")).toBe(1);
  });
});
