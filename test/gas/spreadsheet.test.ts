/** SpreadsheetApp as the add-on uses it, with Sheets' parsing, checks and messages. */
import { describe, expect, it } from "vitest";
import { failure, tinyRuntime } from "./harness";

const CODE = `
function write(a1, values) { SpreadsheetApp.getActiveSheet().getRange(a1).setValues(values); }
function read(a1) { return SpreadsheetApp.getActiveSheet().getRange(a1).getValues(); }
function readDisplay(a1) { return SpreadsheetApp.getActiveSheet().getRange(a1).getDisplayValues(); }
function readFormulas(a1) { return SpreadsheetApp.getActiveSheet().getRange(a1).getFormulas(); }
function at(row, column, rows, columns) { return SpreadsheetApp.getActiveSheet().getRange(row, column, rows, columns).getA1Notation(); }
function addSheet(name) { const s = SpreadsheetApp.getActiveSpreadsheet().insertSheet(name); s.setFrozenRows(1); return [s.getName(), SpreadsheetApp.getActiveSheet().getName(), s.getFrozenRows(), s.getMaxRows(), s.getMaxColumns()]; }
function selection() { const r = SpreadsheetApp.getActiveRange(); return [r.getSheet().getName(), r.getA1Notation(), r.getValues()]; }
function append(values) { const s = SpreadsheetApp.getActiveSheet(); s.appendRow(values); return s.getLastRow(); }
function isDate(a1) { const v = SpreadsheetApp.getActiveSheet().getRange(a1).getValue(); return v instanceof Date; }
function toast() { SpreadsheetApp.getActiveSpreadsheet().toast("Done", "Prospecting", 3); }
function menu() { SpreadsheetApp.getUi().createAddonMenu().addItem("Go", "go").addSeparator().addToUi(); }
function ask() { const ui = SpreadsheetApp.getUi(); return ui.alert("Sure?", "Spend 30 credits?", ui.ButtonSet.YES_NO) === ui.Button.YES; }
function sidebar() { SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutputFromFile("sidebar").setTitle("Prospecting")); }
function insertRows() { const s = SpreadsheetApp.getActiveSheet(); s.insertRowsAfter(1, 2); return [s.getMaxRows(), s.getRange("A4").getValue()]; }
`;

describe("Range.setValues / getValues", () => {
  it("checks dimensions with Apps Script's messages", () => {
    const rt = tinyRuntime(CODE);
    expect(failure(() => rt.run("write", ["A1:B2", [["a", "b"]]])).message).toBe(
      "The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2.",
    );
    expect(failure(() => rt.run("write", ["A1:B2", [["a"], ["b"]]])).message).toBe(
      "The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 2.",
    );
    expect(failure(() => rt.run("write", ["A1", "text"])).message).toMatch(
      /don't match the method signature/,
    );
  });

  it("reads empty cells as empty strings and keeps numbers and booleans", () => {
    const rt = tinyRuntime(CODE);
    rt.run("write", ["A1:C1", [[42, true, null]]]);
    expect(rt.run("read", ["A1:D2"])).toEqual([
      [42, true, "", ""],
      ["", "", "", ""],
    ]);
  });

  it("parses strings as Sheets does: formulas, apostrophes, numbers, booleans, dates", () => {
    const rt = tinyRuntime(CODE);
    rt.run("write", ["A1:F1", [["'=1+1", "'0123", "0123", "1,234.5", "TRUE", "2024-01-15"]]]);
    const values = rt.run("read", ["A1:F1"]) as unknown[][];
    expect(values[0]!.slice(0, 5)).toEqual(["=1+1", "0123", 123, 1234.5, true]);
    expect(values[0]![5]).toBeInstanceOf(Date);
    expect(rt.run("isDate", ["F1"])).toBe(true);
    expect(rt.run("readFormulas", ["A1:B1"])).toEqual([["", ""]]);
    expect(rt.getCell("Sheet1", "A1").input).toBe("'=1+1");
  });

  it("reads month-name text written by a script as a date, unless escaped or the control is off (G8)", () => {
    const rt = tinyRuntime(CODE);
    rt.run("write", ["A1:C1", [["Sep 2023", "'Sep 2023", "00123"]]]);
    expect(rt.run("isDate", ["A1"])).toBe(true);
    expect(rt.run("read", ["A1:C1"])).toEqual([[new Date(Date.UTC(2023, 8, 1)), "Sep 2023", 123]]);
    rt.run("append", [["Sep 15, 2023"]]);
    expect(rt.run("isDate", ["A2"])).toBe(true);
    const literal = tinyRuntime(CODE, { inferMonthNames: false });
    literal.run("write", ["A1", [["Sep 2023"]]]);
    expect(literal.run("read", ["A1"])).toEqual([["Sep 2023"]]);
  });

  it("makes a string beginning with = a formula", () => {
    const rt = tinyRuntime(CODE);
    rt.run("write", ["A1", [["=NOPE(B1)"]]]);
    expect(rt.run("readFormulas", ["A1"])).toEqual([["=NOPE(B1)"]]);
    expect(rt.getCell("Sheet1", "A1").error).toEqual({
      code: "#NAME?",
      message: "Unknown function: 'NOPE'.",
    });
  });

  it("refuses more than 50,000 characters in a cell", () => {
    const rt = tinyRuntime(CODE);
    expect(failure(() => rt.run("write", ["A1", [["x".repeat(50_001)]]])).message).toBe(
      "Your input contains more than the maximum of 50000 characters in a single cell.",
    );
  });

  it("shows values as text in getDisplayValues", () => {
    const rt = tinyRuntime(CODE);
    rt.run("write", ["A1:C1", [[1.5, false, "x"]]]);
    expect(rt.run("readDisplay", ["A1:C1"])).toEqual([["1.5", "FALSE", "x"]]);
  });

  it("refuses ranges outside the sheet", () => {
    const rt = tinyRuntime(CODE);
    expect(rt.run("at", [2, 3, 2, 2])).toBe("C2:D3");
    expect(failure(() => rt.run("at", [1001, 1, 1, 1])).message).toBe(
      "The coordinates of the range are outside the dimensions of the sheet.",
    );
    expect(failure(() => rt.run("at", [0, 1, 1, 1])).message).toBe(
      "The starting row of the range is too small.",
    );
  });

  it("counts reads and writes", () => {
    const rt = tinyRuntime(CODE);
    rt.run("write", ["A1", [[1]]]);
    rt.run("read", ["A1"]);
    rt.run("read", ["A1"]);
    expect(rt.counters.spreadsheetWrites).toBe(1);
    expect(rt.counters.spreadsheetReads).toBe(2);
    expect(rt.counters.byMethod["Range.getValues"]).toBe(2);
  });
});

