/** The estimate names the run's path, its cost and about how long it takes (issue 24). */
import { describe, expect, it } from "vitest";
import { runPath } from "../../src/jobs/enrich/bulk/estimate";

describe("runPath", () => {
  it("says bulk jobs, their count, the price and the fallback under auto", () => {
    const path = runPath(500, { up_to_the_second_fresh: true }, "auto");
    expect(path.kind).toBe("bulk");
    expect(path.text).toMatch(/Bulk jobs \(10 of up to 50, real-time data\): about 2 min/);
    expect(path.text).toMatch(/\$20\.00/);
    expect(path.text).toMatch(/lookups instead/);
    expect(runPath(100, {}, "current").text).toMatch(/stored data.*\$2\.00/);
  });

  it("says lookups under legacy or when an extra needs the lookup, with their much longer time", () => {
    expect(runPath(500, { up_to_the_second_fresh: true }, "legacy")).toMatchObject({
      kind: "lookups",
      text: expect.stringMatching(/setting\): about 63 min/),
    });
    expect(runPath(10, { posts: true }, "auto").text).toMatch(/extras chosen need the lookup/);
  });
});

/**
 * The web requests a run needs, against Apps Script's 20,000 a day (PRODUCTION.md G1). The estimate
 * used to count one per distinct URL on every path: 18,000 URLs through bulk jobs, which need
 * 360 submits and their polls (measured in the emulated runtime: 903 requests with the ledger's
 * pages), were said to need 18,000, and a lookup run with Work email, which needs 18,000 lookups,
 * 1,800 finder calls and 360 ledger pages (measured: 19,947 for 18,000 rows, then the day's quota
 * stopped it), was said to need 18,000 and fit.
 */
describe("runPath's web requests", () => {
  it("counts bulk jobs' submits and polls, not one request per URL", () => {
    const stored = runPath(18_000, {}, "auto").requests;
    expect(stored).toBeGreaterThanOrEqual(903);
    expect(stored).toBeLessThan(2_000);
    // Real-time jobs take longer: more polls each, still far fewer requests than URLs.
    const fresh = runPath(18_000, { up_to_the_second_fresh: true }, "auto").requests;
    expect(fresh).toBeGreaterThan(stored);
    expect(fresh).toBeLessThan(5_000);
  });

  it("counts a lookup per URL plus Work email's finder calls and the ledger's pages", () => {
    expect(runPath(18_000, {}, "legacy").requests).toBe(18_000 + 180);
    // 10 rows a finder call; the ledger then lists a lookup and an email per row.
    expect(runPath(18_000, {}, "auto", true).requests).toBe(18_000 + 1_800 + 360);
    expect(runPath(0, {}, "auto").requests).toBe(0);
  });

  it("counts the finder's calls at the Email rows per call setting, not at its default", () => {
    // 1 row a call: 18,000 finder calls. Before: counted at 10 a call (1,800), so a run that
    // needs 36,360 requests was said to need 20,160.
    expect(runPath(18_000, {}, "auto", true, undefined, false, 1).requests).toBe(18_000 + 18_000 + 360);
    expect(runPath(18_000, {}, "auto", true, undefined, false, 100).requests).toBe(18_000 + 180 + 360);
  });
});
