/**
 * The first Enrich run of a spreadsheet makes the history sheet (issue 23.14): Sheets' insertSheet
 * activates the new sheet and setActiveSheet selects A1 of the sheet it goes back to, so the run
 * used to leave the user on the right sheet with their selection gone. The run keeps the sheet and
 * every range the user had selected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EnrichProgress } from "../../src/rpc/enrich";
import {
  crmRows,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  SHEET,
  startEnrichWorld,
} from "../jobs/enrich-world";

let world: EnrichWorld;

beforeAll(async () => {
  world = await startEnrichWorld({ rows: [["Profile URL"]] });
  world.runtime.open();
  const urls = await world.control.sampleUrls(6);
  world.runtime.setValues(SHEET, "A1", crmRows(urls, 0));
});
afterAll(async () => {
  await world?.close();
});

describe("the first Enrich run keeps the user's selection", () => {
  it("makes the history sheet without moving the user off their sheet or selection", () => {
    expect(world.runtime.sheets().map((sheet) => sheet.name)).not.toContain("Prospecting changes");
    const jobId = estimateAndConfirm(world.runtime, "A2:A5");
    const done: EnrichProgress = driveSteps(world.runtime, jobId);
    expect(done.state).toBe("done");
    expect(world.runtime.sheets().map((sheet) => sheet.name)).toContain("Prospecting changes");
    expect(world.runtime.activeSheet()).toBe(SHEET);
    expect(world.runtime.activeRangeList()).toEqual(["A2:A5"]);
  });
});
