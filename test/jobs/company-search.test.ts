/** Company search as a job: form -> request, problems by field, pages, rows, dedupe, paging, refine. */
import { describe, expect, it } from "vitest";
import { apiError } from "../../src/api/errors";
import {
  appendCompanies,
  type CompanySearchForm,
  companyKeyColumns,
  emptyForm,
  estimateCompanySearch,
  loadLastSearch,
  loadPresets,
  planSearch,
  readCompanyRefs,
  readForm,
  runCompanySearch,
  savePreset,
  serverErrorField,
} from "../../src/jobs/company-search/index";
import { largestTotalWithin, pagePlan } from "../../src/jobs/company-search/pages";
import { COMPANY_LABELS } from "../../src/sheet/field-labels";
import { COMPANY_FIELDS } from "../../src/sheet/lead-fields";
import { company, companyDeps, FakeCompanyClient, MemoryCompanySheet } from "./company-fakes";

const form = (overrides: Partial<CompanySearchForm> = {}): CompanySearchForm => ({
  ...emptyForm(),
  ...overrides,
});
const noBalance = () => ({ balance: 10_000, balanceError: null });

describe("form -> request", () => {
  it("sends every filled field under the spec's names and leaves empty ones out", () => {
    const planned = planSearch(
      form({
        company_types: ["Privately Held"],
        headcounts: ["51-200", "201-500"],
        num_of_followers: ["5001+"],
        industries: [" Software Development ", ""],
        locations: ["Berlin, Berlin, Germany"],
        keywords: ["saas", "(cloud AND security)"],
        revenue_min: "1,000,000",
        revenue_max: "",
        exclude_domains: ["acme.com"],
        exclude_ids: ["1000001", "abc"],
        strict_locations: true,
        limit_by: 200,
        offset_by: 50,
      }),
    );
    expect(planned.problems).toEqual({});
    expect(planned.filters).toEqual({
      company_types: ["Privately Held"],
      headcounts: ["51-200", "201-500"],
      num_of_followers: ["5001+"],
      industries: ["Software Development"],
      locations: ["Berlin, Berlin, Germany"],
      keywords: ["saas", "(cloud AND security)"],
      exclude_domains: ["acme.com"],
      exclude_ids: [1000001, "abc"],
      revenues_range: { min: 1 },
      strict: ["company_locations"],
    });
    expect([planned.offset, planned.total]).toEqual([50, 200]);
    expect(planSearch(emptyForm()).filters).toEqual({});
  });

  it("reports every problem at once, each next to its field, naming the keyword", () => {
    const { problems } = planSearch(
      form({
        keywords: [
          "ok",
          "a@b",
          "(cloud AND",
          "x".repeat(41),
          ...Array.from({ length: 8 }, (_, i) => `k${i}`),
        ],
        revenue_min: "lots",
        revenue_max: "10",
        limit_by: 0,
        offset_by: 1599,
        strict_locations: true,
      }),
    );
    const keywords = problems.keywords ?? [];
    expect(keywords.some((p) => p.includes("has 12 keywords"))).toBe(true);
    expect(keywords.some((p) => p.startsWith('"a@b" contains "@"'))).toBe(true);
    expect(keywords.some((p) => p.startsWith('"(cloud AND"'))).toBe(true);
    expect(keywords.some((p) => p.includes("41 characters"))).toBe(true);
    expect(problems.revenue_min?.[0]).toContain('"lots" is not an amount');
    expect(problems.limit_by?.[0]).toContain("1 to 1600");
    expect(problems.offset_by?.[0]).toContain("match number from 1 to 1599");
    expect(problems.strict_locations?.[0]).toContain("needs at least one location");
  });

  it("sends website_blacklist and sub_industries only when ticked, as true; a saved form without them reads as unticked", () => {
    const ticked = planSearch(
      form({ industries: ["Software Development"], website_blacklist: true, sub_industries: true }),
    );
    expect(ticked.problems).toEqual({});
    expect(ticked.filters).toEqual({
      industries: ["Software Development"],
      website_blacklist: true,
      sub_industries: true,
    });
    expect(planSearch(form({ website_blacklist: false, sub_industries: false })).filters).toEqual({});
    const old = readForm({ industries: ["Software Development"] });
    expect([old.website_blacklist, old.sub_industries]).toEqual([false, false]);
    expect(readForm({ website_blacklist: true, sub_industries: "yes" })).toMatchObject({
      website_blacklist: true,
      sub_industries: false,
    });
    expect(serverErrorField("ValidationError: website_blacklist must be a boolean")).toBe(
      "website_blacklist",
    );
    expect(serverErrorField("ValidationError: sub_industries must be a boolean")).toBe("sub_industries");
  });

  it("the estimate names the flags the search will send, and none when unticked", () => {
    const settings = { parallel: 20, spendCap: 500 };
    const ticked = estimateCompanySearch(
      form({ website_blacklist: true, sub_industries: true }),
      settings,
      noBalance,
    );
    expect(ticked.flags).toEqual(["website_blacklist", "sub_industries"]);
    expect(estimateCompanySearch(form({}), settings, noBalance).flags).toEqual([]);
  });

  it("min above max is shown at the revenue", () => {
    const { problems } = planSearch(form({ revenue_min: "10M", revenue_max: "5M" }));
    expect(problems.revenue_min?.[0]).toContain("is above Revenue max");
  });

  it("places a server ValidationError at the field its detail names first", () => {
    const detail =
      'ValidationError: locations has "Atlantis", which is not in the supported-location list. Hint: edit locations; use entries of the supported-location list';
    expect(serverErrorField(detail)).toBe("locations");
    expect(
      serverErrorField("ValidationError: strict names x. Hint: edit strict; it may name company_locations"),
    ).toBe("strict_locations");
    expect(serverErrorField("industries has x")).toBe("industries");
    expect(serverErrorField("something else")).toBeNull();
  });
});

