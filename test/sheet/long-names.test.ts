/**
 * Huge names typed into =LOOKUP_LEAD's fields or options: the error stays short and readable,
 * and no suggestion work is spent on a name no field could be a typo of.
 */
import { describe, expect, it } from "vitest";
import { parseLookupOptions } from "../../src/jobs/lookup/options";
import { closestName } from "../../src/sheet/closest-name";
import { LEAD_FIELDS, parseFieldList } from "../../src/sheet/lead-fields";

describe("field and option names of any length", () => {
  it("answers a 50,000-character field name with a short error that still lists the valid fields", () => {
    const result = parseFieldList(`full_name, ${"x".repeat(50_000)}`);
    expect("error" in result && result.error).toMatch(
      /^Unknown field "x{40}…"\. Valid fields: first_name, .*full_name/,
    );
    expect("error" in result && result.error.length).toBeLessThan(2_000);
  });

  it("names at most five unknown fields, and says how many more", () => {
    const typed = Array.from({ length: 200 }, (_, i) => `${"y".repeat(50_000)}${i}`).join(",");
    const result = parseFieldList(typed);
    expect("error" in result && result.error).toMatch(
      /^Unknown fields ("y{40}…", ){4}"y{40}…" and 195 more\./,
    );
    expect("error" in result && result.error.length).toBeLessThan(2_000);
  });

  it("bounds an unknown option's name the same way", () => {
    const result = parseLookupOptions(`fresh, ${"z".repeat(50_000)}`);
    expect("error" in result && result.error).toMatch(/^Unknown lookup option "z{40}…"\./);
    expect("error" in result && result.error.length).toBeLessThan(2_000);
  });

  it("suggests only for names a few edits from a field, and still suggests typos", () => {
    expect(closestName("job_titel", LEAD_FIELDS)).toBe("job_title");
    expect(closestName("x".repeat(50_000), LEAD_FIELDS)).toBeNull();
    expect(parseFieldList("job_titel")).toEqual({
      error: expect.stringMatching(/^Unknown field "job_titel" \(did you mean job_title\?\)/),
    });
  });
});
