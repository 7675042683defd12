/**
 * The line under an Enrich run's progress bar. URLs "interrupted" were sent and no answer was read:
 * a cut-off execution, but also a bulk submit's 5xx or timeout, or an answer with no row left to
 * land in. The line used to call them all "interrupted by a cut-off", also after a 500 (seen in
 * the playground: a submit's 500, no cut-off anywhere).
 */
import { describe, expect, it } from "vitest";
import { outcomeCounts } from "../../sidebar/tabs/enrich/outcome-counts";
import type { EnrichProgress } from "../../src/rpc/enrich";

const progress = (change: Partial<EnrichProgress>) =>
  ({ skipped: 0, skips: [], notFound: 0, interrupted: 0, ...change }) as EnrichProgress;

describe("an Enrich run's outcome counts", () => {
  it("says what interrupted URLs are without naming a cause the run may not have met", () => {
    const line = outcomeCounts(progress({ interrupted: 12 }));
    expect(line).not.toMatch(/interrupted by a cut-off/);
    expect(line).toBe(
      "12 URLs sent with no answer read (a cut-off, a lost answer; may have been charged): see their rows' status.",
    );
  });

  it("names skipped and not found URLs as free", () => {
    const line = outcomeCounts(
      progress({ skipped: 58, skips: [{ reason: "did not fail", urls: 58 }], notFound: 2 }),
    );
    expect(line).toBe("58 URLs skipped (did not fail; free). 2 profiles not found (free). ");
  });
});
