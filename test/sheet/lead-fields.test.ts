import { describe, expect, it } from "vitest";
import {
  COMPANY_FIELDS,
  DEFAULT_LOOKUP_FIELDS,
  isLeadField,
  LEAD_FIELDS,
  parseFieldList,
  suggestLeadField,
  TRANSACTION_FIELDS,
  toLeadField,
} from "../../src/sheet/lead-fields";

describe("field lists", () => {
  it("name each field once", () => {
    for (const list of [LEAD_FIELDS, COMPANY_FIELDS, TRANSACTION_FIELDS]) {
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it("follow the spec's table order and end with the lookup extras", () => {
    expect(LEAD_FIELDS.slice(0, 5)).toEqual([
      "first_name",
      "middle_name",
      "last_name",
      "full_name",
      "unformatted_full_name",
    ]);
    expect(LEAD_FIELDS.slice(-7)).toEqual([
      "input_url",
      "source",
      "inexact_company",
      "posts",
      "comments",
      "people_also_viewed",
      "reactions",
    ]);
    expect(COMPANY_FIELDS[0]).toBe("name");
    expect(COMPANY_FIELDS.at(-1)).toBe("background_image");
    expect(TRANSACTION_FIELDS).toEqual([
      "id",
      "created_at",
      "updated_at",
      "status",
      "balance_type",
      "amount",
      "description",
      "after_balance",
    ]);
  });

  it("default lookup fields are lead fields", () => {
    expect(DEFAULT_LOOKUP_FIELDS).toEqual([
      "full_name",
      "job_title",
      "company_name",
      "location",
      "network_url",
    ]);
    expect(DEFAULT_LOOKUP_FIELDS.every(isLeadField)).toBe(true);
  });

  it("isLeadField knows spec names only", () => {
    expect(isLeadField("network_url")).toBe(true);
    expect(isLeadField("Network_URL")).toBe(false);
    expect(isLeadField("toString")).toBe(false);
  });

  it("toLeadField accepts any case, spaces and hyphens", () => {
    expect(toLeadField("  Job Title ")).toBe("job_title");
    expect(toLeadField("COMPANY-NAME")).toBe("company_name");
    expect(toLeadField("title")).toBeNull();
  });
});

describe("suggestLeadField", () => {
  it("knows header aliases and near misses, and gives up on far ones", () => {
    expect(suggestLeadField("Company")).toBe("company_name");
    expect(suggestLeadField("fullname")).toBe("full_name");
    expect(suggestLeadField("email")).toBeNull();
  });
});

describe("parseFieldList", () => {
  it("reads comma-separated text, trimming and matching case-insensitively", () => {
    expect(parseFieldList(" Full_Name, job_title ,COMPANY_NAME")).toEqual({
      fields: ["full_name", "job_title", "company_name"],
    });
  });

  it("reads a range: one name per cell, commas inside cells, blanks skipped", () => {
    expect(
      parseFieldList([
        ["full_name", ""],
        [null, "job_title, location"],
      ]),
    ).toEqual({
      fields: ["full_name", "job_title", "location"],
    });
  });

  it("keeps order and repetition as asked", () => {
    expect(parseFieldList("location,full_name,location")).toEqual({
      fields: ["location", "full_name", "location"],
    });
  });

  it("gives the default fields when nothing is named", () => {
    expect(parseFieldList("")).toEqual({ fields: [...DEFAULT_LOOKUP_FIELDS] });
    expect(parseFieldList(" , ")).toEqual({ fields: [...DEFAULT_LOOKUP_FIELDS] });
    expect(parseFieldList([[""]])).toEqual({ fields: [...DEFAULT_LOOKUP_FIELDS] });
  });

  it("names unknown fields and lists the valid ones", () => {
    const result = parseFieldList("full_name, titel, emial");
    expect(result).toHaveProperty("error");
    const error = "error" in result ? result.error : "";
    expect(error).toContain('Unknown fields "titel", "emial".');
    for (const field of LEAD_FIELDS) expect(error).toContain(field);
  });

  it("suggests the field probably meant", () => {
    const result = parseFieldList("Title, job_titel, compnay_name");
    const error = "error" in result ? result.error : "";
    expect(error).not.toContain('"Title"');
    expect(error).toContain('"job_titel" (did you mean job_title?)');
    expect(error).toContain('"compnay_name" (did you mean company_name?)');
  });

  it("accepts the readable names and aliases that Enrich accepts as headers (issue 23.9)", () => {
    expect(parseFieldList("name, title, company")).toEqual({
      fields: ["full_name", "job_title", "company_name"],
    });
    expect(parseFieldList("Job Title, Company Size, Profile URL, City")).toEqual({
      fields: ["job_title", "company_headcount_range", "network_url", "location_city"],
    });
    // Words for the columns Enrich adds beside the lead's (status, time) name no lead field.
    expect(parseFieldList("Enrichment Status")).toHaveProperty("error");
  });

  it("accepts the lookup-only extras", () => {
    expect(parseFieldList("posts,people_also_viewed,inexact_company")).toEqual({
      fields: ["posts", "people_also_viewed", "inexact_company"],
    });
  });
});
