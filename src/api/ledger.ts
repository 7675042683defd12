/**
 * Which transaction-list rows count as spent (PRODUCTION.md A11): a charge (a negative amount)
 * that settled. A `pending` row is credits reserved for a request still in flight (it turns
 * `success` or `error` when the request ends) and an `error` row's charge was reversed: neither
 * is spending. Every total the add-on adds up from the ledger goes through here: the Credits
 * tab's 24 h / 7 day figures, the export's summary, and runs that read the ledger afterwards.
 */
import type { Transaction } from "./wire";

/** The statuses of production's ledger; a status filter with any other value is dropped by the API. */
export const LEDGER_STATUSES = ["pending", "success", "error"] as const;

/** Ledger statuses that are not (or not yet) spending. */
const NOT_SPENT = new Set<string>(["pending", "error"]);

/** The row's status as the API writes it (lower case); "" when it has none. */
export function ledgerStatus(row: Pick<Transaction, "status">): string {
  return String(row.status ?? "")
    .trim()
    .toLowerCase();
}

/** True when the row is a charge that was spent: negative amount, neither pending nor error. */
export function countsAsSpent(row: Pick<Transaction, "status" | "amount">): boolean {
  const amount = Number(row.amount);
  return amount < 0 && !NOT_SPENT.has(ledgerStatus(row));
}

/** Credits the row spent, as a positive number; 0 for a row that does not count (see countsAsSpent). */
export function creditsSpentBy(row: Pick<Transaction, "status" | "amount">): number {
  return countsAsSpent(row) ? -Number(row.amount) : 0;
}

/** What a list of rows adds up to: spent, and what was left out as pending or reversed. */
export interface LedgerTotals {
  spent: number;
  pending: { rows: number; credits: number };
  reversed: { rows: number; credits: number };
}

export function ledgerTotals(rows: readonly Pick<Transaction, "status" | "amount">[]): LedgerTotals {
  const totals: LedgerTotals = {
    spent: 0,
    pending: { rows: 0, credits: 0 },
    reversed: { rows: 0, credits: 0 },
  };
  for (const row of rows) {
    const amount = Number(row.amount);
    if (countsAsSpent(row)) totals.spent -= amount;
    else if (!(amount < 0)) continue;
    else if (ledgerStatus(row) === "pending") {
      totals.pending.rows++;
      totals.pending.credits -= amount;
    } else {
      totals.reversed.rows++;
      totals.reversed.credits -= amount;
    }
  }
  return totals;
}
