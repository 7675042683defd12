import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BatchPolicy, runBatch } from "../../src/api/batch";
import { chunkLimit, createClient } from "../../src/api/client";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { interpret } from "../../src/api/request";
import { readLeadLookup } from "../../src/api/responses";
import { PATHS } from "../../src/api/wire";
import { errorBody, FakeClock, fakeHttp, json, payloadOf } from "./support/fakes";

const lead = (url: string) => json(200, { lead: { input_url: url }, amount: -1 });
const urls = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ url: `https://www.network.example/in/p${i}` }));
const urlOf = (request: HttpRequest) => String(payloadOf(request).url);

function client(clock: FakeClock, http: ReturnType<typeof fakeHttp>, chunkSize?: number) {
  return createClient({
    baseUrl: "http://sandbox",
    apiKey: "k",
    http,
    clock,
    ...(chunkSize ? { chunkSize } : {}),
  });
}

describe("lookup batches", () => {
  it("never sends more than the parallel limit per call and answers in input order", () => {
    const clock = new FakeClock();
    const http = fakeHttp(clock, (r) => lead(urlOf(r)));
    const result = client(clock, http).lookupLeads(urls(1203), { deadline: clock.now() + 60_000 });
    expect(http.calls.map((c) => c.length)).toEqual([500, 500, 203]);
    expect(result.outcomes.map((o) => o?.ok && o.value.lead.input_url)).toEqual(urls(1203).map((u) => u.url));
    expect(result.spent).toBe(1203);
    expect(result.stoppedBy).toBeNull();
  });

  it("sends fresh lookups at most 4 to a fetchAll, so one 60 s timeout loses few paid answers", () => {
    const clock = new FakeClock();
    const fresh = (n: number) => urls(n).map((u) => ({ ...u, up_to_the_second_fresh: true }));
    const http = fakeHttp(clock, (r) => lead(urlOf(r)));
    const result = client(clock, http).lookupLeads(fresh(10), { deadline: clock.now() + 600_000 });
    expect(http.calls.map((c) => c.length)).toEqual([4, 4, 2]);
    expect(result.parallel).toBe(4);
    // A pace carried over from cached lookups (or an older run) does not lift it.
    const carried = fakeHttp(clock, (r) => lead(urlOf(r)));
    client(clock, carried).lookupLeads(fresh(8), { deadline: clock.now() + 600_000, startParallel: 200 });
    expect(carried.calls.map((c) => c.length)).toEqual([4, 4]);
    // Never above the user's setting; cached lookups keep the full size.
    const small = fakeHttp(clock, (r) => lead(urlOf(r)));
    client(clock, small, 3).lookupLeads(fresh(7), { deadline: clock.now() + 600_000 });
    expect(small.calls.map((c) => c.length)).toEqual([3, 3, 1]);
    const cached = fakeHttp(clock, (r) => lead(urlOf(r)));
    client(clock, cached).lookupLeads(urls(600), { deadline: clock.now() + 600_000 });
    expect(cached.calls.map((c) => c.length)).toEqual([500, 100]);
  });

  it("starts at a pace carried over from an earlier batch, never above the chunk size", () => {
    const clock = new FakeClock();
    const http = fakeHttp(clock, (r) => lead(urlOf(r)));
    client(clock, http, 100).lookupLeads(urls(100), { deadline: clock.now() + 600_000, startParallel: 40 });
    expect(http.calls.map((c) => c.length)).toEqual([40, 41, 19]);
    const capped = fakeHttp(clock, (r) => lead(urlOf(r)));
    client(clock, capped, 30).lookupLeads(urls(40), { deadline: clock.now() + 600_000, startParallel: 99 });
    expect(capped.calls.map((c) => c.length)).toEqual([30, 10]);
  });

  it("lowers the chunk size by setting, never raises it", () => {
    const clock = new FakeClock();
    const http = fakeHttp(clock, (r) => lead(urlOf(r)));
    client(clock, http, 7).lookupLeads(urls(20), { deadline: clock.now() + 60_000 });
    expect(http.calls.map((c) => c.length)).toEqual([7, 7, 6]);
    const big = fakeHttp(clock, (r) => lead(urlOf(r)));
    client(clock, big, 10_000).lookupLeads(urls(600), { deadline: clock.now() + 60_000 });
    expect(big.calls.map((c) => c.length)).toEqual([500, 100]);
  });

  it("takes chunk sizes per endpoint, capped at 20 / 50 / 500", () => {
    expect(chunkLimit("companySearch", { leadLookup: 100 })).toBe(20);
    expect(chunkLimit("leadSearch", 80)).toBe(50);
    expect(chunkLimit("leadLookup", { leadLookup: 100 })).toBe(100);
    expect(chunkLimit("leadLookup", 0)).toBe(1);
    expect(chunkLimit("leadLookup", Number.NaN)).toBe(500);
  });

  it("retries 500 and 429 with backoff 1, 2, 4, 8 s and gives up after the tries", () => {
    const clock = new FakeClock();
    const http = fakeHttp(clock, (r, attempt) => {
      const url = urlOf(r);
      if (url.endsWith("p0")) return attempt < 3 ? errorBody(500, "x") : lead(url);
      if (url.endsWith("p1")) return errorBody(429, "Request was throttled.");
      return lead(url);
    });
    const result = client(clock, http).lookupLeads(urls(3), { deadline: clock.now() + 120_000 });
    expect(result.outcomes[0]?.ok).toBe(true);
    expect(result.outcomes[1]).toMatchObject({ ok: false, error: { kind: "throttled", charged: "no" } });
    expect(result.outcomes[2]?.ok).toBe(true);
    expect(clock.sleeps).toEqual([1000, 2000, 4000, 8000]);
    const sends = (suffix: string) => http.calls.flat().filter((r) => urlOf(r).endsWith(suffix)).length;
    expect([sends("p0"), sends("p1"), sends("p2")]).toEqual([3, 5, 1]);
    // After the 429 the chunks are smaller (account limits, PRODUCTION.md A10).
    expect(http.calls.slice(1).every((call) => call.length < 3)).toBe(true);
  });

  it("does not send again what may have been charged", () => {
    const clock = new FakeClock();
    const http = fakeHttp(clock, (r, attempt) => {
      const url = urlOf(r);
      if (url.endsWith("p0")) return { kind: "failure", reason: "timeout", message: "t", sent: true };
      if (url.endsWith("p1"))
        return attempt === 1
          ? { kind: "failure", reason: "network", message: "refused", sent: false }
          : lead(url);
      if (url.endsWith("p2")) return { kind: "response", status: 200, body: "<html>" };
      return lead(url);
    });
    const result = client(clock, http).lookupLeads(urls(3), { deadline: clock.now() + 60_000 });
    expect(result.outcomes[0]).toMatchObject({ ok: false, error: { kind: "timeout", charged: "maybe" } });
    expect(result.outcomes[1]?.ok).toBe(true);
    expect(result.outcomes[2]).toMatchObject({ ok: false, error: { kind: "malformed", charged: "maybe" } });
    expect(http.calls.flat().filter((r) => urlOf(r).endsWith("p0"))).toHaveLength(1);
  });

  it.each([
    [errorBody(401, "Invalid token."), "auth"],
    [errorBody(402, "Payment required"), "insufficient_funds"],
    [errorBody(400, "Insufficient funds."), "insufficient_funds"],
  ] as const)("stops the whole batch on %o", (stop, kind) => {
    const clock = new FakeClock();
    const http = fakeHttp(clock, (r) => (urlOf(r).endsWith("p3") ? stop : lead(urlOf(r))));
    const result = client(clock, http, 2).lookupLeads(urls(8), { deadline: clock.now() + 60_000 });
    expect(result.stoppedBy?.kind).toBe(kind);
    expect(result.outcomes.map((o) => (o === null ? null : o.ok))).toEqual([
      true,
      true,
      true,
      false,
      null,
      null,
      null,
      null,
    ]);
    expect(http.calls.length).toBe(2);
  });

  it("validates before sending: a bad URL costs no request", () => {
    const clock = new FakeClock();
    const http = fakeHttp(clock, (r) => lead(urlOf(r)));
    const result = client(clock, http).lookupLeads([{ url: "not a url" }, ...urls(1)], {
      deadline: clock.now() + 1000,
    });
    expect(result.outcomes[0]).toMatchObject({ ok: false, error: { kind: "validation", charged: "no" } });
    expect(http.calls.flat()).toHaveLength(1);
  });

  it("starts no chunk that the observed latency says cannot end before the deadline", () => {
    const clock = new FakeClock();
    const http = fakeHttp(clock, (r) => lead(urlOf(r)), 1000);
    const result = client(clock, http, 10).lookupLeads(urls(100), { deadline: clock.now() + 3500 });
    // Chunks at t=0, 1000, 2000 fit (each observed to take 1000 ms); at t=3000 one would end at 4000.
    expect(http.calls.length).toBe(3);
    expect(result.outcomes.filter((o) => o !== null)).toHaveLength(30);
    expect(result.outcomes.slice(30).every((o) => o === null)).toBe(true);
  });

  it("starts no backoff sleep past the deadline, leaving the item for later", () => {
    const clock = new FakeClock();
    const http = fakeHttp(clock, () => errorBody(429, "Request was throttled."), 100);
    const result = client(clock, http).lookupLeads(urls(1), { deadline: clock.now() + 2500 });
    // Tries at 0 (sleep 1 s) and 1100 (a 2 s sleep would end at 3100 + 100 > deadline).
    expect(http.calls.length).toBe(2);
    expect(clock.sleeps).toEqual([1000]);
    expect(result.outcomes).toEqual([null]);
  });
});

