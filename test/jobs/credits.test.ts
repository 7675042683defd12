/** The Credits tab's pure parts: filter form -> query, validation problems per field, rows, sums, export. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TransactionPages } from "../../src/api/client";
import type { Transaction, TransactionQuery } from "../../src/api/wire";
import { exportTransactions } from "../../src/jobs/credits/export";
import {
  checkTransactionQuery,
  FILTER_FIELDS,
  filterQuery,
  modifiersOf,
  type TransactionFilterForm,
  unknownValueNote,
  VALUE_LABELS,
} from "../../src/jobs/credits/filters";
import { listTransactionPage, pageBounds } from "../../src/jobs/credits/list";
import type {
  ExportDeps,
  ExportRecord,
  TransactionClient,
  TransactionsSheet,
} from "../../src/jobs/credits/ports";
import { readableTime, transactionRow } from "../../src/jobs/credits/rows";
import { apiTimestamp, recentChargesQuery, sumSpending } from "../../src/jobs/credits/spending";
import type { GridValue } from "../../src/jobs/enrich/ports";
import { TRANSACTION_FIELDS } from "../../src/sheet/lead-fields";

function transaction(n: number, overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: `id-${n}`,
    created_at: "2026-11-21T12:02:43.123456",
    updated_at: "2026-11-21T12:02:43.123456",
    status: "success",
    balance_type: "leads_by_link",
    amount: -1,
    description: `Lead lookup ${n}`,
    after_balance: 1000 - n,
    ...overrides,
  };
}

describe("filter form -> query", () => {
  it("sends field__modifier=value for every filled field, trimmed, and nothing for empty ones", () => {
    expect(
      filterQuery({
        created_at: { modifier: "range", value: " 2026-11-01 , 2026-11-21 10:00:00 " },
        amount: { modifier: "lt", value: " -5 " },
        after_balance: { modifier: "gte", value: "" },
        status: { modifier: "exact", value: "success" },
        balance_type: { modifier: "", value: "top_up" },
      }),
    ).toEqual({
      created_at__range: "2026-11-01,2026-11-21T10:00:00",
      amount__lt: "-5",
      status__exact: "success",
      balance_type__exact: "top_up",
    });
  });

  it("says when a charge type typed is not one it knows, and is silent for known ones typed any way", () => {
    for (const typed of ["", "lead search", "LEADS_BY_ICP", "Top-up", " email finder "])
      expect(unknownValueNote("balance_type", typed)).toBeNull();
    expect(unknownValueNote("balance_type", " refund ")).toMatch(
      /^"refund" is not a charge type the add-on knows \(leads_by_icp, .*top_up\)\. It is sent as typed/,
    );
    expect(unknownValueNote("amount", "refund")).toBeNull();
  });

  it("reads a range typed high to low as the same range (the API would match nothing)", () => {
    expect(
      filterQuery({
        amount: { modifier: "range", value: "-10, -20" },
        after_balance: { modifier: "range", value: "5,5" },
        created_at: { modifier: "range", value: "2026-11-21, 2026-11-01T10:00:00" },
      }),
    ).toEqual({
      amount__range: "-20,-10",
      after_balance__range: "5,5",
      created_at__range: "2026-11-01T10:00:00,2026-11-21",
    });
    // Not both readable: sent as typed, for the validator to name.
    expect(filterQuery({ amount: { modifier: "range", value: "x,-20" } })).toEqual({
      amount__range: "x,-20",
    });
  });

  it("reads a charge type typed as the label the list shows (issue 23.14), any case", () => {
    for (const typed of ["Lead search", "lead search", " LEAD  SEARCH ", "leads_by_icp", "LEADS_BY_ICP "])
      expect(filterQuery({ balance_type: { modifier: "exact", value: typed } })).toEqual({
        balance_type__exact: "leads_by_icp",
      });
    expect(filterQuery({ balance_type: { modifier: "exact", value: "Lead lookup" } })).toEqual({
      balance_type__exact: "leads_by_link",
    });
    expect(
      filterQuery({ balance_type: { modifier: "exact", value: "Lead lookup (Enrich, formulas)" } }),
    ).toEqual({ balance_type__exact: "leads_by_link" });
    // A value production may have that the list does not know is sent as typed.
    expect(filterQuery({ balance_type: { modifier: "exact", value: "data_export" } })).toEqual({
      balance_type__exact: "data_export",
    });
  });

  it("knows the charge types of the email formulas and the Emails action, by label too", () => {
    // Typed as the words the user reads, an unknown value is dropped by production (A11) and the
    // list would show every transaction under a filter that looks applied.
    for (const [typed, value] of [
      ["Email finder", "email_finder"],
      ["email validator", "email_validator"],
    ]) {
      expect(filterQuery({ balance_type: { modifier: "exact", value: typed! } })).toEqual({
        balance_type__exact: value,
      });
      expect(VALUE_LABELS.balance_type?.map((option) => option.value)).toContain(value);
    }
  });

  it("accepts both date formats and every modifier of the spec", () => {
    for (const modifier of ["exact", "gt", "gte", "lt", "lte"]) {
      for (const value of ["2026-11-21", "2026-11-21T12:02:43.123456"]) {
        expect(checkTransactionQuery({ created_at: { modifier, value } })).toEqual({
          ok: true,
          query: { [`created_at__${modifier}`]: value },
        });
      }
      expect(checkTransactionQuery({ after_balance: { modifier, value: "-3" } }).ok).toBe(true);
    }
    expect(checkTransactionQuery({ amount: { modifier: "range", value: "-10,-1" } }).ok).toBe(true);
  });

  it("puts each problem next to its field, with the hint, before anything is sent", () => {
    const checked = checkTransactionQuery(
      {
        created_at: { modifier: "gte", value: "last Tuesday" },
        amount: { modifier: "range", value: "5" },
        status: { modifier: "gt", value: "success" },
      },
      { limit: 0, offset: 0 },
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.created_at).toEqual({
      message: expect.stringContaining("created_at__gte"),
      hint: expect.stringMatching(/yyyy-mm-dd/),
    });
    expect(checked.problems.amount?.hint).toMatch(/x,y/);
    expect(checked.problems.status?.message).toMatch(/not a modifier of status/);
    expect(checked.problems.page?.message).toMatch(/limit/);
    expect(checked.problems.after_balance).toBeUndefined();
  });
});

describe("filter form, any input", () => {
  const entry = fc.record({
    modifier: fc.constantFrom("exact", "gt", "gte", "lt", "lte", "range", "", "in", "gt__x"),
    value: fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom("2026-11-21", "2026-02-30", "2026-11-21T10:00:00.5", "-5", "3,9", " 1 , 2 ", "success"),
    ),
  });
  const form = fc.dictionary(fc.constantFrom(...FILTER_FIELDS), entry) as fc.Arbitrary<TransactionFilterForm>;

  it("either sends only the spec's field__modifier names, or names the fields to fix", () => {
    fc.assert(
      fc.property(form, (filters) => {
        const checked = checkTransactionQuery(filters);
        if (checked.ok) {
          for (const key of Object.keys(checked.query)) {
            const [field = "", modifier = ""] = key.split("__");
            expect(modifiersOf(field as (typeof FILTER_FIELDS)[number])).toContain(modifier);
          }
        } else {
          const places = Object.keys(checked.problems);
          expect(places.length).toBeGreaterThan(0);
          for (const place of places) expect(Object.keys(filters)).toContain(place);
          for (const problem of Object.values(checked.problems)) expect(problem?.hint).not.toBe("");
        }
      }),
    );
  });
});

describe("rows and sums", () => {
  it("makes a readable, signed, plain-text row", () => {
    expect(transactionRow(transaction(1, { amount: 10000, after_balance: 12345 }))).toEqual({
      id: "id-1",
      created: "Nov 21, 2026, 12:02 UTC",
      createdAt: "2026-11-21T12:02:43.123456",
      amount: "+10,000",
      charge: false,
      description: "Lead lookup 1",
      afterBalance: "12,345",
      status: "success",
      balanceType: "leads_by_link",
    });
    expect(transactionRow(transaction(2, { amount: -1500, after_balance: -7 }))).toMatchObject({
      amount: "-1,500",
      charge: true,
      afterBalance: "-7",
    });
    expect(readableTime("2026-02-03")).toBe("Feb 3, 2026");
    expect(readableTime("soon")).toBe("soon");
  });

  it("sums the charges of the last 24 hours and 7 days from one created_at__gte query", () => {
    const now = Date.UTC(2026, 10, 21, 12, 0, 0);
    expect(recentChargesQuery(now)).toEqual({
      created_at__gte: "2026-11-14T12:00:00.000000",
      amount__lt: "0",
    });
    const at = (hoursAgo: number) => apiTimestamp(now - hoursAgo * 3_600_000);
    const list = [
      transaction(1, { amount: -3, created_at: at(1) }),
      transaction(2, { amount: -4, created_at: at(23.9) }),
      transaction(3, { amount: -10, created_at: at(30) }),
      transaction(4, { amount: 500, created_at: at(2) }),
      transaction(5, { amount: -99, created_at: at(24 * 8) }),
    ];
    expect(sumSpending(list, now)).toEqual({ lastDay: 7, lastWeek: 17, pendingLastWeek: 0 });
  });

  it("counts charges whose time carries a zone (Z, +02:00), at the moment it names", () => {
    const now = Date.UTC(2026, 10, 21, 12, 0, 0);
    const list = [
      transaction(1, { amount: -3, created_at: "2026-11-21T11:00:00.000000Z" }),
      // 13:30 at +02:00 is 11:30 UTC: within the day, not in the future.
      transaction(2, { amount: -4, created_at: "2026-11-21T13:30:00.000000+02:00" }),
      transaction(3, { amount: -10, created_at: "2026-11-19T12:00:00+0000" }),
    ];
    // Before: a time with a zone read as no time, and its charge was left out of both figures.
    expect(sumSpending(list, now)).toEqual({ lastDay: 7, lastWeek: 17, pendingLastWeek: 0 });
  });

  it("leaves out error rows (reversed) and pending rows (requests in flight), and reads strings", () => {
    // PRODUCTION.md A11: pending is money reserved for a request still in flight and error a
    // reversed charge: neither adds to spending. The pending credits are said apart.
    const now = Date.UTC(2026, 10, 21, 12, 0, 0);
    const at = apiTimestamp(now - 3_600_000);
    const list = [
      transaction(1, { amount: -3, created_at: at, status: "error", after_balance: -101 }),
      transaction(2, { amount: -4, created_at: at, status: "pending", after_balance: -98 }),
      transaction(3, { amount: "-5" as unknown as number, created_at: at, after_balance: -2400 }),
      transaction(4, { amount: -6, created_at: at, status: "Pending" }),
    ];
    expect(sumSpending(list, now)).toEqual({ lastDay: 5, lastWeek: 5, pendingLastWeek: 10 });
  });
});

function fakeClient(all: Transaction[], pageSize = 100): TransactionClient & { queries: TransactionQuery[] } {
  const queries: TransactionQuery[] = [];
  return {
    queries,
    account: () => ({
      ok: true,
      value: {
        email: "owner@example.com",
        balance: 1000,
        reserved: 0,
        parallelSearches: null,
        dailySearches: null,
        searchesLeftToday: null,
      },
    }),
    listTransactions(query) {
      queries.push(query);
      const offset = Number(query.offset ?? 0);
      const limit = Math.min(Number(query.limit ?? 20), pageSize);
      return {
        ok: true,
        value: {
          count: all.length,
          next: offset + limit < all.length ? "next" : null,
          previous: offset > 0 ? "previous" : null,
          limit,
          max_limit: 100,
          offset,
          results: all.slice(offset, offset + limit),
        },
      };
    },
    listAllTransactions(query): TransactionPages {
      queries.push(query);
      return { results: all, count: all.length, complete: true, error: null };
    },
  };
}

function fakeSheet(
  existingRows = 0,
): TransactionsSheet & { writes: GridValue[][][]; frozen: boolean; refuse: string | null; note: string } {
  const writes: GridValue[][][] = [];
  const sheet = {
    name: "Transactions",
    writes,
    frozen: false,
    refuse: null as string | null,
    note: "",
    usedRows: () => existingRows,
    // A previous export of `existingRows` rows (header included), no columns of the user's.
    current: () =>
      existingRows === 0
        ? null
        : {
            header: [...TRANSACTION_FIELDS],
            ids: Array.from({ length: existingRows - 1 }, (_, i) => `old-${i}`),
            extra: Array.from({ length: existingRows - 1 }, () => []),
          },
    write: (values: GridValue[][]) => {
      if (sheet.refuse) throw new Error(sheet.refuse);
      writes.push(values);
    },
    finish: (note: string) => {
      sheet.frozen = true;
      sheet.note = note;
    },
  };
  return sheet;
}

/** The export's deps over fakes: the owner exporting, no earlier export recorded. */
function exportDeps(
  client: TransactionClient,
  sheet: TransactionsSheet,
  more: Partial<ExportDeps> = {},
): ExportDeps {
  let record: ExportRecord | null = null;
  return {
    client,
    sheet,
    clock,
    exporter: "owner@example.com",
    records: { read: () => record, write: (r) => (record = r) },
    ...more,
  };
}

