/**
 * A run's progress says whether it asked for real-time answers: without them a job change it saw
 * may be the cache lagging behind (PRODUCTION.md A2), and the sidebar's digest says so.
 */
import { describe, expect, it } from "vitest";
import { estimateJob } from "../../src/jobs/enrich/job";
import { DEFAULT_ENRICH_OPTIONS } from "../../src/jobs/enrich/options";
import { deps, FakeClient, MemoryGrid } from "./enrich-fakes";

const grid = () =>
  MemoryGrid.fromRows([
    ["Profile URL", "Title"],
    ["https://www.network.example/in/ann", "Old title"],
  ]);
const box = { sheetId: 1, sheetName: "CRM", top: 1, left: 1, height: 2, width: 1 };

describe("a run's progress", () => {
  it("says the run asked for fresh data by default, and not when Fresh data is off", () => {
    const onGrid = grid();
    const fresh = estimateJob(deps(onGrid, new FakeClient()), onGrid, box, { ...DEFAULT_ENRICH_OPTIONS });
    expect(fresh.progress.fresh).toBe(true);
    const cachedGrid = grid();
    const cached = estimateJob(deps(cachedGrid, new FakeClient()), cachedGrid, box, {
      ...DEFAULT_ENRICH_OPTIONS,
      extras: {},
    });
    expect(cached.progress.fresh).toBe(false);
  });
});
