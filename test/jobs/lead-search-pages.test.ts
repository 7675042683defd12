/** Issue 10.4: a lead search past the safe page size goes out as pages, so each request ends in time. */
import { describe, expect, it } from "vitest";
import { apiError } from "../../src/api/errors";
import type { Lead, LeadSearchRequest, LeadSearchResponse } from "../../src/api/wire";
import { LEAD_PAGE_SIZE } from "../../src/jobs/lead-search/pages";
import { type LeadSearchClient, runLeadSearches } from "../../src/jobs/lead-search/run";
import { MemoryGrid } from "./enrich-fakes";

const lead = (company: string, n: number): Lead =>
  ({
    network_id: `${company}-${n}`,
    network_url: `https://www.network.example/in/${company}-${n}`,
    full_name: `${company} ${n}`,
    company_name: company,
  }) as Lead;

/** An API with `matches[company]` leads per company: answers each page from its offset and limit. */
function pagedApi(
  matches: Record<string, number>,
): LeadSearchClient & { sent: LeadSearchRequest[]; calls: number[] } {
  const sent: LeadSearchRequest[] = [];
  const calls: number[] = [];
  return {
    sent,
    calls,
    searchLeads(requests) {
      calls.push(requests.length);
      sent.push(...requests);
      const outcomes = requests.map((request) => {
        const company = request.company_name!;
        const from = request.offset_by ?? 0;
        const to = Math.min(matches[company]!, from + (request.limit_by ?? 25));
        const leads = Array.from({ length: Math.max(0, to - from) }, (_, i) => lead(company, from + i));
        const value: LeadSearchResponse = {
          leads,
          amount: -leads.length,
          status: "success",
        } as LeadSearchResponse;
        return { ok: true as const, value };
      });
      return { outcomes, stoppedBy: null, spent: 0 };
    },
  };
}

const run = (client: LeadSearchClient, requests: LeadSearchRequest[], grid = MemoryGrid.fromRows([])) =>
  runLeadSearches(
    { client, grid, chunkSize: 50, deadline: Number.POSITIVE_INFINITY },
    requests.map((request) => ({ label: request.company_name!, request })),
  );

