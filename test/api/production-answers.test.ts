/**
 * The client against the production API's documented answers (../shared/PRODUCTION.md A1-A9), as
 * bodies from a fake Http: what each one reads as, what it costs, and what is sent again.
 */
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { FakeClock, fakeHttp, json, payloadOf } from "./support/fakes";

function client(answer: (request: HttpRequest) => HttpOutcome) {
  const clock = new FakeClock();
  const http = fakeHttp(clock, answer);
  return { http, clock, api: createClient({ baseUrl: "http://api", apiKey: "k", http, clock }) };
}

/** A3: a lookup that matches no one (or a URL on another host). */
const badUrl = (url: string) =>
  json(400, { amount: 0, detail: "Bad url", input_url: url, status: "error", status_code: 400 });

describe("A3: a lookup that matches no one", () => {
  it("reads the 400 Bad url body as not found: free, final, never sent again", () => {
    const url = "https://www.network.example/in/nobody-here";
    const { http, clock, api } = client((r) => badUrl(String(payloadOf(r).url)));
    const result = api.lookupLeads([{ url }], { deadline: clock.now() + 60_000 });
    const outcome = result.outcomes[0];
    expect(outcome?.ok).toBe(false);
    if (outcome?.ok !== false) return;
    expect(outcome.error).toMatchObject({ kind: "not_found", status: 400, charged: "no" });
    expect(outcome.error.message).toMatch(/no profile/i);
    expect(result.spent).toBe(0);
    expect(result.stoppedBy).toBeNull();
    expect(http.calls.flat()).toHaveLength(1);
  });

  it("keeps any other 400 of a lookup a refused request, not a missing profile", () => {
    const { clock, api } = client(() =>
      json(400, { status: "error", status_code: 400, detail: { url: "This field is required." } }),
    );
    const result = api.lookupLeads([{ url: "https://www.network.example/in/x" }], {
      deadline: clock.now() + 60_000,
    });
    const outcome = result.outcomes[0];
    expect(outcome?.ok === false && outcome.error.kind).toBe("validation");
  });

  it("is not a missing company on a lead search: Bad url is a lookup's answer", () => {
    const { clock, api } = client(() =>
      json(400, { amount: 0, detail: "Bad url", status: "error", status_code: 400 }),
    );
    const result = api.searchLeads([{ company_link: "https://www.network.example/company/x" }], {
      deadline: clock.now() + 60_000,
    });
    const outcome = result.outcomes[0];
    expect(outcome?.ok === false && outcome.error.kind).toBe("validation");
  });
});

describe("A1: company search counts only when asked", () => {
  it("leaves results_count out when the answer has none, instead of the page's length", () => {
    const { clock, api } = client(() =>
      json(200, { amount: -2, companies: [{ name: "A" }, { name: "B" }], time_cached: null }),
    );
    const result = api.searchCompanies([{ limit_by: 2 }], { deadline: clock.now() + 60_000 });
    const outcome = result.outcomes[0];
    expect(outcome?.ok).toBe(true);
    if (!outcome?.ok) return;
    expect(outcome.value.results_count).toBeUndefined();
    expect(outcome.value.companies).toHaveLength(2);
    expect(result.spent).toBe(2);
  });

  it("reads the no-match answer {amount: 0, companies: []}: free, no count", () => {
    const { clock, api } = client(() => json(200, { amount: 0, companies: [] }));
    const result = api.searchCompanies([{ limit_by: 25, get_max_companies: true }], {
      deadline: clock.now() + 60_000,
    });
    const outcome = result.outcomes[0];
    expect(outcome?.ok && outcome.value).toMatchObject({ companies: [], amount: 0, time_cached: null });
    expect(outcome?.ok && outcome.value.results_count).toBeUndefined();
    expect(result.spent).toBe(0);
  });
});

describe("A6: a lead search with no match", () => {
  it("reads {amount: -1, leads: [], status} as no lead and no charge", () => {
    const { clock, api } = client(() =>
      json(200, { amount: -1, leads: [], status: "No leads match with input criteria" }),
    );
    const result = api.searchLeads([{ company_name: "Acme" }], { deadline: clock.now() + 60_000 });
    const outcome = result.outcomes[0];
    expect(outcome?.ok && outcome.value).toMatchObject({
      leads: [],
      status: "No leads match with input criteria",
    });
    expect(result.spent).toBe(0);
  });

  it("still counts a charged answer by its amount", () => {
    const { clock, api } = client(() =>
      json(200, { amount: -2, leads: [{ network_id: "1" }, { network_id: "2" }], status: "success" }),
    );
    expect(api.searchLeads([{ company_name: "Acme" }], { deadline: clock.now() + 60_000 }).spent).toBe(2);
  });
});

describe("A9: the balance is users/me's balance_platform", () => {
  /** Production's sample: a spendable 8,531 while the newest charge's after_balance is -2,400. */
  const production = (request: HttpRequest): HttpOutcome =>
    request.url.includes("/api/auth/users/me/")
      ? json(200, {
          balance_platform: 8531,
          blocked_balance_platform: 12,
          balance_leads_by_icp: -1719,
          max_parallel_searches: 5,
          max_searches_daily: 20,
          count_searches_completed_today: 14,
          count_searches_in_progress_today: 2,
          count_parallel_searches: 2,
        })
      : json(200, {
          count: 1,
          next: null,
          previous: null,
          limit: 1,
          max_limit: 100,
          offset: 0,
          results: [
            { id: "t", amount: -10, after_balance: -2400, status: "success", balance_type: "leads_by_icp" },
          ],
        });

  it("reads the spendable balance, what is reserved and the search limits; never the latest after_balance", () => {
    const { api, http } = client(production);
    expect(api.account()).toEqual({
      ok: true,
      value: { balance: 8531, reserved: 12, parallelSearches: 5, dailySearches: 20, searchesLeftToday: 4 },
    });
    expect(http.calls.flat().map((r) => [r.method, r.url])).toEqual([
      ["get", "http://api/api/auth/users/me/"],
    ]);
  });

  it("reads numbers sent as text, leaves out limits it is not told, and refuses an answer with no balance", () => {
    const { api } = client(() => json(200, { balance_platform: "-3", max_parallel_searches: "0" }));
    expect(api.account()).toEqual({
      ok: true,
      value: {
        balance: -3,
        reserved: 0,
        parallelSearches: null,
        dailySearches: null,
        searchesLeftToday: null,
      },
    });
    const { api: broken } = client(() => json(200, { after_balance: 10 }));
    expect(broken.account()).toMatchObject({ ok: false, error: { kind: "malformed" } });
  });
});
