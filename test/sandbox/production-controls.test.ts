/**
 * The controls that reproduce PRODUCTION.md's inferred facts and per-account values over HTTP:
 * out of funds (A8), balances and negative balances (A9), account limits (A10), ledger statuses
 * (A11), and the production latency model (A4), each under both readings.
 */
import { describe, expect, it, vi } from "vitest";
import { modelLatency } from "../../sandbox/api/latency-model.ts";
import { DEMO_KEY, EMPTY_KEY, PATHS, useSandbox } from "./support.ts";

let clock = Date.UTC(2026, 10, 21, 12);
const api = useSandbox({ now: () => clock });

const GIANT = 1_000_254;

describe("out of funds (A8)", () => {
  it("answers 402 Insufficient funds by default, and the newer 400 variant by the control", async () => {
    const [url] = await api.control.sampleUrls(1);
    const first = await api.post(PATHS.lookup, { url }, { key: EMPTY_KEY });
    expect(first.status).toBe(402);
    expect(first.body).toEqual({
      status: "error",
      status_code: 402,
      detail: "Insufficient funds in the account.",
    });
    await api.control.configure({ insufficientFundsStatus: 400 });
    const second = await api.post(PATHS.lookup, { url }, { key: EMPTY_KEY });
    expect(second.status).toBe(400);
    expect(String(second.body.detail)).toMatch(/insufficient funds/i);
    const forced = await api.post(
      PATHS.lookup,
      { url },
      { headers: { "X-Sandbox-Fault": "insufficient_funds" } },
    );
    expect(forced.status).toBe(400);
    expect((await api.control.stats()).creditsCharged).toBe(0);
  });
});

describe("negative balances (A9, inferred)", () => {
  it("off: a request the balance cannot pay in full is refused; on: served while the balance is above 0", async () => {
    await api.control.setCredits(EMPTY_KEY, 3);
    const body = { company_id: GIANT, limit_by: 10 };
    expect((await api.post(PATHS.leads, body, { key: EMPTY_KEY })).status).toBe(402);
    await api.control.configure({ negativeBalance: true });
    const served = await api.post<{ amount: number }>(PATHS.leads, body, { key: EMPTY_KEY });
    expect(served.status).toBe(200);
    expect(served.body.amount).toBe(-10);
    expect(await api.balance(EMPTY_KEY)).toBe(-7);
    // At or below 0 nothing more is served.
    expect((await api.post(PATHS.leads, body, { key: EMPTY_KEY })).status).toBe(402);
  });
});

