/**
 * Cuts an execution off (Apps Script's 6-minute limit) right after the `n`-th web request of a
 * run returns: the interrupt hook counts UrlFetchApp calls across every execution it is handed
 * to, and fires at the first service call after that one (n = 0: never). `cut()` says whether it did.
 */
import type { ServiceCall } from "../../sandbox/gas/execution";

export interface CutAfterRequest {
  interrupt: (call: ServiceCall) => boolean;
  /** Whether the execution was cut (a request that ended its execution leaves nothing to cut). */
  cut: () => boolean;
  /** Web requests (UrlFetchApp calls) seen so far. */
  requests: () => number;
}

export function cutAfterRequest(n: number): CutAfterRequest {
  let requests = 0;
  let armed = false;
  let cut = false;
  return {
    interrupt: (call) => {
      if (armed && !cut) {
        cut = true;
        return true;
      }
      if (call.method.startsWith("UrlFetchApp.")) {
        requests += 1;
        if (requests === n) armed = true;
      }
      return false;
    },
    cut: () => cut,
    requests: () => requests,
  };
}

/** The cuts a sweep makes of `requests`: each one up to `most`, else the first half and a spread of the rest. */
export function cutPoints(requests: number, most = 16): number[] {
  if (requests <= most) return Array.from({ length: requests }, (_, i) => i + 1);
  const first = Array.from({ length: most / 2 }, (_, i) => i + 1);
  const step = (requests - first.length) / (most / 2);
  const spread = Array.from({ length: most / 2 }, (_, i) => Math.round(requests - i * step));
  return [...new Set([...first, ...spread])].sort((a, b) => a - b);
}
