/**
 * Properties of the Companies form over any input: planning never throws, every problem lands on a
 * field of the form, and a form without problems gives a request the client's validator accepts,
 * in pages that stay inside the API's limits and within one fetchAll.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateCompanySearch } from "../../src/api/validate";
import { COMPANY_TYPES, FOLLOWER_RANGES, HEADCOUNTS } from "../../src/api/wire";
import { type CompanySearchForm, emptyForm, planSearch, readForm } from "../../src/jobs/company-search/form";
import { pagePlan } from "../../src/jobs/company-search/pages";

const text = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.constantFrom("saas", "(cloud AND security)", "a|b", "(x AND", "NOT", "Germany", " "),
);
const pick = <T>(values: readonly T[]) => fc.subarray([...values]);

const formArb: fc.Arbitrary<CompanySearchForm> = fc.record({
  company_types: fc.oneof(pick(COMPANY_TYPES), fc.array(text, { maxLength: 3 })),
  headcounts: fc.oneof(pick(HEADCOUNTS), fc.array(text, { maxLength: 3 })),
  num_of_followers: fc.oneof(pick(FOLLOWER_RANGES), fc.array(text, { maxLength: 3 })),
  industries: fc.array(text, { maxLength: 3 }),
  locations: fc.array(text, { maxLength: 3 }),
  keywords: fc.array(text, { maxLength: 12 }),
  revenue_min: fc.oneof(fc.constant(""), fc.integer({ min: -5, max: 10_000 }).map(String), text),
  revenue_max: fc.oneof(fc.constant(""), fc.integer({ min: 0, max: 10_000 }).map(String), text),
  exclude_domains: fc.array(text, { maxLength: 3 }),
  exclude_ids: fc.array(fc.oneof(fc.integer({ min: 1, max: 9_999_999 }).map(String), text), { maxLength: 3 }),
  strict_locations: fc.boolean(),
  website_blacklist: fc.boolean(),
  sub_industries: fc.boolean(),
  limit_by: fc.oneof(fc.integer({ min: -10, max: 2000 }), fc.double()),
  offset_by: fc.oneof(fc.integer({ min: -10, max: 2000 }), fc.double()),
  sheet_name: fc.oneof(fc.constant(""), text),
  leave_out_sheet: fc.oneof(fc.constant(""), text),
  leave_out_column: fc.oneof(fc.constant(""), text),
});

const FIELDS = new Set(Object.keys(emptyForm()));

describe("company search form, any input", () => {
  it("plans without throwing; problems are at form fields; a clean form passes the client's validator", () => {
    fc.assert(
      fc.property(formArb, fc.integer({ min: 1, max: 20 }), (form, parallel) => {
        const planned = planSearch(form);
        for (const [field, list] of Object.entries(planned.problems)) {
          expect(FIELDS.has(field)).toBe(true);
          expect(list?.length).toBeGreaterThan(0);
        }
        if (Object.keys(planned.problems).length > 0) return;
        expect(validateCompanySearch(planned.filters)).toEqual([]);
        const plan = pagePlan(planned.filters, planned.offset, planned.total, parallel);
        expect(plan.pages.length).toBeLessThanOrEqual(parallel);
        for (const page of plan.pages) {
          expect(validateCompanySearch(page)).toEqual([]);
          expect((page.offset_by ?? 0) + (page.limit_by ?? 0)).toBeLessThanOrEqual(1600);
        }
        expect(plan.maxCredits).toBeGreaterThanOrEqual(Math.min(planned.total, 1600 - planned.offset));
      }),
      { numRuns: 300 },
    );
  });

  it("reads anything the sidebar may send as a complete form", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const form = readForm(value);
        expect(Object.keys(form).sort()).toEqual([...FIELDS].sort());
        expect(() => planSearch(form)).not.toThrow();
      }),
    );
  });
});
