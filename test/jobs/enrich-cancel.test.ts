/**
 * Issue 12.11: Cancel while a step is fetching. The requests already sent will be charged; Cancel
 * says so at once (with what they may cost) instead of waiting for the lock or failing "busy", the
 * step stops before its next chunk, and the run ends with a summary of what was done and spent.
 */
import { describe, expect, it } from "vitest";
import { cancelJob, confirmJob, estimateJob, stepJob } from "../../src/jobs/enrich/job";
import type { EnrichProgress } from "../../src/jobs/enrich/job-types";
import { DEFAULT_ENRICH_OPTIONS } from "../../src/jobs/enrich/options";
import { deps, FakeClient, lead, MemoryGrid, url } from "./enrich-fakes";

describe("Cancel during a step", () => {
  it("says what the requests in flight may cost, stops after them, and ends with a summary", () => {
    const slugs = Array.from({ length: 9 }, (_, i) => `p${i}`);
    const grid = MemoryGrid.fromRows([["Profile URL", "Title"], ...slugs.map((s) => [url(s), ""])]);
    let d: ReturnType<typeof deps>;
    let jobId = "";
    let stopping: EnrichProgress | null = null;
    const client = new FakeClient((sent, index) => {
      // The user presses Cancel while the first chunk is out (the step holds the lock).
      if (index === 0) stopping = cancelJob(d, jobId);
      return { ok: true, lead: lead(sent.split("/in/")[1]!) };
    });
    d = deps(grid, client, {
      settings: { chunkSize: 3, spendCap: 500 },
      limits: { lockWaitMs: 0 },
    });
    const estimate = estimateJob(
      d,
      grid,
      { sheetId: 1, sheetName: "CRM", top: 1, left: 1, height: 10, width: 1 },
      {
        ...DEFAULT_ENRICH_OPTIONS,
        fields: ["job_title"],
        extras: { up_to_the_second_fresh: true, posts: true },
      },
    );
    jobId = estimate.progress.jobId;
    confirmJob(d, jobId);
    const end = stepJob(d, jobId);

    expect(stopping).not.toBeNull();
    expect(stopping!.message).toMatchObject({
      kind: "cancelling",
      message:
        "Stopping after the requests already sent (3 URLs, up to 6 credits): they cannot be called back.",
    });
    expect(client.sent).toHaveLength(3);
    expect(end.state).toBe("cancelled");
    // The fake API charges 1 a lookup: the summary reports what was charged, not the estimate.
    expect(end.message?.message).toBe("Cancelled: 3 URLs enriched, 6 URLs not reached; 3 credits spent.");
    expect(grid.column("Title").slice(0, 4)).toEqual(["Title p0", "Title p1", "Title p2", ""]);
    // The run is over: nothing more is sent.
    expect(stepJob(d, jobId).state).toBe("cancelled");
    expect(client.sent).toHaveLength(3);
  });

  it("between steps, cancels at once with the summary", () => {
    const grid = MemoryGrid.fromRows([["Profile URL"], [url("a")], [url("b")]]);
    const d = deps(grid, new FakeClient(), {
      settings: { chunkSize: 1, spendCap: 500 },
      limits: { slowChunkMs: -1 },
    });
    const { progress } = estimateJob(
      d,
      grid,
      { sheetId: 1, sheetName: "CRM", top: 1, left: 1, height: 3, width: 1 },
      {
        ...DEFAULT_ENRICH_OPTIONS,
        fields: ["full_name"],
      },
    );
    confirmJob(d, progress.jobId);
    stepJob(d, progress.jobId);
    const end = cancelJob(d, progress.jobId);
    expect(end).toMatchObject({ state: "cancelled", spent: 1 });
    expect(end.message?.message).toBe("Cancelled: 1 URL enriched, 1 URL not reached; 1 credit spent.");
  });
});

describe("Fresh data: a step hands the client one group at a time (issue 23.1)", () => {
  it("with 9 s answers, the first step answers after the first group of 4, not after every URL", () => {
    const slugs = Array.from({ length: 40 }, (_, i) => `p${i}`);
    const grid = MemoryGrid.fromRows([["Profile URL", "Title"], ...slugs.map((s) => [url(s), ""])]);
    let d: ReturnType<typeof deps>;
    const client = new FakeClient((sent) => {
      d.clock.time += 9_000 / 4; // a group of 4 fresh lookups answers in about 9 s
      return { ok: true, lead: lead(sent.split("/in/")[1]!) };
    });
    d = deps(grid, client, { settings: { chunkSize: 500, spendCap: 500 } });
    const estimate = estimateJob(
      d,
      grid,
      { sheetId: 1, sheetName: "CRM", top: 1, left: 1, height: 41, width: 1 },
      { ...DEFAULT_ENRICH_OPTIONS, fields: ["job_title"], extras: { up_to_the_second_fresh: true } },
    );
    confirmJob(d, estimate.progress.jobId);
    const first = stepJob(d, estimate.progress.jobId);
    // The progress moves after each group: the sidebar shows 4 of 40 after about 9 s.
    expect(first).toMatchObject({ state: "running", ok: 4, remaining: 36 });
    expect(client.batches).toBe(1);
  });
});
