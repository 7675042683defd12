import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Problem } from "../../src/api/errors";
import {
  validateCompanySearch,
  validateLeadLookup,
  validateLeadSearch,
  validateTransactionQuery,
} from "../../src/api/validate";
import type { CompanySearchRequest, Persona } from "../../src/api/wire";
import { validCompanySearch, validLeadSearch, word } from "./support/arbitraries";

const paths = (problems: Problem[]) => problems.map((p) => p.path);
describe("company search validation", () => {
  it("accepts every request built from the spec's values", () => {
    fc.assert(
      fc.property(validCompanySearch, (request) => {
        expect(validateCompanySearch(request)).toEqual([]);
      }),
    );
  });

  it("refuses an excluded domain that cannot match: a list typed with commas or spaces (issue 12.8)", () => {
    const problems = validateCompanySearch({
      exclude_domains: ["a.com, b.com", "c.com", "d .com", "e.com\nf.com"],
    });
    expect(paths(problems)).toEqual(["exclude_domains[0]", "exclude_domains[2]", "exclude_domains[3]"]);
    expect(problems[0]!.hint).toMatch(/one domain per entry/i);
  });

  it("finds one problem at the right path for each broken rule, all at once", () => {
    const problems = validateCompanySearch({
      headcounts: ["10000+"],
      company_types: ["Startup"],
      num_of_followers: ["0-50"],
      keywords: ["a".repeat(41), "ok", "c#", "(x y)", "(x AND )"],
      limit_by: 1,
      offset_by: 1599,
      revenues_range: { min: 5, max: 1 },
      strict: ["locations"],
    });
    expect(paths(problems)).toEqual(
      expect.arrayContaining([
        "headcounts[0]",
        "company_types[0]",
        "num_of_followers[0]",
        "keywords[0]",
        "keywords[2]",
        "keywords[3]",
        "keywords[4]",
        "limit_by",
        "offset_by",
        "revenues_range",
        "strict[0]",
      ]),
    );
    expect(paths(problems)).not.toContain("keywords[1]");
    for (const problem of problems) expect(problem.hint.length).toBeGreaterThan(5);
  });

  it("reads a grouped keyword as the API does: no parentheses around a lone phrase, nothing side by side", () => {
    const verdict = (keyword: string) => validateCompanySearch({ keywords: [keyword] }).map((p) => p.message);
    expect(verdict("(saas)")).toEqual(["uses parentheses outside a grouped expression"]);
    expect(verdict("(cloud AND security) saas")).toEqual(['needs AND or OR between ")" and "saas"']);
    expect(verdict("saas (cloud AND security)")).toEqual(['needs AND or OR between "saas" and "("']);
    expect(verdict("(cloud AND ())")).toEqual(["has empty parentheses"]);
    expect(verdict("(cloud AND security")).toEqual(["has a parenthesis that is never closed"]);
    expect(verdict("cloud AND security)")).toEqual(["has a closing parenthesis that nothing opened"]);
    expect(verdict("(cloud AND OR security)")).toEqual(['needs a word between "AND" and "OR"']);
    for (const fine of [
      "(cloud) AND security",
      "((cloud AND security))",
      "NOT (a OR b)",
      "research and development",
    ]) {
      expect(verdict(fine)).toEqual([]);
    }
  });

  it("rejects any disallowed character in any keyword", () => {
    fc.assert(
      fc.property(word, fc.constantFrom(..."!@#$%^\\*{}[]/|".split("")), fc.nat(20), (w, c, at) => {
        const cut = at % (w.length + 1);
        const problems = validateCompanySearch({ keywords: [`${w.slice(0, cut)}${c}${w.slice(cut)}`] });
        expect(paths(problems)).toContain("keywords[0]");
      }),
    );
  });

  it("limits keywords to 10 and unknown fields never pass", () => {
    expect(paths(validateCompanySearch({ keywords: Array(11).fill("k") }))).toEqual(["keywords"]);
    const long = `(${"y".repeat(39)} AND z)`;
    expect(paths(validateCompanySearch({ keywords: [long, "(cloud AND NOT security)"] }))).toEqual([
      "keywords[0]",
    ]);
    expect(paths(validateCompanySearch({ refine: true } as CompanySearchRequest))).toEqual(["refine"]);
  });

  it("checks locations and industries only against lists it has, with a spelling hint", () => {
    expect(validateCompanySearch({ locations: ["Atlantis"] })).toEqual([]);
    const problems = validateCompanySearch(
      { locations: ["germany", "Atlantis"], industries: ["Software Development"] },
      { locations: ["Germany"], industries: ["Software Development"] },
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]?.hint).toContain('"Germany"');
  });
});

