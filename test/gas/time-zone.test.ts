/**
 * Dates in the spreadsheet's time zone, as Sheets keeps them (issue 23.10): a cell holds a wall
 * clock in the zone; a Date written is that instant's wall clock, read back as the same instant;
 * date text typed or written is the wall clock there.
 */
import { describe, expect, it } from "vitest";
import { displayText, parseInput } from "../../sandbox/gas/cells";
import { instantOf, wallClock } from "../../sandbox/gas/time-zone";
import { tinyRuntime } from "./harness";

const AT = Date.UTC(2026, 10, 21, 9, 0, 0); // 22:00 in Auckland (UTC+13), 01:00 in Los Angeles

describe("spreadsheet time zone", () => {
  it("reads typed dates and date-times as the zone's wall clock, and shows dates in it", () => {
    const zone = { timeZone: "Pacific/Auckland" };
    expect(parseInput("2026-11-21 22:00:00", undefined, zone)).toEqual({
      kind: "value",
      value: new Date(AT),
    });
    expect(parseInput("11/21/2026 22:00", undefined, zone)).toEqual({ kind: "value", value: new Date(AT) });
    expect(parseInput("2026-11-22", undefined, zone)).toEqual({
      kind: "value",
      value: new Date(Date.UTC(2026, 10, 21, 11)),
    });
    // A time alone stays on Sheets' epoch day; UTC without a zone, as before.
    expect(parseInput("10:30", undefined, zone)).toEqual({
      kind: "value",
      value: new Date(Date.UTC(1899, 11, 30, 10, 30)),
    });
    expect(parseInput("2026-11-21 22:00:00")).toEqual({
      kind: "value",
      value: new Date(Date.UTC(2026, 10, 21, 22)),
    });
    expect(parseInput("2026-11-21 25:00:00")).toEqual({ kind: "value", value: "2026-11-21 25:00:00" });
    expect(displayText({ value: new Date(AT) }, "Pacific/Auckland")).toBe("2026-11-21 22:00:00");
    expect(displayText({ value: new Date(AT) }, "America/Los_Angeles")).toBe("2026-11-21 01:00:00");
    expect(displayText({ value: new Date(AT) })).toBe("2026-11-21 09:00:00");
  });

  it("wallClock and instantOf are inverse around daylight-saving changes (the repeated hour aside)", () => {
    for (const zone of ["Pacific/Auckland", "America/Los_Angeles", "Europe/Paris", "GMT+5:30", "Etc/UTC"]) {
      for (const ms of [AT, Date.UTC(2026, 2, 29, 0, 30), Date.UTC(2026, 9, 25, 3, 30)]) {
        expect(instantOf(wallClock(new Date(ms), zone), zone).getTime()).toBe(ms);
      }
    }
  });

  it("a script's Date round-trips through a cell in a zoned spreadsheet, and shows as the zone's wall clock", () => {
    const runtime = tinyRuntime(
      `function write() {
         const sheet = SpreadsheetApp.getActiveSheet();
         sheet.getRange("A1").setValue(new Date(${AT}));
         sheet.getRange("A2").setValue("2026-11-21 22:00:00");
         return sheet.getRange("A1:A2").getValues().map(function (r) { return r[0].getTime(); });
       }`,
      { spreadsheet: { timeZone: "Pacific/Auckland", sheets: [{ name: "Sheet1" }] } },
    );
    expect(runtime.run("write")).toEqual([AT, AT]);
    expect(runtime.getSheetCells("Sheet1").map((row) => row[0]!.display)).toEqual([
      "2026-11-21 22:00:00",
      "2026-11-21 22:00:00",
    ]);
  });
});
