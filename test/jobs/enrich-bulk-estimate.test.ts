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
