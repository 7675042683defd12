/** Protected ranges and "Reject input" validation: script writes that break them throw and write nothing. */
import { describe, expect, it } from "vitest";
import { PROTECTED_MESSAGE, validationMessage } from "../../sandbox/gas/edit-rules";
import { failure, tinyRuntime } from "./harness";

const CODE = `
function write(a1, values) { SpreadsheetApp.getActiveSheet().getRange(a1).setValues(values); }
function writeOne(a1, value) { SpreadsheetApp.getActiveSheet().getRange(a1).setValue(value); }
function append(values) { SpreadsheetApp.getActiveSheet().appendRow(values); }
function note(a1) { SpreadsheetApp.getActiveSheet().getRange(a1).setNote("n"); }
`;
const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
const ALLOWED = "allowed@example.com";

function world() {
  const rt = tinyRuntime(CODE, {
    user: OWNER,
    spreadsheet: {
      sheets: [
        {
          name: "Sheet1",
          rows: [
            ["URL", "Title", "Stage"],
            ["u1", "t1", "New"],
          ],
        },
      ],
    },
  });
  rt.protect("Sheet1", "A1:C1", { editors: [ALLOWED] });
  return rt;
}

describe("protected ranges", () => {
  it("refuses an editor the protection leaves out, writing nothing of the block", () => {
    const rt = world();
    const error = failure(() => rt.run("write", ["B1:B2", [["Job Title"], ["new"]]], { user: EDITOR }));
    expect(error.message).toBe(PROTECTED_MESSAGE);
    expect(rt.getValues("Sheet1", "B1:B2")).toEqual([["Title"], ["t1"]]);
    expect(failure(() => rt.run("writeOne", ["C1", "x"], { user: EDITOR })).message).toBe(PROTECTED_MESSAGE);
    expect(failure(() => rt.run("note", ["A1"], { user: EDITOR })).message).toBe(PROTECTED_MESSAGE);
  });

  it("lets the owner and the protection's editors write, and anyone write outside it", () => {
    const rt = world();
    rt.run("write", ["B1", [["Owner's"]]]);
    rt.run("write", ["C1", [["Allowed's"]]], { user: ALLOWED });
    rt.run("write", ["B2", [["below"]]], { user: EDITOR });
    expect(rt.getValues("Sheet1", "B1:C2")).toEqual([
      ["Owner's", "Allowed's"],
      ["below", "New"],
    ]);
  });

  it("a protected sheet refuses appendRow too", () => {
    const rt = world();
    rt.protect("Sheet1", null);
    expect(failure(() => rt.run("append", [["u2"]], { user: EDITOR })).message).toBe(PROTECTED_MESSAGE);
    expect(rt.getValues("Sheet1", "A3")).toEqual([[""]]);
  });
});

describe("reject-input validation", () => {
  it("refuses a value outside the list, naming the first such cell, and writes nothing", () => {
    const rt = world();
    rt.requireValueInList("Sheet1", "C2:C20", ["New", "Won", "Lost"]);
    const error = failure(() =>
      rt.run("write", [
        "B2:C3",
        [
          ["t", "Won"],
          ["t3", "Maybe"],
        ],
      ]),
    );
    expect(error.message).toBe(validationMessage("C3"));
    expect(rt.getValues("Sheet1", "B2:C3")).toEqual([
      ["t1", "New"],
      ["", ""],
    ]);
    expect(failure(() => rt.run("append", [["u", "t", "later"]])).message).toBe(validationMessage("C3"));
  });

  it("takes listed values and empty cells, and leaves other columns alone", () => {
    const rt = world();
    rt.requireValueInList("Sheet1", "C2:C20", ["New", "Won"]);
    rt.run("write", [
      "A2:C3",
      [
        ["u", "any title", "Won"],
        ["u3", "t3", ""],
      ],
    ]);
    expect(rt.getValues("Sheet1", "A2:C3")).toEqual([
      ["u", "any title", "Won"],
      ["u3", "t3", ""],
    ]);
  });
});
