/** Planning over rows that hold two lists of people: each list's own columns (src/sheet/list-headers.ts). */
import { describe, expect, it } from "vitest";
import { headersForList, mapColumns, outputColumns } from "../../src/jobs/emails/columns";
import { DEFAULT_ENRICH_OPTIONS } from "../../src/jobs/enrich/options";
import { PlanError, planEnrichment, type SelectionBox } from "../../src/jobs/enrich/plan";
import {
  headersOfList,
  labelOfHeader,
  listHeader,
  listOfHeader,
  listOfSelection,
} from "../../src/sheet/list-headers";
import { MemoryGrid, url } from "./enrich-fakes";

const column = (left: number, height: number): SelectionBox => ({
  sheetId: 7,
  sheetName: "Accounts",
  top: 1,
  left,
  height,
  width: 1,
});

const accounts = (headers: string[]) =>
  MemoryGrid.fromRows([
    headers,
    ["Acme", url("ann"), url("bob"), "CEO", "Old title"],
    ["Beta", url("cat"), url("dan"), "CTO", ""],
  ]);

describe("a list's own headers", () => {
  it("names, reads back and scopes a list's columns", () => {
    expect(listHeader("", "Job Title")).toBe("Job Title");
    expect(listHeader("Buyer URL", "Job Title")).toBe("Buyer URL · Job Title");
    expect(labelOfHeader("Buyer URL · Job Title")).toBe("Job Title");
    expect(listOfHeader("Buyer URL · Job Title")).toBe("Buyer URL");
    expect(listOfHeader("Job Title")).toBe("");
    expect(
      headersOfList(["Title", "Buyer URL · Job Title", "Champion URL · Job Title"], "Buyer URL"),
    ).toEqual(["", "Job Title", ""]);
    expect(headersOfList(["Title"], "")).toEqual(["Title"]);
  });
});

describe("planning with two lists in the same rows", () => {
  it("gives the selected list columns of its own, never the plain or the other list's", () => {
    const grid = accounts(["Account", "Champion URL", "Buyer URL", "Title", "Buyer URL · Job Title"]);
    const plan = planEnrichment(grid, column(3, 3), DEFAULT_ENRICH_OPTIONS);
    expect(plan.layout.list).toBe("Buyer URL");
    // The list's URL column is its people's profile URL, whatever its header.
    expect(plan.layout.skipped).toContain("network_url");
    // Its own Job Title column, found; the plain Title (the champion's) left alone.
    expect(Object.fromEntries(plan.layout.fields)).toMatchObject({ job_title: 5 });
    expect(plan.layout.previous).toEqual({ job_title: 5, company_name: 0 });
    expect(plan.layout.appended).toEqual([
      "full_name",
      "company_name",
      "location",
      "enrichment_status",
      "enriched_at",
      "job_changed",
      "previous_job",
    ]);
  });

  it("keeps the first list's plain columns: the URL column a profile-URL header names, else the leftmost", () => {
    const crm = MemoryGrid.fromRows([
      ["Referrer URL", "Name", "LinkedIn URL", "Title", "Company"],
      [url("ref1"), "Ann", url("ann"), "CEO", "Acme"],
      [url("ref2"), "Cat", url("cat"), "CTO", "Beta"],
    ]);
    // "LinkedIn URL" names a profile URL: the sheet's own people, in its own Title and Company.
    const own = planEnrichment(crm, column(3, 3), DEFAULT_ENRICH_OPTIONS);
    expect(own.layout.list).toBeUndefined();
    expect(Object.fromEntries(own.layout.fields)).toMatchObject({
      full_name: 2,
      job_title: 4,
      company_name: 5,
    });
    // The referrers are the other list, though leftmost.
    expect(planEnrichment(crm, column(1, 3), DEFAULT_ENRICH_OPTIONS).layout.list).toBe("Referrer URL");
    // No header names one: the leftmost is the first list (the one a second was pasted beside).
    const grid = accounts(["Account", "Champion URL", "Buyer URL", "Title", ""]);
    expect(planEnrichment(grid, column(2, 3), DEFAULT_ENRICH_OPTIONS).layout.list).toBeUndefined();
  });

  it("keeps one list's plain columns when the other column holds the same people", () => {
    const grid = MemoryGrid.fromRows([
      ["LinkedIn URL", "Profile link", "Title"],
      [url("ann"), url("ann").replace("https://www.", "http://"), "CEO"],
      [url("cat"), "", "CTO"],
    ]);
    const plan = planEnrichment(grid, column(1, 3), DEFAULT_ENRICH_OPTIONS);
    expect(plan.layout.list).toBeUndefined();
    expect(Object.fromEntries(plan.layout.fields)).toMatchObject({ job_title: 3 });
  });

  it("asks for a header when the list's URL column has none", () => {
    // No header row at all: the run would write its headers in the empty row above the URLs.
    const grid = MemoryGrid.fromRows([
      ["", "", ""],
      ["Acme", url("ann"), url("bob")],
      ["Beta", url("cat"), url("dan")],
    ]);
    const selection = { ...column(3, 2), top: 2 };
    expect(() => planEnrichment(grid, selection, DEFAULT_ENRICH_OPTIONS)).toThrow(PlanError);
    expect(() => planEnrichment(grid, selection, DEFAULT_ENRICH_OPTIONS)).toThrow(
      /two lists of people \(profile URLs in columns B and C\), and column C has no header/,
    );
  });

  it("asks to rename one of two URL columns with one header", () => {
    const grid = accounts(["Account", "Contact URL", "Contact URL", "Title", ""]);
    expect(() => planEnrichment(grid, column(3, 3), DEFAULT_ENRICH_OPTIONS)).toThrow(
      /Columns B and C are both headed "Contact URL" but hold different people/,
    );
  });
});

describe("the Emails action's columns with two lists in the same rows", () => {
  const headers = [
    "Champion URL",
    "Email",
    "Buyer URL",
    "Buyer URL · Full Name",
    "Buyer URL · Company Website",
  ];

  it("reads a second list's columns when its cells are selected, its URL column as the profile", () => {
    expect(listOfSelection(headers, { left: 4, right: 4 })).toBe("Buyer URL");
    expect(listOfSelection(headers, { left: 3, right: 3 })).toBe("Buyer URL");
    const map = mapColumns(headersForList(headers, "Buyer URL"), { left: 4, right: 4 });
    expect(map.sources).toMatchObject({ full: 4, website: 5, profile: 3, email: 0 });
    // Its outputs are its own, never the champions' Email.
    expect(outputColumns("find", map, 5, "Buyer URL").appended.map((added) => added.header)).toEqual([
      "Buyer URL · Email",
      "Buyer URL · Email Status",
      "Buyer URL · Checked At",
    ]);
  });

  it("never reads a list's columns for the plain ones", () => {
    expect(listOfSelection(headers, { left: 2, right: 2 })).toBe("");
    const map = mapColumns(headersForList(headers, ""), { left: 2, right: 2 });
    expect(map.sources).toMatchObject({ full: 0, website: 0, email: 2 });
  });
});
