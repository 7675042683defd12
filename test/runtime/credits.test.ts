/**
 * The Credits tab's server methods in the emulated runtime running the built bundle against the
 * sandbox: balance and spending, the list with filters and paging, the export's sheet content
 * against the sandbox's own list, per-field problems for bad filters, and a refused key.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sandboxAccountEmail } from "../../sandbox/api/account-me";
import { PATHS, type Transaction, type TransactionListResponse } from "../../src/api/wire";
import type { CreditsExportResult, CreditsListResult, CreditsSummary } from "../../src/rpc/credits";
import { TRANSACTION_FIELDS } from "../../src/sheet/lead-fields";
import { type AddonRuntime, DEMO_KEY, startAddonRuntime } from "./support";

/** A key with many transactions (one per balance change), for paging and the export. */
const BUSY_KEY = "credits-busy-key";
const BUSY_CHANGES = 1_234;
let addon: AddonRuntime;

function rpc<T>(method: string, arg: unknown): T {
  const result = addon.runtime.rpc(method, arg) as { ok: boolean; value?: T; error?: unknown };
  if (!result.ok) throw new Error(`rpc ${method} failed: ${JSON.stringify(result.error)}`);
  return result.value as T;
}

/** The sandbox's own list (every page), read directly: what the export must equal. */
async function sandboxList(key: string, query: Record<string, string> = {}): Promise<Transaction[]> {
  const all: Transaction[] = [];
  for (let offset = 0; ; offset += 100) {
    const params = new URLSearchParams({ ...query, limit: "100", offset: String(offset) });
    const response = await fetch(`${addon.sandboxUrl}${PATHS.transactions}?${params}`, {
      headers: { Authorization: `Token ${key}` },
    });
    const page = (await response.json()) as TransactionListResponse;
    all.push(...page.results);
    if (page.next === null) return all;
  }
}

function useKey(key: string): void {
  addon.runtime.properties.user().setAll({ API_KEY: key });
}

beforeAll(async () => {
  addon = await startAddonRuntime({ sandbox: { latencyMs: 0 } });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  useKey(DEMO_KEY);
});

