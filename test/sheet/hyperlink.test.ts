import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linkTarget } from "../../src/sheet/hyperlink";

describe("a cell's link target (issue 23.7)", () => {
  it("reads the URL of a HYPERLINK formula, whatever its case, spacing, separator or label", () => {
    const url = "https://www.linkedin.com/in/jane-doe/";
    for (const formula of [
      `=HYPERLINK("${url}","Jane Doe")`,
      `=hyperlink( "${url}" , "Jane Doe" )`,
      `=HYPERLINK("${url}";"Jane Doe")`,
      `=HYPERLINK("${url}")`,
      `= HYPERLINK ("${url}", A2)`,
    ])
      expect(linkTarget(formula)).toBe(url);
  });

  it("keeps any other text as it is, a computed link included", () => {
    for (const text of ["https://www.linkedin.com/in/x", "Jane Doe", '=HYPERLINK(B2, "Jane")', '=A1&"x"', ""])
      expect(linkTarget(text)).toBe(text);
  });

  it("undoes the doubled quotes of a text literal", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (target, label) => {
        const literal = (text: string) => `"${text.replace(/"/g, '""')}"`;
        expect(linkTarget(`=HYPERLINK(${literal(target)}, ${literal(label)})`)).toBe(target.trim());
      }),
    );
  });
});