describe("runBatch invariants", () => {
  type Script = Array<"ok" | "500" | "429" | "timeout" | "refused" | "401" | "402">;
  const step = fc.constantFrom<Script[number]>(
    "ok",
    "ok",
    "ok",
    "500",
    "429",
    "timeout",
    "refused",
    "401",
    "402",
  );

  function outcomeOf(kind: Script[number], index: number): HttpOutcome {
    switch (kind) {
      case "ok":
        return json(200, { lead: { input_url: String(index) }, amount: -2 });
      case "timeout":
        return { kind: "failure", reason: "timeout", message: "t", sent: true };
      case "refused":
        return { kind: "failure", reason: "network", message: "r", sent: false };
      default:
        return errorBody(Number(kind), "x");
    }
  }

  it("respects the limit, the tries, the deadline, input order and never resends a maybe-charged request", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(step, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 40_000 }),
        fc.integer({ min: 1, max: 3000 }),
        (scripts, limit, maxTries, budget, latency) => {
          const clock = new FakeClock();
          const start = clock.now();
          const deadline = start + budget;
          const sends = new Array<number>(scripts.length).fill(0);
          // Answers after which a resend would pay twice or ignore a stop.
          const final = new Set(["ok", "timeout", "401", "402"]);
          const finished = new Set<number>();
          const starts: number[] = [];
          const http = {
            fetchAll(requests: HttpRequest[]) {
              starts.push(clock.now());
              expect(requests.length).toBeLessThanOrEqual(limit);
              clock.time += latency;
              return requests.map((r) => {
                const index = Number(r.url);
                expect(finished.has(index)).toBe(false);
                const attempt = sends[index] ?? 0;
                sends[index] = attempt + 1;
                const script = scripts[index] ?? [];
                const kind = script[Math.min(attempt, script.length - 1)] ?? "ok";
                if (final.has(kind)) finished.add(index);
                return outcomeOf(kind, index);
              });
            },
          };
          const policy: BatchPolicy<{ lead: { input_url?: string }; amount: number }> = {
            limit,
            read: (o) => interpret(PATHS.leadLookup, o, readLeadLookup),
            cost: (v) => Math.abs(v.amount),
            retryServerErrors: true,
          };
          const items = scripts.map((_, i) => ({
            request: {
              url: String(i),
              method: "post" as const,
              headers: {},
              muteHttpExceptions: true as const,
            },
          }));
          const result = runBatch(http, clock, items, policy, { deadline, maxTries });
          // Deadline: after the first chunk, every chunk started when one chunk's time still fit.
          for (const at of starts.slice(1)) expect(at + latency).toBeLessThanOrEqual(deadline);
          for (const ms of clock.sleeps) expect(ms).toBeGreaterThan(0);
          let spent = 0;
          result.outcomes.forEach((outcome, i) => {
            expect(sends[i]).toBeLessThanOrEqual(maxTries);
            if (outcome?.ok) {
              expect(outcome.value.lead.input_url).toBe(String(i));
              spent += 2;
            }
            if (outcome === null && result.stoppedBy === null) expect(clock.now()).toBeGreaterThan(start);
          });
          expect(result.spent).toBe(spent);
          if (result.stoppedBy) expect(["auth", "insufficient_funds"]).toContain(result.stoppedBy.kind);
        },
      ),
    );
  });
});
