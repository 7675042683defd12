/**
 * The Credits tab's filters read values as people type or paste them, starting with what the tab's
 * own list shows: amounts and balances with grouping and a sign ("+10,000", "-2,400"), the time
 * column's dates ("Nov 21, 2026, 12:02 UTC"), a minus pasted from a document, ISO times with Z.
 * Before, each was refused with "Use a whole number" or "Write dates as yyyy-mm-dd".
 */
import { describe, expect, it } from "vitest";
import { checkTransactionQuery, type TransactionFilterForm } from "../../src/jobs/credits/filters";
import { transactionRow } from "../../src/jobs/credits/rows";

const sent = (form: TransactionFilterForm) => {
  const checked = checkTransactionQuery(form);
  return checked.ok ? checked.query : checked.problems;
};

describe("numbers as the list shows them", () => {
  it.each([
    ["+10,000", "10000"],
    ["-2,400", "-2400"],
    ["1,000", "1000"],
    ["\u22125", "-5"],
    ["\u2013 5", "-5"],
    [" 1,234,567 ", "1234567"],
  ])("amount %j is sent as %s", (typed, value) => {
    expect(sent({ amount: { modifier: "lt", value: typed } })).toEqual({ amount__lt: value });
    expect(sent({ after_balance: { modifier: "exact", value: typed } })).toEqual({
      after_balance__exact: value,
    });
  });

  it("reads a list row's own amount and balance back as the same filter", () => {
    const row = transactionRow({
      id: "a",
      created_at: "2026-11-21T12:02:43.123456",
      updated_at: "2026-11-21T12:02:43.123456",
      status: "success",
      balance_type: "top_up",
      amount: 10_000,
      description: "Top-up",
      after_balance: -2_400,
    });
    expect(sent({ amount: { modifier: "exact", value: row.amount } })).toEqual({ amount__exact: "10000" });
    expect(sent({ after_balance: { modifier: "exact", value: row.afterBalance } })).toEqual({
      after_balance__exact: "-2400",
    });
  });

  it("splits a range of grouped numbers where only one comma can part them, low to high", () => {
    expect(sent({ amount: { modifier: "range", value: "1,000,2,500" } })).toEqual({
      amount__range: "1000,2500",
    });
    expect(sent({ amount: { modifier: "range", value: "-1,000, -20" } })).toEqual({
      amount__range: "-1000,-20",
    });
    expect(sent({ amount: { modifier: "range", value: "-10,-20" } })).toEqual({ amount__range: "-20,-10" });
  });

  it("still refuses what is not a whole number, or a range it cannot part one way only", () => {
    for (const value of ["1.5", "12,34", "ten", "1,0000", "$5"]) {
      expect(sent({ amount: { modifier: "exact", value } })).toHaveProperty("amount");
    }
    // 1 and 000,000? 1,000 and 000? Neither is sure: said, not guessed.
    expect(sent({ amount: { modifier: "range", value: "1,000,000" } })).toHaveProperty("amount");
  });
});

describe("dates as the list shows them and as people type them", () => {
  it.each([
    ["Nov 21, 2026", "2026-11-21"],
    ["November 21, 2026", "2026-11-21"],
    ["21 Nov 2026", "2026-11-21"],
    ["Nov 21, 2026, 12:02 UTC", "2026-11-21T12:02:00"],
    ["2026/11/21", "2026-11-21"],
    ["21/11/2026", "2026-11-21"],
    ["2026-11-21T12:02:43Z", "2026-11-21T12:02:43"],
    ["2026-11-21 12:02", "2026-11-21T12:02:00"],
  ])("created_at %j is sent as %s", (typed, value) => {
    expect(sent({ created_at: { modifier: "gte", value: typed } })).toEqual({ created_at__gte: value });
  });

  it("parts a range of the list's dates at the comma between them", () => {
    expect(sent({ created_at: { modifier: "range", value: "Nov 1, 2026, Nov 30, 2026" } })).toEqual({
      created_at__range: "2026-11-01,2026-11-30",
    });
    expect(sent({ created_at: { modifier: "range", value: "Nov 30, 2026,Nov 1, 2026" } })).toEqual({
      created_at__range: "2026-11-01,2026-11-30",
    });
  });

  it("refuses a day-month order it cannot tell, naming both readings", () => {
    const problems = sent({ created_at: { modifier: "gte", value: "11/01/2026" } }) as Record<
      string,
      { hint: string }
    >;
    expect(problems.created_at?.hint).toMatch(/2026-11-01 or 2026-01-11/);
    expect(sent({ created_at: { modifier: "gte", value: "Feb 30, 2026" } })).toHaveProperty("created_at");
  });
});

describe("a time typed to the minute, as the list shows it, means that whole minute", () => {
  const shown = "Nov 21, 2026, 12:02 UTC";
  const start = "2026-11-21T12:02:00";
  const end = "2026-11-21T12:02:59.999999";

  it.each([
    // "is 12:02" sent as the instant 12:02:00.000000 matched no row the list shows at 12:02.
    ["exact", { created_at__range: `${start},${end}` }],
    ["gte", { created_at__gte: start }],
    ["lt", { created_at__lt: start }],
    ["lte", { created_at__lte: end }],
    ["gt", { created_at__gt: end }],
  ])("%s", (modifier, query) => {
    expect(sent({ created_at: { modifier, value: shown } })).toEqual(query);
    expect(sent({ created_at: { modifier, value: "2026-11-21 12:02" } })).toEqual(query);
  });

  it("a between ends at the end of its last minute, whichever way round it was typed", () => {
    const typed = "Nov 21, 2026, 12:02 UTC,Nov 21, 2026, 09:15 UTC";
    expect(sent({ created_at: { modifier: "range", value: typed } })).toEqual({
      created_at__range: `2026-11-21T09:15:00,${end}`,
    });
  });

  it("a time typed with its seconds is sent as typed", () => {
    expect(sent({ created_at: { modifier: "lte", value: "2026-11-21T12:02:00" } })).toEqual({
      created_at__lte: "2026-11-21T12:02:00",
    });
  });
});
