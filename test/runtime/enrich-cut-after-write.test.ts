/**
 * Issue 20: a chunk's results are no longer saved on their own after its rows are written; they
 * go with the next chunk's URLs marked in flight, in one store write. A step cut off between the
 * two (its rows written, the store still saying "in flight") loses no row and pays nothing twice:
 * the next step settles those URLs from the sheet, and never sends them again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chargesPerPerson,
  crmRows,
  DEFAULT_REQUEST,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  startEnrichWorld,
} from "../jobs/enrich-world";

let world: EnrichWorld;

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { SPEND_CAP: "5000", CHUNK_SIZE: "100", API_GENERATION: "legacy" },
  });
});

afterAll(async () => {
  await world?.close();
});

describe("a step cut off after a chunk's rows are written, before the store says so", () => {
  it("settles that chunk from the sheet on the next step, sends none of it again, and ends with every row written", async () => {
    const urls = await world.control.sampleUrls(300, 4000);
    const rows = crmRows(urls, 0);
    world.runtime.insertSheet("Cut");
    world.runtime.setValues("Cut", "A1", rows);
    const jobId = estimateAndConfirm(world.runtime, `A1:A${rows.length}`, DEFAULT_REQUEST, "Cut");
    // Cache.get: the check before the first group, the client's before its fetchAll, then the
    // check before the second group, made after the first chunk's rows are written.
    expect(() =>
      world.runtime.rpc(
        "enrichStep",
        { jobId },
        { interrupt: (call) => call.method === "Cache.get" && call.count === 3 },
      ),
    ).toThrow(/Exceeded maximum execution time/);
    // Readable headers (the Headers setting's default); "ok" or "ok: job change seen ...".
    const status = world.runtime.getValues("Cut", "A1:I1")[0]!.map(String).indexOf("Enrichment Status");
    const ok = (row: unknown[]) => String(row[status]).startsWith("ok");
    expect(world.runtime.getValues("Cut", `A2:I${rows.length}`).filter(ok)).toHaveLength(100);

    const end = driveSteps(world.runtime, jobId);
    expect(end).toMatchObject({ state: "done", ok: 300, failed: 0 });
    const charges = await chargesPerPerson(world.control);
    expect([...charges.values()].every((n) => n === 1)).toBe(true);
    expect(charges.size).toBe(300);
    expect(world.runtime.getValues("Cut", `A2:I${rows.length}`).every(ok)).toBe(true);
  });
});
