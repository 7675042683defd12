/** The spreadsheet and property stores as JSON, and back. */
import { describe, expect, it } from "vitest";
import { tinyRuntime } from "./harness";

const CODE = `
function GRID() { return [[1, "a"], [new Date(0), true]]; }
function note() { SpreadsheetApp.getActiveSheet().getRange("A1").setNote("checked").setFontWeight("bold"); }
function log(v) { Logger.log("value %s", v); console.warn("careful"); }
function CROSS(values) { return values.length; }
`;

describe("snapshot", () => {
  it("round-trips through JSON with formulas, spills, errors and properties, without re-running", () => {
    const rt = tinyRuntime(CODE, {
      spreadsheet: { sheets: [{ name: "Sheet1", rows: [["'007"]] }, { name: "Data" }] },
    });
    rt.setCell("Data", "B2", "=GRID()");
    rt.setCell("Data", "E1", "=NOPE()");
    rt.run("note");
    rt.select("Data", "B2:C3");
    rt.properties.document.setAll({ CURSOR: "12" });
    const saved = JSON.parse(JSON.stringify(rt.data()));

    const again = tinyRuntime(CODE, { spreadsheet: saved.spreadsheet, properties: saved.properties });
    again.recalculate();
    expect(again.executions).toHaveLength(0);
    expect(again.getValues("Data", "B2:C3")).toEqual([
      [1, "a"],
      [new Date(0), true],
    ]);
    expect(again.getCell("Data", "C3")).toMatchObject({ spillOf: "B2", display: "TRUE" });
    expect(again.getCell("Data", "E1").error?.code).toBe("#NAME?");
    expect(again.getCell("Sheet1", "A1")).toMatchObject({ value: "007", input: "'007", note: "checked" });
    expect([again.activeSheet(), again.activeRange()]).toEqual(["Data", "B2:C3"]);
    expect(again.properties.document.get("CURSOR")).toBe("12");
    expect(again.snapshot()).toEqual(saved.spreadsheet);
  });

  it("evaluates seeded formulas on recalculate, reading other sheets", () => {
    const rt = tinyRuntime(CODE, {
      spreadsheet: {
        sheets: [
          { name: "Sheet1", cells: { A1: "=CROSS(Data!A1:A3)" } },
          { name: "Data", rows: [[1], [2], [3]] },
        ],
      },
    });
    rt.recalculate();
    expect(rt.getValues("Sheet1", "A1")).toEqual([[3]]);
    rt.setCell("Data", "A2", "x");
    expect(rt.executions.filter((e) => e.name === "CROSS")).toHaveLength(2);
  });
});

describe("logs", () => {
  it("keeps Logger and console output per execution", () => {
    const rt = tinyRuntime(CODE);
    rt.run("log", [42]);
    expect(rt.logs).toEqual([
      { executionId: 1, level: "log", message: "value 42" },
      { executionId: 1, level: "warn", message: "careful" },
    ]);
  });
});
