/**
 * Issue 20, by counts: the step that ends a bulk-job run saves the job once (job.ts stepJob, with
 * its failed rows and the ledger's total), not also at the end of the bulk loop: the rows its jobs
 * paid for were saved as each job was written (bulk/settle.ts). Built add-on, emulated runtime
 * on a manual clock, API generation auto (bulk jobs, the default).
 */
import { describe, expect, it } from "vitest";
import type { EnrichProgress } from "../../src/rpc/enrich";
import { crmRows, estimateAndConfirm, rpcValue, SHEET } from "../jobs/enrich-world";
import { bulkWorld, FRESH } from "./bulk-world";

const world = bulkWorld();

describe("a bulk-job run's store writes", () => {
  it("the step that ends the run: a save for the rows its jobs paid for, and one for the end", async () => {
    const w = world();
    const urls = await w.control.sampleUrls(60, 7_000);
    w.runtime.setValues(SHEET, "A1", crmRows(urls, 0));
    const jobId = estimateAndConfirm(w.runtime, `A1:A${urls.length + 1}`, FRESH);
    let progress: EnrichProgress | null = null;
    const saves: number[] = [];
    for (let step = 0; step < 50 && progress?.state !== "done"; step += 1) {
      w.runtime.resetCounters();
      progress = rpcValue<EnrichProgress>(w.runtime, "enrichStep", { jobId });
      saves.push(w.runtime.counters.byMethod["Properties.setProperties"] ?? 0);
    }
    expect(progress).toMatchObject({ state: "done", ok: 60 });
    // The last step: its jobs' rows written and saved (settle.ts), then the run's end, saved once
    // (main saved it twice: at the bulk loop's end and in stepJob).
    expect(saves.at(-1)).toBe(2);
  });
});
