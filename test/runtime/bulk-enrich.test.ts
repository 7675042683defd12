/**
 * Enrich through the current generation's bulk jobs (PRODUCTION.md A19, issue 24) in the emulated
 * Apps Script runtime over the built add-on, against the sandbox: jobs of 50, nothing looked up
 * one by one, every row settled, nobody charged twice, the reported spend equal to the ledger; an
 * execution cut off between the submit and the saving of its job ids, or between polls, neither
 * submits again nor loses a row; a 403 falls back to lookups under `auto` and stops under
 * `current`; Cancel stops submitting and still writes the jobs already paid.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/clock";
import { PATHS } from "../../src/api/wire";
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

const DISTINCT = 110;
const DUPLICATES = 8;
const NOBODY = ["https://www.network.example/in/nobody-zz-1", "https://www.network.example/in/nobody-zz-2"];
const LAST_ROW = 1 + DISTINCT + NOBODY.length + DUPLICATES;
const RANGE = `A1:A${LAST_ROW}`;
const SETTLED = /^(ok|ok: .+|not found|interrupted: .+)$/;

let world: EnrichWorld;
/** Fresh data on, the add-on's default: real-time bulk jobs. */
const FRESH = { options: { ...DEFAULT_REQUEST.options, extras: { up_to_the_second_fresh: true } } };

function column(name: string): unknown[] {
  const header = world.runtime.getValues(SHEET, "A1:Z1")[0]!;
  const index = header.indexOf(name);
  expect(index, `column ${name}`).toBeGreaterThanOrEqual(0);
  return world.runtime.getValues(SHEET, `A2:Z${LAST_ROW}`).map((row) => row[index]);
}

async function requests(path: string): Promise<number> {
  return (await world.control.stats()).requests[path] ?? 0;
}

async function expectNobodyChargedTwice(): Promise<number> {
  const charges = await chargesPerPerson(world.control);
  expect([...charges].filter(([, count]) => count > 1)).toEqual([]);
  return [...charges.values()].reduce((sum, n) => sum + n, 0);
}

/** Steps the run once, cut off (the 6-minute limit) as its second fetchAll is about to go out. */
function stepCutAtSecondFetch(jobId: string): void {
  expect(() =>
    world.runtime.rpc(
      "enrichStep",
      { jobId },
      { interrupt: (call) => call.method === "UrlFetchApp.fetchAll" && call.count === 2 },
    ),
  ).toThrow(/Exceeded maximum execution time/);
}

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { SPEND_CAP: "5000" },
    clock: manualClock(Date.UTC(2026, 10, 21, 9, 0, 0)),
  });
});
afterAll(async () => {
  await world?.close();
});
beforeEach(async () => {
  await world.control.reset();
  const urls = await world.control.sampleUrls(DISTINCT, 0);
  world.runtime.properties.document.clear();
  world.runtime.setValues(
    SHEET,
    "A1",
    crmRows([...urls, ...NOBODY], DUPLICATES).map((row) => [...row, "", "", "", "", "", "", ""]),
  );
  world.runtime.properties.user().setAll({ API_GENERATION: "auto" });
});