describe("account limits (A10)", () => {
  it("accountParallel: searches of one key past the limit in flight answer 429; lookups are not searches", async () => {
    await api.control.configure({ accountParallel: 2, latencyMs: 300 });
    const [url] = await api.control.sampleUrls(1);
    const answers = await Promise.all([
      api.post(PATHS.leads, { company_id: GIANT, limit_by: 1 }),
      api.post(PATHS.companies, { keywords: ["conformance"], limit_by: 2 }),
      api.post(PATHS.leads, { company_id: GIANT, limit_by: 1 }),
      api.post(PATHS.lookup, { url }),
      api.post(PATHS.lookup, { url }),
      api.post(PATHS.lookup, { url }),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.slice(0, 3).sort()).toEqual([200, 200, 429]);
    expect(statuses.slice(3)).toEqual([200, 200, 200]);
    const throttled = answers.find((a) => a.status === 429)!;
    expect(throttled.body).toMatchObject({ status: "error", status_code: 429 });
    expect(String(throttled.body.detail)).toMatch(/2 parallel searches/);
    // Another key has its own limit.
    await api.control.setCredits("other-key", 100);
    expect(
      (await api.post(PATHS.leads, { company_id: GIANT, limit_by: 1 }, { key: "other-key" })).status,
    ).toBe(200);
  });

  it("dailySearches: past N searches a UTC day answer 429 (or the configured status), free, until the next day", async () => {
    await api.control.configure({ dailySearches: 2 });
    const search = () => api.post(PATHS.leads, { company_id: GIANT, limit_by: 1 });
    expect((await search()).status).toBe(200);
    expect((await api.post(PATHS.leads, { company_id: 1, limit_by: 1 })).status).toBe(404); // not served: not counted
    expect((await api.post(PATHS.companies, { keywords: ["conformance"], limit_by: 2 })).status).toBe(200);
    const refused = await search();
    expect(refused.status).toBe(429);
    expect(String(refused.body.detail)).toMatch(/daily search limit/i);
    const [url] = await api.control.sampleUrls(1);
    expect((await api.post(PATHS.lookup, { url })).status).toBe(200);
    await api.control.configure({ dailyLimitStatus: 403 });
    expect((await search()).status).toBe(403);
    const charged = (await api.control.stats()).creditsCharged;
    clock += 86_400_000;
    expect((await search()).status).toBe(200);
    expect((await api.control.stats()).creditsCharged).toBe(charged + 1);
  });
});

describe("account limits counted when a search is accepted (A10)", () => {
  const search = (i: number) => api.post(PATHS.leads, { company_id: GIANT, limit_by: 1, offset_by: i });

  it("dailySearches: of 30 searches sent at once against 20 a day, 20 are served and 10 refused, free", async () => {
    await api.control.configure({ dailySearches: 20, latencyMs: 300 });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => search(i)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.status === 429))
      expect(String(refused.body.detail)).toMatch(/daily search limit/i);
    expect((await api.control.stats()).creditsCharged).toBe(20);
    // The refused ones did not count: still refused today, and the next day has its 20 again.
    expect((await search(0)).status).toBe(429);
    clock += 86_400_000;
    const tomorrow = await Promise.all(Array.from({ length: 21 }, (_, i) => search(i)));
    expect(tomorrow.filter((a) => a.status === 200)).toHaveLength(20);
  });

  it("dailySearches: a search in flight holds its place; one that ends unserved gives it back", async () => {
    await api.control.configure({ dailySearches: 2 });
    const slow = { headers: { "X-Sandbox-Fault": "slow", "X-Sandbox-Delay-Ms": "1000" } };
    // An unknown company (404, not served) and a served search, both in flight, fill the day's 2 ...
    const unknown = api.post(PATHS.leads, { company_id: 1, limit_by: 1 }, slow);
    const served = api.post(PATHS.leads, { company_id: GIANT, limit_by: 1 }, slow);
    await vi.waitFor(() => expect(api.sandbox.state.inFlightByPath.get(PATHS.leads)).toBe(2));
    // ... so a third sent meanwhile is refused,
    expect((await search(1)).status).toBe(429);
    expect((await unknown).status).toBe(404);
    expect((await served).status).toBe(200);
    // and once the 404 has ended, its place is free again: one more, then none.
    expect((await search(2)).status).toBe(200);
    expect((await search(3)).status).toBe(429);
  });

  it("accountParallel: of 30 searches sent at once against 5 in flight, 5 are served and 25 throttled", async () => {
    await api.control.configure({ accountParallel: 5, latencyMs: 300 });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => search(i)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(25);
    expect((await api.control.stats()).creditsCharged).toBe(5);
    // Throttled searches used none of the day: of 25 a day, 5 are used, 20 more are served.
    await api.control.configure({ accountParallel: null, dailySearches: 25 });
    const more = await Promise.all(Array.from({ length: 21 }, (_, i) => search(i)));
    expect(more.filter((a) => a.status === 200)).toHaveLength(20);
  });
});

