/**
 * The spare sheet that takes paid rows their own sheet would not: its name fits Sheets' 100
 * characters whatever the destination was called, so the rows always have somewhere to go.
 */
import { describe, expect, it } from "vitest";
import { SHEET_NAME_LIMIT, spareSheetName } from "../../src/jobs/paid-rows";

describe("spareSheetName", () => {
  it("names the spare after its sheet, numbered while a name is taken", () => {
    const taken = new Set(["Leads (unsaved rows)", "Leads (unsaved rows 2)"]);
    expect(spareSheetName("Companies", (name) => taken.has(name))).toBe("Companies (unsaved rows)");
    expect(spareSheetName("Leads", (name) => taken.has(name))).toBe("Leads (unsaved rows 3)");
  });

  it("cuts a long name so that the spare's fits, numbered ones too", () => {
    const base = `=Q4 prospects, Zoë's 'list' ${"é".repeat(90)}`.slice(0, SHEET_NAME_LIMIT);
    const first = spareSheetName(base, () => false);
    expect(first.length).toBeLessThanOrEqual(SHEET_NAME_LIMIT);
    expect(first).toMatch(/^=Q4 prospects, Zoë's 'list' é+ \(unsaved rows\)$/);
    const tenth = spareSheetName(base, (name) => !name.endsWith(" 10)"));
    expect(tenth.length).toBeLessThanOrEqual(SHEET_NAME_LIMIT);
    expect(tenth.endsWith("(unsaved rows 10)")).toBe(true);
  });
});
