/** Issue 14.2: a search by company name says which company the API used, and offers the sheet's ids. */
import { describe, expect, it } from "vitest";
import type { Lead, LeadSearchResponse } from "../../src/api/wire";
import { companyChoices, resolvedCompany } from "../../src/jobs/lead-search/company-match";
import { type LeadSearchClient, runLeadSearches } from "../../src/jobs/lead-search/run";
import { MemoryGrid } from "./enrich-fakes";

const lead = (id: string, company: string, companyId: string, website: string): Lead =>
  ({
    network_id: id,
    network_url: `https://www.network.example/in/p-${id}`,
    full_name: `P ${id}`,
    company_name: company,
    company_website: website,
    network_company_id: companyId,
  }) as Lead;

describe("the company a lead search used", () => {
  it("is the company most of its leads were found at: name, id and website", () => {
    expect(
      resolvedCompany([
        lead("1", "Acme", "200", "https://acme.io"),
        lead("2", "Acme Corp", "100", "https://acme.com"),
        lead("3", "Acme Corp", "100", "https://acme.com"),
      ]),
    ).toEqual({ name: "Acme Corp", id: "100", website: "https://acme.com" });
    expect(resolvedCompany([])).toBeNull();
    expect(resolvedCompany([{ network_id: "1" } as Lead])).toBeNull();
  });

  it("is reported for a search by company name", () => {
    const answer: LeadSearchResponse = {
      leads: [lead("1", "Acme Corp", "100", "https://acme.com")],
      amount: -1,
      results_count: "within limit",
      status: "success",
    };
    const client: LeadSearchClient = {
      searchLeads: (requests) => ({
        outcomes: requests.map(() => ({ ok: true as const, value: answer })),
        stoppedBy: null,
        spent: 1,
      }),
    };
    const summary = runLeadSearches(
      { client, grid: MemoryGrid.fromRows([]), chunkSize: 5, deadline: Number.POSITIVE_INFINITY },
      [{ label: "Search", request: { company_name: "acme" } }],
    );
    expect(summary.searches[0]?.company).toEqual({
      name: "Acme Corp",
      id: "100",
      website: "https://acme.com",
    });
  });
});

describe("companies of the Companies sheet with the searched name", () => {
  const headers = ["name", "website", "network_id", "industry"];
  const rows = [
    ["Acme Corp", "https://acme.com", "'100", "Software"],
    ["ACME, Inc.", "https://acme.io", "200", "Retail"],
    ["Acme Rockets", "https://rockets.example", "300", "Aerospace"],
    ["Beta", "https://beta.example", "400", "Software"],
    ["Acme", "https://acme.example", "", "Software"],
  ];

  it("lists every row of that name (legal suffixes and case aside) that has an id", () => {
    expect(companyChoices("acme", headers, rows, 2)).toEqual([
      { row: 2, name: "Acme Corp", network_id: "100", website: "https://acme.com" },
      { row: 3, name: "ACME, Inc.", network_id: "200", website: "https://acme.io" },
    ]);
    expect(companyChoices("Beta", headers, rows, 2)).toEqual([
      { row: 5, name: "Beta", network_id: "400", website: "https://beta.example" },
    ]);
    expect(companyChoices("Gamma", headers, rows, 2)).toEqual([]);
    expect(companyChoices("acme", ["name"], rows, 2)).toEqual([]);
  });

  it("a name in another script is matched too (it used to read as no name, so none was offered)", () => {
    const greek = [
      ["Ελληνική Ναυτιλιακή", "https://naftiliaki.gr", "500", "Shipping"],
      ["Ελληνική Τράπεζα", "https://trapeza.gr", "600", "Banking"],
    ];
    expect(companyChoices("ελληνική ναυτιλιακή", headers, greek, 2)).toEqual([
      { row: 2, name: "Ελληνική Ναυτιλιακή", network_id: "500", website: "https://naftiliaki.gr" },
    ]);
  });
});