describe("ledger statuses (A11)", () => {
  type Row = { status: string; amount: number; after_balance: number; balance_type: string };
  const list = async (query = "") =>
    (await api.get<{ count: number; results: Row[] }>(`${PATHS.transactions}?limit=5${query}`)).body;
  const me = async () =>
    (await api.get<{ balance_platform: number; blocked_balance_platform: number }>(PATHS.account)).body;

  it("a paid request in flight is a pending reservation that turns success with its charge", async () => {
    const [url] = await api.control.sampleUrls(1);
    const slow = api.post(
      PATHS.lookup,
      { url, posts: true },
      { headers: { "X-Sandbox-Fault": "slow", "X-Sandbox-Delay-Ms": "400" } },
    );
    await vi.waitFor(async () => expect((await list()).results[0]!.status).toBe("pending"), { interval: 20 });
    expect((await list()).results[0]).toMatchObject({
      status: "pending",
      amount: -2,
      balance_type: "leads_by_link",
    });
    // Reserved: not spendable while in flight, not yet spent.
    expect(await me()).toMatchObject({ balance_platform: 9_998, blocked_balance_platform: 2 });
    expect((await api.control.stats()).creditsCharged).toBe(0);
    expect((await slow).status).toBe(200);
    expect((await list()).results[0]).toMatchObject({ status: "success", amount: -2 });
    expect(await me()).toMatchObject({ balance_platform: 9_998, blocked_balance_platform: 0 });
  });

  it("a search reserves its limit_by and is charged what it returned; a refused request leaves no record", async () => {
    const slow = api.post(
      PATHS.leads,
      { company_id: GIANT, limit_by: 30 },
      { headers: { "X-Sandbox-Fault": "slow", "X-Sandbox-Delay-Ms": "400" } },
    );
    await vi.waitFor(async () => expect((await list()).results[0]!.status).toBe("pending"), { interval: 20 });
    expect((await list()).results[0]).toMatchObject({ amount: -30, balance_type: "leads_by_icp" });
    expect((await slow).status).toBe(200);
    expect((await list()).results[0]).toMatchObject({ status: "success", amount: -30 });
    const before = (await list()).count;
    expect((await api.post(PATHS.leads, { company_id: GIANT, limit_by: 5, personas: "x" })).status).toBe(400);
    expect((await list()).count).toBe(before);
  });

  it("a paid request that fails after acceptance leaves an error record, reversed; pendingMs keeps a charge pending a while", async () => {
    const [url] = await api.control.sampleUrls(1);
    await api.control.configure({ lookupErrorRate: 1 });
    expect((await api.post(PATHS.lookup, { url, comments: true })).status).toBe(500);
    expect((await list()).results[0]).toMatchObject({ status: "error", amount: -2 });
    expect(await api.balance()).toBe(10_000);
    expect((await list("&status__exact=error")).count).toBe(1);
    await api.control.configure({ lookupErrorRate: 0, pendingMs: 1_000 });
    await api.post(PATHS.lookup, { url });
    expect((await list()).results[0]).toMatchObject({ status: "pending", amount: -1 });
    clock += 1_500;
    expect((await list()).results[0]!.status).toBe("success");
  });

  it("off (the spec's reading): every record is success, written when charged", async () => {
    await api.control.configure({ ledgerStatuses: false, lookupErrorRate: 1 });
    const [url] = await api.control.sampleUrls(1);
    expect((await api.post(PATHS.lookup, { url })).status).toBe(500);
    await api.control.configure({ lookupErrorRate: 0 });
    await api.post(PATHS.lookup, { url });
    expect((await list()).results.map((t) => t.status)).toEqual(Array(5).fill("success"));
    expect((await list("&status__exact=error")).count).toBe(0);
  });

  it("a status filter value it cannot read is dropped, not refused; the spec's reading matches nothing", async () => {
    const all = (await list()).count;
    const unreadable = await api.get<{ count: number }>(`${PATHS.transactions}?status__exact=Succes`);
    expect(unreadable.status).toBe(200);
    expect(unreadable.body.count).toBe(all);
    await api.control.configure({ statusFilter: "exact" });
    expect((await list("&status__exact=Succes")).count).toBe(0);
  });

  it("a date or number it cannot read is refused by default; dropped, not refused, under the control", async () => {
    const all = (await list()).count;
    const unreadable = ["created_at__gte=yesterday", "amount__lt=zero", "created_at__range=2026-01-01"];
    for (const filter of unreadable)
      expect((await api.get(`${PATHS.transactions}?${filter}`)).status, filter).toBe(400);
    await api.control.configure({ unreadableFilter: "dropped" });
    for (const filter of unreadable) {
      const answer = await api.get<{ count: number }>(`${PATHS.transactions}?${filter}`);
      expect(answer.status, filter).toBe(200);
      expect(answer.body.count, filter).toBe(all);
    }
    // A readable filter still filters.
    expect((await list("&amount__lt=0")).count).toBeLessThan(all);
  });
});

