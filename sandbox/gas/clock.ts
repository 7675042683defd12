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

/**
 * The runtime's clock: the given one, made movable. A manual clock moves itself; the real clock
 * gets an offset, so the playground can jump ahead (to see a time-driven trigger run) while
 * sleeps still really wait.
 */
export function movableClock(inner: RuntimeClock): ManualClock & { readonly offsetMs: number } {
  if (isManual(inner)) return Object.assign(inner, { offsetMs: 0 });
  let offset = 0;
  return {
    now: () => inner.now() + offset,
    sleep: (ms) => inner.sleep(ms),
    advance: (ms) => {
      offset += Math.max(0, ms);
    },
    get offsetMs() {
      return offset;
    },
  };
}

function isManual(clock: RuntimeClock): clock is ManualClock {
  return typeof (clock as Partial<ManualClock>).advance === "function";
}
