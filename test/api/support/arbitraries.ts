/** fast-check arbitraries of requests that follow every rule of the spec (validation and conformance tests). */
import fc from "fast-check";
import {
  COMPANY_TYPES,
  type CompanySearchRequest,
  FILTER_EMPTY_VARS,
  FOLLOWER_RANGES,
  HEADCOUNTS,
  type LeadSearchRequest,
  type Persona,
} from "../../../src/api/wire";

export const word = fc
  .stringMatching(/^[a-z][a-z0-9 ]{0,15}[a-z0-9]$/)
  .filter((w) => !/\b(AND|OR|NOT)\b/.test(w));
const subset = <T>(values: readonly T[]) => fc.subarray([...values]);

export const keyword = fc.oneof(
  word,
  fc
    .tuple(word, fc.constantFrom("AND", "OR", "AND NOT", "OR NOT"), word)
    .map(([a, op, b]) => `(${a} ${op} ${b})`)
    // A whole expression is one keyword: at most 40 characters.
    .filter((expression) => expression.length <= 40),
);

export const validCompanySearch: fc.Arbitrary<CompanySearchRequest> = fc.record(
  {
    company_types: subset(COMPANY_TYPES),
    headcounts: subset(HEADCOUNTS),
    keywords: fc.array(keyword, { maxLength: 10 }),
    num_of_followers: subset(FOLLOWER_RANGES),
    revenues_range: fc.integer({ min: 0, max: 1e9 }).map((min) => ({ min, max: min + 1 })),
    limit_by: fc.integer({ min: 2, max: 1599 }),
    offset_by: fc.integer({ min: 0, max: 1598 }),
    get_max_companies: fc.boolean(),
    website_blacklist: fc.boolean(),
    // Production's flag on the spec's path too (PRODUCTION.md A17).
    sub_industries: fc.boolean(),
    strict: fc.constant(["company_locations"]),
    exclude_ids: fc.array(fc.oneof(fc.integer({ min: 1 }), word)),
    exclude_domains: fc.array(word.map((w) => `${w.replace(/ /g, "")}.com`)),
  },
  { requiredKeys: [] },
);

/**
 * Functions and seniorities as the spec's examples name them: the spec lists neither, so the
 * client accepts any text and the server's ValidationError (with its Hint) names unknown ones.
 */
export const persona: fc.Arbitrary<Persona> = fc.tuple(
  word,
  fc.uniqueArray(fc.constantFrom("marketing", "sales"), { minLength: 1 }),
  fc.array(fc.constantFrom("Head", "VP", "Manager", "Director"), { maxLength: 3 }),
  fc.array(word, { maxLength: 2 }),
);

export const target = fc.oneof(
  fc.integer({ min: 1 }).map((company_id) => ({ company_id })),
  word.map((company_name) => ({ company_name })),
  fc.constant({ company_link: "https://www.network.example/company/acme" }),
  fc.constant({ without_company: true }),
  fc.constant({
    network_filter_link: "https://www.network.example/sales/search/people?query=(keywords%3Acto)",
  }),
);

export const validLeadSearch: fc.Arbitrary<LeadSearchRequest> = fc
  .tuple(
    target,
    fc.record(
      {
        personas: fc.array(persona, { maxLength: 3 }),
        limit_by: fc.integer({ min: 1, max: 2400 }),
        filter_empty_vars: subset(FILTER_EMPTY_VARS),
        company_headcounts: subset(HEADCOUNTS),
        company_types: subset(COMPANY_TYPES),
        years_in_company: fc.array(fc.integer({ min: 1, max: 5 })),
        years_in_position: fc.array(fc.integer({ min: 1, max: 5 })),
        groups: fc.array(fc.integer({ min: 1 })),
        changed_jobs: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  )
  .map(([t, rest]) => ({ ...t, ...rest }));
