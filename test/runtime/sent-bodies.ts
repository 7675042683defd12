/**
 * A fetchAll for the emulated runtime that records the JSON bodies the add-on sends to one path
 * (as the sandbox receives them) and can act once after the first fetchAll of a run (a Cancel
 * arriving while the run reads the account, before its first search goes out).
 */
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";

export interface SentBodies {
  fetchAll(requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[];
  /** Every body sent to the path so far, parsed. */
  sent: Array<Record<string, unknown>>;
  /** Runs once, after the next fetchAll of any kind. */
  afterNextFetch(action: () => void): void;
  /** Forgets the bodies and any pending action. */
  clear(): void;
}

export function recordSentBodies(path: string): SentBodies {
  let action: (() => void) | null = null;
  const recorder: SentBodies = {
    sent: [],
    fetchAll(requests, options) {
      for (const request of requests) {
        if (request.url.includes(path)) {
          recorder.sent.push(JSON.parse(request.payload ?? "{}") as Record<string, unknown>);
        }
      }
      const outcomes = fetchAllSync(requests, options);
      const next = action;
      action = null;
      next?.();
      return outcomes;
    },
    afterNextFetch(next) {
      action = next;
    },
    clear() {
      recorder.sent.length = 0;
      action = null;
    },
  };
  return recorder;
}
