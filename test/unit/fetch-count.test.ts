/** The add-on's own count of URL Fetch calls in the day's window (src/gas/fetch-count.ts, pure part). */
import { describe, expect, it } from "vitest";
import { budgetOf, countAfter, currentCount, formatCount } from "../../src/gas/fetch-count";

const T = Date.UTC(2026, 10, 23, 9, 0, 0);
const HOUR = 3600_000;

describe("daily URL Fetch count", () => {
  it("starts a window at the first call and adds every call of the next 24 hours", () => {
    let count = currentCount(null, T);
    expect(count).toEqual({ since: T, count: 0 });
    count = countAfter(count, 500, 20_000, false);
    count = currentCount(formatCount(count), T + 23 * HOUR);
    expect(countAfter(count, 2, 20_000, false)).toEqual({ since: T, count: 502 });
    expect(budgetOf(countAfter(count, 2, 20_000, false), 20_000)).toEqual({
      quota: 20_000,
      left: 19_498,
      since: T,
    });
  });

  it("starts again 24 hours after the window began, and after damaged or future values", () => {
    const saved = formatCount({ since: T, count: 19_000 });
    expect(currentCount(saved, T + 24 * HOUR)).toEqual({ since: T + 24 * HOUR, count: 0 });
    expect(currentCount("garbage", T)).toEqual({ since: T, count: 0 });
    expect(currentCount(formatCount({ since: T + HOUR, count: 5 }), T)).toEqual({ since: T, count: 0 });
  });

  it("counts the quota as used up when Apps Script refused", () => {
    const count = countAfter({ since: T, count: 120 }, 0, 20_000, true);
    expect(budgetOf(count, 20_000).left).toBe(0);
    expect(budgetOf(count, 100_000).left).toBe(80_000);
  });
});
