/** Apps Script's daily URL Fetch quota during an enrichment: nothing sent, so nothing lost or charged. */
import { describe, expect, it } from "vitest";
import { apiError } from "../../src/api/errors";
import { confirmJob, estimateJob, resumeJob, stepJob } from "../../src/jobs/enrich/job";
import { DEFAULT_ENRICH_OPTIONS } from "../../src/jobs/enrich/options";
import { deps, errorOf, FakeClient, MemoryGrid, url } from "./enrich-fakes";

const box = (height: number) => ({ sheetId: 1, sheetName: "CRM", top: 1, left: 1, height, width: 1 });

function runAll(d: ReturnType<typeof deps>, jobId: string) {
  let progress = stepJob(d, jobId);
  for (let i = 0; i < 50 && progress.state === "running"; i += 1) progress = stepJob(d, jobId);
  return progress;
}

describe("enrichment when the day's URL Fetch quota runs out", () => {
  it("keeps the URLs pending on the account's daily limit too, and says so", () => {
    const grid = MemoryGrid.fromRows([["Profile URL"], [url("a")], [url("b")]]);
    const client = new FakeClient(() => ({ ok: false, error: errorOf("daily_limit") }));
    const d = deps(grid, client, { settings: { chunkSize: 5, spendCap: 500 } });
    const { progress } = estimateJob(d, grid, box(3), DEFAULT_ENRICH_OPTIONS);
    confirmJob(d, progress.jobId);
    expect(runAll(d, progress.jobId)).toMatchObject({ state: "stopped", failed: 0, remaining: 2 });
    expect(grid.column("enrichment_status")).toEqual(
      Array(2).fill(expect.stringMatching(/daily limit.*tomorrow/)),
    );
  });

  it("stops with the unsent URLs pending (not failed, not maybe charged), says so, and resumes cleanly", () => {
    const slugs = ["a", "b", "c", "d", "e", "f"];
    const grid = MemoryGrid.fromRows([["Profile URL", "Title"], ...slugs.map((s) => [url(s), ""])]);
    let quotaLeft = 2;
    const client = new FakeClient((u) => {
      if (quotaLeft === 0) return { ok: false, error: errorOf("quota") };
      quotaLeft -= 1;
      return { ok: true, lead: { full_name: u, job_title: `T ${u.slice(-1)}` } as never };
    });
    const d = deps(grid, client, { settings: { chunkSize: 2, spendCap: 500 } });
    const { progress } = estimateJob(d, grid, box(7), DEFAULT_ENRICH_OPTIONS);
    confirmJob(d, progress.jobId);
    const stopped = runAll(d, progress.jobId);
    expect(stopped).toMatchObject({ state: "stopped", ok: 2, failed: 0, interrupted: 0, remaining: 4 });
    expect(stopped.message?.kind).toBe("quota");
    expect(`${stopped.message?.message} ${stopped.message?.next}`).toMatch(/nothing was (sent|charged)/i);
    expect(`${stopped.message?.next}`).toMatch(/tomorrow/);
    const statuses = grid.column("enrichment_status");
    expect(statuses.slice(2)).toEqual(Array(4).fill(expect.stringMatching(/daily limit.*Resume tomorrow/)));
    for (const status of statuses) expect(String(status)).not.toMatch(/may have been charged/);

    quotaLeft = 100;
    resumeJob(d, progress.jobId);
    expect(runAll(d, progress.jobId)).toMatchObject({ state: "done", ok: 6, failed: 0 });
    const paid = client.sent.filter((sent, i) => i < 2 || !client.sent.slice(0, i).includes(sent) || i >= 4);
    expect(new Set(paid).size).toBe(6);
    expect(grid.column("enrichment_status").every((s) => s === "ok")).toBe(true);
  });
});

describe("a lookup cut off at Apps Script's 60 s", () => {
  it("says plainly in its row that it may have been charged, and Resume does not send it again", () => {
    const grid = MemoryGrid.fromRows([["Profile URL"], [url("a")], [url("b")]]);
    const timeout = apiError("timeout", { charged: "maybe", hint: "Timeout: https://api.example" });
    const client = new FakeClient((u) =>
      u.endsWith("/a") ? { ok: false, error: timeout } : { ok: true, lead: { full_name: "B" } as never },
    );
    const d = deps(grid, client);
    const { progress } = estimateJob(d, grid, box(3), DEFAULT_ENRICH_OPTIONS);
    confirmJob(d, progress.jobId);
    expect(runAll(d, progress.jobId)).toMatchObject({ state: "done", ok: 1, failed: 1 });
    const status = String(grid.column("enrichment_status")[0]);
    expect(status).toMatch(
      /^error: The API did not answer within about 60 s .* may have been charged; it is not sent again by itself/,
    );
    expect(status.match(/may have been charged/g)).toHaveLength(1);
    expect(client.sent.filter((u) => u.endsWith("/a"))).toHaveLength(1);
  });
});

describe("a step that met 429s", () => {
  it("says 'throttled: slowing down' in the progress of that step only", () => {
    const grid = MemoryGrid.fromRows([["Profile URL"], [url("a")], [url("b")], [url("c")]]);
    const inner = new FakeClient();
    let throttled = 3;
    const client = {
      lookupLeads: (...args: Parameters<FakeClient["lookupLeads"]>) => {
        // A slow chunk (5 s) ends the step after it, so each step is one chunk.
        d.clock.time += 5000;
        const batch = { ...inner.lookupLeads(...args), throttled };
        throttled = 0;
        return batch;
      },
    };
    const d = deps(grid, client, {
      settings: { chunkSize: 1, spendCap: 500 },
      limits: { slowChunkMs: 2000 },
    });
    const { progress } = estimateJob(d, grid, box(4), DEFAULT_ENRICH_OPTIONS);
    confirmJob(d, progress.jobId);
    expect(stepJob(d, progress.jobId)).toMatchObject({ state: "running", throttled: true });
    expect(stepJob(d, progress.jobId)).toMatchObject({ throttled: false });
  });
});