describe("pages and cost", () => {
  it("cuts the window into parallel pages of at least 25 within the first 1,600", () => {
    const p200 = pagePlan({}, 0, 200, 20);
    expect(p200.pages.map((p) => [p.offset_by, p.limit_by])).toEqual(
      Array.from({ length: 8 }, (_, i) => [i * 25, 25]),
    );
    expect(p200.maxCredits).toBe(200);
    const big = pagePlan({}, 100, 1599, 20);
    expect(big.total).toBe(1500);
    expect(big.pages.length).toBeLessThanOrEqual(20);
    expect(big.pages.reduce((s, p) => s + (p.limit_by ?? 0), 0)).toBe(1500);
    expect(pagePlan({}, 0, 1, 20).maxCredits).toBe(3);
  });

  it("estimates up to limit_by credits, and the most that fits the spend cap", () => {
    const estimate = estimateCompanySearch(
      form({ limit_by: 800 }),
      { parallel: 20, spendCap: 500 },
      noBalance,
    );
    expect(estimate).toMatchObject({
      maxCredits: 800,
      total: 800,
      cap: 500,
      balance: 10_000,
      withinCap: 500,
    });
    expect(largestTotalWithin({}, 0, 2, 20)).toBe(0);
    const cut = estimateCompanySearch(
      form({ limit_by: 100, offset_by: 1550 }),
      { parallel: 20, spendCap: 500 },
      noBalance,
    );
    expect(cut).toMatchObject({ cut: true, total: 50, maxCredits: 50 });
  });
});

