/** Issue 21: Freeze selected formulas to values knows =FIND_EMAIL and =VALIDATE_EMAIL (their reach, their passing messages). */
import { describe, expect, it } from "vitest";
import { MESSAGES as EMAIL_MESSAGES } from "../../src/jobs/emails/formula";
import type { GridValue } from "../../src/jobs/enrich/ports";
import { type FormulaSheet, freezeFormulas, freezeMessage, notFinal } from "../../src/jobs/freeze/freeze";
import { resultShape } from "../../src/jobs/freeze/shape";

const refs: Record<string, unknown[][]> = {
  "A2:A4": [["Jane"], ["José"], ["Ann"]],
  "B2:B4": [["Doe"], ["García"], ["Lee"]],
  "C2:C4": [["acme.com"], ["initech.com"], ["shop-catchall.com"]],
  A2: [["Jane"]],
};
const read = (ref: string) => refs[ref] ?? null;

/** A sheet of 3 rows x 5 columns: the formula at D2 with its answer beside it. */
function sheet(formula: string, answer: GridValue[][]): FormulaSheet & { written: GridValue[][][] } {
  const written: GridValue[][][] = [];
  return {
    written,
    read: (_top, _left, height, width) => ({
      values: Array.from({ length: height }, (_, r) =>
        Array.from({ length: width }, (_, c) => answer[r]?.[c] ?? ""),
      ),
      formulas: Array.from({ length: height }, (_, r) =>
        Array.from({ length: width }, (_, c) => (r === 0 && c === 0 ? formula : "")),
      ),
    }),
    write: (_top, _left, values) => {
      written.push(values);
    },
    reference: read,
  };
}

describe("freezing the email formulas", () => {
  it("knows their reach: rows of the longest argument; two columns for FIND_EMAIL, one for VALIDATE_EMAIL", () => {
    expect(resultShape("=FIND_EMAIL(A2:A4, B2:B4, C2:C4)", read)).toEqual({ rows: 3, columns: 2 });
    expect(resultShape('=find_email(A2:A4, , "acme.com")', read)).toEqual({ rows: 3, columns: 2 });
    expect(resultShape("=VALIDATE_EMAIL(C2:C4)", read)).toEqual({ rows: 3, columns: 1 });
    expect(resultShape("=FIND_EMAIL(INDIRECT(X1), B2, C2)", read)).toEqual({
      why: "its argument INDIRECT(X1) is not a text or a range of this spreadsheet",
    });
  });

  it("freezes an answered FIND_EMAIL, and leaves one whose row the API could not check", () => {
    const done = sheet("=FIND_EMAIL(A2:A4, B2:B4, C2:C4)", [
      ["jane@acme.com", "valid"],
      ["", "not found"],
      ["ann@shop-catchall.com", "catch-all"],
    ]);
    const result = freezeFormulas(done, { top: 2, left: 4, height: 1, width: 1 });
    expect(result).toMatchObject({ frozen: 1, cells: 6 });
    expect(done.written.flat()).toHaveLength(3);
    expect(freezeMessage(result)).toMatch(/^Froze 1 formula \(6 cells\)/);

    const failing = sheet("=FIND_EMAIL(A2:A4, B2:B4, C2:C4)", [
      ["jane@acme.com", "valid"],
      ["The email service could not check this row. Try it again later", ""],
      ["", "not found"],
    ]);
    const left = freezeFormulas(failing, { top: 2, left: 4, height: 1, width: 1 });
    expect(left).toMatchObject({ frozen: 0 });
    // The way round an email row is the Emails action: Enrich has no names to find emails for.
    expect(freezeMessage(left)).toMatch(/the Emails action/);
    expect(
      notFinal("The last check of this row got no answer in time (a formula may run 30 s)"),
    ).not.toBeNull();
    // An email row's "not fetched yet" points to the Emails action: still a passing message.
    expect(notFinal(EMAIL_MESSAGES.notFetched)).toBe('it still shows "not fetched yet"');
  });

  it("names the email formulas when the selection holds none", () => {
    expect(freezeMessage({ frozen: 0, cells: 0, refused: [] })).toMatch(/=FIND_EMAIL or =VALIDATE_EMAIL/);
  });
});
