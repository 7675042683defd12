/**
 * Which transaction rows are money spent (PRODUCTION.md A11): a charge (negative amount) whose
 * status is neither `pending` (reserved for a request still in flight: it may yet be reversed)
 * nor `error` (its charge was reversed). One rule for every total the add-on reports.
 */
import type { Transaction } from "../../api/wire";

/** Credits a row charged, as a positive number (0 for top-ups and adjustments). */
export function chargeOf(transaction: Transaction): number {
  const amount = Number(transaction.amount);
  return Number.isFinite(amount) && amount < 0 ? -amount : 0;
}

/** A row reserved for a request still in flight: not spent yet, and not free yet either. */
export function isPending(transaction: Transaction): boolean {
  return transaction.status === "pending";
}

/** A charge the API kept: counted as spent. */
export function isSpent(transaction: Transaction): boolean {
  return chargeOf(transaction) > 0 && !isPending(transaction) && transaction.status !== "error";
}