const clock = { now: () => 0, sleep: () => undefined };

describe("one page of the list", () => {
  it("pages with limit/offset within 1..100 and reports Previous/Next", () => {
    expect(pageBounds(500, -4)).toEqual({ limit: 100, offset: 0 });
    expect(pageBounds("x", undefined)).toEqual({ limit: 20, offset: 0 });
    const client = fakeClient(Array.from({ length: 45 }, (_, i) => transaction(i)));
    const result = listTransactionPage(
      client,
      { status: { modifier: "exact", value: "success" } },
      { limit: 20, offset: 40 },
    );
    expect(client.queries).toEqual([{ status__exact: "success", limit: "20", offset: "40" }]);
    expect(result).toMatchObject({
      status: "ok",
      page: { count: 45, offset: 40, hasPrevious: true, hasNext: false },
    });
  });

  it("shows the last page when the list shrank below the page asked for (Refresh after pending rows went)", () => {
    // Page 5 of 20 was on show (offset 80); refused requests' pending rows left the ledger, 75 remain.
    const client = fakeClient(Array.from({ length: 75 }, (_, i) => transaction(i)));
    const result = listTransactionPage(client, {}, { limit: 20, offset: 80 });
    // Before: an empty list under "0–80 of 75", with only Previous to press.
    expect(client.queries.at(-1)).toEqual({ limit: "20", offset: "60" });
    expect(result).toMatchObject({
      status: "ok",
      page: { count: 75, offset: 60, hasPrevious: true, hasNext: false },
    });
    expect(result.status === "ok" && result.page.rows.length).toBe(15);
  });

  it("says so when the rows show the API did not apply a filter (production drops a value it cannot read, A11)", () => {
    // The Lead lookup pick sends the spec's leads_by_link; production's ledger may say lead_by_link.
    const rows = [
      transaction(1, { balance_type: "lead_by_link" }),
      transaction(2, { balance_type: "leads_by_icp" }),
    ];
    const result = listTransactionPage(
      fakeClient(rows),
      { balance_type: { modifier: "exact", value: "Lead lookup" } },
      { limit: 20, offset: 0 },
    );
    expect(result.status === "ok" && result.page.ignored).toBe(
      "The API did not apply balance_type exact leads_by_link (rows listed have lead_by_link, leads_by_icp): it drops a filter value it cannot read and lists the rest, so these are not only the transactions you asked for. Use a value the rows show.",
    );
    const applied = listTransactionPage(
      fakeClient([transaction(3, { balance_type: "leads_by_link", amount: -12 })]),
      {
        balance_type: { modifier: "exact", value: "leads_by_link" },
        amount: { modifier: "lt", value: "-10" },
      },
      { limit: 20, offset: 0 },
    );
    expect(applied.status === "ok" && applied.page.ignored).toBeNull();
    const amount = listTransactionPage(
      fakeClient([transaction(4, { amount: -5 })]),
      { amount: { modifier: "range", value: "-20,-10" } },
      { limit: 20, offset: 0 },
    );
    expect(amount.status === "ok" && amount.page.ignored).toMatch(
      /^The API did not apply amount range -20,-10 \(rows listed have -5\)/,
    );
  });

  it("sends nothing for a bad filter", () => {
    const client = fakeClient([]);
    const result = listTransactionPage(
      client,
      { amount: { modifier: "gt", value: "ten" } },
      { limit: 20, offset: 0 },
    );
    expect(result).toMatchObject({
      status: "invalid",
      problems: { amount: { hint: expect.stringMatching(/whole number/) } },
    });
    expect(client.queries).toEqual([]);
  });
});

