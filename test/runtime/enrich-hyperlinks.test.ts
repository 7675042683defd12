/**
 * A CRM export's URL column as `=HYPERLINK(url, "name")` cells (issue 23.7), in the emulated runtime
 * (built bundle, sandbox API): Enrich looks up each link's URL, not its label, writes the lead's
 * fields beside it, and leaves the HYPERLINK formulas as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EnrichProgress } from "../../src/rpc/enrich";
import {
  chargesPerPerson,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  SHEET,
  startEnrichWorld,
} from "../jobs/enrich-world";

let world: EnrichWorld;
let urls: string[];

beforeAll(async () => {
  world = await startEnrichWorld({ rows: [["Profile URL", "Title", "Company"]] });
  world.runtime.open();
  urls = await world.control.sampleUrls(3);
  urls.forEach((url, index) => {
    world.runtime.setCell(SHEET, `A${index + 2}`, `=HYPERLINK("${url}", "Person ${index + 1}")`);
  });
});
afterAll(async () => {
  await world?.close();
});

describe("HYPERLINK cells are profile URLs", () => {
  it("looks up each link's URL, writes the lead beside it, and keeps the formulas", async () => {
    expect(world.runtime.getValues(SHEET, "A2:A4").flat()).toEqual(["Person 1", "Person 2", "Person 3"]);
    const jobId = estimateAndConfirm(world.runtime, "A2:A4");
    const done: EnrichProgress = driveSteps(world.runtime, jobId);
    expect(done.state).toBe("done");
    const header = world.runtime.getValues(SHEET, "A1:Z1")[0]!;
    const status = header.indexOf("Enrichment Status");
    const title = header.indexOf("Title");
    const rows = world.runtime.getValues(SHEET, "A2:Z4");
    expect(rows.map((row) => row[status])).toEqual(["ok", "ok", "ok"]);
    for (const row of rows) expect(String(row[title])).not.toBe("");
    expect(world.runtime.getFormulas(SHEET, "A2:A4").flat()).toEqual(
      urls.map((url, index) => `=HYPERLINK("${url}", "Person ${index + 1}")`),
    );
    // One charge per link, for its URL.
    const charges = await chargesPerPerson(world.control);
    expect([...charges.values()]).toEqual([1, 1, 1]);
  });
});
