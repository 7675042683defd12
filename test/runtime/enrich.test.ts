/**
 * Batch enrichment in the emulated Apps Script runtime (the built dist/Code.js) against the
 * sandbox API with faults injected. After every scenario: every row ends enriched or with an error
 * status, none is lost, and no person is charged twice (the sandbox's own ledger).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/clock";
import type { EnrichProgress } from "../../src/rpc/enrich";
import {
  chargesPerPerson,
  crmRows,
  DEFAULT_REQUEST,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  rpcValue,
  SHEET,
  startEnrichWorld,
} from "../jobs/enrich-world";

const DISTINCT = 150;
const DUPLICATES = 15;
const LAST_ROW = 1 + DISTINCT + DUPLICATES;
const RANGE = `A1:A${LAST_ROW}`;
const TERMINAL = /^(ok|ok: .+|not found|error: .+|interrupted: .+|not enriched yet: .+)$/;

let world: EnrichWorld;
let urls: string[];

function column(name: string): unknown[] {
  const header = world.runtime.getValues(SHEET, "A1:Z1")[0]!;
  const index = header.indexOf(name);
  expect(index, `column ${name}`).toBeGreaterThanOrEqual(0);
  return world.runtime.getValues(SHEET, `A2:Z${LAST_ROW}`).map((row) => row[index]);
}

function expectEveryRowSettled(allowed = TERMINAL) {
  const statuses = column("Enrichment Status");
  expect(statuses).toHaveLength(LAST_ROW - 1);
  for (const status of statuses) expect(String(status)).toMatch(allowed);
}

async function expectNobodyChargedTwice() {
  const charges = await chargesPerPerson(world.control);
  const twice = [...charges].filter(([, count]) => count > 1);
  expect(twice).toEqual([]);
  return charges;
}

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    // The lookup path under faults (the bulk path: bulk-enrich.test.ts).
    userProperties: { CHUNK_SIZE: "40", SPEND_CAP: "5000", API_GENERATION: "legacy" },
    clock: manualClock(Date.UTC(2026, 10, 21, 9, 0, 0)),
  });
  urls = await world.control.sampleUrls(DISTINCT, 0);
});

afterAll(async () => {
  await world?.close();
});

beforeEach(async () => {
  await world.control.reset();
  await world.control.configure({ faults: [], lookupErrorRate: 0, latencyMs: 0 });
  world.runtime.properties.document.clear();
  world.runtime.setValues(
    SHEET,
    "A1",
    crmRows(urls, DUPLICATES).map((row) => [...row, "", "", "", "", "", "", ""]),
  );
});

describe("enrichment in the emulated runtime", () => {
  it("fills every row with 10% 500s, throttling and slow answers, paying once per person", async () => {
    await world.control.configure({
      faults: [
        { path: "/api/network/leads/by_link/", kind: "server_error", rate: 0.1 },
        { path: "/api/network/leads/by_link/", kind: "throttle", rate: 0.05 },
        { path: "/api/network/leads/by_link/", kind: "slow", rate: 0.05, delayMs: 50 },
      ],
    });
    const jobId = estimateAndConfirm(world.runtime, RANGE);
    const end = driveSteps(world.runtime, jobId);
    expect(end.state).toBe("done");
    expect(end.ok + end.notFound + end.failed).toBe(DISTINCT);
    expectEveryRowSettled();
    const charges = await expectNobodyChargedTwice();
    expect(end.spent).toBe([...charges.values()].reduce((a, b) => a + b, 0));
    expect(end.ok).toBe(charges.size);
    const stats = await world.control.stats();
    expect(stats.requests["/api/network/leads/by_link/"]).toBeGreaterThan(DISTINCT); // the 500s were re-sent
    // job changes: every old row had "Old title @ Old Co"
    const changed = column("Job Changed");
    expect(changed.filter((value) => value === true).length).toBeGreaterThan(DISTINCT / 2);
    expect(column("Previous Job")).toContain("Old title @ Old Co");
  });

  it("stops on insufficient funds midway, keeps what was done, and resumes after a top-up without paying twice", async () => {
    await world.control.setCredits("sandbox-demo-key", 60);
    const jobId = estimateAndConfirm(world.runtime, RANGE);
    const stopped = driveSteps(world.runtime, jobId);
    expect(stopped.state).toBe("stopped");
    expect(stopped.message?.kind).toBe("insufficient_funds");
    expect(stopped.ok).toBeLessThanOrEqual(60);
    expectEveryRowSettled();
    expect(column("Enrichment Status")).toContain("not enriched yet: out of credits; top up, then Resume");

    await world.control.setCredits("sandbox-demo-key", 1000);
    expect(rpcValue<EnrichProgress>(world.runtime, "enrichResume", { jobId }).state).toBe("running");
    const done = driveSteps(world.runtime, jobId);
    expect(done.state).toBe("done");
    expectEveryRowSettled(/^(ok|ok: .+|not found|error: .+)$/);
    const charges = await expectNobodyChargedTwice();
    expect(done.spent).toBe([...charges.values()].reduce((a, b) => a + b, 0));
  });

  it("after an execution cut off between fetch and write, reports those URLs and never re-sends them", async () => {
    const jobId = estimateAndConfirm(world.runtime, RANGE);
    // The worst moment: the second chunk is paid (fetchAll answered) but its rows are not written.
    let fetches = 0;
    expect(() =>
      world.runtime.rpc(
        "enrichStep",
        { jobId },
        {
          interrupt: (call) => {
            if (call.method === "UrlFetchApp.fetchAll") fetches += 1;
            return call.method === "Range.setValues" && fetches === 2;
          },
        },
      ),
    ).toThrow(/Exceeded maximum execution time/);
    const end = driveSteps(world.runtime, jobId);
    expect(end.state).toBe("done");
    expect(end.interrupted).toBe(40); // the chunk in flight at the cut-off
    expectEveryRowSettled();
    expect(column("Enrichment Status")).toContain(
      "interrupted: the run was cut off while this URL was being fetched, so it may have been charged; select the row and run again to retry",
    );
    const charges = await expectNobodyChargedTwice();
    // The interrupted chunk was paid once and never sent again; everything else once.
    expect(charges.size).toBe(DISTINCT);
    expect((await world.control.stats()).creditsCharged).toBe(end.spent + end.interrupted);
  });

  it("opens the Enrich tab from the menu, and plans a column the user picks outside the selection", () => {
    world.runtime.open({ authMode: "FULL" });
    world.runtime.select(SHEET, "B2");
    world.runtime.clickMenu("Enrich selected profile URLs");
    expect(rpcValue<{ focus: boolean }>(world.runtime, "enrichStartup", null).focus).toBe(true);
    expect(rpcValue<{ focus: boolean }>(world.runtime, "enrichStartup", null).focus).toBe(false);
    const preview = rpcValue<{ range: string; distinct: number; headerRow: number }>(
      world.runtime,
      "enrichPreview",
      {
        ...DEFAULT_REQUEST,
        urlColumn: 1,
      },
    );
    expect(preview).toMatchObject({ range: `A2:A${LAST_ROW}`, distinct: DISTINCT, headerRow: 1 });
  });

  it("keeps a second run apart with the document lock", () => {
    const jobId = estimateAndConfirm(world.runtime, RANGE);
    const hold = world.runtime.locks.holdExternally("document");
    const answer = world.runtime.rpc("enrichStep", { jobId }) as { ok: boolean; error?: { kind: string } };
    expect(answer).toMatchObject({ ok: false, error: { kind: "busy" } });
    hold.release();
    expect(() => estimateAndConfirm(world.runtime, RANGE)).toThrow(/unfinished/);
    expect(driveSteps(world.runtime, jobId).state).toBe("done");
  });

  it("resumes after the sidebar was closed mid-run, skipping the rows already enriched", async () => {
    const jobId = estimateAndConfirm(world.runtime, RANGE);
    // One step with a tiny budget: the sidebar then closes (no more steps).
    const first = rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId });
    const startup = rpcValue<{ job: EnrichProgress | null }>(world.runtime, "enrichStartup", null);
    expect(startup.job?.jobId).toBe(jobId);
    expect(startup.job?.state).toBe(first.state);
    const end = driveSteps(world.runtime, jobId);
    expect(end.state).toBe("done");
    expectEveryRowSettled();
    await expectNobodyChargedTwice();
  });
});
