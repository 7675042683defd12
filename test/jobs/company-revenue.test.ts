/**
 * The revenue filter reads what users type ("5M", "$5 million", "5,000,000", "500k", "1.5b",
 * "5m-10m"), refuses the rest naming what was typed, and says what it understood before anything
 * is sent. The API's revenues_range is in millions of US dollars (the sandbox's reading, and the
 * production reference's samples {min: 1, max: 5}): the form's dollars are sent as millions.
 */
import { describe, expect, it } from "vitest";
import { type CompanySearchForm, emptyForm, planSearch } from "../../src/jobs/company-search/form";
import { readRevenueRange } from "../../src/jobs/company-search/revenue";

const form = (revenue_min: string, revenue_max = ""): CompanySearchForm => ({
  ...emptyForm(),
  revenue_min,
  revenue_max,
});
const sent = (min: string, max = "") => planSearch(form(min, max));

describe("revenue: what users type", () => {
  it.each([
    ["5M", { min: 5 }],
    ["5m", { min: 5 }],
    ["$5 million", { min: 5 }],
    ["$5M", { min: 5 }],
    ["5,000,000", { min: 5 }],
    ["5 000 000", { min: 5 }],
    ["5.000.000", { min: 5 }],
    ["$5,000,000", { min: 5 }],
    ["USD 5m", { min: 5 }],
    ["5 mln", { min: 5 }],
    ["5mm", { min: 5 }],
    ["500k", { min: 0.5 }],
    ["500K", { min: 0.5 }],
    ["500 thousand", { min: 0.5 }],
    ["1.5b", { min: 1500 }],
    ["1.5 billion", { min: 1500 }],
    ["1,5m", { min: 1.5 }],
    ["2.5M", { min: 2.5 }],
    ["0", { min: 0 }],
    ["5m-10m", { min: 5, max: 10 }],
    ["5M - 10M", { min: 5, max: 10 }],
    ["$5m–$10m", { min: 5, max: 10 }],
    ["5m to 10m", { min: 5, max: 10 }],
    ["500k-1.5b", { min: 0.5, max: 1500 }],
    ["5m+", { min: 5 }],
    ["over 5m", { min: 5 }],
    ["at least $5 million", { min: 5 }],
  ])("min %j is sent as revenues_range %j (millions of US dollars)", (typed, range) => {
    const planned = sent(typed);
    expect(planned.problems).toEqual({});
    expect(planned.filters.revenues_range).toEqual(range);
  });

  it.each([
    ["10m", { max: 10 }],
    ["under 10m", { max: 10 }],
    ["up to $10 million", { max: 10 }],
    ["<10M", { max: 10 }],
    ["5m-10m", { min: 5, max: 10 }],
  ])("max %j is sent as %j", (typed, range) => {
    const planned = sent("", typed);
    expect(planned.problems).toEqual({});
    expect(planned.filters.revenues_range).toEqual(range);
  });

  it("min and max in their own fields", () => {
    expect(sent("500k", "2M").filters.revenues_range).toEqual({ min: 0.5, max: 2 });
  });

  it.each([
    ["five million", /"five million" is not an amount/],
    ["5x", /"5x" is not an amount/],
    ["lots", /"lots" is not an amount/],
    ["€5m", /"€5m" is in another currency than US dollars/],
    ["5m EUR", /"5m EUR" is in another currency than US dollars/],
    ["-5m", /"-5m" is below zero/],
    ["5", /"5" is too small for a yearly revenue in US dollars: type 5M for 5 million, or 5k for 5 thousand/],
    ["10m-5m", /"10m-5m" starts above where it ends/],
    ["5m-", /"5m-" is not an amount/],
  ])("refuses %j, naming what was typed", (typed, message) => {
    const planned = sent(typed);
    expect(planned.filters.revenues_range).toBeUndefined();
    expect(planned.problems.revenue_min?.[0]).toMatch(message);
  });

  it("min above max names both as understood", () => {
    const { problems } = sent("10m", "5m");
    expect(problems.revenue_min?.[0]).toBe(
      "Revenue min ($10 million) is above Revenue max ($5 million). Swap them, or raise Revenue max.",
    );
  });

  it("a range in one field while the other holds an amount too is refused", () => {
    const { problems } = sent("5m-10m", "20m");
    expect(problems.revenue_min?.[0]).toMatch(/"5m-10m" is a range, and Revenue max holds "20m" too/);
  });
});

describe("revenue: what was understood, shown before searching", () => {
  it.each([
    ["5M", "", "$5 million or more a year"],
    ["500k", "1.5b", "$500 thousand to $1.5 billion a year"],
    ["5,000,000", "", "$5 million or more a year"],
    ["", "10m", "up to $10 million a year"],
    ["5m-10m", "", "$5 million to $10 million a year"],
    ["1,234,567", "", "$1,234,567 or more a year"],
  ])("%j / %j reads as %j", (min, max, text) => {
    const reading = readRevenueRange(min, max);
    expect(reading.problems).toEqual({});
    expect(reading.understood).toBe(text);
  });

  it("nothing typed: nothing understood, no filter", () => {
    expect(readRevenueRange("", " ")).toEqual({ range: null, problems: {}, understood: null });
  });
});
