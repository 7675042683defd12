/** The Leads tab's pure layer: form -> request, personas, forbidden combinations, rows, dedupe. */

import { describe, expect, it } from "vitest";
import { PERSONA_PRESETS } from "../../sidebar/vocabulary/personas";
import type { ApiError } from "../../src/api/errors";
import type { Lead, LeadSearchRequest, LeadSearchResponse } from "../../src/api/wire";
import {
  isCompanyHeader,
  readSelectionPin,
  selectedCompanies,
  selectionPin,
} from "../../src/jobs/lead-search/companies";
import { emptyForm, formToRequest, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import { knownLeads, NO_KNOWN_LEADS, withKnownLeadsExcluded } from "../../src/jobs/lead-search/known-leads";
import { DEFAULT_LEAD_COLUMNS, leadsLayout } from "../../src/jobs/lead-search/leads-sheet";
import { planSearches } from "../../src/jobs/lead-search/plan";
import { type LeadSearchClient, runLeadSearches } from "../../src/jobs/lead-search/run";
import { MemoryGrid } from "./enrich-fakes";

const form = (change: Partial<LeadSearchForm> = {}): LeadSearchForm => ({
  ...emptyForm(),
  target: { kind: "company_name", value: "Acme" },
  personas: [
    {
      name: "Marketing leaders",
      functions: ["marketing", "sales"],
      seniorities: ["Head", "VP"],
      prohibit: [],
    },
  ],
  ...change,
});

const lead = (id: string, extra: Partial<Lead> = {}): Lead =>
  ({
    network_id: id,
    network_url: `https://www.network.example/in/person-${id}`,
    full_name: `Person ${id}`,
    job_title: "Head of Marketing",
    company_name: "Acme",
    network_lead_persona: "Marketing leaders",
    network_company_id: "1000001",
    jobs: [{ company_name: "Acme", job_title: "Head of Marketing" }],
    ...extra,
  }) as Lead;

describe("Max leads per search as typed", () => {
  const limit = (typed: string, kind: LeadSearchForm["target"]["kind"] = "company_name") => {
    const { request, problems } = formToRequest(form({ limit_by: typed, target: { kind, value: "x" } }));
    return { sent: request.limit_by, said: problems.map((p) => `${p.path}: ${p.message}. ${p.hint}`) };
  };

  it("takes a count written with a thousands separator", () => {
    for (const typed of ["1,000", "1 000", "1.000", " 1000 "])
      expect(limit(typed)).toEqual({ sent: 1000, said: [] });
  });

  it("refuses what is no count, in the tab's words, once", () => {
    expect(limit("ten").said).toEqual([
      'limit_by: "ten" is not a whole number. Type how many leads to return at most, or leave it empty for as many as allowed.',
    ]);
    expect(limit("2.5").said).toHaveLength(1);
  });

  it("says the target's cap when the count is past it, and that 0 is no lead", () => {
    // Before: "must be a whole number from 1 to 2500", of a whole number.
    expect(limit("3000").said).toEqual([
      "limit_by: 3,000 is more than one search returns (2,500 here). Type a number from 1 to 2,500, or leave it empty for as many as allowed.",
    ]);
    expect(limit("2500", "without_company").said[0]).toContain("more than one search returns (2,400 here)");
    expect(limit("0").said[0]).toContain("limit_by: 0 is no lead. Type a number from 1 to 2,500");
  });
});

describe("form -> request", () => {
  it("sends the target, the personas as four positions and only the filters filled in", () => {
    const { request, problems } = formToRequest(
      form({
        locations: ["Berlin, Berlin, Germany", " "],
        years_in_company: [3, 1, 3],
        groups: ["12"],
        changed_jobs: true,
        posted_on_network: false,
        filter_empty_vars: ["profile_photo"],
        limit_by: "40",
      }),
    );
    expect(problems).toEqual([]);
    expect(request).toEqual({
      company_name: "Acme",
      personas: [["Marketing leaders", ["marketing", "sales"], ["Head", "VP"], []]],
      locations: ["Berlin, Berlin, Germany"],
      years_in_company: [1, 3],
      groups: [12],
      changed_jobs: true,
      filter_empty_vars: ["profile_photo"],
      limit_by: 40,
    } satisfies LeadSearchRequest);
  });

  it("takes a company id typed with a # or pasted as the company's address that carries it", () => {
    for (const typed of [
      "#1000254",
      "https://www.network.example/company/1000254/",
      "network.example/company/1000254/about",
    ]) {
      const { request, problems } = formToRequest(form({ target: { kind: "company_id", value: typed } }));
      expect([request.company_id, problems]).toEqual([1000254, []]);
    }
    // An address by name carries no id: it is refused, pointing at the profile-link choice.
    const byName = formToRequest(
      form({ target: { kind: "company_id", value: "https://www.network.example/company/acme/" } }),
    );
    expect(byName.problems[0]?.hint).toMatch(/profile link/);
  });

  it("refuses a link pasted under the wrong target at the field, naming the choice it belongs to", () => {
    // Before, each went out: a company link as company_name (no company has that name), a
    // person's profile as company_link, a company's page (its ?trk= query read as filters) as
    // network_filter_link, which production may read as a search with no filters at all.
    const problemOf = (kind: "company_name" | "company_link" | "network_filter_link", value: string) =>
      formToRequest(form({ target: { kind, value } })).problems;
    const company = "https://www.network.example/company/acme/?trk=public_profile&originalSubdomain=de";
    const person = "https://www.network.example/in/jane-doe-123/";
    const search = "https://www.network.example/search/results/people/?keywords=cto&geo=%5B%22Germany%22%5D";
    const cases = [
      ["company_name", company, /is a company's profile link, not its name.*Company profile link/],
      ["company_name", person, /is a person's profile link, not a company's name/],
      ["company_name", search, /is a people search, not a company's name.*A people-search URL/],
      ["company_link", person, /is a person's profile link, not a company's/],
      ["company_link", search, /is a people search, not a company's profile link.*A people-search URL/],
      [
        "network_filter_link",
        company,
        /is a company's profile link, not a people search.*Company profile link/,
      ],
      ["network_filter_link", person, /is a person's profile link, not a people search/],
      [
        "network_filter_link",
        "https://www.network.example/sales/search/company?query=(filters%3AList())",
        /is a search of companies, not a people search.*search for people/,
      ],
    ] as const;
    for (const [kind, value, said] of cases) {
      const problems = problemOf(kind, value);
      expect(problems.map((p) => p.path)).toEqual([kind]);
      expect(`${problems[0]?.message}. ${problems[0]?.hint}`).toMatch(said);
    }
    // Each where it belongs, and names that only look like addresses, still go out.
    expect(problemOf("company_link", company)).toEqual([]);
    expect(problemOf("network_filter_link", search)).toEqual([]);
    expect(problemOf("company_link", "https://www.network.example/sales/company/1000254")).toEqual([]);
    for (const name of ["Acme.com", "Booking.com", "Acme Corp", "1&1 Internet"]) {
      expect(problemOf("company_name", name)).toEqual([]);
    }
  });

  it("names the company by id, link, not at all, or through a search URL", () => {
    expect(formToRequest(form({ target: { kind: "company_id", value: "1000254" } })).request.company_id).toBe(
      1000254,
    );
    expect(
      formToRequest(form({ target: { kind: "company_link", value: "https://x.example/company/acme/" } }))
        .request.company_link,
    ).toBe("https://x.example/company/acme/");
    const without = formToRequest(form({ target: { kind: "without_company", value: "ignored" } })).request;
    expect(without.without_company).toBe(true);
    expect(without).not.toHaveProperty("company_name");
    const link = "https://www.network.example/search/results/people/?geo=%5B%22Germany%22%5D";
    expect(
      formToRequest(form({ target: { kind: "network_filter_link", value: link }, personas: [] })).request,
    ).toEqual({ network_filter_link: link, limit_by: 25 });
  });

  it("sends free-text personas, [] to skip functions, and the priority as a 5th position when given", () => {
    const { request, problems } = formToRequest(
      form({
        personas: [
          { name: "CTO", functions: ["CTO"], seniorities: [], prohibit: [], priority: "" },
          {
            name: "Leaders",
            functions: [],
            seniorities: ["manager+"],
            prohibit: ["intern"],
            priority: " 2 ",
          },
          { name: "Founders", functions: ["founder"], seniorities: [], prohibit: [], priority: 0 },
        ],
      }),
    );
    expect(problems).toEqual([]);
    expect(request.personas).toEqual([
      ["CTO", ["CTO"], [], []],
      ["Leaders", [], ["manager+"], ["intern"], 2],
      ["Founders", ["founder"], [], [], 0],
    ]);
  });

  it("leaves out a persona card left entirely blank", () => {
    const blank = { name: " ", functions: [""], seniorities: [], prohibit: [] };
    const { request, problems } = formToRequest(form({ personas: [blank] }));
    expect(problems).toEqual([]);
    expect(request).not.toHaveProperty("personas");
  });

  it("reports every problem at once, each with its field and a hint", () => {
    const { problems } = formToRequest(
      form({
        target: { kind: "company_id", value: "acme" },
        personas: [{ name: "", functions: [], seniorities: ["Head"], prohibit: [], priority: "first" }],
        groups: ["x"],
        limit_by: "3000",
      }),
    );
    const paths = problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining(["company_id", "personas[0][0]", "personas[0][4]", "groups", "limit_by"]),
    );
    expect(paths).not.toContain("company_name");
    for (const p of problems) expect(p.hint).not.toBe("");
  });

  it("caps limit_by at 2,400 without a company and 2,500 with one", () => {
    const without = (limit: string) =>
      formToRequest(form({ target: { kind: "without_company", value: "" }, limit_by: limit })).problems;
    expect(without("2400")).toEqual([]);
    expect(without("2401").map((p) => p.path)).toEqual(["limit_by"]);
    expect(formToRequest(form({ limit_by: "2500" })).problems).toEqual([]);
  });

  it("cannot produce a forbidden target combination: one kind, one target", () => {
    for (const kind of [
      "company_name",
      "company_id",
      "company_link",
      "without_company",
      "network_filter_link",
    ] as const) {
      const { request } = formToRequest(form({ target: { kind, value: "1" } }));
      const targets = [
        "company_id",
        "company_link",
        "company_name",
        "without_company",
        "network_filter_link",
      ].filter((f) => f in request);
      expect(targets).toHaveLength(1);
    }
  });
});

describe("find leads at these companies", () => {
  const headers = ["name", "domain", "network_id", "network_link"];
  it("targets each selected company by network_id, else network_link; reports rows without either", () => {
    const selection = selectedCompanies(
      headers,
      [
        ["name", "domain", "network_id", "network_link"],
        ["Acme", "acme.example", "1000001", "https://n.example/company/acme/"],
        ["Beta", "beta.example", "", "https://n.example/company/beta/"],
        ["Gamma", "", "", ""],
        ["Acme", "acme.example", "1000001", ""],
        ["", "", "", ""],
      ],
      1,
    );
    expect(selection.companies).toEqual([
      { row: 2, label: "Acme", target: { company_id: 1000001 } },
      { row: 3, label: "Beta", target: { company_link: "https://n.example/company/beta/" } },
    ]);
    expect(selection.skipped).toEqual([{ row: 4, reason: "no network_id or network_link in this row" }]);
  });

  it("names a company as its cell reads, an apostrophe of its own kept ('47 Brand, '=Acme')", () => {
    // getValues never returns the apostrophe that kept a cell literal: one that is read is the name's.
    const selection = selectedCompanies(
      headers,
      [
        ["'47 Brand", "", "1000001", ""],
        ["=Acme", "", "1000002", ""],
      ],
      2,
    );
    expect(selection.companies.map((c) => c.label)).toEqual(["'47 Brand", "=Acme"]);
  });

  it("reads a sheet of people's rows by their companies' columns, never the people's own id or URL", () => {
    const leads = selectedCompanies(
      ["Full Name", "Job Title", "Company", "LinkedIn URL", "Company Network ID", "Network ID"],
      [
        ["Ada", "CTO", "Acme", "https://n.example/in/ada", "1000001", "700000001"],
        ["Bo", "VP Sales", "Acme", "https://n.example/in/bo", "1000001", "700000002"],
        ["Cy", "CFO", "Beta", "https://n.example/in/cy", "", "700000003"],
      ],
      2,
    );
    expect(leads.companies).toEqual([{ row: 2, label: "Acme", target: { company_id: 1000001 } }]);
    expect(leads.skipped.map((s) => s.row)).toEqual([4]);
    // A contacts export without its companies' ids: a person's profile URL is no company link.
    const contacts = ["Name", "Title", "LinkedIn URL", "network_id"];
    expect(isCompanyHeader(contacts)).toBe(false);
    expect(
      selectedCompanies(contacts, [["Ada", "CTO", "https://n.example/in/ada", "7"]], 2).companies,
    ).toEqual([]);
  });

  it("keeps the rows the sidebar showed as the target's value, any sheet name", () => {
    for (const sheet of ["Companies", "Q3 'hot' accounts!", "Ünïcode"]) {
      expect(readSelectionPin(selectionPin(sheet, "A2:C4"))).toEqual({ sheet, a1: "A2:C4" });
    }
    expect(readSelectionPin(selectionPin("Companies", "2:4"))).toEqual({ sheet: "Companies", a1: "2:4" });
    expect(readSelectionPin("")).toBeNull();
    expect(readSelectionPin("Companies!A2")).toBeNull();
  });

  it("plans one search per company with the same personas and filters, one estimate for all", () => {
    const selection = selectedCompanies(
      headers,
      [
        ["A", "", "1", ""],
        ["B", "", "2", ""],
      ],
      2,
    );
    const plan = planSearches(
      form({ target: { kind: "selected_companies", value: "" }, limit_by: "30" }),
      selection.companies,
    );
    expect(plan.problems).toEqual([]);
    expect(plan.searches.map((s) => s.request.company_id)).toEqual([1, 2]);
    expect(plan.searches[1]!.request.personas).toEqual(plan.searches[0]!.request.personas);
    expect(plan.maxCredits).toBe(60);
    const none = planSearches(form({ target: { kind: "selected_companies", value: "" } }), []);
    expect(none.problems.map((p) => p.path)).toEqual(["selected_companies"]);
  });
});

describe("Leads sheet", () => {
  it("a new sheet gets the default header, with persona and company id", () => {
    const layout = leadsLayout([]);
    expect(layout.appended).toEqual([...DEFAULT_LEAD_COLUMNS]);
    expect(layout.firstNewColumn).toBe(1);
    expect(layout.appended).toEqual(expect.arrayContaining(["network_lead_persona", "network_company_id"]));
  });

  it("an existing header keeps its columns (aliases too); only the key fields are added", () => {
    const layout = leadsLayout(["Name", "Title", "Notes"]);
    // Only the added cells, after the user's own: their header is never written back.
    expect(layout.firstNewColumn).toBe(4);
    expect(layout.appended).toEqual([
      "network_url",
      "network_lead_persona",
      "network_company_id",
      "network_id",
      "sales_id",
      "unformatted_full_name",
    ]);
    expect(layout.columns.find((c) => c.field === "full_name")?.index).toBe(0);
    expect(layout.columns.find((c) => c.field === "job_title")?.index).toBe(1);
    expect(layout.columns.some((c) => c.index === 2)).toBe(false);
  });

  function fakeClient(answers: Array<LeadSearchResponse | ApiError>): LeadSearchClient & { calls: number[] } {
    const calls: number[] = [];
    let next = 0;
    return {
      calls,
      searchLeads(requests) {
        calls.push(requests.length);
        const outcomes = requests.map(() => {
          const answer = answers[next++]!;
          return "leads" in answer
            ? { ok: true as const, value: answer }
            : { ok: false as const, error: answer };
        });
        return { outcomes, stoppedBy: null, spent: 0 };
      },
    };
  }

  it("appends new leads in one block per chunk, never a lead twice, escaped, lists as JSON", () => {
    const grid = MemoryGrid.fromRows([
      ["full_name", "network_url", "network_id", "jobs"],
      ["Old", "network.example/in/person-1", "", ""],
    ]);
    const client = fakeClient([
      {
        leads: [lead("1"), lead("2", { full_name: "=HYPERLINK(1)" }), lead("3")],
        amount: -3,
        results_count: "within limit",
        status: "success",
      },
      { leads: [lead("3"), lead("4")], amount: -2, results_count: "within limit", status: "success" },
      { kind: "not_found", status: 404, message: "x", next: "y", hint: "Company not found.", charged: "no" },
    ]);
    const searches = ["A", "B", "C"].map((label) => ({ label, request: { company_name: label } }));
    const summary = runLeadSearches(
      {
        client,
        grid,
        chunkSize: 2,
        deadline: Number.POSITIVE_INFINITY,
        format: { headers: "api", lists: "json" },
      },
      searches,
    );
    expect(client.calls).toEqual([2, 1]);
    expect(summary.written).toBe(3);
    expect(summary.duplicates).toBe(2);
    expect(summary.spent).toBe(5);
    expect(summary.rows).toEqual({ first: 3, last: 5 });
    expect(grid.writes).toBe(2);
    // Numeric-looking ids stay text (toCellValue keeps them from turning into numbers).
    expect(grid.column("network_id")).toEqual(["", "'2", "'3", "'4"]);
    expect(grid.column("full_name")[1]).toBe("'=HYPERLINK(1)");
    expect(JSON.parse(String(grid.column("jobs")[1]))).toEqual([
      { company_name: "Acme", job_title: "Head of Marketing" },
    ]);
    expect(summary.searches[2]).toMatchObject({
      label: "C",
      state: "failed",
      error: { message: "The company was not found.", hint: "Company not found." },
    });
  });

  it("writes lists as readable text by default, escaped, and readable headers with notes", () => {
    const grid = MemoryGrid.fromRows([["Full Name", "Experience"]]);
    const hostileJob = {
      company_name: "Evil",
      job_title: "=cmd()",
      job_started_on: "2019",
      job_ended_on: "2023",
    };
    const run = (leads: Lead[]) =>
      runLeadSearches(
        {
          client: fakeClient([{ leads, amount: -leads.length, results_count: "1", status: "success" }]),
          grid,
          chunkSize: 2,
          deadline: Number.POSITIVE_INFINITY,
        },
        [{ label: "A", request: { company_name: "A" } }],
      );
    run([lead("1"), lead("2", { jobs: [hostileJob, hostileJob] as Lead["jobs"] })]);
    // The user's readable headers are matched; the key columns added are readable, noted with the field.
    const header = grid.cells[0] ?? [];
    expect(header.slice(0, 3)).toEqual(["Full Name", "Experience", "LinkedIn URL"]);
    expect(header).toContain("Network ID");
    expect(grid.notes[0]?.slice(0, 3)).toEqual(["", "", "network_url"]);
    expect(grid.column("Experience")).toEqual([
      "Head of Marketing at Acme",
      "'=cmd() at Evil (2019 - 2023); =cmd() at Evil (2019 - 2023)",
    ]);
    // A sheet headed by the add-on reads back as the same fields: a second run adds no column.
    run([lead("3")]);
    expect(grid.cells[0]).toEqual(header);
    expect(grid.column("network_id")).toEqual(["'1", "'2", "'3"]);
    expect(grid.column("Full Name")).toEqual(["Person 1", "Person 2", "Person 3"]);
  });

  it("reads production's no-match answer (amount -1, no leads) as free, not a charge", () => {
    const grid = MemoryGrid.fromRows([]);
    const client = fakeClient([
      {
        amount: -1,
        leads: [],
        status: "No leads match with input criteria",
      } as unknown as LeadSearchResponse,
    ]);
    const summary = runLeadSearches({ client, grid, chunkSize: 5, deadline: Number.POSITIVE_INFINITY }, [
      { label: "Search", request: { company_name: "Acme" } },
    ]);
    expect(summary).toMatchObject({ spent: 0, written: 0, rows: null });
    expect(summary.searches[0]).toMatchObject({
      state: "ok",
      leads: 0,
      spent: 0,
      status: "No leads match with input criteria",
    });
    expect(grid.writes).toBe(0);
  });
});

describe("persona presets for the sidebar", () => {
  it("each preset is a persona the server accepts as it stands", () => {
    expect(PERSONA_PRESETS.map((p) => p.label)).toEqual(expect.arrayContaining(["Founders", "Executives"]));
    for (const { persona } of PERSONA_PRESETS) {
      const { request, problems } = formToRequest(form({ personas: [persona] }));
      expect(problems).toEqual([]);
      expect(request.personas).toHaveLength(1);
    }
  });
});

describe("paging and exclusions (PRODUCTION.md A7)", () => {
  const answer = (count: number, from = 0): LeadSearchResponse => ({
    leads: Array.from({ length: count }, (_, i) => lead(String(from + i))),
    amount: -count,
    results_count: "within limit",
    status: "success",
  });
  const clientOf = (answers: LeadSearchResponse[]): LeadSearchClient & { sent: LeadSearchRequest[] } => {
    const sent: LeadSearchRequest[] = [];
    let next = 0;
    return {
      sent,
      searchLeads(requests) {
        sent.push(...requests);
        const outcomes = requests.map(() => ({ ok: true as const, value: answers[next++]! }));
        return { outcomes, stoppedBy: null, spent: 0 };
      },
    };
  };
  const run = (client: LeadSearchClient, requests: LeadSearchRequest[]) =>
    runLeadSearches(
      { client, grid: MemoryGrid.fromRows([]), chunkSize: 50, deadline: Number.POSITIVE_INFINITY },
      requests.map((request, i) => ({ label: `S${i}`, request })),
    );

  it("sends offset_by from the form only past the first lead", () => {
    expect(formToRequest(form({ offset_by: "25" })).request.offset_by).toBe(25);
    expect(formToRequest(form({ offset_by: "0" })).request).not.toHaveProperty("offset_by");
    expect(formToRequest(form({})).request).not.toHaveProperty("offset_by");
    expect(formToRequest(form({ offset_by: "x" })).problems.map((p) => p.path)).toEqual(["offset_by"]);
  });

  it("offers Next page after a full page, starting past it, so the first page is not paid again", () => {
    const full = run(clientOf([answer(25)]), [{ company_name: "Acme", limit_by: 25 }]);
    expect(full.nextOffset).toBe(25);
    const second = run(clientOf([answer(25, 25)]), [{ company_name: "Acme", limit_by: 25, offset_by: 25 }]);
    expect(second.nextOffset).toBe(50);
    const short = run(clientOf([answer(7)]), [{ company_name: "Acme", limit_by: 25, offset_by: 25 }]);
    expect(short.nextOffset).toBeNull();
    const unlimited = run(clientOf([answer(30)]), [{ company_name: "Acme" }]);
    expect(unlimited.nextOffset).toBeNull();
    const none = run(
      clientOf([
        {
          amount: -1,
          leads: [],
          status: "No leads match with input criteria",
        } as unknown as LeadSearchResponse,
      ]),
      [{ company_name: "Acme", limit_by: 25 }],
    );
    expect(none.nextOffset).toBeNull();
  });

  it("leaves a lead out by its name as read, a leading apostrophe of the name itself kept ('t Hooft)", () => {
    // getValues never returns the apostrophe that kept a cell literal: one that is read is the name's.
    const headers = ["Unformatted Name", "Full Name", "Sales ID"];
    const rows = [
      ["'t Hooft Gerard", "Gerard 't Hooft", ""],
      ["", "'Ana' Lima", ""],
      ["=Mary J. Anderson", "", ""],
    ];
    expect(knownLeads(headers, rows).names).toEqual(["'t Hooft Gerard", "'Ana' Lima", "=Mary J. Anderson"]);
  });

  it("knows the Leads sheet's leads by every identity: sales id, then name, else counted as not excludable (issue 23.3)", () => {
    expect(DEFAULT_LEAD_COLUMNS).toContain("sales_id");
    const salesUrl = "https://www.network.example/in/ACwAAB2C3D4E5F6G7H8J9K0L";
    const salesLink = "https://www.network.example/sales/lead/ACwAAZ9Y8X7W6V5U4T3S2R1Q,NAME_SEARCH,ab";
    const headers = ["Full Name", "Sales ID", "network_id", "Profile URL", "network_sales_link"];
    const rows = [
      ["A", "ACwAA1", "1", "https://www.network.example/in/a", ""],
      ["B", "'ACwAA2", "2", "", ""],
      ["C", "", "3", "https://www.network.example/in/c", ""],
      ["D", "ACwAA1", "4", "", ""],
      ["", "", "5", salesUrl, ""],
      ["", "", "6", "", salesLink],
      ["", "", "7", "https://www.network.example/in/g", ""],
      ["", "", "", "", ""],
    ];
    const known = knownLeads(headers, rows);
    expect(known).toEqual({
      salesIds: ["ACwAA1", "ACwAA2", "ACwAAB2C3D4E5F6G7H8J9K0L", "ACwAAZ9Y8X7W6V5U4T3S2R1Q"],
      names: ["C"],
      unexcludable: 1,
    });
    expect(knownLeads(["job_title"], rows)).toEqual({ salesIds: [], names: [], unexcludable: 0 });
    expect(
      withKnownLeadsExcluded({ company_name: "Acme", exclude_ids: ["X"], exclude_names: ["C"] }, known),
    ).toEqual({
      company_name: "Acme",
      exclude_ids: ["X", ...known.salesIds],
      exclude_names: ["C"],
    });
    expect(withKnownLeadsExcluded({ company_name: "Acme" }, NO_KNOWN_LEADS)).toEqual({
      company_name: "Acme",
    });
  });
});
