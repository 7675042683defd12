/** The shared wait (src/api/wait.ts): a Cancel pressed during a backoff is seen within one slice. */
import { describe, expect, it } from "vitest";
import { WAIT_SLICE_MS, waitUnless } from "../../src/api/wait";

function fakeClock() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}

describe("waitUnless", () => {
  it("sleeps the whole wait in slices, asking stop before each, when nothing stops it", () => {
    const clock = fakeClock();
    let asked = 0;
    const never = () => {
      asked += 1;
      return false;
    };
    expect(waitUnless(clock, 8_000, never)).toBe(false);
    expect(clock.now()).toBe(8_000);
    expect(clock.sleeps.every((ms) => ms === WAIT_SLICE_MS)).toBe(true);
    expect(asked).toBe(8_000 / WAIT_SLICE_MS);
  });

  it("ends within one slice of stop saying so, the rest of the wait skipped", () => {
    const clock = fakeClock();
    const pressedAt = 2_300;
    expect(waitUnless(clock, 8_000, () => clock.now() >= pressedAt)).toBe(true);
    expect(clock.now() - pressedAt).toBeLessThanOrEqual(WAIT_SLICE_MS);
  });

  it("without a stop, one sleep (the formulas' waits have no Cancel)", () => {
    const clock = fakeClock();
    expect(waitUnless(clock, 1_234)).toBe(false);
    expect(clock.sleeps).toEqual([1_234]);
  });

  it("a wait shorter than a slice is one sleep of its length", () => {
    const clock = fakeClock();
    waitUnless(clock, 120, () => false);
    expect(clock.sleeps).toEqual([120]);
  });
});
