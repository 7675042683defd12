/** The lookup pace of an enrichment run carries over from step to step (issue 10, item 3). */
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client";
import type { HttpRequest } from "../../src/api/ports";
import { confirmJob, estimateJob, stepJob } from "../../src/jobs/enrich/job";
import { DEFAULT_ENRICH_OPTIONS } from "../../src/jobs/enrich/options";
import { errorBody, FakeClock, fakeHttp, json, payloadOf } from "../api/support/fakes";
import { deps, MemoryGrid, url } from "./enrich-fakes";

const slugs = Array.from({ length: 300 }, (_, i) => `p${i}`);
const urlOf = (request: HttpRequest) => String(payloadOf(request).url);

describe("enrichment pace across steps", () => {
  it("starts step 2 at the pace step 1 ended at after 429s, not at full parallelism", () => {
    const grid = MemoryGrid.fromRows([["Profile URL", "Title"], ...slugs.map((s) => [url(s), ""])]);
    const clock = new FakeClock();
    // The key's parallel budget is busy for the first call only: all of it is throttled.
    const http = fakeHttp(clock, (request) =>
      http.calls.length === 1
        ? json(429, errorBody(429, "Too many requests"))
        : json(200, { lead: { input_url: urlOf(request), full_name: "X" }, amount: -1 }),
    );
    const client = createClient({ baseUrl: "http://sandbox", apiKey: "k", http, clock, chunkSize: 100 });
    const d = deps(grid, client, {
      clock,
      settings: { chunkSize: 100, spendCap: 1000, apiGeneration: "legacy" },
      // Step 1 ends after its first 100 URLs (the 1 s backoff makes that chunk slow).
      limits: { slowChunkMs: 1000 },
    });
    const { progress } = estimateJob(
      d,
      grid,
      { sheetId: 1, sheetName: "CRM", top: 1, left: 1, height: 301, width: 1 },
      { ...DEFAULT_ENRICH_OPTIONS, extras: {} },
    );
    confirmJob(d, progress.jobId);

    stepJob(d, progress.jobId);
    const step1 = http.calls.map((call) => call.length);
    // 100 throttled, then at half pace, one more per clean chunk.
    expect(step1).toEqual([100, 50, 50]);

    stepJob(d, progress.jobId);
    expect(http.calls[step1.length]?.length).toBe(52);
  });
});