describe("export to a sheet", () => {
  const all = Array.from({ length: 12 }, (_, i) =>
    transaction(i, { description: i === 0 ? '=HYPERLINK("x")' : "ok" }),
  );

  it("writes the header and every row through toCellValue in one replacement, then freezes the header", () => {
    const sheet = fakeSheet();
    const result = exportTransactions(exportDeps(fakeClient(all), sheet), {}, { replace: false });
    expect(result).toEqual({
      status: "done",
      sheetName: "Transactions",
      written: 12,
      spent: "These transactions spent 12 credits.",
      account: "owner@example.com",
      replaced: null,
    });
    expect(sheet.writes).toHaveLength(1);
    const rows = sheet.writes[0]!;
    expect(rows).toHaveLength(13);
    expect(rows[0]).toEqual([...TRANSACTION_FIELDS]);
    expect(rows[1]?.[TRANSACTION_FIELDS.indexOf("description")]).toBe('\'=HYPERLINK("x")');
    expect(rows[1]?.[TRANSACTION_FIELDS.indexOf("amount")]).toBe(-1);
    expect(sheet.frozen).toBe(true);
  });

  it("names an account users/me gives no address for by whose key it is, so two editors' differ", () => {
    const client = fakeClient(all);
    const named = client.account;
    client.account = () => {
      const answer = named();
      return answer.ok ? { ok: true, value: { ...answer.value, email: undefined } } : answer;
    };
    const result = exportTransactions(exportDeps(client, fakeSheet()), {}, { replace: false });
    expect(result).toMatchObject({ status: "done", account: "the API key of owner@example.com" });
  });

  it("writes nothing when the rows show the API did not apply a filter: they are not the export asked for", () => {
    const sheet = fakeSheet();
    const result = exportTransactions(
      exportDeps(fakeClient(all), sheet),
      { status: { modifier: "exact", value: "pending" } },
      { replace: true },
    );
    expect(result).toMatchObject({
      status: "failed",
      error: {
        message: expect.stringMatching(
          /^The API did not apply status exact pending \(rows listed have success\).* Nothing was written/,
        ),
      },
    });
    expect(sheet.writes).toEqual([]);
  });

  it("says the sheet is as it was when it refuses the write", () => {
    const sheet = fakeSheet(30);
    sheet.refuse = "You are trying to edit a protected cell or object.";
    const result = exportTransactions(exportDeps(fakeClient(all), sheet), {}, { replace: true });
    expect(result).toEqual({
      status: "unwritten",
      sheetName: "Transactions",
      message: expect.stringMatching(
        /could not take the export \(You are trying to edit a protected .*as it was/,
      ),
      next: expect.stringMatching(/protected/),
    });
    expect(sheet.frozen).toBe(false);
  });

  it("its summary adds up what was spent, leaving out pending and reversed charges (A11), while the sheet keeps every row", () => {
    const ledger = [
      transaction(1, { amount: -5, status: "pending" }),
      transaction(2, { amount: -3, status: "error" }),
      transaction(3, { amount: -7 }),
      transaction(4, { amount: -2, status: "pending" }),
      transaction(5, { amount: 100, balance_type: "top_up" }),
    ];
    const sheet = fakeSheet();
    const result = exportTransactions(exportDeps(fakeClient(ledger), sheet), {}, { replace: false });
    expect(result).toMatchObject({
      status: "done",
      written: 5,
      spent:
        "These transactions spent 7 credits. Not counted: 2 rows pending (7 credits, requests still in flight) and 1 row with status error (3 credits, reversed).",
    });
  });

  it("asks before replacing a sheet with data, and writes nothing when pages are missing", () => {
    const sheet = fakeSheet(30);
    expect(exportTransactions(exportDeps(fakeClient(all), sheet), {}, { replace: false })).toEqual({
      status: "confirm",
      reason: "replace",
      sheetName: "Transactions",
      existingRows: 30,
      account: "owner@example.com",
      listed: null,
      keptColumns: [],
    });
    const partial = fakeClient(all);
    partial.listAllTransactions = () => ({
      results: all.slice(0, 3),
      count: 12,
      complete: false,
      error: null,
    });
    const failed = exportTransactions(exportDeps(partial, sheet), {}, { replace: true });
    const tooMany = exportTransactions(
      exportDeps(fakeClient(all), sheet, { maxRows: 11 }),
      {},
      { replace: true },
    );
    expect(tooMany).toMatchObject({
      status: "failed",
      count: 12,
      error: { message: expect.stringMatching(/more than the 11/) },
    });
    expect(failed).toMatchObject({
      status: "failed",
      fetched: 3,
      count: 12,
      error: { next: expect.stringMatching(/created_at range/) },
    });
    expect(sheet.writes).toEqual([]);
  });
});
