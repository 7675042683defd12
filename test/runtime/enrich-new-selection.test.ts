/**
 * Enrich from the menu on another selection while a run is paused (issue 14.5), in the emulated
 * runtime (built bundle, sandbox API): the sidebar's startup names the new selection beside the
 * unfinished run, so the tab can say so and offer to finish the run, or cancel it and plan the
 * new selection; the same selection, or opening the sidebar without the menu, names none.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EnrichProgress, EnrichStartup } from "../../src/rpc/enrich";
import {
  crmRows,
  type EnrichWorld,
  estimateAndConfirm,
  rpcValue,
  SHEET,
  startEnrichWorld,
} from "../jobs/enrich-world";

let world: EnrichWorld;
let jobId: string;

function menuStartup(a1: string): EnrichStartup {
  world.runtime.select(SHEET, a1);
  world.runtime.clickMenu("Enrich selected profile URLs");
  return rpcValue<EnrichStartup>(world.runtime, "enrichStartup", null);
}

beforeAll(async () => {
  world = await startEnrichWorld({ rows: [["Profile URL"]] });
  world.runtime.open();
  const urls = await world.control.sampleUrls(10);
  world.runtime.setValues(SHEET, "A1", crmRows(urls, 0));
});
afterAll(async () => {
  await world?.close();
});
beforeEach(() => {
  world.runtime.properties.document.clear();
  jobId = estimateAndConfirm(world.runtime, "A1:A6");
  rpcValue<EnrichProgress>(world.runtime, "enrichPause", { jobId });
});

describe("Enrich from the menu while a run is paused", () => {
  it("names a different selection beside the paused run", () => {
    const startup = menuStartup("A7:A11");
    expect(startup.focus).toBe(true);
    expect(startup.job).toMatchObject({ jobId, state: "paused", range: "A2:A6" });
    expect(startup.newSelection).toBe(`${SHEET}!A7:A11`);
  });

  it("names none for the run's own selection, or when the sidebar opens without the menu", () => {
    expect(menuStartup("A1:A6").newSelection).toBeNull();
    world.runtime.select(SHEET, "B2:B3");
    expect(rpcValue<EnrichStartup>(world.runtime, "enrichStartup", null).newSelection).toBeNull();
  });
});