describe("sheets and selection", () => {
  it("inserts an active sheet with frozen rows, and refuses a taken name", () => {
    const rt = tinyRuntime(CODE);
    expect(rt.run("addSheet", ["Leads"])).toEqual(["Leads", "Leads", 1, 1000, 26]);
    expect(failure(() => rt.run("addSheet", ["Leads"])).message).toBe(
      'A sheet with the name "Leads" already exists. Please enter another name.',
    );
    expect(rt.sheets().map((s) => s.name)).toEqual(["Sheet1", "Leads"]);
  });

  it("refuses a sheet name longer than Sheets' 100 characters, takes one of exactly 100", () => {
    const rt = tinyRuntime(CODE);
    expect(failure(() => rt.run("addSheet", ["x".repeat(101)])).message).toBe(
      "A sheet's name can be at most 100 characters, not 101.",
    );
    expect(rt.run("addSheet", ["y".repeat(100)])).toContain("y".repeat(100));
  });

  it("answers the selection as the active range", () => {
    const rt = tinyRuntime(CODE, {
      spreadsheet: { sheets: [{ name: "Sheet1" }, { name: "CRM", rows: [["url"], ["a"], ["b"]] }] },
    });
    rt.select("CRM", "A2:A3");
    expect(rt.run("selection")).toEqual(["CRM", "A2:A3", [["a"], ["b"]]]);
  });

  it("appends rows after the last one and inserts rows that move cells down", () => {
    const rt = tinyRuntime(CODE, { spreadsheet: { sheets: [{ name: "Sheet1", rows: [["h"], ["x"]] }] } });
    expect(rt.run("append", [["y", 2]])).toBe(3);
    expect(rt.getValues("Sheet1", "A3:B3")).toEqual([["y", 2]]);
    expect(rt.run("insertRows")).toEqual([1002, "x"]);
  });
});

describe("UI", () => {
  it("records menus, toasts, alerts and the sidebar", () => {
    const rt = tinyRuntime(CODE);
    rt.run("menu");
    rt.run("toast");
    expect(rt.ui.menus).toEqual([
      {
        title: "Prospecting",
        addon: true,
        items: [{ kind: "item", caption: "Go", functionName: "go" }, { kind: "separator" }],
      },
    ]);
    expect(rt.ui.events.at(-1)).toEqual({
      type: "toast",
      message: "Done",
      title: "Prospecting",
      timeoutSeconds: 3,
    });
    expect(rt.run("ask")).toBe(true);
    rt.ui.respondWith({ button: "NO" });
    expect(rt.run("ask")).toBe(false);
    rt.run("sidebar");
    expect(rt.ui.sidebar).toEqual({ title: "Prospecting", html: "<!doctype html><title>sidebar</title>" });
  });
});

describe("limits", () => {
  it("refuses to grow the spreadsheet past 10 million cells", () => {
    const rt = tinyRuntime(`function grow(n) { SpreadsheetApp.getActiveSheet().insertRowsAfter(1, n); }`);
    rt.run("grow", [380_000]);
    expect(failure(() => rt.run("grow", [5_000])).message).toBe(
      "This action would increase the number of cells in the workbook above the limit of 10000000 cells.",
    );
  });
});
