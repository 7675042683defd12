/**
 * Issue 12.10: paid data that never reaches a cell. A paid option with no field to show it, or a
 * paid field whose option is off, is refused before anything is charged, in Enrich and in
 * =LOOKUP_LEAD, by one check (src/jobs/paid-extras.ts) with the same words.
 */
import { describe, expect, it } from "vitest";
import { checkOptions, DEFAULT_ENRICH_OPTIONS } from "../../src/jobs/enrich/options";
import { lookupLeadFormula } from "../../src/jobs/lookup/formula";
import { paidExtrasProblem } from "../../src/jobs/paid-extras";

/** A formula's deps that fail the test if anything would be sent. */
function noSending() {
  let connects = 0;
  const deps = {
    connect: () => {
      connects += 1;
      return null;
    },
    cache: { getAll: () => ({}), putAll: () => {}, removeAll: () => {} },
    deadline: Number.POSITIVE_INFINITY,
    spendCap: 500,
    now: () => 0,
    formatTime: () => "12:00",
  };
  return { deps, connects: () => connects };
}

const URL = "https://www.network.example/in/jane-doe";
const SHARED_FIELD_TEXT =
  /^The field "posts" is only filled with the option of the same name \(\+1 credit per lead each\): /;

describe("paid data must reach a cell", () => {
  it("=LOOKUP_LEAD: paid options with no field to show them are refused, nothing charged", () => {
    const { deps, connects } = noSending();
    expect(() =>
      lookupLeadFormula({ url: URL, fields: "full_name", options: "posts, comments, similar" }, deps),
    ).toThrow(
      /^The options "people_also_viewed", "posts", "comments" cost \+1 credit per lead each, but no field asked for shows their data: add them to the fields/,
    );
    expect(connects()).toBe(0);
    // With the fields, the same options are fine.
    expect(() =>
      lookupLeadFormula(
        {
          url: URL,
          fields: "full_name, posts, comments, people_also_viewed",
          options: "posts, comments, similar",
        },
        deps,
      ),
    ).not.toThrow();
  });

  it("Enrich: the field posts with the Posts extra off is refused with the formula's words", () => {
    const options = { ...DEFAULT_ENRICH_OPTIONS, fields: ["full_name", "posts"] };
    expect(() => checkOptions(options)).toThrow(SHARED_FIELD_TEXT);
    expect(() => checkOptions(options)).toThrow(
      /tick Posts \(last 20\) among the extras, or leave the field out/,
    );
    const { deps } = noSending();
    expect(() => lookupLeadFormula({ url: URL, fields: "full_name, posts" }, deps)).toThrow(
      SHARED_FIELD_TEXT,
    );
    // With the extra on, it runs (the plan adds an extra's column even when the field is not chosen).
    expect(checkOptions({ ...options, extras: { posts: true } }).extras).toEqual({ posts: true });
    expect(checkOptions({ ...DEFAULT_ENRICH_OPTIONS, extras: { comments: true } }).extras).toEqual({
      comments: true,
    });
  });

  it("free options need no field", () => {
    const howTo = { addOptions: () => "", addFields: () => "" };
    expect(paidExtrasProblem(["full_name"], ["up_to_the_second_fresh", "inexact_company"], howTo)).toBeNull();
  });
});
