/** Client integration support: the sandbox on a thread, the blocking Node Http, a fast clock. */

import { createNodeHttp } from "../../../sandbox/sync-http";
import { type Client, type ClientConfig, createClient } from "../../../src/api/client";
import type { Clock } from "../../../src/api/ports";

export const DEMO_KEY = "sandbox-demo-key";
export const EMPTY_KEY = "sandbox-empty-key";

/**
 * Real time, except that backoff sleeps return at once and move `now` forward instead, so retry
 * tests do not wait 1 + 2 + 4 + 8 s. The batch only sees the Clock port, so this is still the
 * whole schedule it would follow in Apps Script.
 */
export function skippingClock(): Clock & { slept: number[] } {
  let skipped = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => Date.now() + skipped,
    sleep: (ms) => {
      slept.push(ms);
      skipped += ms;
    },
  };
}

export function sandboxClient(url: string, overrides: Partial<ClientConfig> = {}): Client {
  return createClient({
    baseUrl: url,
    apiKey: DEMO_KEY,
    http: createNodeHttp({ timeoutMs: 20_000 }),
    clock: skippingClock(),
    ...overrides,
  });
}