describe("Credits: balance and spending", () => {
  it("shows the balance, the spend cap and the credits charged in the last 24 h and 7 days", async () => {
    const all = await sandboxList(DEMO_KEY);
    const now = Date.now();
    const spentSince = (ms: number) =>
      all
        .filter((t) => t.amount < 0 && Date.parse(`${t.created_at.slice(0, 23)}Z`) >= now - ms)
        .reduce((sum, t) => sum - t.amount, 0);
    const summary = rpc<CreditsSummary>("creditsSummary", null);
    expect(summary).toEqual({
      ok: true,
      balance: 10_000,
      reserved: 0,
      spentLastDay: spentSince(86_400_000),
      spentLastWeek: spentSince(7 * 86_400_000),
      pendingLastWeek: 0,
      spendingComplete: true,
      spendingError: null,
      spendCap: 500,
    });
    expect(spentSince(7 * 86_400_000)).toBeGreaterThan(0);
  });

  it("explains a refused key with the next step, in every method", () => {
    useKey("not-a-key-the-sandbox-knows");
    expect(rpc<CreditsSummary>("creditsSummary", null)).toMatchObject({
      ok: false,
      error: { kind: "auth", next: expect.stringMatching(/Settings/) },
      spendCap: 500,
    });
    expect(rpc<CreditsListResult>("creditsList", { filters: {}, limit: 20, offset: 0 })).toMatchObject({
      ok: false,
      error: { kind: "auth" },
    });
    expect(rpc<CreditsExportResult>("creditsExport", { filters: {}, replace: false })).toMatchObject({
      status: "failed",
      error: { kind: "auth" },
    });
    expect(addon.runtime.sheets().map((s) => s.name)).not.toContain("Transactions");
  });
  it("sends a throttled or unreadable answer of the free reads again: one 429 or cut body changes no figure", async () => {
    const all = await sandboxList(DEMO_KEY);
    const expected = rpc<CreditsSummary>("creditsSummary", null);
    // Each retry waits its 1 s backoff: two kinds (a 500 is retried the same way).
    for (const fault of [{ kind: "throttle" as const }, { kind: "malformed" as const }]) {
      // One fault on the next request of each kind the tab sends (users/me, the list).
      await addon.control.configure({
        faults: [
          { path: PATHS.transactions, count: 1, ...fault },
          { path: PATHS.account, count: 1, ...fault },
        ],
      });
      expect(rpc<CreditsSummary>("creditsSummary", null), fault.kind).toEqual(expected);
      await addon.control.configure({ faults: [{ path: PATHS.transactions, count: 1, ...fault }] });
      const list = rpc<CreditsListResult>("creditsList", { filters: {}, limit: 20, offset: 0 });
      expect(list.ok && list.page.count, fault.kind).toBe(all.length);
      await addon.control.configure({
        faults: [
          { path: PATHS.transactions, count: 1, ...fault },
          { path: PATHS.account, count: 1, ...fault },
        ],
      });
      expect(
        rpc<CreditsExportResult>("creditsExport", { filters: {}, replace: true }),
        fault.kind,
      ).toMatchObject({
        status: "done",
        written: all.length,
      });
    }
    await addon.control.configure({ faults: [] });
    addon.runtime.deleteSheet("Transactions");
  });

  it("says spending could not be read when the list fails, instead of a figure", async () => {
    await addon.control.configure({ faults: [{ path: PATHS.transactions, kind: "server_error" }] });
    expect(rpc<CreditsSummary>("creditsSummary", null)).toMatchObject({
      ok: true,
      balance: 10_000,
      spendingComplete: false,
      spendingError: { kind: "server", message: expect.stringMatching(/temporary problem/) },
    });
    await addon.control.configure({ faults: [] });
    expect(rpc<CreditsSummary>("creditsSummary", null)).toMatchObject({ spendingError: null });
  });

  it("shows a server error with its next step, and writes nothing", async () => {
    await addon.control.configure({ faults: [{ path: PATHS.transactions, kind: "server_error" }] });
    expect(rpc<CreditsListResult>("creditsList", { filters: {}, limit: 20, offset: 0 })).toMatchObject({
      ok: false,
      error: { kind: "server", next: expect.stringMatching(/Try again/) },
      problems: {},
    });
    expect(rpc<CreditsExportResult>("creditsExport", { filters: {}, replace: false })).toMatchObject({
      status: "failed",
      error: { kind: "server", message: expect.stringMatching(/temporary problem.*Nothing was written/) },
    });
    expect(addon.runtime.sheets().map((s) => s.name)).not.toContain("Transactions");
    await addon.control.configure({ faults: [] });
  });
});

describe("Credits: the transaction list", () => {
  it("pages newest first with limit/offset, as the API lists them", async () => {
    const all = await sandboxList(DEMO_KEY);
    const first = rpc<CreditsListResult>("creditsList", { filters: {}, limit: 20, offset: 0 });
    const second = rpc<CreditsListResult>("creditsList", { filters: {}, limit: 20, offset: 20 });
    if (!first.ok || !second.ok) throw new Error("list failed");
    expect(first.page).toMatchObject({
      count: all.length,
      offset: 0,
      limit: 20,
      hasPrevious: false,
      hasNext: true,
    });
    expect([...first.page.rows, ...second.page.rows].map((r) => r.id)).toEqual(
      all.slice(0, 40).map((t) => t.id),
    );
    expect(first.page.rows[0]).toMatchObject({ amount: expect.stringMatching(/^[+-]/), status: "success" });
  });

  it("filters on every field with the API's answer", async () => {
    const all = await sandboxList(DEMO_KEY);
    const newest = all[0]!;
    const cases: Array<[Record<string, { modifier: string; value: string }>, Record<string, string>]> = [
      [{ amount: { modifier: "lt", value: "0" } }, { amount__lt: "0" }],
      [{ amount: { modifier: "range", value: "-10, -5" } }, { amount__range: "-10,-5" }],
      [{ after_balance: { modifier: "gte", value: "10000" } }, { after_balance__gte: "10000" }],
      [
        { created_at: { modifier: "gte", value: all[10]!.created_at.slice(0, 10) } },
        { created_at__gte: all[10]!.created_at.slice(0, 10) },
      ],
      [{ created_at: { modifier: "lte", value: newest.created_at } }, { created_at__lte: newest.created_at }],
      [{ status: { modifier: "exact", value: "success" } }, { status__exact: "success" }],
      [{ balance_type: { modifier: "exact", value: "top_up" } }, { balance_type__exact: "top_up" }],
    ];
    for (const [filters, query] of cases) {
      const expected = await sandboxList(DEMO_KEY, query);
      const result = rpc<CreditsListResult>("creditsList", { filters, limit: 100, offset: 0 });
      if (!result.ok) throw new Error(`${JSON.stringify(filters)}: ${JSON.stringify(result)}`);
      expect(result.page.count, JSON.stringify(filters)).toBe(expected.length);
      expect(result.page.rows.map((r) => r.id)).toEqual(expected.map((t) => t.id));
    }
  });

  it("shows a bad filter's problem under its field and sends nothing", async () => {
    const before = (await addon.control.stats()).requests[PATHS.transactions] ?? 0;
    const result = rpc<CreditsListResult>("creditsList", {
      filters: {
        created_at: { modifier: "gte", value: "yesterday" },
        amount: { modifier: "range", value: "1" },
      },
      limit: 20,
      offset: 0,
    });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: "validation" },
      problems: {
        created_at: { hint: expect.stringMatching(/yyyy-mm-dd/) },
        amount: { hint: expect.stringMatching(/x,y/) },
      },
    });
    expect((await addon.control.stats()).requests[PATHS.transactions] ?? 0).toBe(before);
  });
});

