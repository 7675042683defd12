/**
 * Per-distinct-URL state of a run, one character per URL, in the order the URLs first appear in
 * the selection. 1,800 URLs take 1.8 KB; the cursor store splits longer strings over several keys.
 */

export const URL_STATE = {
  pending: ".",
  /** Sent in the current step and not yet written: if a step starts and finds one, the execution
   * that sent it was cut off, and the answer may have been paid but was never written. */
  inFlight: "f",
  ok: "o",
  notFound: "n",
  /** An error that is final for this run (a 400, a 500 after all retries, a timeout). */
  failed: "e",
  /** Was in flight when an execution was cut off: may have been charged, never re-sent by itself. */
  interrupted: "i",
  /** Fill mode: every chosen cell of every row holding this URL already has a value; never sent. */
  skipped: "s",
  /** Submitted in a bulk job (the current generation) whose results are not written yet: polled, never resent. */
  inJob: "j",
} as const;

export type UrlState = (typeof URL_STATE)[keyof typeof URL_STATE];

export interface UrlCounts {
  total: number;
  ok: number;
  notFound: number;
  failed: number;
  interrupted: number;
  skipped: number;
  pending: number;
}

export function countStates(states: string): UrlCounts {
  const counts: UrlCounts = {
    total: states.length,
    ok: 0,
    notFound: 0,
    failed: 0,
    interrupted: 0,
    skipped: 0,
    pending: 0,
  };
  for (const state of states) {
    if (state === URL_STATE.ok) counts.ok += 1;
    else if (state === URL_STATE.notFound) counts.notFound += 1;
    else if (state === URL_STATE.failed) counts.failed += 1;
    else if (state === URL_STATE.interrupted) counts.interrupted += 1;
    else if (state === URL_STATE.skipped) counts.skipped += 1;
    else counts.pending += 1;
  }
  return counts;
}

/** Indices whose state is `state`, in order, at most `limit` of them. */
export function indicesIn(states: string, state: UrlState, limit = Number.POSITIVE_INFINITY): number[] {
  const found: number[] = [];
  for (let index = 0; index < states.length && found.length < limit; index += 1) {
    if (states[index] === state) found.push(index);
  }
  return found;
}

/** Sets `state` at every index given. */
export function withStates(states: string, indices: readonly number[], state: UrlState): string {
  if (indices.length === 0) return states;
  const chars = states.split("");
  for (const index of indices) chars[index] = state;
  return chars.join("");
}
