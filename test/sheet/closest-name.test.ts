import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closestName, editDistance } from "../../src/sheet/closest-name";

describe("editDistance", () => {
  it("counts single-character edits", () => {
    expect(editDistance("", "")).toBe(0);
    expect(editDistance("abc", "")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("job_titel", "job_title")).toBe(2);
  });

  it("is a metric on samples", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 12 }),
        (a, b, c) => {
          expect(editDistance(a, b)).toBe(editDistance(b, a));
          expect(editDistance(a, a)).toBe(0);
          expect(editDistance(a, c)).toBeLessThanOrEqual(editDistance(a, b) + editDistance(b, c));
        },
      ),
    );
  });
});

describe("closestName", () => {
  it("picks the nearest candidate within reach", () => {
    expect(closestName("locaton", ["location", "summary"])).toBe("location");
    expect(closestName("zzz", ["location", "summary"])).toBeNull();
  });
});
