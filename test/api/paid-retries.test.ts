/**
 * What may be sent again, and what may not: only an answer that proves nothing was charged (the
 * API's own 500 body on a lookup, a free endpoint, a throttle, an unsent failure, the platform's
 * daily quota) is retried or left pending; everything else after a paid call may have cost credits.
 */
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client";
import { stopsBatch } from "../../src/api/errors";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { interpret } from "../../src/api/request";
import { readCompanySearch, readLeadLookup, readTransactions } from "../../src/api/responses";
import { PATHS } from "../../src/api/wire";
import { errorBody, FakeClock, fakeHttp, json, payloadOf } from "./support/fakes";

const lead = (url: string) => json(200, { lead: { input_url: url }, amount: -1 });
const urls = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ url: `https://www.network.example/in/p${i}` }));
const urlOf = (request: HttpRequest) => String(payloadOf(request).url);
const gateway = (status: number): HttpOutcome => ({
  kind: "response",
  status,
  body: `<html><body>${status} Gateway error</body></html>`,
});

function client(clock: FakeClock, http: ReturnType<typeof fakeHttp>) {
  return createClient({ baseUrl: "http://sandbox", apiKey: "k", http, clock });
}

describe("a server error after a paid call", () => {
  it.each([
    ["the API's own 500 body", "no", errorBody(500, "Internal server error. Please send the request again.")],
    [
      "a 500 without the API's body",
      "maybe",
      { kind: "response", status: 500, body: "Internal Server Error" },
    ],
    ["a gateway 502", "maybe", gateway(502)],
    ["a gateway 503", "maybe", gateway(503)],
    ["a gateway 504", "maybe", gateway(504)],
    ["a 503 with the API's body", "maybe", errorBody(503, "unavailable")],
  ] as const)("on a lookup: %s is charged %s", (_name, charged, outcome) => {
    const result = interpret(PATHS.leadLookup, outcome as HttpOutcome, readLeadLookup);
    expect(!result.ok && result.error).toMatchObject({ kind: "server", charged });
  });

  it("on a search: any 5xx may have been charged", () => {
    for (const outcome of [errorBody(500, "x"), gateway(502), gateway(504)]) {
      const result = interpret(PATHS.companySearch, outcome, readCompanySearch);
      expect(!result.ok && result.error).toMatchObject({ kind: "server", charged: "maybe" });
    }
  });

  it("on the free transaction list: never charged", () => {
    const result = interpret(PATHS.transactions, gateway(502), readTransactions);
    expect(!result.ok && result.error).toMatchObject({ kind: "server", charged: "no" });
  });

  it("re-sends a lookup only after the API's own 500, never after a 502/503/504 or a bare 500", () => {
    const clock = new FakeClock();
    const http = fakeHttp(clock, (r, attempt) => {
      const url = urlOf(r);
      if (attempt > 1) return lead(url);
      if (url.endsWith("p0")) return errorBody(500, "Internal server error. Please send the request again.");
      if (url.endsWith("p1")) return gateway(502);
      if (url.endsWith("p2")) return gateway(504);
      if (url.endsWith("p3")) return { kind: "response", status: 500, body: "<html>500</html>" };
      return lead(url);
    });
    const result = client(clock, http).lookupLeads(urls(5), { deadline: clock.now() + 120_000 });
    expect(result.outcomes[0]?.ok).toBe(true);
    for (const index of [1, 2, 3]) {
      expect(result.outcomes[index]).toMatchObject({
        ok: false,
        error: { kind: "server", charged: "maybe" },
      });
    }
    expect(result.outcomes[4]?.ok).toBe(true);
    const sends = (suffix: string) => http.calls.flat().filter((r) => urlOf(r).endsWith(suffix)).length;
    expect([sends("p0"), sends("p1"), sends("p2"), sends("p3"), sends("p4")]).toEqual([2, 1, 1, 1, 1]);
  });

  it("retries the free transaction pages after a gateway error", () => {
    const clock = new FakeClock();
    let pageCalls = 0;
    const http = fakeHttp(clock, (r) => {
      const offset = new URL(r.url).searchParams.get("offset");
      const page = (from: number) =>
        json(200, {
          count: 200,
          results: Array.from({ length: 100 }, (_, i) => ({ id: from + i, after_balance: 1 })),
          next: null,
          previous: null,
          limit: 100,
          max_limit: 100,
          offset: from,
        });
      if (offset === null) return page(0);
      pageCalls += 1;
      return pageCalls === 1 ? gateway(503) : page(Number(offset));
    });
    const all = client(clock, http).listAllTransactions({}, { deadline: clock.now() + 120_000 });
    expect(all.complete).toBe(true);
    expect(all.results).toHaveLength(200);
  });
});

describe("Apps Script's daily URL Fetch quota", () => {
  const quota: HttpOutcome = {
    kind: "failure",
    reason: "quota",
    message: "Service invoked too many times for one day: urlfetch.",
    sent: false,
  };

  it("is a failure that sent nothing and stops the batch, leaving the rest unsent", () => {
    const result = interpret(PATHS.leadLookup, quota, readLeadLookup);
    expect(!result.ok && result.error).toMatchObject({ kind: "quota", charged: "no" });
    expect(!result.ok && stopsBatch(result.error)).toBe(true);

    const clock = new FakeClock();
    const http = fakeHttp(clock, (r) => (http.calls.length >= 2 ? quota : lead(urlOf(r))));
    const batch = createClient({
      baseUrl: "http://sandbox",
      apiKey: "k",
      http,
      clock,
      chunkSize: 2,
    }).lookupLeads(urls(6), { deadline: clock.now() + 60_000 });
    expect(batch.stoppedBy?.kind).toBe("quota");
    expect(http.calls).toHaveLength(2);
    expect(batch.outcomes.slice(0, 2).every((o) => o?.ok)).toBe(true);
    expect(batch.outcomes.slice(2, 4)).toMatchObject([
      { ok: false, error: { kind: "quota", charged: "no" } },
      { ok: false, error: { kind: "quota", charged: "no" } },
    ]);
    expect(batch.outcomes.slice(4)).toEqual([null, null]);
  });
});
