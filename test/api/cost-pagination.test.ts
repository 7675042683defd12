import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client";
import {
  estimateCompanySearchCost,
  estimateCompanySearchesCost,
  estimateLeadSearchCost,
  estimateLookupCost,
} from "../../src/api/cost";
import { companyPageRequests } from "../../src/api/pagination";
import { validateCompanySearch } from "../../src/api/validate";
import { FakeClock, fakeHttp, json } from "./support/fakes";

describe("cost estimates", () => {
  it("lookup: one per URL plus one per paid option", () => {
    expect(estimateLookupCost(10)).toBe(10);
    expect(
      estimateLookupCost(10, {
        posts: true,
        comments: true,
        people_also_viewed: true,
        up_to_the_second_fresh: true,
      }),
    ).toBe(40);
    expect(estimateLookupCost(3, { inexact_company: true, get_full_experience: true })).toBe(3);
  });

  it("company search: up to the limit within the first 1600, never below the refine answer's 3", () => {
    expect(estimateCompanySearchCost({ limit_by: 25 })).toBe(25);
    expect(estimateCompanySearchCost({})).toBe(1600);
    expect(estimateCompanySearchCost({ offset_by: 1500, limit_by: 500 })).toBe(100);
    expect(estimateCompanySearchCost({ limit_by: 2 })).toBe(3);
  });

  it("lead search: up to the limit, else 2500 or 2400 by target", () => {
    expect(estimateLeadSearchCost({ company_name: "Acme", limit_by: 10 })).toBe(10);
    expect(estimateLeadSearchCost({ company_name: "Acme" })).toBe(2500);
    expect(estimateLeadSearchCost({ without_company: true })).toBe(2400);
  });
});

describe("company pages", () => {
  it("pages with limit_by/offset_by as the spec's example, every page valid", () => {
    expect(
      companyPageRequests({ headcounts: ["1-10"] }, 75, 25).map((p) => [p.offset_by, p.limit_by]),
    ).toEqual([
      [0, 25],
      [25, 25],
      [50, 25],
    ]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1598 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 2000 }),
        (offset, total, size) => {
          const pages = companyPageRequests({ offset_by: offset }, total, size);
          for (const page of pages) expect(validateCompanySearch(page)).toEqual([]);
          const covered = pages.reduce((sum, p) => sum + (p.limit_by ?? 0), 0);
          const wanted = Math.min(total, 1600 - offset);
          expect(covered).toBeGreaterThanOrEqual(wanted);
          expect(covered).toBeLessThanOrEqual(wanted + 1);
          expect(estimateCompanySearchesCost(pages)).toBeGreaterThanOrEqual(wanted);
        },
      ),
    );
  });
});

