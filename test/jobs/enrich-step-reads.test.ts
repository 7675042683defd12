/**
 * Issue 20: the step's end counts the run's failed rows with the URL column it read at its start
 * (its fingerprint the job's), instead of reading the column again (a getValues and a getFormulas
 * over every row in Apps Script, G6). Fakes: the grid counts its reads of the URL column.
 */
import { describe, expect, it } from "vitest";
import { confirmJob, estimateJob, stepJob } from "../../src/jobs/enrich/job";
import { DEFAULT_ENRICH_OPTIONS } from "../../src/jobs/enrich/options";
import type { GridValue } from "../../src/jobs/enrich/ports";
import { deps, errorOf, FakeClient, lead, MemoryGrid, url } from "./enrich-fakes";

/** Counts the reads of column 1 (the URL column) over every row of the run. */
class UrlReadsGrid extends MemoryGrid {
  urlColumnReads = 0;
  override read(top: number, left: number, height: number, width: number): GridValue[][] {
    if (left === 1 && width === 1 && height > 1) this.urlColumnReads += 1;
    return super.read(top, left, height, width);
  }
}

describe("the step's reads of the URL column", () => {
  it("one step that ends the run reads the column once, and still counts its failed rows", () => {
    const slugs = ["a", "gone", "b", "a", "c"];
    const grid = new UrlReadsGrid([["Profile URL", "Title"], ...slugs.map((slug) => [url(slug), ""])]);
    const d = deps(
      grid,
      new FakeClient((sent) =>
        sent.includes("/gone") ? { ok: false, error: errorOf("not_found") } : { ok: true, lead: lead("x") },
      ),
    );
    const box = { sheetId: 1, sheetName: "CRM", top: 1, left: 1, height: slugs.length + 1, width: 1 };
    const { progress } = estimateJob(d, grid, box, DEFAULT_ENRICH_OPTIONS);
    confirmJob(d, progress.jobId);
    grid.urlColumnReads = 0;
    const end = stepJob(d, progress.jobId);
    expect(end).toMatchObject({ state: "done", ok: 3, notFound: 1 });
    // Main read it twice: at the step's start and again to count the failures.
    expect(grid.urlColumnReads).toBe(1);
    expect(end.failures).toEqual([{ reason: "not found (free)", rows: 1 }]);
  });
});
