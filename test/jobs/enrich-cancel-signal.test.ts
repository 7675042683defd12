/**
 * Issue 20 with issue 23.1: a step checks Cancel before every group, and a store (property) read
 * costs about 30 ms in production (G6), so the check reads the document cache (3 ms) instead,
 * and the store only at the first check and then every CANCEL_STORE_EVERY_MS. Cancel still stops
 * within one group; a cache that lost the request still stops the step within those seconds.
 */
import { describe, expect, it } from "vitest";
import { CANCEL_STORE_EVERY_MS } from "../../src/jobs/enrich/cancel";
import { cancelJob, confirmJob, estimateJob, stepJob } from "../../src/jobs/enrich/job";
import { DEFAULT_ENRICH_OPTIONS } from "../../src/jobs/enrich/options";
import type { CancelSignal } from "../../src/jobs/enrich/ports";
import { deps, FakeClient, lead, MemoryGrid, MemoryStore, url } from "./enrich-fakes";

const CANCEL_KEY = "enrich.cancel";

class CountingStore extends MemoryStore {
  cancelReads = 0;
  override get(key: string): string | null {
    if (key === CANCEL_KEY) this.cancelReads += 1;
    return super.get(key);
  }
}

class MapSignal implements CancelSignal {
  readonly data = new Map<string, string>();
  reads = 0;
  constructor(private readonly keeps = true) {}
  get(key: string): string | null {
    this.reads += 1;
    return this.data.get(key) ?? null;
  }
  put(key: string, value: string): void {
    if (this.keeps) this.data.set(key, value);
  }
}

/** 10 URLs, one a group; Cancel pressed as URL `cancelAt` is sent; each URL takes `msEach`. */
function run(signal: MapSignal | undefined, cancelAt: number, msEach: number) {
  const slugs = Array.from({ length: 10 }, (_, i) => `p${i}`);
  const grid = MemoryGrid.fromRows([["Profile URL", "Title"], ...slugs.map((s) => [url(s), ""])]);
  const store = new CountingStore();
  let d: ReturnType<typeof deps>;
  let jobId = "";
  const client = new FakeClient((sent, index) => {
    d.clock.sleep(msEach);
    if (index === cancelAt) cancelJob(d, jobId);
    return { ok: true, lead: lead(sent.split("/in/")[1]!) };
  });
  d = deps(grid, client, {
    store,
    ...(signal ? { cancelSignal: signal } : {}),
    settings: { chunkSize: 1, spendCap: 500 },
    limits: { lockWaitMs: 0 },
  });
  const estimate = estimateJob(
    d,
    grid,
    { sheetId: 1, sheetName: "CRM", top: 1, left: 1, height: 11, width: 1 },
    // Cached data: every group stays in the one step (fresh runs answer after a second).
    { ...DEFAULT_ENRICH_OPTIONS, fields: ["job_title"], extras: {} },
  );
  jobId = estimate.progress.jobId;
  confirmJob(d, jobId);
  store.cancelReads = 0;
  const end = stepJob(d, jobId);
  return { end, sent: client.sent.length, store };
}

describe("Cancel's check before every group", () => {
  it("reads the fast signal, not the store, and still stops within one group", () => {
    const signal = new MapSignal();
    const { end, sent, store } = run(signal, 2, 10);
    expect(end.state).toBe("cancelled");
    // Pressed while the third group was out: that group is written, nothing after it is sent.
    expect(sent).toBe(3);
    // The step's first check and the one at its end (job.ts) read the store; the check before
    // each group reads the signal (this fake client makes no check of its own before sending).
    expect(store.cancelReads).toBe(2);
    expect(signal.reads).toBe(4);
  });

  it("without a signal, reads the store before every group, as before", () => {
    const { end, sent, store } = run(undefined, 2, 10);
    expect(end.state).toBe("cancelled");
    expect(sent).toBe(3);
    // Before each of the 4 groups (the 4th check sees it), and at the step's end.
    expect(store.cancelReads).toBe(5);
  });

  it("a signal that lost the request: the store, read every few seconds, stops the step", () => {
    const msEach = CANCEL_STORE_EVERY_MS / 2.5;
    const { end, sent } = run(new MapSignal(false), 0, msEach);
    expect(end.state).toBe("cancelled");
    // Checks at 0 s (store), 2 s and 4 s (signal only), 6 s (store: the request is seen).
    expect(sent).toBe(3);
  });
});
