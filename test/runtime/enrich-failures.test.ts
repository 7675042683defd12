/**
 * Issue 14.4: failed rows you can find. The Enrich result counts failures by reason in rows (a URL
 * on two rows is two rows), "Select failed rows" selects them in the sheet, and enriched_at is
 * stamped only on rows that were enriched (a failed row keeps the time of its last enrichment).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EnrichProgress } from "../../src/rpc/enrich";
import {
  DEFAULT_REQUEST,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  rpcValue,
  SHEET,
  startEnrichWorld,
} from "../jobs/enrich-world";

const NOBODY = "https://www.network.example/in/nobody-at-all-zz9999";
let world: EnrichWorld;

beforeAll(async () => {
  world = await startEnrichWorld({ rows: [], userProperties: { SPEND_CAP: "5000" } });
  const [a, b] = await world.control.sampleUrls(2, 500);
  world.runtime.setValues(SHEET, "A1", [
    ["Profile URL", "Name", "enrichment_status", "enriched_at"],
    [a!, "", "", ""],
    [NOBODY, "", "ok", "2026-01-05T10:00:00Z"],
    [NOBODY, "", "", ""],
    ["call me", "", "", "2026-01-05T10:00:00Z"],
    [a!, "", "", ""],
    [b!, "", "", ""],
  ]);
});

afterAll(async () => {
  await world?.close();
});

describe("failed rows after a run", () => {
  it("are counted by reason in rows, keep their old enriched_at, and can be selected", () => {
    const jobId = estimateAndConfirm(world.runtime, "A1:A7", {
      options: { ...DEFAULT_REQUEST.options, fields: ["full_name"] },
    });
    const end = driveSteps(world.runtime, jobId);
    expect(end.state).toBe("done");
    expect(end.failures).toEqual([
      { reason: "not found (free)", rows: 2 },
      { reason: "not a profile URL (nothing sent)", rows: 1 },
    ]);
    const values = world.runtime.getValues(SHEET, "D2:D7").map((row) => row[0]);
    // Enriched rows get a date (issue 23.10); the rows not enriched keep their old text.
    expect(values[0]).toBeInstanceOf(Date);
    const at = values.map((value) => (value instanceof Date ? value.toISOString() : String(value)));
    expect(at[0]).not.toBe("2026-01-05T10:00:00Z");
    // Not enriched: the old time stays (or stays empty).
    expect(at.slice(1, 4)).toEqual(["2026-01-05T10:00:00Z", "", "2026-01-05T10:00:00Z"]);
    expect(at[4]).toBe(at[0]);

    const selected = rpcValue<{ rows: number }>(world.runtime, "enrichSelectFailed", { jobId });
    expect(selected.rows).toBe(3);
    expect(world.runtime.activeRangeList()).toEqual(["A3:A5"]);
    const again = rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId });
    expect(again.failures).toEqual(end.failures);
  });
});
