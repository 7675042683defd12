/**
 * Every wait of a run (a 429's backoff, the pause before a bulk job's next poll) goes through
 * here, so that a Cancel pressed meanwhile is seen within one slice rather than after the whole
 * wait: Apps Script can only block (Utilities.sleep), and Cancel is another execution that leaves
 * a request, so the waiting execution must look for it itself. Before, a backoff of up to 8 s (or
 * a poll wait of 30 s) ran out first, and a retry could still go out, and be charged, after Cancel.
 */
import type { Clock } from "./ports";

/**
 * How long the run sleeps between two looks at `stop`. A look is a cache read (3 ms in production,
 * G6; stop-request.ts reads the durable property only every few seconds), so an 8 s backoff pays
 * about 50 ms for Cancel to be seen within half a second.
 */
export const WAIT_SLICE_MS = 500;

/**
 * Sleeps `ms` on `clock`, in slices of WAIT_SLICE_MS, asking `stop` before each. Answers true when
 * `stop` said so (the rest of the wait is skipped), false once the whole wait has passed.
 */
export function waitUnless(clock: Clock, ms: number, stop?: () => boolean): boolean {
  if (!stop) {
    clock.sleep(ms);
    return false;
  }
  const end = clock.now() + ms;
  for (let left = ms; left > 0; left = end - clock.now()) {
    if (stop()) return true;
    clock.sleep(Math.min(WAIT_SLICE_MS, left));
  }
  return false;
}
