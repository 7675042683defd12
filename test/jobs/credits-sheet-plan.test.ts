/** What a new Credits export writes over the Transactions sheet, the user's own columns kept. */
import { describe, expect, it } from "vitest";
import { isExportSheet, planSheet } from "../../src/jobs/credits/sheet-plan";
import type { GridValue } from "../../src/jobs/enrich/ports";
import { TRANSACTION_FIELDS } from "../../src/sheet/lead-fields";

const row = (id: string): GridValue[] => [id, "2026-11-01", "2026-11-01", "success", "top_up", 1, "x", 1];
const blank = (): GridValue[] => new Array<GridValue>(8).fill("");

describe("the export's sheet plan", () => {
  it("is A:H only when nothing of the user's has to move", () => {
    const current = {
      header: [...TRANSACTION_FIELDS, "total"],
      ids: ["a", "b"],
      extra: [["=F2*2"], ["=F3*2"]],
    };
    const plan = planSheet(current, [row("c"), row("a"), row("b")]);
    expect(plan.dropped).toBe(0);
    expect(plan.block.map((r) => r.length)).toEqual([8, 8, 8, 8]);
  });

  it("moves notes with their id, keeps a formula column left of them in place, and keeps a value beside no transaction", () => {
    const current = {
      header: [...TRANSACTION_FIELDS, "calc", "note"],
      ids: ["a", "b", ""],
      extra: [
        ["=F2*2", "note a"],
        ["=F3*2", ""],
        ["", "'=total"],
      ],
    };
    const plan = planSheet(current, [row("new"), row("a"), row("b")]);
    expect(plan.block[0]).toEqual([...TRANSACTION_FIELDS, "calc", "note"]);
    expect(plan.block.slice(1).map((r) => r.slice(8))).toEqual([
      ["=F2*2", ""],
      ["=F3*2", "note a"],
      ["", "'=total"],
    ]);
  });

  it("counts the notes of transactions the new export leaves out, and blanks the stale export rows", () => {
    const current = {
      header: [...TRANSACTION_FIELDS, "note"],
      ids: ["a", "b", "c"],
      extra: [["x"], ["y"], [""]],
    };
    const plan = planSheet(current, [row("b")]);
    expect(plan.dropped).toBe(1);
    expect(plan.block).toEqual([
      [...TRANSACTION_FIELDS, "note"],
      [...row("b"), "y"],
      [...blank(), ""],
      [...blank(), ""],
    ]);
  });

  it("does not ask about an unticked checkbox (FALSE) of a left-out transaction: nothing is lost with it", () => {
    const current = {
      header: [...TRANSACTION_FIELDS, "done"],
      ids: ["a", "b"],
      extra: [["FALSE"], ["TRUE"]],
    };
    expect(planSheet(current, [row("c")]).dropped).toBe(1);
    expect(planSheet(current, [row("b")]).dropped).toBe(0);
  });

  it("takes a sheet for an export only when row 1 starts with the export's header (any case)", () => {
    expect(isExportSheet([])).toBe(true);
    expect(isExportSheet(TRANSACTION_FIELDS.map((f) => f.toUpperCase()))).toBe(true);
    expect(isExportSheet(["Date", "Payee", "Amount"])).toBe(false);
    expect(isExportSheet(["id", ...TRANSACTION_FIELDS])).toBe(false);
  });
});