describe("transactions", () => {
  const record = (i: number) => ({ id: String(i), amount: -1, after_balance: 1000 - i });

  it("lists the first page, then the rest in parallel", () => {
    const clock = new FakeClock();
    const http = fakeHttp(clock, (request) => {
      const query = new URLSearchParams(request.url.split("?")[1]);
      const offset = Number(query.get("offset") ?? 0);
      const limit = Number(query.get("limit") ?? 10);
      const results = Array.from({ length: Math.max(0, Math.min(limit, 45 - offset)) }, (_, i) =>
        record(offset + i),
      );
      return json(200, { count: 45, next: null, previous: null, limit, max_limit: 100, offset, results });
    });
    const client = createClient({ baseUrl: "http://s", apiKey: "k", http, clock });
    const all = client.listAllTransactions(
      { limit: "10", status__exact: "success" },
      { deadline: clock.now() + 60_000 },
    );
    expect(all.complete).toBe(true);
    expect(all.results.map((r) => r.id)).toEqual(Array.from({ length: 45 }, (_, i) => String(i)));
    expect(http.calls.map((c) => c.length)).toEqual([1, 4]);
    expect(http.calls[1]?.[0]?.url).toContain("status__exact=success");
  });

  /** A ledger of `total` rows that pages at most `maxLimit` at a time, whatever is asked. */
  const ledgerAnswer = (total: number, maxLimit: number) => (request: { url: string }) => {
    const query = new URLSearchParams(request.url.split("?")[1]);
    const offset = Number(query.get("offset") ?? 0);
    const limit = Math.min(maxLimit, Number(query.get("limit") ?? 10));
    const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
      record(offset + i),
    );
    return json(200, {
      count: total,
      next: null,
      previous: null,
      limit,
      max_limit: maxLimit,
      offset,
      results,
    });
  };
  const ledgerHttp = (clock: FakeClock, total: number, maxLimit: number) =>
    fakeHttp(clock, ledgerAnswer(total, maxLimit));
  const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i));

  it("asks for the pages a caller expects with the first: one fetchAll for a run's charges", () => {
    const clock = new FakeClock();
    const http = ledgerHttp(clock, 1800, 100);
    const client = createClient({ baseUrl: "http://s", apiKey: "k", http, clock });
    const all = client.listAllTransactions({}, { deadline: clock.now() + 60_000, expectedRows: 1800 });
    expect(all.complete).toBe(true);
    expect(all.results.map((r) => r.id)).toEqual(ids(1800));
    expect(http.calls.map((c) => c.length)).toEqual([18]);
  });

  it("reads every row once when the API pages smaller than asked, or the guess was wrong", () => {
    for (const [total, maxLimit, expectedRows] of [
      [45, 4, 45],
      [45, 100, 10],
      [45, 10, 500],
      [0, 10, 30],
    ] as const) {
      const clock = new FakeClock();
      const http = ledgerHttp(clock, total, maxLimit);
      const client = createClient({ baseUrl: "http://s", apiKey: "k", http, clock });
      const all = client.listAllTransactions(
        { limit: "10" },
        { deadline: clock.now() + 60_000, expectedRows },
      );
      expect(all.complete).toBe(true);
      expect(all.count).toBe(total);
      expect(all.results.map((r) => r.id)).toEqual(ids(total));
      expect(http.calls.length).toBeLessThanOrEqual(2);
    }
  });

  it("reads a page that failed once again, and says complete only when every row was read", () => {
    const clock = new FakeClock();
    const answer = ledgerAnswer(45, 10);
    const http = fakeHttp(clock, (request, attempt) =>
      request.url.includes("offset=20") && attempt === 1 ? json(500, { detail: "boom" }) : answer(request),
    );
    const client = createClient({ baseUrl: "http://s", apiKey: "k", http, clock });
    const all = client.listAllTransactions(
      { limit: "10" },
      { deadline: clock.now() + 60_000, expectedRows: 45 },
    );
    expect(all.results.map((r) => r.id)).toEqual(ids(45));
    expect(all.complete).toBe(true);
    expect(all.error).toBeNull();
  });

  it("a list whose time ran out before its pages went says why, never an incomplete list without an error", () => {
    const clock = new FakeClock();
    const http = ledgerHttp(clock, 45, 10);
    const client = createClient({ baseUrl: "http://s", apiKey: "k", http, clock });
    const all = client.listAllTransactions({ limit: "10" }, { deadline: clock.now() - 1, expectedRows: 45 });
    expect(all.complete).toBe(false);
    expect(all.error?.kind).toBe("timeout");
    expect(http.calls).toHaveLength(0);
  });

  it("asks for no page after an empty or complete first page", () => {
    for (const total of [0, 7]) {
      const clock = new FakeClock();
      const http = ledgerHttp(clock, total, 100);
      const client = createClient({ baseUrl: "http://s", apiKey: "k", http, clock });
      const all = client.listAllTransactions({ limit: "100" }, { deadline: clock.now() + 60_000 });
      expect(all.results).toHaveLength(total);
      expect(all.complete).toBe(true);
      expect(http.calls).toHaveLength(1);
    }
  });

  it("refuses a bad filter before sending", () => {
    const clock = new FakeClock();
    const http = fakeHttp(clock, () => json(200, {}));
    const result = createClient({ baseUrl: "http://s", apiKey: "k", http, clock }).listTransactions({
      amount__near: "1",
    });
    expect(!result.ok && result.error.kind).toBe("validation");
    expect(http.calls).toHaveLength(0);
  });
});
