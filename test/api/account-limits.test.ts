/**
 * Account limits below the spec's (PRODUCTION.md A10): a key may allow only a few parallel
 * searches (429 past them) and a few searches a day. The batch slows down on 429 and speeds up
 * again on clean answers, never charging twice; a daily limit stops the batch.
 */
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client";
import { stopsBatch } from "../../src/api/errors";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { interpret } from "../../src/api/request";
import { readLeadSearch } from "../../src/api/responses";
import type { LeadSearchRequest } from "../../src/api/wire";
import { PATHS } from "../../src/api/wire";
import { errorBody, FakeClock, json } from "./support/fakes";

const search = (i: number): LeadSearchRequest =>
  ({ company_name: `Company ${i}`, limit_by: 5 }) as LeadSearchRequest;

/** An API allowing `parallel` searches at once per key: a fetchAll of more gets 429 for the rest. */
function accountApi(clock: FakeClock, parallel: number, dailyLimit = Number.POSITIVE_INFINITY) {
  const sizes: number[] = [];
  const charged = new Map<string, number>();
  let served = 0;
  return {
    sizes,
    charged,
    fetchAll(requests: HttpRequest[]): HttpOutcome[] {
      sizes.push(requests.length);
      clock.time += 1000;
      return requests.map((request, position) => {
        if (served >= dailyLimit)
          return errorBody(429, "Daily search limit reached: this account allows 20 searches a day.");
        if (position >= parallel) return errorBody(429, "Request was throttled.");
        served += 1;
        const name = String(JSON.parse(request.payload ?? "{}").company_name);
        charged.set(name, (charged.get(name) ?? 0) + 1);
        return json(200, { leads: [{ full_name: name }], amount: -1 });
      });
    },
  };
}

describe("searches against an account limit of 5 parallel searches", () => {
  it("lowers its parallelism on 429, ramps up on clean answers, counts the throttling, and charges once", () => {
    const clock = new FakeClock();
    const http = accountApi(clock, 5);
    const client = createClient({ baseUrl: "http://sandbox", apiKey: "k", http, clock, maxTries: 8 });
    const result = client.searchLeads(
      Array.from({ length: 60 }, (_, i) => search(i)),
      { deadline: clock.now() + 3_600_000 },
    );
    expect(result.outcomes.every((o) => o?.ok)).toBe(true);
    expect([...http.charged.values()].every((n) => n === 1)).toBe(true);
    expect(http.charged.size).toBe(60);
    expect(result.throttled).toBeGreaterThan(0);
    // After the first 429s no chunk is as large again as the first one.
    expect(Math.max(...http.sizes.slice(1))).toBeLessThan(http.sizes[0]!);
    // Well under the 60 x 5 = 300 requests a fixed 50 a chunk would keep sending.
    expect(http.sizes.reduce((a, b) => a + b, 0)).toBeLessThan(150);
    // Clean chunks ramp back up: some chunk after the smallest one is larger.
    const smallest = http.sizes.indexOf(Math.min(...http.sizes));
    expect(Math.max(...http.sizes.slice(smallest))).toBeGreaterThan(http.sizes[smallest]!);
  });
});

describe("a daily search limit", () => {
  it("is its own kind: free, stops the batch, and says what to do next", () => {
    const answer = errorBody(429, "Daily search limit reached: this account allows 20 searches a day.");
    const result = interpret(PATHS.leadSearch, answer, readLeadSearch);
    expect(!result.ok && result.error).toMatchObject({ kind: "daily_limit", charged: "no" });
    expect(!result.ok && stopsBatch(result.error)).toBe(true);
    expect(!result.ok && result.error.next).toMatch(/tomorrow/);
    const as403 = interpret(
      PATHS.companySearch,
      errorBody(403, "Daily limit of searches exceeded"),
      readLeadSearch,
    );
    expect(!as403.ok && as403.error.kind).toBe("daily_limit");
    const throttle = interpret(PATHS.leadSearch, errorBody(429, "Request was throttled."), readLeadSearch);
    expect(!throttle.ok && throttle.error.kind).toBe("throttled");
  });

  it("stops the batch without retrying, the rest left unsent", () => {
    const clock = new FakeClock();
    const http = accountApi(clock, 50, 20);
    const client = createClient({ baseUrl: "http://sandbox", apiKey: "k", http, clock });
    const result = client.searchLeads(
      Array.from({ length: 60 }, (_, i) => search(i)),
      { deadline: clock.now() + 3_600_000 },
    );
    expect(result.stoppedBy?.kind).toBe("daily_limit");
    expect(result.outcomes.filter((o) => o?.ok)).toHaveLength(20);
    expect(result.outcomes.slice(50)).toEqual(Array(10).fill(null));
    expect(http.sizes).toEqual([50]);
  });
});

describe("answers close to Apps Script's 60 s ceiling", () => {
  it("sends fewer requests a chunk while chunks are slow, and never resends a timed-out one", () => {
    const clock = new FakeClock();
    const sizes: number[] = [];
    const sends = new Map<string, number>();
    const http = {
      fetchAll(requests: HttpRequest[]): HttpOutcome[] {
        sizes.push(requests.length);
        const first = sizes.length === 1;
        // The first chunk takes 45 s; one of the second times out (and fails the whole fetchAll).
        clock.time += first ? 45_000 : sizes.length === 2 ? 60_000 : 5_000;
        return requests.map((request) => {
          const name = String(JSON.parse(request.payload ?? "{}").company_name);
          sends.set(name, (sends.get(name) ?? 0) + 1);
          if (sizes.length === 2)
            return { kind: "failure", reason: "timeout", message: "Timeout", sent: true };
          return json(200, { leads: [], amount: -1 });
        });
      },
    };
    const client = createClient({ baseUrl: "http://sandbox", apiKey: "k", http, clock });
    const result = client.searchLeads(
      Array.from({ length: 100 }, (_, i) => search(i)),
      { deadline: clock.now() + 3_600_000 },
    );
    expect(sizes[0]).toBe(50);
    expect(sizes[1]).toBe(25);
    expect(sizes[2]).toBe(12);
    const timedOut = result.outcomes.filter((o) => o && !o.ok);
    expect(timedOut).toHaveLength(25);
    for (const o of timedOut)
      expect(o).toMatchObject({ ok: false, error: { kind: "timeout", charged: "maybe" } });
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
    expect(result.outcomes.every((o) => o !== null)).toBe(true);
  });

  it("says plainly that a request cut off at about 60 s may have been charged and is not resent", () => {
    const result = interpret(
      PATHS.leadLookup,
      { kind: "failure", reason: "timeout", message: "Timeout", sent: true },
      readLeadSearch,
    );
    expect(!result.ok && `${result.error.message} ${result.error.next}`).toMatch(
      /60 s.*may have been charged/,
    );
  });
});