describe("Enrich through bulk jobs", () => {
  it("submits jobs of 50 at once, looks nothing up one by one, settles every row, charges each person once", async () => {
    const jobId = estimateAndConfirm(world.runtime, RANGE, FRESH);
    const done = driveSteps(world.runtime, jobId);
    expect(done).toMatchObject({
      state: "done",
      ok: DISTINCT,
      notFound: NOBODY.length,
      failed: 0,
      interrupted: 0,
    });
    for (const status of column("Enrichment Status"))
      expect(String(status)).toMatch(/^(ok|ok: .+|not found)$/);
    const titles = column("Title").filter((_, row) =>
      String(column("Enrichment Status")[row]).startsWith("ok"),
    );
    expect(titles.every((title) => String(title) !== "")).toBe(true);
    expect(await requests(PATHS.bulkEnrichDatabase)).toBe(0);
    expect(await requests(PATHS.bulkEnrichRealtime)).toBe(Math.ceil((DISTINCT + NOBODY.length) / 50));
    expect(await requests(PATHS.leadLookup)).toBe(0);
    const charged = await expectNobodyChargedTwice();
    expect(charged).toBe(DISTINCT);
    expect(done.spent).toBe(charged);
  });

  for (const noteKept of [true, false]) {
    it(`after a cut-off between the submit and the saving of its job ids, never submits again; ${noteKept ? "writes the rows from the jobs its note names" : "without the note (evicted), reports the rows"}`, async () => {
      const jobId = estimateAndConfirm(world.runtime, RANGE, FRESH);
      let submitted = false;
      expect(() =>
        world.runtime.rpc(
          "enrichStep",
          { jobId },
          {
            interrupt: (call) => {
              if (call.method === "UrlFetchApp.fetchAll") submitted = true;
              return submitted && call.method.startsWith("Properties.set");
            },
          },
        ),
      ).toThrow(/Exceeded maximum execution time/);
      const jobs = await requests(PATHS.bulkEnrichRealtime);
      expect(jobs).toBe(Math.ceil((DISTINCT + NOBODY.length) / 50));
      // The job ids went to the document cache before the store (bulk/submit.ts), which may drop them.
      if (!noteKept) world.runtime.caches.dropEarly(1);
      const end = driveSteps(world.runtime, jobId);
      expect(end.state).toBe("done");
      expect(await requests(PATHS.bulkEnrichRealtime)).toBe(jobs);
      if (noteKept) {
        // The jobs are polled and written like any other: nothing paid is lost.
        expect(end).toMatchObject({ interrupted: 0, ok: DISTINCT, notFound: NOBODY.length });
      } else {
        // Every URL of that submit may be paid by its job: interrupted, told so, never submitted again.
        expect(end.interrupted).toBe(DISTINCT + NOBODY.length);
      }
      for (const status of column("Enrichment Status")) expect(String(status)).toMatch(SETTLED);
      const charged = await expectNobodyChargedTwice();
      expect(charged).toBe(DISTINCT);
      expect((await world.control.stats()).creditsCharged).toBe(noteKept ? end.spent : end.spent + DISTINCT);
    });
  }

  it("after a cut-off between two submits (one job a request), the job sent is polled and the jobs not sent are submitted once, never reported as may have been charged", async () => {
    const jobId = estimateAndConfirm(world.runtime, RANGE, FRESH);
    // Cut off as the second submit is about to go out: the first job was made, the others not.
    stepCutAtSecondFetch(jobId);
    expect(await requests(PATHS.bulkEnrichRealtime)).toBe(1);
    const end = driveSteps(world.runtime, jobId);
    // Before: all 112 URLs "interrupted" (may have been charged), 62 of them never sent.
    expect(end).toMatchObject({ state: "done", ok: DISTINCT, notFound: NOBODY.length, interrupted: 0 });
    expect(end.maybeCharged).toBe(0);
    expect(await requests(PATHS.bulkEnrichRealtime)).toBe(Math.ceil((DISTINCT + NOBODY.length) / 50));
    const charged = await expectNobodyChargedTwice();
    expect(end.spent).toBe(charged);
  });

  it("after a cut-off between polls, resumes by polling and writes every row, submitting nothing twice", async () => {
    // 5 leads at a time, 40 ms each: the jobs are still running at the first polls.
    await world.control.configure({ bulkWorkers: 5, latencyMs: { [PATHS.leadLookup]: 40 } });
    const jobId = estimateAndConfirm(world.runtime, RANGE, FRESH);
    // The first step submits and hands the progress back ("N URLs in bulk jobs").
    expect(rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId }).inJobs).toBe(
      DISTINCT + NOBODY.length,
    );
    // The second polls at once (still running), waits, and is cut off at its second poll.
    stepCutAtSecondFetch(jobId);
    const jobs = await requests(PATHS.bulkEnrichRealtime);
    const end = driveSteps(world.runtime, jobId, 2_000);
    expect(end).toMatchObject({ state: "done", ok: DISTINCT, notFound: NOBODY.length, interrupted: 0 });
    expect(await requests(PATHS.bulkEnrichRealtime)).toBe(jobs);
    const charged = await expectNobodyChargedTwice();
    expect(end.spent).toBe(charged);
  });

  it("Cancel stops submitting; the jobs already submitted are polled and written, then the run ends", async () => {
    await world.control.configure({ bulkWorkers: 5, latencyMs: { [PATHS.leadLookup]: 40 } });
    world.runtime.properties.user().setAll({ API_GENERATION: "auto", SPEND_CAP: "5000" });
    const jobId = estimateAndConfirm(world.runtime, RANGE, FRESH);
    const first = rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId });
    expect(first.state).toBe("running");
    const cancelling = rpcValue<EnrichProgress>(world.runtime, "enrichCancel", { jobId });
    expect(cancelling.message?.message).toMatch(/paid as they complete/);
    const end = driveSteps(world.runtime, jobId, 2_000);
    expect(end.state).toBe("cancelled");
    const charged = await expectNobodyChargedTwice();
    expect(end.spent).toBe(charged);
    expect(end.ok).toBe(charged);
    expect(
      column("Enrichment Status").filter((s) => String(s).startsWith("ok")).length,
    ).toBeGreaterThanOrEqual(charged);
  });

  it("under auto, a plan not entitled (403) falls back to lookups and says so once", async () => {
    await world.control.configure({ bulkEntitled: false });
    const jobId = estimateAndConfirm(world.runtime, RANGE, FRESH);
    const first = rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId });
    expect(first.message).toMatchObject({ kind: "fallback" });
    const end = driveSteps(world.runtime, jobId);
    expect(end).toMatchObject({ state: "done", ok: DISTINCT, notFound: NOBODY.length });
    // The one refused submit (one a fetchAll: the refusal stops the others), then every URL looked up.
    expect(await requests(PATHS.bulkEnrichRealtime)).toBe(1);
    expect(await requests(PATHS.leadLookup)).toBe(DISTINCT + NOBODY.length);
    expect(end.spent).toBe(await expectNobodyChargedTwice());
  });

  it("under current, a plan not entitled stops the run, nothing charged", async () => {
    await world.control.configure({ bulkEntitled: false });
    world.runtime.properties.user().setAll({ API_GENERATION: "current" });
    const jobId = estimateAndConfirm(world.runtime, RANGE, FRESH);
    const end = driveSteps(world.runtime, jobId);
    expect(end).toMatchObject({ state: "stopped", message: { kind: "forbidden" } });
    expect(await requests(PATHS.leadLookup)).toBe(0);
    expect((await world.control.stats()).creditsCharged).toBe(0);
  });
});
