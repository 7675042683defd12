import { describe, expect, it } from "vitest";
import { addPeriod, freshSince } from "../../src/jobs/schedule/schedule";

const utc = (...parts: [number, number, number, number?]) =>
  Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3] ?? 0);

describe("schedule periods", () => {
  it("a week is 7 days; a month is the same day next month, or its last day", () => {
    expect(addPeriod(utc(2026, 11, 21, 10), "week")).toBe(utc(2026, 11, 28, 10));
    expect(addPeriod(utc(2026, 1, 31, 10), "month")).toBe(utc(2026, 2, 28, 10));
    expect(addPeriod(utc(2026, 12, 15), "month")).toBe(utc(2027, 1, 15));
    expect(addPeriod(utc(2026, 3, 31), "month", -1)).toBe(utc(2026, 2, 28));
  });

  it("rows refreshed within the period less a day are fresh", () => {
    expect(freshSince(utc(2026, 11, 28, 10), "week")).toBe(utc(2026, 11, 22, 10));
    expect(freshSince(utc(2026, 12, 15), "month")).toBe(utc(2026, 11, 16));
  });
});