describe("writing the Companies sheet", () => {
  it("writes readable headers once, each noted with its field, frozen, every value through toCellValue", () => {
    const sheet = MemoryCompanySheet.of();
    const hostile = company(1, { name: '=HYPERLINK("x")', hq_postal_code: "00123" });
    const result = appendCompanies(sheet, [company(0), hostile]);
    expect(result).toEqual({ written: 2, duplicates: 0, firstRow: 2, lastRow: 3 });
    expect(sheet.cells[0]).toEqual(COMPANY_FIELDS.map((field) => COMPANY_LABELS[field]));
    expect(sheet.cells[0]?.slice(0, 1)).toEqual(["Company"]);
    expect(sheet.notes[0]).toEqual([...COMPANY_FIELDS]);
    expect(sheet.frozen).toBe(1);
    const row = (r: number, field: string) => sheet.cells[r]?.[COMPANY_FIELDS.indexOf(field as never)];
    expect(row(2, "name")).toBe('\'=HYPERLINK("x")');
    expect(row(1, "network_id")).toBe("'1000000");
    // Lists as readable text by default.
    expect(row(1, "hashtags")).toBe("#saas");
    expect(row(1, "specialities")).toBe("cloud; security");
    expect(String(row(1, "other_locations_json"))).toContain("Paris");
    expect(row(1, "founded_year")).toBe("");
    expect(row(1, "headcount_exact")).toBe(600);
    expect(sheet.writes).toBe(2);
  });

  it("never writes a network_id twice and reuses a rearranged header", () => {
    const sheet = MemoryCompanySheet.of([["Network ID", "Name", "My notes", "network_id"], []]);
    sheet.cells = [
      ["name", "my notes", "network_id"],
      ["Company 0", "call", "1000000"],
    ];
    const result = appendCompanies(sheet, [company(0), company(1), company(1)]);
    expect(result).toMatchObject({ written: 1, duplicates: 2, firstRow: 3 });
    expect(sheet.cells[2]?.slice(0, 3)).toEqual(["Company 1", "", "'1000001"]);
    expect(sheet.cells[0]?.slice(0, 4)).toEqual(["name", "my notes", "network_id", "Raw Name"]);
    expect(sheet.cells[1]).toEqual(["Company 0", "call", "1000000"]);
  });

  it("keeps API-name headers when asked, and matches readable headers without adding columns", () => {
    const api = MemoryCompanySheet.of();
    appendCompanies(api, [company(0)], { headers: "api", lists: "json" });
    expect(api.cells[0]).toEqual([...COMPANY_FIELDS]);
    expect(api.noteWrites).toBe(0);
    expect(api.column("specialities")).toEqual(['["cloud","security"]']);
    expect(JSON.parse(String(api.column("other_locations_json")[0]))[0].city).toBe("Paris");
    const readable = MemoryCompanySheet.of();
    appendCompanies(readable, [company(0)]);
    appendCompanies(readable, [company(0), company(1)]);
    expect(readable.cells[0]).toHaveLength(COMPANY_FIELDS.length);
    expect(readable.column("network_id")).toEqual(["'1000000", "'1000001"]);
  });

  it("lets another feature read selected rows by network_id, network_link and name", () => {
    const headers = [...COMPANY_FIELDS];
    expect(companyKeyColumns(headers)).toEqual({
      network_id: COMPANY_FIELDS.indexOf("network_id"),
      network_link: COMPANY_FIELDS.indexOf("network_link"),
      name: 0,
    });
    const row = headers.map((field) => (field === "network_id" ? "1000007" : field === "name" ? "Acme" : ""));
    expect(readCompanyRefs(headers, [row, headers.map(() => "")])).toEqual([
      { network_id: "1000007", network_link: "", name: "Acme" },
    ]);
  });
});

