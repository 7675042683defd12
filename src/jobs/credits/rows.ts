/** Transactions as the Credits tab lists them: readable time, signed amount, plain text. */
import type { Transaction } from "../../api/wire";

export interface TransactionRow {
  id: string;
  /** created_at made readable, e.g. "Nov 21, 2026, 12:02 UTC"; the raw text when unreadable. */
  created: string;
  /** The raw created_at, for a tooltip and for filters. */
  createdAt: string;
  /** Signed with grouping, e.g. "+10,000" or "-5". */
  amount: string;
  /** True for charges (negative amounts). */
  charge: boolean;
  description: string;
  /** Balance after the transaction, with grouping. */
  afterBalance: string;
  status: string;
  balanceType: string;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/;

/** The API's timestamps carry no zone; the sandbox and the live service write UTC. */
export function readableTime(createdAt: string): string {
  const m = TIMESTAMP.exec(createdAt);
  const month = MONTHS[Number(m?.[2]) - 1];
  if (!m || !month) return createdAt;
  const day = `${month} ${Number(m[3])}, ${m[1]}`;
  return m[4] === undefined ? day : `${day}, ${m[4]}:${m[5]} UTC`;
}

export function groupDigits(n: number): string {
  const sign = n < 0 ? "-" : "";
  return sign + String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export function signedCredits(n: number): string {
  return n > 0 ? `+${groupDigits(n)}` : groupDigits(n);
}

/** Everything as text: the API's strings are shown as text (never as HTML) by the sidebar. */
export function transactionRow(t: Transaction): TransactionRow {
  const amount = Number(t.amount);
  return {
    id: String(t.id ?? ""),
    created: readableTime(String(t.created_at ?? "")),
    createdAt: String(t.created_at ?? ""),
    amount: Number.isFinite(amount) ? signedCredits(amount) : String(t.amount),
    charge: amount < 0,
    description: String(t.description ?? ""),
    afterBalance: Number.isFinite(Number(t.after_balance))
      ? groupDigits(Number(t.after_balance))
      : String(t.after_balance),
    status: String(t.status ?? ""),
    balanceType: String(t.balance_type ?? ""),
  };
}
