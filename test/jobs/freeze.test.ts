import { describe, expect, it } from "vitest";
import type { GridValue } from "../../src/jobs/enrich/ports";
import { type FormulaSheet, freezeFormulas, notFinal } from "../../src/jobs/freeze/freeze";
import { resultShape, splitArguments } from "../../src/jobs/freeze/shape";
import { MESSAGES } from "../../src/jobs/lookup/formula";

const refs: Record<string, unknown[][]> = {
  "A2:A200": Array.from({ length: 199 }, () => ["u"]),
  "B1:D1": [["full_name", "job_title, company_name", ""]],
  "'My list'!C1:F1": [["a", "b", "c", "d"]],
  A2: [["u"]],
};
const read = (ref: string) => refs[ref] ?? null;

describe("the reach of a =LOOKUP_LEAD answer", () => {
  it("splits arguments at top-level commas only", () => {
    expect(splitArguments(`A2:A9, "full_name, job_title", "fresh"`)).toEqual([
      "A2:A9",
      `"full_name, job_title"`,
      `"fresh"`,
    ]);
    expect(splitArguments(`'a, b'!A1, F1:H1`)).toEqual([`'a, b'!A1`, "F1:H1"]);
  });

  it("is one row per URL and one column per field (default fields when left out)", () => {
    expect(resultShape("=LOOKUP_LEAD(A2:A200)", read)).toEqual({ rows: 199, columns: 5 });
    expect(resultShape('=lookup_lead(A2, "full_name,job_title")', read)).toEqual({ rows: 1, columns: 2 });
    expect(resultShape("=LOOKUP_LEAD(A2:A200, B1:D1)", read)).toEqual({ rows: 199, columns: 3 });
    // A reach the text cannot tell says why, in the words the formula itself would use (issue 23.8).
    expect(resultShape("=LOOKUP_LEAD(A2, 'My list'!C1:F1)", read)).toEqual({
      why: expect.stringMatching(/^Unknown fields "a", "b", "c", "d"/),
    });
    expect(resultShape("=LOOKUP_LEAD(INDIRECT(X1))", read)).toEqual({
      why: "its URLs (INDIRECT(X1)) are not a text or a range of this spreadsheet",
    });
    expect(resultShape('=LOOKUP_LEAD(A2, "shoe_size")', read)).toEqual({
      why: expect.stringMatching(/^Unknown field "shoe_size"/),
    });
    expect(resultShape("=LOOKUP_LEAD()", read)).toEqual({ why: "it names no profile URL" });
    expect(resultShape("=SUM(A1)", read)).toEqual({ why: "it is not a =LOOKUP_LEAD formula" });
  });

  it("says why a formula that failed is left as it is: what it shows, not 'its arguments' (issue 23.8)", () => {
    const sheet = (shown: GridValue, formula: string): FormulaSheet => ({
      read: () => ({ values: [[shown]], formulas: [[formula]] }),
      write: () => undefined,
      reference: read,
    });
    const bad = freezeFormulas(sheet("#ERROR!", "=LOOKUP_LEAD(INDIRECT(X1))"), {
      top: 1,
      left: 1,
      height: 1,
      width: 1,
    });
    expect(bad.refused).toEqual([{ cell: "A1", reason: "it shows #ERROR!" }]);
    const field = freezeFormulas(sheet("Unknown field", '=LOOKUP_LEAD(A2, "shoe_size")'), {
      top: 1,
      left: 1,
      height: 1,
      width: 1,
    });
    expect(field.refused[0]?.reason).toMatch(/^Unknown field "shoe_size"/);
    expect(field.refused[0]?.reason).not.toMatch(/arguments do not say/);
  });

  it("refuses errors and passing messages, accepts final ones", () => {
    expect(notFinal("#ERROR!")).toMatch(/#ERROR!/);
    expect(notFinal(MESSAGES.notFetched)).toMatch(/not fetched yet/);
    expect(notFinal(MESSAGES.overCap(500))).not.toBeNull();
    expect(notFinal("No profile was found at this URL. Check the URL")).toBeNull();
    // Messages that name the endpoint or the API's address after their standard start (issue 19).
    expect(
      notFinal(
        "Your API plan is not entitled to this endpoint (lead lookup): the API refused it. Nothing was charged.",
      ),
    ).not.toBeNull();
    expect(
      notFinal(
        "The add-on's API address or network name does not match the API: the API at https://x does not serve /api/network/leads/by_link/",
      ),
    ).not.toBeNull();
    expect(notFinal("Jane Doe")).toBeNull();
    expect(notFinal(42)).toBeNull();
  });

  it("writes only the answers, escaped, in one block for a column of formulas", () => {
    const writes: Array<[number, number, unknown[][]]> = [];
    const formulas = [
      ["=LOOKUP_LEAD(A2)", ""],
      ["=LOOKUP_LEAD(A3)", ""],
    ];
    const values = [
      ["=evil()", "CEO"],
      ["Ann", "+1 555"],
    ];
    const result = freezeFormulas(
      {
        read: (top, left, height, width) => ({
          values: values.slice(top - 2, top - 2 + height).map((r) => r.slice(left - 2, left - 2 + width)),
          formulas: formulas.slice(top - 2, top - 2 + height).map((r) => r.slice(left - 2, left - 2 + width)),
        }),
        write: (top, left, block) => writes.push([top, left, block]),
        reference: () => [["u"]],
      },
      { top: 2, left: 2, height: 2, width: 2 },
    );
    // Default fields are 5 wide: the answer reaches past the selection, so it is read on its own.
    expect(result.frozen).toBe(2);
    expect(writes[0]![2][0]![0]).toBe("'=evil()");
  });
});