describe("balances (A9)", () => {
  it("users/me answers the spendable balance, what is reserved, per-operation counters and the limits", async () => {
    await api.control.configure({ accountParallel: 5, dailySearches: 20 });
    const [url] = await api.control.sampleUrls(1);
    await api.post(PATHS.lookup, { url });
    await api.post(PATHS.leads, { company_id: GIANT, limit_by: 3 });
    const { status, body } = await api.get<Record<string, unknown>>(PATHS.account);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      balance_platform: 10_000 - 4,
      blocked_balance_platform: 0,
      max_parallel_searches: 5,
      max_searches_daily: 20,
      count_parallel_searches: 0,
      count_searches_completed_today: 1,
      count_searches_in_progress_today: 0,
    });
    // Counters of what each operation used: negative, and the demo key's past charges count too.
    expect(body.balance_leads_by_icp).toBeLessThan(-3);
    expect(body.balance_lead_by_link).toBeLessThan(-1);
    // Free, and refused without a key.
    expect((await api.control.stats()).creditsCharged).toBe(4);
    expect((await api.get(PATHS.account, { key: null })).status).toBe(401);
  });

  it("a charge's after_balance is its operation's counter (negative); the control keeps the spec's reading", async () => {
    await api.post(PATHS.leads, { company_id: GIANT, limit_by: 3 });
    const newest = async () =>
      (await api.get<{ results: Array<{ after_balance: number }> }>(`${PATHS.transactions}?limit=1`)).body
        .results[0]!.after_balance;
    const counter = (await api.get<{ balance_leads_by_icp: number }>(PATHS.account)).body
      .balance_leads_by_icp;
    expect(await newest()).toBe(counter);
    expect(counter).toBeLessThan(0);
    await api.control.configure({ afterBalance: "balance" });
    expect(await newest()).toBe(10_000 - 3);
  });
});

describe("latency model (A4)", () => {
  const lookup = (body: Record<string, unknown>) => JSON.stringify({ url: "https://x", ...body });
  const draws = (path: string, bodies: string[], seed = 1) =>
    bodies.map((body) => modelLatency({ path, body }, seed));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const many = (make: (i: number) => string) => Array.from({ length: 400 }, (_, i) => make(i));

  it("fresh lookups are slower than cached ones, with a long tail and some answers past 60 s", () => {
    const cached = draws(
      PATHS.lookup,
      many((i) => lookup({ url: `u${i}` })),
    );
    const fresh = draws(
      PATHS.lookup,
      many((i) => lookup({ url: `u${i}`, up_to_the_second_fresh: true })),
    );
    expect(median(fresh)).toBeGreaterThan(3 * median(cached));
    expect(Math.max(...fresh)).toBeGreaterThan(60_000);
    expect(fresh.filter((ms) => ms > 60_000).length).toBeLessThan(fresh.length / 10);
    expect(Math.max(...cached)).toBeGreaterThan(4 * median(cached));
  });

  it("searches grow with limit_by; the same request draws the same latency under a seed", () => {
    const page = (limit: number) =>
      median(
        draws(
          PATHS.leads,
          many((i) => JSON.stringify({ company_id: i, limit_by: limit })),
        ),
      );
    expect(page(25)).toBeLessThan(page(500));
    expect(page(500)).toBeLessThan(page(2500));
    const body = JSON.stringify({ keywords: ["x"], limit_by: 100 });
    expect(modelLatency({ path: PATHS.companies, body }, 7)).toBe(
      modelLatency({ path: PATHS.companies, body }, 7),
    );
    const seeds = new Set([1, 2, 3, 4, 5].map((seed) => modelLatency({ path: PATHS.companies, body }, seed)));
    expect(seeds.size).toBeGreaterThan(1);
  });

  it("is chosen by the latencyModel control, scaled, and reported in X-Sandbox-Latency-Ms", async () => {
    const [url] = await api.control.sampleUrls(1);
    const body = { url, up_to_the_second_fresh: true };
    await api.control.configure({ latencyModel: "production", latencySeed: 5, latencyScale: 0.001 });
    const response = await fetch(`${api.url}${PATHS.lookup}`, {
      method: "POST",
      headers: { Authorization: `Token ${DEMO_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    const expected = modelLatency({ path: PATHS.lookup, body: JSON.stringify(body) }, 5) * 0.001;
    expect(Number(response.headers.get("x-sandbox-latency-ms"))).toBe(Math.round(expected));
  });
});
