/**
 * Issue 20, by counts (never wall time): the property calls of an Enrich step. Each store is read
 * once an execution (the document's again under the lock, where another execution's writes must
 * be seen: src/gas/job-store.ts), and the job's state is saved once a group and once at the end.
 * Also what the copies must not hide: a Pause made while the step waited for the lock, and a
 * Cancel pressed while its last group was out. Built add-on, emulated runtime, sandbox ledger;
 * the lookup path (API generation legacy).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { PATHS } from "../../src/api/wire";
import type { EnrichProgress } from "../../src/rpc/enrich";
import {
  cancelAsGroupGoesOut,
  crmRows,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  rpcValue,
  startEnrichWorld,
} from "../jobs/enrich-world";

const URLS = 200;
const GROUP = 50;
const GROUPS = URLS / GROUP;

let world: EnrichWorld;
let urls: string[];
let sheets = 0;

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { SPEND_CAP: "100000", CHUNK_SIZE: String(GROUP), API_GENERATION: "legacy" },
  });
  urls = await world.control.sampleUrls(URLS, 3_000);
});

afterAll(async () => {
  await world?.close();
});

beforeEach(async () => {
  await world.control.reset();
});

/** A new sheet of the test's URLs (no duplicates: one group of GROUP rows each), selected and confirmed. */
function newRun(rows: string[][] = crmRows(urls, 0)): { jobId: string; sheet: string } {
  sheets += 1;
  const sheet = `Calls ${sheets}`;
  world.runtime.insertSheet(sheet);
  world.runtime.setValues(sheet, "A1", rows);
  return { jobId: estimateAndConfirm(world.runtime, `A1:A${rows.length}`, undefined, sheet), sheet };
}

const calls = (...methods: string[]) =>
  methods.reduce((sum, method) => sum + (world.runtime.counters.byMethod[method] ?? 0), 0);

describe("an Enrich step's property calls", () => {
  it("one step of 4 groups: each store read once (the document's again under the lock), one state save a group and one at the end", () => {
    const { jobId } = newRun();
    world.runtime.resetCounters();
    const end = rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId });
    expect(end).toMatchObject({ state: "done", ok: URLS });
    expect(world.runtime.counters.executions).toBe(1);
    expect(calls("UrlFetchApp.fetchAll")).toBeGreaterThanOrEqual(GROUPS);
    // The document store whole before the lock (the run's owner, whether the trigger drives it,
    // the history's settings) and again under it (the job, its URL states, the history's keys);
    // the user's settings whole. 3 where main read 1 whole and 10 key by key.
    expect(calls("Properties.getProperties")).toBe(3);
    // Cancel's request once at the step's end (a fresh read: another execution writes it), and the
    // URL Fetch count before it is written (a counter other executions of the user write too). A
    // step that outlasts CANCEL_STORE_EVERY_MS reads the request once more: a slow machine's.
    expect(calls("Properties.getProperty")).toBeLessThanOrEqual(3);
    // Each group's URLs saved in flight before it is sent, and the end: no save of its own for
    // the headers the first step writes, nor a second one at the end (main: GROUPS + 3).
    expect(calls("Properties.setProperties")).toBe(GROUPS + 1);
  });

  it("a Pause made while the step waited for the lock: the step reads the job under the lock, sees it paused and sends nothing", async () => {
    const { jobId } = newRun();
    let paused = false;
    const interrupt = (call: { method: string }) => {
      // The owner's other sidebar pauses the run between the step's first read and its lock.
      if (call.method === "Lock.tryLock" && !paused) {
        paused = true;
        rpcValue(world.runtime, "enrichPause", { jobId });
      }
      return false;
    };
    const step = rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId }, { interrupt });
    expect(paused).toBe(true);
    expect(step.state).toBe("paused");
    expect(await ledgerCredits(world.control, PATHS.leadLookup)).toBe(0);
    expect(rpcValue<EnrichProgress>(world.runtime, "enrichCancel", { jobId }).state).toBe("cancelled");
  });

  it("Cancel pressed while the last group is out: the step's end reads it and ends the run cancelled", async () => {
    const { jobId } = newRun();
    const end = cancelAsGroupGoesOut(world.runtime, jobId, GROUPS);
    expect(end.state).toBe("cancelled");
    expect(end.ok).toBe(URLS);
    expect(end.charges?.charged).toBe(await ledgerCredits(world.control, PATHS.leadLookup));
    // The request is consumed: a later run is not cancelled by it.
    const next = newRun();
    expect(driveSteps(world.runtime, next.jobId).state).toBe("done");
  });
});
