/**
 * awaitOthers (in-flight.ts): a cell whose URLs another cell is fetching at the same moment waits
 * for that cell's answers in the shared cache instead of paying for them twice.
 */
import { describe, expect, it } from "vitest";
import { awaitOthers, CUSTOM_FUNCTION_LIMIT_MS } from "../../src/jobs/lookup/in-flight";

const START = Date.UTC(2026, 10, 25, 9);

/** A clock that sleeps by moving, and a cache whose entries change as time passes. */
function world(
  timeline: (elapsed: number) => { answers: Map<string, string>; inFlight: Map<string, number> },
) {
  let now = START;
  let reads = 0;
  return {
    deps: {
      now: () => now,
      deadline: START + 25_000,
      sleep: (ms: number) => {
        now += ms;
      },
    },
    read: (_keys: string[]) => {
      reads++;
      return timeline(now - START);
    },
    reads: () => reads,
    elapsed: () => now - START,
  };
}

describe("awaitOthers", () => {
  it("returns the other cell's answers as soon as they are in the cache", () => {
    const w = world((elapsed) =>
      elapsed < 3_000
        ? {
            answers: new Map(),
            inFlight: new Map([
              ["a", START],
              ["b", START],
            ]),
          }
        : {
            answers: new Map([
              ["a", "lead a"],
              ["b", "lead b"],
            ]),
            inFlight: new Map(),
          },
    );
    expect(awaitOthers(["a", "b"], w.read, w.deps)).toEqual(
      new Map([
        ["a", "lead a"],
        ["b", "lead b"],
      ]),
    );
    expect(w.elapsed()).toBe(3_000);
  });

  it("stops waiting when the other cell cleared its marker without an answer, or lost its answer", () => {
    const cleared = world(() => ({ answers: new Map(), inFlight: new Map() }));
    expect(awaitOthers(["a"], cleared.read, cleared.deps).size).toBe(0);
    expect(cleared.reads()).toBe(1);
    const lost = world(() => ({
      answers: new Map(),
      inFlight: new Map([["a", START - CUSTOM_FUNCTION_LIMIT_MS - 1]]),
    }));
    expect(awaitOthers(["a"], lost.read, lost.deps).size).toBe(0);
    expect(lost.reads()).toBe(1);
  });

  it("gives up before its own deadline, and does not wait at all without a sleep", () => {
    const never = world(() => ({ answers: new Map(), inFlight: new Map([["a", START + 20_000]]) }));
    expect(awaitOthers(["a"], never.read, never.deps).size).toBe(0);
    expect(never.elapsed()).toBeLessThanOrEqual(25_000);
    const { sleep: _, ...noSleep } = never.deps;
    expect(awaitOthers(["a"], never.read, noSleep).size).toBe(0);
  });
});
