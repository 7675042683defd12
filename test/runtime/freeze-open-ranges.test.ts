/**
 * Freeze selected formulas to values over formulas written the way Sheets users write ranges
 * that grow: open-ended (`A2:A`) and whole columns (`D:D`). Such a formula works (Sheets hands
 * the custom function every row down to the sheet's end), so Freeze must know its reach too;
 * before, it refused them with "its URLs (A2:A) are not a text or a range of this spreadsheet"
 * and left them asking the API on every recalculation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { type ManualClock, manualClock } from "../../sandbox/gas/clock";
import { PATHS } from "../../src/api/wire";
import { type EnrichWorld, SHEET, startEnrichWorld } from "../jobs/enrich-world";

let world: EnrichWorld;
let clock: ManualClock;
const EDITOR = "editor@example.com";

beforeAll(async () => {
  clock = manualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
  const probe = await startEnrichWorld({ rows: [] });
  const urls = await probe.control.sampleUrls(3, 21);
  await probe.close();
  // A header, 3 URLs and the blank rows below them (the sheet has 10 more rows).
  world = await startEnrichWorld({ rows: [["Profile URL"], ...urls.map((url) => [url])], clock });
});

afterAll(async () => {
  await world?.close();
});

const lookups = () => ledgerCredits(world.control, PATHS.leadLookup);

describe("Freeze over open-ended and whole-column ranges", () => {
  it("freezes =LOOKUP_LEAD(A2:A) and =VALIDATE_EMAIL(D:D), run by an editor, and they never ask again", async () => {
    const { runtime } = world;
    runtime.setValues(SHEET, "D1", [["someone@initech.com"]]);
    runtime.setCell(SHEET, "B2", '=LOOKUP_LEAD(A2:A, "name")');
    runtime.setCell(SHEET, "E1", "=VALIDATE_EMAIL(D:D)");
    const names = runtime.getValues(SHEET, "B2:B4").map((row) => row[0]);
    expect(names.every((name) => typeof name === "string" && name !== "")).toBe(true);
    const status = runtime.getValues(SHEET, "E1")[0]![0];
    expect(status).not.toBe("");
    expect(await lookups()).toBe(3);

    runtime.install();
    runtime.user = EDITOR;
    runtime.select(SHEET, "B2");
    runtime.clickMenu("Freeze selected formulas to values");
    runtime.select(SHEET, "E1");
    runtime.clickMenu("Freeze selected formulas to values");
    const alerts = runtime.ui.events.filter((event) => event.type === "alert").slice(-2);
    expect(alerts.map((alert) => ("prompt" in alert ? alert.prompt : ""))).toEqual([
      expect.stringMatching(
        /^Froze 1 formula \(\d+ cells\) to the values they show\. Undo last run puts the formulas back\.$/,
      ),
      expect.stringMatching(
        /^Froze 1 formula \(\d+ cells\) to the values they show\. Undo last run puts the formulas back\.$/,
      ),
    ]);
    expect(runtime.getFormulas(SHEET, "B2")).toEqual([[""]]);
    expect(runtime.getFormulas(SHEET, "E1")).toEqual([[""]]);
    expect(runtime.getValues(SHEET, "B2:B4").map((row) => row[0])).toEqual(names);
    expect(runtime.getValues(SHEET, "E1")[0]![0]).toBe(status);

    // Past the 6-hour cache, a recalculation of everything asks the API for nothing.
    clock.advance(7 * 3600_000);
    runtime.recalculate({ all: true });
    expect(await lookups()).toBe(3);
  });
});
