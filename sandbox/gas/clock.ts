/**
 * Time for the emulated services. Real time by default (benchmarks measure it); tests may inject
 * a manual clock so that sleeps, cache expiry and deadlines advance without waiting.
 */

export interface RuntimeClock {
  /** Epoch milliseconds. */
  now(): number;
  /** Blocks the calling thread (Utilities.sleep, lock waits). */
  sleep(ms: number): void;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Wall-clock time; sleep really blocks the thread, as Utilities.sleep blocks an execution. */
export const realClock: RuntimeClock = {
  now: () => Date.now(),
  sleep: (ms) => {
    if (ms > 0) Atomics.wait(sleeper, 0, 0, ms);
  },
};

/** A clock that only moves when told to (or when something sleeps on it). */
export interface ManualClock extends RuntimeClock {
  advance(ms: number): void;
}

export function manualClock(start = Date.UTC(2026, 0, 1)): ManualClock {
  let now = start;
  return {
    now: () => now,
    sleep: (ms) => {
      now += Math.max(0, ms);
    },
    advance: (ms) => {
      now += ms;
    },
  };
}
