import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimateLookupCost } from "../../src/api/cost";
import { LOOKUP_OPTIONS } from "../../src/api/wire";
import { leadCacheKey, utf8Bytes } from "../../src/jobs/lookup/cache";
import { optionFlags, parseLookupOptions } from "../../src/jobs/lookup/options";
import { parseFieldList } from "../../src/sheet/lead-fields";

describe("lookup options", () => {
  it("maps friendly names and the spec's names, any case and spacing, in the spec's order", () => {
    expect(parseLookupOptions("Full Experience, fresh, similar")).toEqual({
      options: ["people_also_viewed", "up_to_the_second_fresh", "get_full_experience"],
    });
    expect(parseLookupOptions([["posts"], ["comments, inexact-company"]])).toEqual({
      options: ["inexact_company", "posts", "comments"],
    });
    expect(parseLookupOptions(undefined)).toEqual({ options: [] });
    expect(parseLookupOptions("")).toEqual({ options: [] });
  });

  it("accepts every spec option by its own name", () => {
    expect(parseLookupOptions(LOOKUP_OPTIONS.join(","))).toEqual({ options: [...LOOKUP_OPTIONS] });
  });

  it("rejects unknown names, quoting them and listing the valid ones", () => {
    const result = parseLookupOptions("fresh, turbo, ludicrous");
    expect(result).toHaveProperty("error");
    const error = (result as { error: string }).error;
    expect(error).toMatch(/Unknown lookup options "turbo", "ludicrous"/);
    for (const option of LOOKUP_OPTIONS) expect(error).toContain(option);
  });

  it("costs 1 credit plus 1 per paid option (people_also_viewed, posts, comments)", () => {
    const cost = (text: string) => {
      const parsed = parseLookupOptions(text);
      if ("error" in parsed) throw new Error(parsed.error);
      return estimateLookupCost(1, optionFlags(parsed.options));
    };
    expect(cost("")).toBe(1);
    expect(cost("fresh, full_experience, inexact_company")).toBe(1);
    expect(cost("posts, comments, similar")).toBe(4);
  });
});

describe("lead cache keys", () => {
  it("do not depend on the order of the options", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...LOOKUP_OPTIONS]), (options) => {
        const sorted = [...options].sort();
        expect(leadCacheKey("in/jane", options)).toBe(leadCacheKey("in/jane", sorted));
      }),
    );
  });

  it("differ by options and URL, and are the same for options in any order", () => {
    expect(leadCacheKey("in/jane", [])).not.toBe(leadCacheKey("in/jane", ["posts"]));
    expect(leadCacheKey("in/jane", [])).not.toBe(leadCacheKey("in/john", []));
    expect(leadCacheKey("in/jane", ["posts", "comments"])).toBe(
      leadCacheKey("in/jane", ["comments", "posts"]),
    );
  });

  it("measure values in UTF-8 bytes", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(utf8Bytes(text)).toBe(Buffer.byteLength(text, "utf8"));
      }),
    );
  });
});

describe("names typed in one cell as users type lists (issue: separators)", () => {
  // A cell holding one name a line (Ctrl+Enter) or "a; b" (the argument separator of Sheets in
  // many locales) named no field before: the formula failed with the whole cell as one name.
  it("splits fields and options on semicolons and line breaks as on commas", () => {
    expect(parseFieldList("full_name; job_title\ncompany_name")).toEqual({
      fields: ["full_name", "job_title", "company_name"],
    });
    expect(parseFieldList([["Name\r\nTitle"]])).toEqual({ fields: ["full_name", "job_title"] });
    expect(parseLookupOptions("fresh;\nfull_experience")).toEqual(
      parseLookupOptions("fresh, full_experience"),
    );
  });
});
