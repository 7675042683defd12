/**
 * What a run charged, read from the ledger (src/jobs/ledger/run-charges.ts). Production drops a
 * filter value it cannot read and answers 200 with the list unfiltered (PRODUCTION.md A11): the
 * run's figure must then still be the run's rows, never the whole history of the key.
 */
import { describe, expect, it } from "vitest";
import type { TransactionPages } from "../../src/api/client";
import type { Transaction, TransactionQuery } from "../../src/api/wire";
import { chargesSince, type LedgerReader, markLedger } from "../../src/jobs/ledger/run-charges";

function row(
  id: string,
  created_at: string,
  amount: number,
  status = "success",
  balance_type = "leads_by_link",
): Transaction {
  return {
    id,
    created_at,
    updated_at: created_at,
    status,
    balance_type,
    amount,
    description: "Lead lookup",
    after_balance: -1,
  };
}

/** A ledger, newest first, that reads its filters (`honours`) or drops them all (A11). */
function ledger(rows: Transaction[], honours: boolean): LedgerReader {
  const filtered = (query: TransactionQuery) =>
    rows.filter(
      (t) =>
        !honours ||
        ((query.created_at__gte === undefined || t.created_at >= query.created_at__gte) &&
          (query.amount__lt === undefined || t.amount < Number(query.amount__lt))),
    );
  return {
    listTransactions: (query) => {
      const results = filtered(query).slice(0, Number(query.limit ?? 100));
      return {
        ok: true,
        value: {
          count: results.length,
          next: null,
          previous: null,
          limit: 100,
          max_limit: 100,
          offset: 0,
          results,
        },
      };
    },
    listAllTransactions: (query): TransactionPages => {
      const results = filtered(query);
      return { results, count: results.length, complete: true, error: null };
    },
  };
}

const history = [
  row("old-1", "2026-11-20T09:00:00.000000", -500),
  row("old-2", "2026-11-24T09:00:00.000000", -40),
  row("top-up", "2026-11-24T10:00:00.000000", 1000),
  row("mark", "2026-11-25T10:00:00.000000", -3),
];
const run = [
  row("run-1", "2026-11-25T10:00:00.000000", -1),
  row("run-2", "2026-11-25T10:00:01.500000", -2),
  row("run-3", "2026-11-25T10:00:02.000000", -4, "pending"),
  row("run-4", "2026-11-25T10:00:03.000000", -8, "error"),
];

describe("a run's charges from the ledger", () => {
  for (const honours of [true, false]) {
    it(`counts only the run's rows when the API ${honours ? "reads" : "drops (A11)"} the filters`, () => {
      const before = ledger([...history].reverse(), honours);
      const mark = markLedger(before);
      expect(mark).toEqual({ after: "2026-11-25T10:00:00.000000", id: "mark" });
      const after = ledger([...history, ...run].reverse(), honours);
      const charges = chargesSince(after, mark!, "lookup", Number.POSITIVE_INFINITY);
      // run-1 and run-2 were spent; run-3 is pending; run-4 was reversed.
      expect(charges).toEqual({ charged: 3, pending: 4, complete: true });
    });
  }

  it("reads each endpoint's rows under the spec's balance type and production's counter name (A9)", () => {
    const mark = { after: "2026-11-25T10:00:00.000000", id: "mark" };
    const rows = [
      row("lookup-spec", "2026-11-25T10:00:01.000000", -1, "success", "leads_by_link"),
      row("lookup-production", "2026-11-25T10:00:02.000000", -2, "success", "lead_by_link"),
      row("validator-spec", "2026-11-25T10:00:03.000000", -4, "success", "email_validator"),
      // Production's account names the validator's counter balance_email_verifier.
      row("validator-production", "2026-11-25T10:00:04.000000", -8, "success", "email_verifier"),
      row("finder", "2026-11-25T10:00:05.000000", -16, "success", "email_finder"),
    ].reverse();
    const at = (kind: Parameters<typeof chargesSince>[2]) =>
      chargesSince(ledger(rows, true), mark, kind, Number.POSITIVE_INFINITY)?.charged;
    expect([at("lookup"), at("email_validator"), at("email_finder")]).toEqual([3, 12, 16]);
  });
});
