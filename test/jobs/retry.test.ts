import { describe, expect, it } from "vitest";
import { apiError } from "../../src/api/errors";
import { confirmJob, estimateJob, stepJob } from "../../src/jobs/enrich/job";
import { DEFAULT_ENRICH_OPTIONS } from "../../src/jobs/enrich/options";
import { skipReasons } from "../../src/jobs/enrich/progress";
import { estimateRetry, retryCounts } from "../../src/jobs/retry/retry";
import { deps, errorOf, FakeClient, lead, MemoryGrid, url } from "./enrich-fakes";

const slugs = ["ok1", "flaky", "gone", "slow", "refused", "ok2", "flaky"];

function failingClient(healed: boolean) {
  return new FakeClient((sent) => {
    const slug = sent.split("/in/")[1]!;
    if (!healed && slug === "flaky") return { ok: false, error: errorOf("server") };
    if (slug === "gone") return { ok: false, error: errorOf("not_found") };
    if (!healed && slug === "slow") return { ok: false, error: errorOf("timeout", "maybe") };
    if (slug === "refused")
      return { ok: false, error: apiError("validation", { charged: "no", hint: "bad url" }) };
    return { ok: true, lead: lead(slug) };
  });
}

function firstRun() {
  const grid = MemoryGrid.fromRows([["Profile URL", "Title"], ...slugs.map((slug) => [url(slug), ""])]);
  const first = failingClient(false);
  let client = first;
  const d = deps(grid, { lookupLeads: (requests) => client.lookupLeads(requests) });
  const box = { sheetId: 1, sheetName: "CRM", top: 1, left: 1, height: slugs.length + 1, width: 1 };
  const { progress } = estimateJob(d, grid, box, { ...DEFAULT_ENRICH_OPTIONS });
  confirmJob(d, progress.jobId);
  let end = stepJob(d, progress.jobId);
  while (end.state === "running") end = stepJob(d, progress.jobId);
  expect(end).toMatchObject({ state: "done", failed: 3, notFound: 1, ok: 2 });
  const healed = failingClient(true);
  client = healed;
  return { grid, d, jobId: progress.jobId, healed };
}

function drive(d: ReturnType<typeof deps>, jobId: string) {
  confirmJob(d, jobId);
  let end = stepJob(d, jobId);
  while (end.state === "running") end = stepJob(d, jobId);
  return end;
}

describe("Retry failed rows", () => {
  it("sends only the rows that failed for a reason worth retrying, with its own estimate", () => {
    const { grid, d, jobId, healed } = firstRun();
    expect(retryCounts(d, jobId)).toEqual({ retryable: 1, maybeCharged: 1 });
    const { plan, progress } = estimateRetry(d, jobId, false);
    expect(plan.maxCredits).toBe(1);
    expect(progress).toMatchObject({ state: "planned", remaining: 1 });
    const end = drive(d, progress.jobId);
    expect(healed.sent).toEqual([url("flaky")]);
    expect(end).toMatchObject({ state: "done", ok: 1, spent: 1 });
    // Both rows of the duplicate URL are written; the other rows keep their statuses.
    expect(grid.column("enrichment_status")).toEqual([
      "ok",
      "ok",
      "not found",
      expect.stringContaining("may have been charged"),
      expect.stringContaining("did not accept"),
      "ok",
      "ok",
    ]);
  });

  it("includes the rows that may have been charged only when asked", () => {
    const { d, jobId, healed } = firstRun();
    const { progress } = estimateRetry(d, jobId, true);
    drive(d, progress.jobId);
    expect(healed.sent).toEqual([url("flaky"), url("slow")]);
  });

  it("says why each URL it does not send is skipped (not 'no empty cell to fill')", () => {
    const { d, jobId } = firstRun();
    const { progress } = estimateRetry(d, jobId, false);
    expect(progress.skipped).toBe(5);
    expect(progress.skips).toEqual([
      { reason: "did not fail", urls: 2 },
      { reason: "not found (final)", urls: 1 },
      { reason: "refused by the API (it would be refused again)", urls: 1 },
      { reason: "may have been charged (box not ticked)", urls: 1 },
    ]);
    const end = drive(d, progress.jobId);
    expect(end.skips).toEqual(progress.skips);
    expect(skipReasons(end.skips)).toBe(
      "2 did not fail, 1 not found (final), 1 refused by the API (it would be refused again), 1 may have been charged (box not ticked)",
    );
    const again = firstRun();
    expect(estimateRetry(again.d, again.jobId, true).progress.skips).toEqual([
      { reason: "did not fail", urls: 2 },
      { reason: "not found (final)", urls: 1 },
      { reason: "refused by the API (it would be refused again)", urls: 1 },
    ]);
  });

  it("a fill-mode run says its skipped URLs had no empty cell to fill", () => {
    const grid = MemoryGrid.fromRows([
      ["Profile URL", "Title", "Company", "Location", "Name"],
      [url("ok1"), "T", "C", "L", "N"],
      [url("ok2"), "", "C", "L", "N"],
    ]);
    const d = deps(grid, failingClient(true));
    const box = { sheetId: 1, sheetName: "CRM", top: 1, left: 1, height: 3, width: 1 };
    const options = {
      ...DEFAULT_ENRICH_OPTIONS,
      fields: DEFAULT_ENRICH_OPTIONS.fields.slice(0, 4),
      mode: "fill" as const,
    };
    const { progress } = estimateJob(d, grid, box, options);
    expect(progress).toMatchObject({ skipped: 1, skips: [{ reason: "no empty cell to fill", urls: 1 }] });
  });
});