describe("a run", () => {
  it("fetches the first page, then the others in one call, writes the rows and remembers where Next page starts", () => {
    const client = new FakeCompanyClient({ matches: 5000, unsuitable: new Set([3, 40]) });
    const deps = companyDeps(client);
    const result = runCompanySearch(deps, form({ limit_by: 200 }), 200);
    expect(client.calls.map((call) => call.length)).toEqual([1, 7]);
    expect(result).toMatchObject({
      state: "done",
      resultsCount: 5000,
      returned: 198,
      written: 198,
      spent: 198,
      nextOffset: 200,
      range: "A2:AE199",
      timeCached: "2026-11-01T10:00:00.000000",
    });
    expect(loadLastSearch(deps.store)?.nextOffset).toBe(200);

    const next = runCompanySearch(deps, form({ limit_by: 200, offset_by: 200 }), 200);
    expect(next).toMatchObject({ written: 200, duplicates: 0, nextOffset: 400 });
    const ids = deps.sheetGrid.column("network_id");
    expect(new Set(ids).size).toBe(ids.length);

    const again = runCompanySearch(deps, form({ limit_by: 25 }), 25);
    expect(again).toMatchObject({ written: 0, duplicates: 24, spent: 24 });
  });

  it("one company asked is sent as two (limit_by must exceed 1): the result and Next page count both", () => {
    const deps = companyDeps(new FakeCompanyClient({ matches: 500 }));
    const result = runCompanySearch(deps, form({ limit_by: 1 }), 3);
    // Before: "2 companies returned for matches 1–1", and Next page started at the second, paid already.
    expect(result).toMatchObject({ returned: 2, written: 2, offset: 0, total: 2, nextOffset: 2 });
  });

  it("ends paging at the last match and at the 1,600th", () => {
    const few = runCompanySearch(
      companyDeps(new FakeCompanyClient({ matches: 30 })),
      form({ limit_by: 50 }),
      50,
    );
    expect(few).toMatchObject({ written: 30, nextOffset: null, resultsCount: 30 });
    const deps = companyDeps(new FakeCompanyClient({ matches: 9000 }), undefined, {
      parallel: 20,
      spendCap: 5000,
    });
    const end = runCompanySearch(deps, form({ limit_by: 100, offset_by: 1550 }), 50);
    expect(end).toMatchObject({ total: 50, written: 50, nextOffset: null });
  });

  it("asks for the total on the first page only (get_max_companies) and counts from its answer", () => {
    const client = new FakeCompanyClient({ matches: 5000, count: "when asked" });
    const result = runCompanySearch(companyDeps(client), form({ limit_by: 200 }), 200);
    expect(client.calls.flat().map((page) => page.get_max_companies)).toEqual([
      true,
      ...Array(7).fill(undefined),
    ]);
    expect(result).toMatchObject({ resultsCount: 5000, matchesAtLeast: 200, nextOffset: 200 });
  });

  it("without a count, keeps Next page while pages come back full and says at least N match", () => {
    const many = runCompanySearch(
      companyDeps(new FakeCompanyClient({ matches: 5000, count: "never" })),
      form({ limit_by: 200 }),
      200,
    );
    expect(many).toMatchObject({ state: "done", resultsCount: null, matchesAtLeast: 200, nextOffset: 200 });
    const deps = companyDeps(new FakeCompanyClient({ matches: 230, count: "never" }));
    const next = runCompanySearch(deps, form({ limit_by: 100, offset_by: 200 }), 100);
    expect(next).toMatchObject({ resultsCount: null, matchesAtLeast: 230, returned: 30, nextOffset: null });
    expect(loadLastSearch(deps.store)).toMatchObject({ nextOffset: null, resultsCount: null });
  });

  it("reads production's no-match answer (no companies, no count) as 0 matches", () => {
    const client = new FakeCompanyClient({ matches: 0, count: "when asked" });
    const result = runCompanySearch(companyDeps(client), form({ limit_by: 25 }), 25);
    expect(result).toMatchObject({ resultsCount: 0, matchesAtLeast: 0, returned: 0, nextOffset: null });
  });

  it("refuses above the spend cap or above the confirmed estimate, sending nothing", () => {
    const client = new FakeCompanyClient({ matches: 5000 });
    expect(() => runCompanySearch(companyDeps(client), form({ limit_by: 600 }), 600)).toThrow(
      /spend cap of 500/,
    );
    expect(() => runCompanySearch(companyDeps(client), form({ limit_by: 100 }), 25)).toThrow(/changed since/);
    expect(client.calls).toHaveLength(0);
  });

  it("sends nothing while the form has problems", () => {
    const client = new FakeCompanyClient({ matches: 5000 });
    const result = runCompanySearch(companyDeps(client), form({ keywords: ["a|b"] }), 25);
    expect(result.state).toBe("invalid");
    expect(result.problems.keywords?.[0]).toContain('"|"');
    expect(client.calls).toHaveLength(0);
  });

  it("sends no page after a refine answer: 3 credits for a search of several pages, not 3 a page", () => {
    const client = new FakeCompanyClient({ matches: 4000, refine: true });
    const result = runCompanySearch(companyDeps(client), form({ limit_by: 100 }), 100);
    expect(client.calls.map((call) => call.length)).toEqual([1]);
    expect(result).toMatchObject({ state: "refine", spent: 3, written: 0, nextOffset: null });
  });

  it("shows the refine answer with its message, count and 3 credits", () => {
    const deps = companyDeps(new FakeCompanyClient({ matches: 4000, refine: true }));
    const result = runCompanySearch(deps, form({ limit_by: 25 }), 25);
    expect(result).toMatchObject({
      state: "refine",
      refineMessage: "Too many companies match: refine your search.",
      resultsCount: 4000,
      written: 0,
      spent: 3,
      nextOffset: null,
    });
    expect(deps.sheetGrid.cells).toEqual([]);
  });

  it("puts the server's ValidationError with its Hint at the field, verbatim", () => {
    const detail =
      'ValidationError: locations has "Atlantis", which is not in the supported-location list. Hint: edit locations; use entries of the supported-location list';
    const result = runCompanySearch(
      companyDeps(new FakeCompanyClient({ matches: 10, validation: detail })),
      form({ locations: ["Atlantis"], limit_by: 60 }),
      60,
    );
    expect(result).toMatchObject({
      state: "invalid",
      problems: { locations: [detail] },
      spent: 0,
      written: 0,
    });
  });

  it("keeps what came back when a page fails, and Next page retries from the failed page", () => {
    const failAt = new Map([
      [50, apiError("server", { status: 500, charged: "maybe" })],
      [100, apiError("network", { charged: "no" })],
    ]);
    const result = runCompanySearch(
      companyDeps(new FakeCompanyClient({ matches: 5000, failAt })),
      form({ limit_by: 150 }),
      150,
    );
    expect(result).toMatchObject({ state: "partial", written: 100, nextOffset: 100 });
    expect(result.errors.map((e) => [e.companies, e.charged])).toEqual([
      ["51-75", "maybe"],
      ["101-125", "no"],
    ]);
  });

  it("stops on empty credits and says so", () => {
    const stop = apiError("insufficient_funds", { status: 402, charged: "no" });
    const result = runCompanySearch(
      companyDeps(new FakeCompanyClient({ matches: 5000, stopWith: stop })),
      form(),
      25,
    );
    expect(result).toMatchObject({ state: "stopped", written: 0, nextOffset: 0 });
    expect(result.errors[0]?.message).toContain("out of credits");
  });
});