describe("lead search validation", () => {
  it("accepts every request with one target and the spec's values", () => {
    fc.assert(
      fc.property(validLeadSearch, (request) => {
        expect(validateLeadSearch(request)).toEqual([]);
      }),
    );
  });

  it("needs exactly one target and forbids the combinations", () => {
    expect(paths(validateLeadSearch({}))).toEqual(["company_name"]);
    expect(paths(validateLeadSearch({ company_id: 1, company_name: "Acme" }))).toEqual([
      "company_id, company_name",
    ]);
    expect(paths(validateLeadSearch({ company_name: "Acme", without_company: true }))).toEqual([
      "without_company",
    ]);
    expect(
      paths(validateLeadSearch({ without_company: true, network_filter_link: "https://n.example/s?q=1" })),
    ).toEqual(["network_filter_link"]);
    expect(paths(validateLeadSearch({ network_filter_link: "https://n.example/search" }))).toEqual([
      "network_filter_link",
    ]);
    expect(validateLeadSearch({ company_name: "Acme", without_company: false })).toEqual([]);
  });

  it("checks persona shape, enumerations, time ranges and the 2400 limit", () => {
    const problems = validateLeadSearch({
      without_company: true,
      personas: [["", [], ["Head"], []], ["ok", ["sales"]] as unknown as Persona],
      filter_empty_vars: ["email"],
      years_in_company: [0, 6],
      limit_by: 2500,
    });
    expect(paths(problems)).toEqual([
      "personas[0][0]",
      "personas[1]",
      "limit_by",
      "filter_empty_vars[0]",
      "years_in_company[0]",
      "years_in_company[1]",
    ]);
    expect(validateLeadSearch({ company_name: "Acme", limit_by: 2500 })).toEqual([]);
  });
});

describe("personas as production takes them (PRODUCTION.md A5)", () => {
  const personas = (list: unknown[]) =>
    paths(validateLeadSearch({ company_name: "Acme", personas: list as Persona[] }));

  it("takes free-text keywords, [] to skip a part, and an optional integer priority", () => {
    expect(
      personas([
        ["CTO", ["CTO"], [], []],
        ["Digital marketing", ["digital marketing", "growth"], ["vp", "manager+"], ["intern"]],
        ["Any function", [], ["c-lvl"], []],
        ["Founders first", ["founder", "co-founder"], [], [], 0],
        ["Then heads", ["engineering"], ["head"], ["assistant"], 2],
      ]),
    ).toEqual([]);
  });

  it("refuses a priority that is no whole number, and more than five positions", () => {
    expect(
      personas([
        ["A", ["sales"], [], [], 1.5],
        ["B", ["sales"], [], [], "1"],
        ["C", ["sales"], [], [], 1, "extra"],
        ["D", ["sales"], []],
      ]),
    ).toEqual(["personas[0][4]", "personas[1][4]", "personas[2]", "personas[3]"]);
  });

  it("still wants a name and text keywords", () => {
    expect(
      personas([
        ["", ["sales"], [], []],
        ["E", [""], [3], []],
      ]),
    ).toEqual(["personas[0][0]", "personas[1][1][0]", "personas[1][2][0]"]);
  });
});

describe("lead search paging and exclusions (PRODUCTION.md A7)", () => {
  it("takes offset_by as a whole number from 0 and exclude_ids as sales ids", () => {
    expect(validateLeadSearch({ company_name: "Acme", offset_by: 25, exclude_ids: ["ACwAA1", 42] })).toEqual(
      [],
    );
    expect(
      paths(
        validateLeadSearch({
          company_name: "Acme",
          offset_by: -1,
          exclude_ids: [""] as unknown as string[],
        }),
      ),
    ).toEqual(["offset_by", "exclude_ids[0]"]);
  });
});

describe("lead lookup validation", () => {
  it("needs a profile URL and boolean options", () => {
    expect(validateLeadLookup({ url: "https://www.network.example/in/jane", posts: true })).toEqual([]);
    expect(paths(validateLeadLookup({ url: "jane" }))).toEqual(["url"]);
    expect(paths(validateLeadLookup({ url: "" }))).toEqual(["url"]);
    expect(
      paths(validateLeadLookup({ url: "https://n.example/in/j", posts: "yes" as unknown as boolean })),
    ).toEqual(["posts"]);
  });
});

describe("transaction query validation", () => {
  const dateArb = fc
    .date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true })
    .chain((d) =>
      fc.constantFrom(
        d.toISOString().slice(0, 10),
        `${d.toISOString().slice(0, 19)}.${String(d.getMilliseconds()).padStart(3, "0")}000`,
      ),
    );

  it("accepts the documented filters, modifiers and date formats", () => {
    fc.assert(
      fc.property(dateArb, dateArb, fc.integer({ min: -1000, max: 1000 }), (a, b, n) => {
        expect(
          validateTransactionQuery({
            limit: "100",
            offset: "0",
            created_at__gte: a,
            created_at__range: `${a},${b}`,
            amount__lt: String(n),
            after_balance__range: `${n},${n + 5}`,
            status__exact: "success",
            balance_type__exact: "leads_by_icp",
          }),
        ).toEqual([]);
      }),
    );
  });

  it("names every bad filter, modifier, value and paging parameter", () => {
    const problems = validateTransactionQuery({
      limit: "0",
      offset: "-1",
      created__gte: "2024-01-01",
      status__gt: "x",
      created_at__exact: "31/01/2024",
      amount__range: "1",
      after_balance__gte: "ten",
      created_at__lt: "2024-13-01",
      created_at__gt: "2023-02-29",
    });
    expect(paths(problems)).toEqual([
      "limit",
      "offset",
      "created__gte",
      "status__gt",
      "created_at__exact",
      "amount__range",
      "after_balance__gte",
      "created_at__lt",
      "created_at__gt",
    ]);
  });
});
