/**
 * The one rule for which ledger rows count as spent (PRODUCTION.md A11), and what the add-on takes
 * from the account answer (A9, A10): how many searches go at once, and the "searches left today"
 * sentence of an estimate.
 */
import { describe, expect, it } from "vitest";
import { searchesLeftNote, searchParallel } from "../../src/api/account";
import { countsAsSpent, creditsSpentBy, ledgerTotals } from "../../src/api/ledger";
import { validateTransactionQuery } from "../../src/api/validate";

describe("which ledger rows count as spent", () => {
  it("a settled charge counts; pending (in flight) and error (reversed) rows do not, in any letter case", () => {
    expect(countsAsSpent({ status: "success", amount: -5 })).toBe(true);
    expect(countsAsSpent({ status: "pending", amount: -5 })).toBe(false);
    expect(countsAsSpent({ status: " ERROR ", amount: -5 })).toBe(false);
    expect(countsAsSpent({ status: "success", amount: 500 })).toBe(false);
    expect(creditsSpentBy({ status: "success", amount: "-7" as unknown as number })).toBe(7);
    expect(creditsSpentBy({ status: "Pending", amount: -7 })).toBe(0);
  });

  it("adds a list up, saying what it left out", () => {
    expect(
      ledgerTotals([
        { status: "success", amount: -3 },
        { status: "pending", amount: -4 },
        { status: "pending", amount: -1 },
        { status: "error", amount: -2 },
        { status: "success", amount: 1000 },
      ]),
    ).toEqual({ spent: 3, pending: { rows: 2, credits: 5 }, reversed: { rows: 1, credits: 2 } });
  });
});

describe("the status filter", () => {
  it("sends only the ledger's statuses: production drops any other and lists every transaction", () => {
    for (const status of ["pending", "success", "error"])
      expect(validateTransactionQuery({ status__exact: status })).toEqual([]);
    expect(validateTransactionQuery({ status__exact: "Succes" })).toEqual([
      expect.objectContaining({
        path: "status__exact",
        hint: expect.stringMatching(/"pending", "success" or "error"/),
      }),
    ]);
  });
});

describe("the account's search limits", () => {
  it("sends searches at the account's parallel limit, never above Settings' batch or the spec's", () => {
    expect(searchParallel(50, { parallelSearches: 5 })).toBe(5);
    expect(searchParallel(3, { parallelSearches: 5 })).toBe(3);
    expect(searchParallel(20, { parallelSearches: null })).toBe(20);
    expect(searchParallel(20, null)).toBe(20);
  });

  it("says how many searches are left today only when a run needs more", () => {
    const account = { searchesLeftToday: 4, dailySearches: 20 };
    expect(searchesLeftNote(4, account)).toBeNull();
    expect(searchesLeftNote(9, { searchesLeftToday: null, dailySearches: null })).toBeNull();
    expect(searchesLeftNote(9, account)).toBe(
      "This needs 9 searches; your account has 4 searches left today of 20. The rest would be refused until tomorrow (UTC), free.",
    );
    expect(searchesLeftNote(2, { searchesLeftToday: 1, dailySearches: 20 })).toMatch(
      /has 1 search left today/,
    );
  });
});