describe("presets", () => {
  it("saves, lists and survives a round trip through the store", () => {
    const deps = companyDeps(new FakeCompanyClient({ matches: 1 }));
    savePreset(deps.store, " DACH SaaS ", form({ locations: ["Germany"], keywords: ["saas"] }));
    expect(loadPresets(deps.store)["DACH SaaS"]).toMatchObject({
      locations: ["Germany"],
      keywords: ["saas"],
    });
    expect(() => savePreset(deps.store, "", form())).toThrow(/name/);
  });
});

describe("paid companies and a sheet that cannot take them (issue 12.3)", () => {
  it("a protected Companies sheet: the paid rows go to a spare sheet, and the result says what was spent", () => {
    const client = new FakeCompanyClient({ matches: 5000 });
    const protectedSheet = MemoryCompanySheet.of();
    protectedSheet.write = () => {
      throw new Error("You are trying to edit a protected cell or object.");
    };
    const spare = MemoryCompanySheet.of();
    const deps = {
      ...companyDeps(client, protectedSheet),
      spareSheet: () => ({ name: "Companies (unsaved rows)", sheet: spare }),
    };
    const result = runCompanySearch(deps, form({ limit_by: 25 }), 25);
    expect(result).toMatchObject({ spent: 25, written: 25, sheetName: "Companies (unsaved rows)" });
    expect(result.errors[0]?.message).toMatch(
      /protected cell.*25 rows \(25 credits spent\) were written to the new sheet "Companies \(unsaved rows\)"/,
    );
    expect(spare.lastRow()).toBe(26);
  });

  it("no room in the spreadsheet: refused before anything is sent", () => {
    const client = new FakeCompanyClient({ matches: 5000 });
    const deps = { ...companyDeps(client), room: () => ({ needed: 40_000, free: 1_000 }) };
    expect(() => runCompanySearch(deps, form({ limit_by: 25 }), 25)).toThrow(/too full.*Nothing was sent/);
    expect(client.calls).toHaveLength(0);
  });
});
