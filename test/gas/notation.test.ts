/** A1 notation, Sheets' input parsing and the formula grammar the emulation evaluates. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cellA1,
  columnLetters,
  columnNumber,
  parseA1,
  rangeA1,
  resolveReference,
} from "../../sandbox/gas/a1";
import { displayText, parseInput } from "../../sandbox/gas/cells";
import { parseFormula, referencesOf } from "../../sandbox/gas/formula";
import { renameSheetInFormula, shiftFormula } from "../../sandbox/gas/formula-shift";

describe("A1 notation", () => {
  it("round-trips columns and blocks", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 18_278 }),
        (column) => columnNumber(columnLetters(column)) === column,
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 20 }),
        (row, column, numRows, numColumns) => {
          const grid = { row, column, numRows, numColumns };
          return (
            JSON.stringify(resolveReference(parseA1(rangeA1(grid))!, 20_000, 1_000)) === JSON.stringify(grid)
          );
        },
      ),
    );
  });

  it("reads whole columns, rows, open ends, absolute and sheet-qualified references", () => {
    expect(resolveReference(parseA1("A:B")!, 1000, 26)).toEqual({
      row: 1,
      column: 1,
      numRows: 1000,
      numColumns: 2,
    });
    expect(resolveReference(parseA1("2:3")!, 1000, 26)).toEqual({
      row: 2,
      column: 1,
      numRows: 2,
      numColumns: 26,
    });
    expect(resolveReference(parseA1("A2:C")!, 1000, 26)).toEqual({
      row: 2,
      column: 1,
      numRows: 999,
      numColumns: 3,
    });
    expect(parseA1("$B$3")).toMatchObject({ sheet: null, startRow: 3, startColumn: 2 });
    expect(parseA1("'It''s'!A1")).toMatchObject({ sheet: "It's", startRow: 1 });
    expect(parseA1("Leads!C2:D")).toMatchObject({ sheet: "Leads", startColumn: 3, endRow: null });
    expect(parseA1("A0")).toBeNull();
    expect(parseA1("hello")).toBeNull();
    expect(cellA1(1, 28)).toBe("AB1");
  });
});

describe("input parsing, as Sheets reads what is typed or written", () => {
  it.each([
    ["=F(A1)", { kind: "formula", formula: "=F(A1)" }],
    ["'=F(A1)", { kind: "value", value: "=F(A1)", quoted: true }],
    ["'00123", { kind: "value", value: "00123", quoted: true }],
    ["00123", { kind: "value", value: 123 }],
    ["-1.5e3", { kind: "value", value: -1500 }],
    ["12%", { kind: "value", value: 0.12 }],
    ["$1,234", { kind: "value", value: 1234 }],
    ["false", { kind: "value", value: false }],
    ["-CEO", { kind: "formula", formula: "=-CEO" }],
    ["@handle", { kind: "value", value: "@handle" }],
    ["", { kind: "empty" }],
  ])("%j", (text, expected) => {
    expect(parseInput(text)).toEqual(expected);
  });

  it.each([
    ["Sep 2023", Date.UTC(2023, 8, 1)],
    ["September 2023", Date.UTC(2023, 8, 1)],
    ["Sept 2023", Date.UTC(2023, 8, 1)],
    ["sep-2023", Date.UTC(2023, 8, 1)],
    ["Sep 15, 2023", Date.UTC(2023, 8, 15)],
    ["15 Sep 2023", Date.UTC(2023, 8, 15)],
    ["15-Sep-2023", Date.UTC(2023, 8, 15)],
    ["Mar 3", Date.UTC(new Date().getUTCFullYear(), 2, 3)],
  ])("reads month-name text %j as a date (G8)", (text, time) => {
    expect(parseInput(text)).toEqual({ kind: "value", value: new Date(time) });
    expect(parseInput(`'${text}`)).toEqual({ kind: "value", value: text, quoted: true });
    expect(parseInput(text, undefined, { monthNames: false })).toEqual({ kind: "value", value: text });
  });

  it.each(["May", "March 2024 update", "Sep 32, 2023", "Septober 2023", "Feb 30 2024", "Marketing 2023"])(
    "keeps %j as text",
    (text) => {
      expect(parseInput(text)).toEqual({ kind: "value", value: text });
    },
  );

  it("keeps anything literal under the plain-text format", () => {
    expect(parseInput("=F(1)", "@")).toEqual({ kind: "value", value: "=F(1)" });
    expect(parseInput("007", "@")).toEqual({ kind: "value", value: "007" });
  });

  it("reads dates and shows them back", () => {
    const parsed = parseInput("2024-01-15");
    expect(parsed.kind === "value" && parsed.value instanceof Date).toBe(true);
    if (parsed.kind === "value") expect(displayText({ value: parsed.value })).toBe("2024-01-15");
    expect(parseInput("2024-02-30")).toEqual({ kind: "value", value: "2024-02-30" });
    const year = new Date().getUTCFullYear();
    // A headcount range such as "1-10" becomes January 10 unless it is written as text.
    expect(parseInput("1-10")).toEqual({ kind: "value", value: new Date(Date.UTC(year, 0, 10)) });
    expect(parseInput("11-50")).toEqual({ kind: "value", value: "11-50" });
    expect(parseInput("3/4/24")).toEqual({ kind: "value", value: new Date(Date.UTC(2024, 2, 4)) });
    const time = parseInput("10:30");
    if (time.kind === "value") expect(displayText({ value: time.value })).toBe("10:30:00");
  });
});

describe("formulas", () => {
  it("parses calls with references, literals, nested calls and empty arguments", () => {
    const expr = parseFormula('=LOOKUP_LEAD(A2:A9, "full_name,""x""", , TRUE, -2, Other!B1, INNER(C3))');
    expect(expr).toMatchObject({
      kind: "call",
      name: "LOOKUP_LEAD",
      args: [
        { kind: "ref" },
        { kind: "literal", value: 'full_name,"x"' },
        null,
        { kind: "literal", value: true },
        { kind: "literal", value: -2 },
        { kind: "ref", ref: { sheet: "Other" } },
        { kind: "call", name: "INNER" },
      ],
    });
    expect(referencesOf(expr)).toHaveLength(3);
  });

  it("refuses what it cannot read", () => {
    expect(() => parseFormula("=F(A1")).toThrow("Formula parse error.");
    expect(() => parseFormula("=1+2")).toThrow("Formula parse error.");
  });
});

describe("references after rows or columns change", () => {
  const insertRows = (at: number, count: number) => ({
    sheet: "CRM",
    dimension: "rows" as const,
    at,
    count,
    kind: "insert" as const,
  });
  const deleteRows = (at: number, count: number) => ({
    sheet: "CRM",
    dimension: "rows" as const,
    at,
    count,
    kind: "delete" as const,
  });

  it("move past an insertion, and grow a range spanning it", () => {
    expect(shiftFormula("=F(A2:A9, B12, $C$3)", "CRM", insertRows(5, 2))).toEqual({
      formula: "=F(A2:A11, B14, $C$3)",
      readsChanged: true,
    });
    expect(shiftFormula("=F(A12)", "CRM", insertRows(5, 2))).toEqual({
      formula: "=F(A14)",
      readsChanged: false,
    });
  });

  it("shrink a range losing rows and become #REF! when all its cells go", () => {
    expect(shiftFormula("=F(A2:A9, B5)", "CRM", deleteRows(4, 3)).formula).toBe("=F(A2:A6, #REF!)");
  });

  it("leave other sheets, strings, names and numbers alone", () => {
    const formula = '=LOG10(Other!A9, "A9", 10, CRM!C9:D)';
    expect(shiftFormula(formula, "Other", insertRows(1, 1)).formula).toBe(
      '=LOG10(Other!A9, "A9", 10, CRM!C10:D)',
    );
  });

  it("move columns", () => {
    const change = { sheet: "CRM", dimension: "columns" as const, at: 2, count: 2, kind: "insert" as const };
    expect(shiftFormula("=F(A1:C1, B:B)", "CRM", change).formula).toBe("=F(A1:E1, D:D)");
  });
});

describe("references after a sheet is renamed or deleted", () => {
  it("follow a renamed sheet, quoted as Sheets quotes it", () => {
    expect(renameSheetInFormula("=F(Data!A1, Data!B2:C)", "Sheet1", "Data", "It's data")).toBe(
      "=F('It''s data'!A1, 'It''s data'!B2:C)",
    );
    expect(
      renameSheetInFormula("=F('It''s data'!A:A, 'It''s data'!$A$1)", "Sheet1", "It's data", "Plain_2"),
    ).toBe("=F(Plain_2!A:A, Plain_2!$A$1)");
    expect(renameSheetInFormula("=F('Data'!1:3)", "Sheet1", "Data", "Q1")).toBe("=F('Q1'!1:3)");
    expect(renameSheetInFormula("=Data!A1", "Sheet1", "Data", "My data")).toBe("='My data'!A1");
  });

  it("become #REF! when the sheet is deleted, the whole reference", () => {
    expect(renameSheetInFormula("=SUM(Transactions!C:C)", "Sheet1", "Transactions", null)).toBe(
      "=SUM(#REF!)",
    );
    expect(renameSheetInFormula("=Transactions!A2", "Sheet1", "Transactions", null)).toBe("=#REF!");
    expect(renameSheetInFormula("=F('My Sheet'!B1:B9, B1)", "Sheet1", "My Sheet", null)).toBe(
      "=F(#REF!, B1)",
    );
  });

  it("leave other sheets, the formula's own references, strings, names and numbers alone", () => {
    const formula = `=LOG10(MyData!A1, Data.x!A1, 'Old Data'!A1, "Data!A1", A1, 10, Other!B2)`;
    expect(renameSheetInFormula(formula, "Data", "Data", "New")).toBe(formula);
    expect(renameSheetInFormula(formula, "Data", "Data", null)).toBe(formula);
    expect(renameSheetInFormula("=F(A1:B2, Data!A1)", "Data", "Data", "New")).toBe("=F(A1:B2, New!A1)");
  });
});
