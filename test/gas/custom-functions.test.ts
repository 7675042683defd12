/** Formulas calling the add-on's globals as Sheets calls custom functions. */
import { describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/runtime";
import { tinyRuntime } from "./harness";

const CODE = `
var calls = 0;
function ECHO(a, b, c) { return JSON.stringify([a, b === undefined ? "undefined" : b, c === undefined ? "undefined" : c]); }
function GRID(rows, columns) { const out = []; for (let r = 0; r < rows; r++) { const row = []; for (let c = 0; c < columns; c++) row.push(r * 10 + c); out.push(row); } return out; }
function COLUMN(values) { return values.map(function (row) { return String(row[0]).toUpperCase(); }); }
function FAIL() { throw new Error("No API key yet"); }
function WRITE() { SpreadsheetApp.getActiveSheet().getRange("Z1").setValue(1); }
function UI() { SpreadsheetApp.getUi(); }
function WHO() { return PropertiesService.getUserProperties().getProperty("API_KEY") + "|" + Session.getActiveUser().getEmail(); }
function SET_KEY() { PropertiesService.getUserProperties().setProperty("API_KEY", "changed"); return "set"; }
function SET_DOC() { PropertiesService.getDocumentProperties().setProperty("N", "1"); return "set"; }
function HERE() { return SpreadsheetApp.getActiveRange().getA1Notation(); }
function SLOW() { Utilities.sleep(31000); return "done"; }
function COUNTED(x) { CacheService.getScriptCache().put("n", String(Number(CacheService.getScriptCache().get("n") || 0) + 1)); return x; }
function IS_ARRAY(x) { return Array.isArray(x) && x[0] instanceof Array; }
function helper_() { return 1; }
function TOUCH() { return "touched"; }
`;

describe("custom-function cells as separate executions (G5)", () => {
  function sheetOfFormulas(n: number, options: Parameters<typeof tinyRuntime>[1] = {}) {
    const rt = tinyRuntime(CODE, options);
    for (let row = 1; row <= n; row++) rt.setCell("Sheet1", `A${row}`, `=COUNTED(${row})`);
    return rt;
  }
  const customRuns = (rt: ReturnType<typeof tinyRuntime>) => rt.executions.filter((e) => e.kind === "custom");

  it("runs each cell as its own execution that loads the whole script", () => {
    const rt = sheetOfFormulas(3);
    const runs = customRuns(rt);
    expect(runs.map((e) => e.name)).toEqual(["COUNTED", "COUNTED", "COUNTED"]);
    expect(new Set(runs.map((e) => e.id)).size).toBe(3);
    expect(runs.every((e) => typeof e.loadMs === "number")).toBe(true);
    expect(rt.caches.script.get("n")).toBe("3");
  });

  it("runs a random share of the cells again on demand, as Sheets does at times of its own", () => {
    const rt = sheetOfFormulas(40);
    const ran = rt.recalculateAtRandom(0.5, 3);
    expect(ran).toBeGreaterThan(10);
    expect(ran).toBeLessThan(30);
    expect(rt.caches.script.get("n")).toBe(String(40 + ran));
    expect(rt.recalculateAtRandom(1)).toBe(40);
  });

  it("runs cells again at random after other executions when the control is on", () => {
    const rt = sheetOfFormulas(20, { randomRecalculation: { share: 0.25, seed: 5 } });
    const before = customRuns(rt).length;
    rt.run("TOUCH");
    rt.run("TOUCH");
    const again = customRuns(rt).length - before;
    expect(again).toBeGreaterThan(0);
    expect(again).toBeLessThan(40);
  });
});

describe("custom functions in cells", () => {
  it("passes a cell's value, a range as a 2-D array, and undefined for omitted arguments", () => {
    const rt = tinyRuntime(CODE, {
      spreadsheet: {
        sheets: [
          {
            name: "Sheet1",
            rows: [
              ["a", 1],
              ["b", 2],
            ],
          },
        ],
      },
    });
    rt.setCell("Sheet1", "D1", "=ECHO(A1, A1:B2)");
    expect(JSON.parse(String(rt.getValues("Sheet1", "D1")[0]![0]))).toEqual([
      "a",
      [
        ["a", 1],
        ["b", 2],
      ],
      "undefined",
    ]);
    rt.setCell("Sheet1", "D2", '=echo("x", 3, TRUE)');
    expect(rt.getValues("Sheet1", "D2")).toEqual([['["x",3,true]']]);
    rt.setCell("Sheet1", "D3", "=IS_ARRAY(A1:A2)");
    expect(rt.getValues("Sheet1", "D3")).toEqual([[true]]);
  });

  it("spills a 2-D result down and right; a 1-D result fills a column", () => {
    const rt = tinyRuntime(CODE, { spreadsheet: { sheets: [{ name: "Sheet1", rows: [["x"], ["y"]] }] } });
    rt.setCell("Sheet1", "B1", "=GRID(2, 3)");
    expect(rt.getValues("Sheet1", "B1:D2")).toEqual([
      [0, 1, 2],
      [10, 11, 12],
    ]);
    expect(rt.getFormulas("Sheet1", "B1:C1")).toEqual([["=GRID(2, 3)", ""]]);
    rt.setCell("Sheet1", "F1", "=COLUMN(A1:A2)");
    expect(rt.getValues("Sheet1", "F1:F2")).toEqual([["X"], ["Y"]]);
  });

  it("shows #REF! when the spill would overwrite data, and lays out again once it is cleared", () => {
    const rt = tinyRuntime(CODE, { spreadsheet: { sheets: [{ name: "Sheet1", cells: { C2: "data" } }] } });
    rt.setCell("Sheet1", "B1", "=GRID(2, 2)");
    expect(rt.getCell("Sheet1", "B1").error).toEqual({
      code: "#REF!",
      message: "Array result was not expanded because it would overwrite data in C2.",
    });
    const runs = rt.executions.length;
    rt.setCell("Sheet1", "C2", "");
    expect(rt.getValues("Sheet1", "B1:C2")).toEqual([
      [0, 1],
      [10, 11],
    ]);
    expect(rt.executions.length).toBe(runs);
  });

  it("shows a thrown error as #ERROR! with its message, and an unknown name as #NAME?", () => {
    const rt = tinyRuntime(CODE);
    rt.setCell("Sheet1", "A1", "=FAIL()");
    expect(rt.getCell("Sheet1", "A1")).toMatchObject({
      display: "#ERROR!",
      error: { code: "#ERROR!", message: "No API key yet" },
    });
    rt.setCell("Sheet1", "A2", "=helper_()");
    expect(rt.getCell("Sheet1", "A2").error?.code).toBe("#NAME?");
    rt.setCell("Sheet1", "A3", "=ECHO(A1");
    expect(rt.getCell("Sheet1", "A3").error).toEqual({ code: "#ERROR!", message: "Formula parse error." });
  });

  it("runs again when a cell it reads changes, not when others do", () => {
    const rt = tinyRuntime(CODE, { spreadsheet: { sheets: [{ name: "Sheet1", rows: [["a"]] }] } });
    rt.setCell("Sheet1", "B1", "=COUNTED(A1)");
    rt.setCell("Sheet1", "C5", "unrelated");
    expect(rt.executions.filter((e) => e.name === "COUNTED")).toHaveLength(1);
    rt.setCell("Sheet1", "A1", "b");
    expect(rt.getValues("Sheet1", "B1")).toEqual([["b"]]);
    expect(rt.executions.filter((e) => e.name === "COUNTED")).toHaveLength(2);
    rt.recalculate({ all: true });
    expect(rt.executions.filter((e) => e.name === "COUNTED")).toHaveLength(3);
  });

  it("recalculates after an execution writes a cell a formula reads", () => {
    const rt = tinyRuntime(
      `${CODE} function put(v) { SpreadsheetApp.getActiveSheet().getRange("A1").setValue(v); }`,
    );
    rt.setCell("Sheet1", "B1", "=COUNTED(A1)");
    rt.run("put", ["new"]);
    expect(rt.getValues("Sheet1", "B1")).toEqual([["new"]]);
  });

  it("forbids writing to the sheet and the UI, as Sheets does", () => {
    const rt = tinyRuntime(CODE);
    rt.setCell("Sheet1", "A1", "=WRITE()");
    expect(rt.getCell("Sheet1", "A1").error?.message).toBe("You do not have permission to call setValue");
    rt.setCell("Sheet1", "A2", "=UI()");
    expect(rt.getCell("Sheet1", "A2").error?.message).toBe(
      "Cannot call SpreadsheetApp.getUi() from this context.",
    );
  });

  it("sees the spreadsheet owner's user properties and no active user", () => {
    const rt = tinyRuntime(CODE, {
      user: "editor@example.com",
      spreadsheet: { owner: "owner@example.com", sheets: [{ name: "Sheet1" }] },
    });
    rt.properties.user("owner@example.com").setAll({ API_KEY: "owner-key" });
    rt.properties.user("editor@example.com").setAll({ API_KEY: "editor-key" });
    rt.setCell("Sheet1", "A1", "=WHO()");
    expect(rt.getValues("Sheet1", "A1")).toEqual([["owner-key|"]]);
  });

  it("may not write the owner's user properties (G5), while the document's stay writable", () => {
    const rt = tinyRuntime(CODE, {
      user: "editor@example.com",
      spreadsheet: { owner: "owner@example.com", sheets: [{ name: "Sheet1" }] },
    });
    rt.properties.user("owner@example.com").setAll({ API_KEY: "owner-key" });
    rt.setCell("Sheet1", "A1", "=SET_KEY()");
    expect(rt.getCell("Sheet1", "A1").error?.message).toBe("You do not have permission to call setProperty");
    expect(rt.properties.user("owner@example.com").get("API_KEY")).toBe("owner-key");
    rt.setCell("Sheet1", "A2", "=SET_DOC()");
    expect(rt.getValues("Sheet1", "A2")).toEqual([["set"]]);
  });

  it("has the formula's cell as the active range", () => {
    const rt = tinyRuntime(CODE);
    rt.select("Sheet1", "Z9");
    rt.setCell("Sheet1", "C4", "=HERE()");
    expect(rt.getValues("Sheet1", "C4")).toEqual([["C4"]]);
  });

  it("is cut off after 30 seconds", () => {
    const rt = tinyRuntime(CODE, { clock: manualClock() });
    rt.setCell("Sheet1", "A1", "=SLOW()");
    expect(rt.getCell("Sheet1", "A1").error).toEqual({
      code: "#ERROR!",
      message: "Exceeded maximum execution time",
    });
  });
});

describe("built-ins", () => {
  it("shows HYPERLINK's label, or its URL", () => {
    const rt = tinyRuntime(CODE);
    rt.setCell("Sheet1", "A1", '=HYPERLINK("https://x.example/in/a", "Ada")');
    rt.setCell("Sheet1", "A2", '=HYPERLINK("https://x.example/in/b")');
    expect(rt.getValues("Sheet1", "A1:A2")).toEqual([["Ada"], ["https://x.example/in/b"]]);
  });
});

describe("rows and sheets around formulas", () => {
  const ROWS = `${CODE}
function insertAbove() { SpreadsheetApp.getActiveSheet().insertRowsBefore(1, 2); }
function deleteFirst() { SpreadsheetApp.getActiveSheet().deleteRows(1, 1); }
function dropData() { const ss = SpreadsheetApp.getActiveSpreadsheet(); ss.deleteSheet(ss.getSheetByName("Data")); }`;

  it("keeps a spilled result with its formula when rows move, and drops it with the formula", () => {
    const rt = tinyRuntime(ROWS);
    rt.setCell("Sheet1", "B1", "=GRID(2, 2)");
    rt.run("insertAbove");
    expect(rt.getCell("Sheet1", "C4")).toMatchObject({ value: 11, spillOf: "B3" });
    rt.setCell("Sheet1", "C4", "");
    expect(rt.getValues("Sheet1", "C4")).toEqual([[11]]);
    rt.run("deleteFirst");
    rt.run("deleteFirst");
    rt.run("deleteFirst");
    expect(rt.getValues("Sheet1", "B1:C1")).toEqual([["", ""]]);
  });

  it("fails a formula whose sheet is deleted", () => {
    const rt = tinyRuntime(ROWS, {
      spreadsheet: { sheets: [{ name: "Sheet1" }, { name: "Data", rows: [[1]] }] },
    });
    rt.setCell("Sheet1", "A1", "=ECHO(Data!A1)");
    rt.run("dropData");
    expect(rt.getFormulas("Sheet1", "A1")).toEqual([["=ECHO(#REF!)"]]);
    expect(rt.getCell("Sheet1", "A1").error).toEqual({ code: "#REF!", message: "Reference does not exist." });
  });
});

describe("formulas when a sheet is deleted", () => {
  const sheets = () => ({
    spreadsheet: {
      sheets: [
        {
          name: "Sheet1",
          cells: {
            A1: "=ECHO(Data!A1)",
            A2: `=ECHO('Data'!A1:B2, "Data!A1", C1)`,
            A3: "=ECHO(Other!A1, C1)",
          },
        },
        { name: "Data", rows: [[7, "=COUNTED(Sheet1!C1)"]] },
        { name: "Other", rows: [["kept"]] },
      ],
    },
  });
  const customRuns = (rt: ReturnType<typeof tinyRuntime>) =>
    rt.executions.filter((e) => e.kind === "custom").length;
  const REF = { code: "#REF!", message: "Reference does not exist." };

  it("shows #REF! for good where they read it, even once a sheet of that name is back", () => {
    const rt = tinyRuntime(CODE, sheets());
    rt.recalculate();
    const other = rt.getValues("Sheet1", "A3");
    rt.deleteSheet("Data");
    expect(rt.getFormulas("Sheet1", "A1:A3")).toEqual([
      ["=ECHO(#REF!)"],
      [`=ECHO(#REF!, "Data!A1", C1)`],
      ["=ECHO(Other!A1, C1)"],
    ]);
    expect(rt.getCell("Sheet1", "A1").error).toEqual(REF);
    expect(rt.getCell("Sheet1", "A2").error).toEqual(REF);
    expect(rt.getValues("Sheet1", "A3")).toEqual(other);

    rt.insertSheet("Data");
    rt.setCell("Data", "A1", "8");
    rt.recalculate({ all: true });
    expect(rt.getFormulas("Sheet1", "A1:A2")).toEqual([["=ECHO(#REF!)"], [`=ECHO(#REF!, "Data!A1", C1)`]]);
    expect(rt.getCell("Sheet1", "A1")).toMatchObject({ value: "#REF!", error: REF });
    expect(rt.getCell("Sheet1", "A2")).toMatchObject({ value: "#REF!", error: REF });
  });

  it("leaves the formulas that did not read it as they were, without running them", () => {
    const rt = tinyRuntime(CODE, sheets());
    rt.recalculate();
    const runs = customRuns(rt);
    rt.deleteSheet("Other");
    expect(rt.getFormulas("Sheet1", "A1:A2")).toEqual([
      ["=ECHO(Data!A1)"],
      [`=ECHO('Data'!A1:B2, "Data!A1", C1)`],
    ]);
    expect(JSON.parse(String(rt.getValues("Sheet1", "A1")[0]![0]))[0]).toBe(7);
    // Only the formula that read Other ran again (to show #REF!: it runs no function).
    expect(customRuns(rt)).toBe(runs);
    expect(rt.getCell("Sheet1", "A3").error).toEqual(REF);
  });

  it("takes the deleted sheet's own formulas with it", () => {
    const rt = tinyRuntime(CODE, sheets());
    rt.recalculate();
    rt.deleteSheet("Data");
    const runs = customRuns(rt);
    rt.setCell("Sheet1", "C1", "changed");
    rt.insertSheet("Data");
    expect(rt.getFormulas("Data", "A1:B1")).toEqual([["", ""]]);
    expect(customRuns(rt)).toBe(runs + 1);
    expect(rt.caches.script.get("n")).toBe("1");
  });
});

describe("formulas when rows change", () => {
  it("follow their inputs, and fail with #REF! when those are deleted", () => {
    const rt = tinyRuntime(
      `${CODE} function insertTop() { SpreadsheetApp.getActiveSheet().insertRowsBefore(1, 1); } function dropRow(r) { SpreadsheetApp.getActiveSheet().deleteRow(r); }`,
      { spreadsheet: { sheets: [{ name: "Sheet1", rows: [["a", "=COUNTED(A1)"]] }] } },
    );
    rt.recalculate();
    rt.run("insertTop");
    expect(rt.getCell("Sheet1", "B2")).toMatchObject({ formula: "=COUNTED(A2)", value: "a" });
    rt.run("dropRow", [2]);
    rt.setCell("Sheet1", "B5", "=COUNTED(A3)");
    rt.run("dropRow", [3]);
    expect(rt.getCell("Sheet1", "B4").error).toEqual({ code: "#REF!", message: "Reference does not exist." });
  });
});

describe("formulas when a sheet is renamed", () => {
  it("follow the sheet's new name", () => {
    const rt = tinyRuntime(
      `${CODE} function rename() { SpreadsheetApp.getActiveSpreadsheet().getSheetByName("Data").setName("My data"); }`,
      {
        spreadsheet: {
          sheets: [
            { name: "Sheet1", cells: { A1: '=ECHO(Data!A1, "Data!A1")' } },
            { name: "Data", rows: [[7]] },
          ],
        },
      },
    );
    rt.recalculate();
    rt.run("rename");
    expect(rt.getFormulas("Sheet1", "A1")).toEqual([[`=ECHO('My data'!A1, "Data!A1")`]]);
    rt.setCell("My data", "A1", "8");
    expect(JSON.parse(String(rt.getValues("Sheet1", "A1")[0]![0]))[0]).toBe(8);
  });

  it("follow a sheet the user renames, quoted as its name needs, and keep their values", () => {
    const rt = tinyRuntime(CODE, {
      spreadsheet: {
        sheets: [
          { name: "Sheet1", cells: { A1: "=ECHO(Data!A1:A2)", A2: "=ECHO(B1)" } },
          { name: "Data", rows: [[7], [8]], cells: { B1: "=ECHO(Data!A1)" } },
        ],
      },
    });
    rt.recalculate();
    const first = (sheet: string, a1: string) => JSON.parse(String(rt.getValues(sheet, a1)[0]![0]))[0];
    for (const [name, written] of [
      ["It's data", "'It''s data'"],
      ["Plain_2", "Plain_2"],
      ["Q1", "'Q1'"],
      ["My data", "'My data'"],
    ] as const) {
      rt.renameSheet(rt.sheets()[1]!.name, name);
      expect(rt.getFormulas("Sheet1", "A1:A2")).toEqual([[`=ECHO(${written}!A1:A2)`], ["=ECHO(B1)"]]);
      expect(rt.getFormulas(name, "B1")).toEqual([[`=ECHO(${written}!A1)`]]);
      expect(first("Sheet1", "A1")).toEqual([[7], [8]]);
      expect(first(name, "B1")).toBe(7);
    }
    rt.setCell("My data", "A1", "9");
    expect(first("Sheet1", "A1")).toEqual([[9], [8]]);
    expect(first("My data", "B1")).toBe(9);
  });

  it("that name a sheet not there yet read it once a sheet gets that name, by insertion or renaming", () => {
    const rt = tinyRuntime(CODE, {
      spreadsheet: { sheets: [{ name: "Sheet1" }, { name: "Data", rows: [[7]] }] },
    });
    rt.setCell("Sheet1", "A1", "=ECHO(Later!A1)");
    rt.setCell("Sheet1", "A2", "=ECHO('New name'!A1, Data!A1)");
    expect(rt.getCell("Sheet1", "A1").error).toEqual({
      code: "#REF!",
      message: "Unresolved sheet name 'Later'.",
    });
    rt.insertSheet("Later");
    expect(rt.getCell("Sheet1", "A1").error).toBeUndefined();
    rt.renameSheet("Data", "New name");
    expect(rt.getFormulas("Sheet1", "A2")).toEqual([["=ECHO('New name'!A1, 'New name'!A1)"]]);
    expect(JSON.parse(String(rt.getValues("Sheet1", "A2")[0]![0]))).toEqual([7, 7, "undefined"]);
  });
});