describe("lead search pages (issue 10.4)", () => {
  it("the safe page size finishes in time by the production model (at most 250)", () => {
    expect(LEAD_PAGE_SIZE).toBeGreaterThanOrEqual(25);
    expect(LEAD_PAGE_SIZE).toBeLessThanOrEqual(250);
  });

  it("a limit of 600 goes out as pages of at most the safe size, offsets 0, N, 2N, never past 600", () => {
    const api = pagedApi({ Acme: 10_000 });
    const grid = MemoryGrid.fromRows([]);
    const summary = run(api, [{ company_name: "Acme", limit_by: 600 }], grid);
    expect(api.sent.length).toBe(Math.ceil(600 / LEAD_PAGE_SIZE));
    for (const request of api.sent) expect(request.limit_by).toBeLessThanOrEqual(LEAD_PAGE_SIZE);
    expect(api.sent.map((r) => r.offset_by ?? 0)).toEqual(api.sent.map((_, i) => i * LEAD_PAGE_SIZE));
    expect(api.sent.reduce((sum, r) => sum + r.limit_by!, 0)).toBe(600);
    // One search in the report, its pages combined in order.
    expect(summary.searches).toHaveLength(1);
    expect(summary.searches[0]).toMatchObject({
      label: "Acme",
      state: "ok",
      leads: 600,
      written: 600,
      spent: 600,
    });
    expect(summary.spent).toBe(600);
    expect(grid.column("full_name")).toEqual(Array.from({ length: 600 }, (_, i) => `Acme ${i}`));
    // Full: Next page starts past the 600 just fetched.
    expect(summary.nextOffset).toBe(600);
  });

  it("a short page stops that company's paging; others go on; the user's offset is the base", () => {
    const api = pagedApi({ Small: LEAD_PAGE_SIZE + 7, Big: 10_000 });
    const summary = run(api, [
      { company_name: "Small", limit_by: 600 },
      { company_name: "Big", limit_by: 600, offset_by: 50 },
    ]);
    const small = api.sent.filter((r) => r.company_name === "Small");
    expect(small.map((r) => r.offset_by ?? 0)).toEqual([0, LEAD_PAGE_SIZE]);
    const big = api.sent.filter((r) => r.company_name === "Big");
    expect(big.map((r) => r.offset_by)).toEqual(big.map((_, i) => 50 + i * LEAD_PAGE_SIZE));
    expect(big.reduce((sum, r) => sum + r.limit_by!, 0)).toBe(600);
    expect(summary.searches.map((s) => s.leads)).toEqual([LEAD_PAGE_SIZE + 7, 600]);
    expect(summary.spent).toBe(LEAD_PAGE_SIZE + 7 + 600);
    expect(summary.nextOffset).toBe(650);
  });

  it("a search without limit_by goes out as pages too, up to the target's cap (2,500)", () => {
    const api = pagedApi({ Acme: 2 * LEAD_PAGE_SIZE + 50, Huge: 100_000 });
    const summary = run(api, [{ company_name: "Acme" }, { company_name: "Huge" }]);
    for (const request of api.sent) expect(request.limit_by).toBeLessThanOrEqual(LEAD_PAGE_SIZE);
    const acme = api.sent.filter((r) => r.company_name === "Acme");
    expect(acme.map((r) => r.offset_by ?? 0)).toEqual([0, LEAD_PAGE_SIZE, 2 * LEAD_PAGE_SIZE]);
    const huge = api.sent.filter((r) => r.company_name === "Huge");
    expect(huge.reduce((sum, r) => sum + r.limit_by!, 0)).toBe(2500);
    expect(summary.searches.map((s) => s.leads)).toEqual([2 * LEAD_PAGE_SIZE + 50, 2500]);
  });

  it("a limit within the page size is one request, as before", () => {
    const api = pagedApi({ Acme: 10_000 });
    run(api, [{ company_name: "Acme", limit_by: LEAD_PAGE_SIZE }]);
    expect(api.sent).toEqual([{ company_name: "Acme", limit_by: LEAD_PAGE_SIZE }]);
  });

  it("a later page that fails keeps what the earlier pages paid for, and sends no more pages", () => {
    const api = pagedApi({ Acme: 10_000 });
    const failing: LeadSearchClient = {
      searchLeads(requests, options) {
        if ((requests[0]!.offset_by ?? 0) === 0) return api.searchLeads(requests, options);
        const error = {
          kind: "payment",
          status: 402,
          message: "Out of credits.",
          next: "Top up.",
          charged: "no",
        };
        return {
          outcomes: requests.map(() => ({ ok: false as const, error })),
          stoppedBy: error,
          spent: 0,
        } as ReturnType<LeadSearchClient["searchLeads"]>;
      },
    };
    const summary = run(failing, [{ company_name: "Acme", limit_by: 600 }]);
    expect(summary.searches[0]).toMatchObject({
      state: "failed",
      leads: LEAD_PAGE_SIZE,
      spent: LEAD_PAGE_SIZE,
    });
    expect(summary.spent).toBe(LEAD_PAGE_SIZE);
    expect(summary.stoppedBy?.kind).toBe("payment");
    expect(summary.nextOffset).toBeNull();
  });

  it("a daily limit mid-run: a search whose next page was never sent is not reported done", () => {
    const api = pagedApi({ A: 10_000, B: 10_000, C: 10_000 });
    let answered = 0;
    const dailyLimit = apiError("daily_limit", { status: 429, charged: "no" });
    // The account allows 4 searches today; the fifth and later are refused, and the batch stops.
    const limited: LeadSearchClient = {
      searchLeads(requests, options) {
        const allowed = Math.max(0, 4 - answered);
        answered += Math.min(allowed, requests.length);
        const served = api.searchLeads(requests.slice(0, allowed), options).outcomes;
        const refused = requests.slice(allowed).map(() => ({ ok: false as const, error: dailyLimit }));
        return {
          outcomes: [...served, ...refused],
          stoppedBy: refused.length > 0 ? dailyLimit : null,
          spent: 0,
        };
      },
    };
    const requests = ["A", "B", "C"].map((company) => ({
      company_name: company,
      limit_by: 2 * LEAD_PAGE_SIZE,
    }));
    // Two searches per fetchAll: [A1, B1], [C1], then [A2, B2]: B2 refused, so C2 is never sent.
    const summary = runLeadSearches(
      { client: limited, grid: MemoryGrid.fromRows([]), chunkSize: 2, deadline: Number.POSITIVE_INFINITY },
      requests.map((request) => ({ label: request.company_name, request })),
    );
    expect(summary.stoppedBy?.kind).toBe("daily_limit");
    expect(summary.searches.map((s) => [s.label, s.state, s.leads, s.error?.kind])).toEqual([
      ["A", "ok", 2 * LEAD_PAGE_SIZE, undefined],
      ["B", "failed", LEAD_PAGE_SIZE, "daily_limit"],
      ["C", "failed", LEAD_PAGE_SIZE, "daily_limit"],
    ]);
    expect(summary.spent).toBe(4 * LEAD_PAGE_SIZE);
    expect(summary.written).toBe(4 * LEAD_PAGE_SIZE);
  });

  it("time running out mid-run: a search whose next page was not sent is not reported done", () => {
    const api = pagedApi({ A: 10_000, B: 10_000 });
    // The batch sends the first pages, then its deadline has passed: later pages are not sent.
    let calls = 0;
    const timed: LeadSearchClient = {
      searchLeads(requests, options) {
        calls += 1;
        if (calls === 1) return api.searchLeads(requests, options);
        return { outcomes: requests.map(() => null), stoppedBy: null, spent: 0 };
      },
    };
    const requests = ["A", "B"].map((company) => ({ company_name: company, limit_by: 2 * LEAD_PAGE_SIZE }));
    const summary = runLeadSearches(
      { client: timed, grid: MemoryGrid.fromRows([]), chunkSize: 50, deadline: Number.POSITIVE_INFINITY },
      requests.map((request) => ({ label: request.company_name, request })),
    );
    expect(summary.stoppedBy).toBeNull();
    expect(summary.searches.map((s) => [s.label, s.state, s.leads, s.error?.kind])).toEqual([
      ["A", "failed", LEAD_PAGE_SIZE, "time"],
      ["B", "failed", LEAD_PAGE_SIZE, "time"],
    ]);
    expect(summary.searches[0]!.error?.next).toMatch(/none is paid twice/);
    expect(summary.written).toBe(2 * LEAD_PAGE_SIZE);
  });
});
