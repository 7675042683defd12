/** Spec section 4 (transaction list): records of every charge, paging, filters in both date formats. */
import { describe, expect, it } from "vitest";
import type { Transaction, TransactionListResponse } from "../../src/api/wire.ts";
import { PATHS, useSandbox } from "./support.ts";

const api = useSandbox();

type Page = TransactionListResponse;
const list = (query = "") => api.get<Page>(`${PATHS.transactions}${query}`);

async function all(query = ""): Promise<Transaction[]> {
  const sep = query === "" ? "?" : "&";
  return (await list(`${query === "" ? "" : `?${query}`}${sep}limit=100`)).body.results;
}

describe("transaction list", () => {
  it("records every charge, newest first, with the record's fields and types", async () => {
    const [url] = await api.control.sampleUrls(1);
    await api.post(PATHS.lookup, { url, posts: true });
    await api.post(PATHS.companies, { keywords: ["conformance"], limit_by: 3 });
    await api.post(PATHS.leads, { company_id: 1_000_254, limit_by: 4 });
    await api.post(PATHS.lookup, { url: "bad url" });
    const { status, body } = await list("?limit=3");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      "count",
      "limit",
      "max_limit",
      "next",
      "offset",
      "previous",
      "results",
    ]);
    expect(body.results.map((t) => [t.balance_type, t.amount])).toEqual([
      ["leads_by_icp", -4],
      ["companies_by_icp", -3],
      ["leads_by_link", -2],
    ]);
    const [newest] = body.results;
    expect(newest!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(newest!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
    expect(newest!.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
    expect(newest!.status).toBe("success");
    expect(typeof newest!.description).toBe("string");
    // A charge's after_balance is what its operation has used (PRODUCTION.md A9), not the balance.
    const me = await api.get<{ balance_platform: number; balance_leads_by_icp: number }>(PATHS.account);
    expect(newest!.after_balance).toBe(me.body.balance_leads_by_icp);
    expect(me.body.balance_platform).toBe(10_000 - 9);
    const times = (await all()).map((t) => t.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("pages with limit and offset, max_limit 100, and next and previous URLs", async () => {
    const first = await list("?limit=25");
    expect(first.body).toMatchObject({ limit: 25, offset: 0, max_limit: 100, previous: null });
    expect(first.body.count).toBeGreaterThan(50);
    const next = await fetch(first.body.next!, { headers: { Authorization: "Token sandbox-demo-key" } });
    const second = (await next.json()) as Page;
    expect(second.offset).toBe(25);
    expect(second.results[0]!.id).not.toBe(first.body.results[0]!.id);
    expect(second.previous).not.toBeNull();
    const back = (await (
      await fetch(second.previous!, { headers: { Authorization: "Token sandbox-demo-key" } })
    ).json()) as Page;
    expect(back.results.map((t) => t.id)).toEqual(first.body.results.map((t) => t.id));
    expect((await list("?limit=500")).body.limit).toBe(100);
    expect((await list("?limit=500")).body.results).toHaveLength(Math.min(100, first.body.count));
    const last = await list(`?limit=10&offset=${first.body.count - 5}`);
    expect(last.body.results).toHaveLength(5);
    expect(last.body.next).toBeNull();
  });

  it("keeps filters in next and previous URLs", async () => {
    const page = await list("?balance_type__exact=leads_by_link&limit=2");
    expect(page.body.next).toContain("balance_type__exact=leads_by_link");
  });

  it("filters status and balance_type with exact", async () => {
    for (const t of await all("balance_type__exact=leads_by_icp"))
      expect(t.balance_type).toBe("leads_by_icp");
    expect((await all("status__exact=success")).length).toBeGreaterThan(0);
    // A value production cannot read is dropped (PRODUCTION.md A11): the filter is ignored.
    expect((await all("status__exact=failed")).length).toBe((await all()).length);
  });

  it("filters amount and after_balance with exact, gt, gte, lt, lte and range x,y", async () => {
    const every = await all();
    const amounts = every.map((t) => t.amount);
    const cases: Array<[string, (t: Transaction) => boolean]> = [
      ["amount__exact=-5", (t) => t.amount === -5],
      ["amount__gt=-5", (t) => t.amount > -5],
      ["amount__gte=-5", (t) => t.amount >= -5],
      ["amount__lt=-5", (t) => t.amount < -5],
      ["amount__lte=-5", (t) => t.amount <= -5],
      ["amount__range=-10,-3", (t) => t.amount >= -10 && t.amount <= -3],
      ["after_balance__range=10000,10200", (t) => t.after_balance >= 10_000 && t.after_balance <= 10_200],
      ["after_balance__gte=10500", (t) => t.after_balance >= 10_500],
    ];
    expect(new Set(amounts).size).toBeGreaterThan(5);
    for (const [query, predicate] of cases) {
      const got = await all(query);
      expect(
        got.map((t) => t.id),
        query,
      ).toEqual(every.filter(predicate).map((t) => t.id));
    }
  });

  it("filters created_at in both date formats (yyyy-mm-dd and yyyy-mm-ddTHH:MM:SS.ssssss)", async () => {
    const every = await all();
    const middle = every[Math.floor(every.length / 2)]!;
    const day = middle.created_at.slice(0, 10);
    const onDay = every.filter((t) => t.created_at.startsWith(day));
    expect((await all(`created_at__exact=${day}`)).map((t) => t.id)).toEqual(onDay.map((t) => t.id));
    expect((await all(`created_at__exact=${middle.created_at}`)).map((t) => t.id)).toEqual([middle.id]);
    expect((await all(`created_at__gt=${middle.created_at}`)).map((t) => t.id)).toEqual(
      every.filter((t) => t.created_at > middle.created_at).map((t) => t.id),
    );
    expect((await all(`created_at__lte=${middle.created_at}`)).map((t) => t.id)).toEqual(
      every.filter((t) => t.created_at <= middle.created_at).map((t) => t.id),
    );
    expect((await all(`created_at__lt=${day}`)).map((t) => t.id)).toEqual(
      every.filter((t) => t.created_at.slice(0, 10) < day).map((t) => t.id),
    );
    expect((await all(`created_at__gte=${day}`)).map((t) => t.id)).toEqual(
      every.filter((t) => t.created_at.slice(0, 10) >= day).map((t) => t.id),
    );
    const from = every[every.length - 10]!.created_at.slice(0, 10);
    const range = await all(`created_at__range=${from},${day}`);
    expect(range.map((t) => t.id)).toEqual(
      every
        .filter((t) => t.created_at.slice(0, 10) >= from && t.created_at.slice(0, 10) <= day)
        .map((t) => t.id),
    );
    const mixed = await all(`created_at__range=${from},${middle.created_at}`);
    expect(mixed.map((t) => t.id)).toEqual(
      every
        .filter((t) => t.created_at.slice(0, 10) >= from && t.created_at <= middle.created_at)
        .map((t) => t.id),
    );
  });

  it("answers 400 to a malformed filter, and the list itself is free", async () => {
    for (const query of [
      "created_at__exact=21-11-2026",
      "created_at__exact=2026-02-31",
      "created_at__range=2026-01-01",
      "created_at__range=2026-01-01,2026-02-01,2026-03-01",
      "amount__gt=ten",
      "amount__contains=5",
      "status__gt=success",
      "colour__exact=red",
      "limit=abc",
      "limit=0",
      "offset=-1",
    ]) {
      const answer = await list(`?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ status: "error", status_code: 400 });
    }
    expect((await api.control.stats()).creditsCharged).toBe(0);
  });

  it("lists only the caller's own records", async () => {
    await api.control.setCredits("fresh-key", 50);
    const { body } = await list("");
    const own = await api.get<Page>(PATHS.transactions, { key: "fresh-key" });
    expect(own.body.count).toBe(1);
    expect(own.body.results[0]).toMatchObject({ amount: 50, after_balance: 50 });
    expect(body.count).toBeGreaterThan(1);
  });
});