describe("Credits: export to a sheet", () => {
  it("writes every matching transaction, equal to the sandbox's list, and asks before replacing", async () => {
    await addon.control.setCredits(BUSY_KEY, 0);
    for (let i = 1; i <= BUSY_CHANGES; i++) await addon.control.setCredits(BUSY_KEY, i);
    useKey(BUSY_KEY);
    const expected = await sandboxList(BUSY_KEY);
    expect(expected).toHaveLength(BUSY_CHANGES + 1);
    addon.runtime.resetCounters();

    const done = rpc<CreditsExportResult>("creditsExport", { filters: {}, replace: false });
    expect(done).toMatchObject({
      status: "done",
      sheetName: "Transactions",
      written: expected.length,
    });
    const counters = addon.runtime.counters;
    // The account (whose transactions), a count probe, then the 13 pages of 100 the probe's count
    // calls for, in one fetchAll.
    expect(counters.fetchAllCalls).toBe(3);
    expect(counters.requests).toBe(15);
    expect(counters.byMethod["Range.setValues"]).toBe(1);

    const cells = addon.runtime.getValues("Transactions", `A1:H${expected.length + 1}`);
    expect(cells[0]).toEqual([...TRANSACTION_FIELDS]);
    expect(cells.slice(1)).toEqual(expected.map((t) => TRANSACTION_FIELDS.map((field) => t[field])));
    expect(addon.runtime.sheets().find((s) => s.name === "Transactions")?.frozenRows).toBe(1);

    // Filtered re-export: asks first, then replaces the content.
    const filters = { after_balance: { modifier: "lte", value: "9" } };
    expect(rpc<CreditsExportResult>("creditsExport", { filters, replace: false })).toEqual({
      status: "confirm",
      reason: "replace",
      sheetName: "Transactions",
      existingRows: expected.length + 1,
      account: sandboxAccountEmail(BUSY_KEY),
      listed: {
        account: sandboxAccountEmail(BUSY_KEY),
        by: "user@example.com",
        at: expect.any(String),
        rows: expected.length,
      },
      keptColumns: [],
    });
    const replaced = rpc<CreditsExportResult>("creditsExport", { filters, replace: true });
    expect(replaced).toMatchObject({ status: "done", written: 10 });
    const after = addon.runtime.getSheetCells("Transactions");
    expect(after).toHaveLength(11);
  });

  it("answers a bad filter under its field and leaves the sheet alone", () => {
    const result = rpc<CreditsExportResult>("creditsExport", {
      filters: { status: { modifier: "gte", value: "success" } },
      replace: true,
    });
    expect(result).toMatchObject({
      status: "failed",
      problems: { status: { message: expect.stringMatching(/modifier/) } },
    });
  });
});
