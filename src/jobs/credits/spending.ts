/**
 * Credits spent recently, from the transaction list (free): one filtered query for the charges of
 * the last 7 days (created_at__gte, amount__lt=0), summed for the last 24 hours and 7 days. Which
 * rows count is src/api/ledger.ts's rule: pending and error rows are not spending (A11).
 */
import type { ApiError } from "../../api/errors";
import { ledgerTotals } from "../../api/ledger";
import type { Transaction, TransactionQuery } from "../../api/wire";

const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

/** The spec's timestamp format, yyyy-mm-ddTHH:MM:SS.ssssss, in UTC. */
export function apiTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}.000000`;
}

/**
 * Epoch ms of an API timestamp, or NaN when it is not one. The spec's form has no zone and is
 * UTC; a zone written after the time (Z, +02:00, +0000) is applied, so such a charge still counts.
 */
export function timestampMs(text: string): number {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|([+-])(\d{2}):?(\d{2}))?)?$/.exec(
      text,
    );
  if (!m) return Number.NaN;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? 0));
  const fraction = Number(`0.${m[7] ?? "0"}`) * 1000;
  const offsetMinutes = m[9] ? (m[9] === "-" ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11])) : 0;
  return (
    Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour, minute, second) + fraction - offsetMinutes * 60_000
  );
}

/** The query for the charges of the last 7 days. */
export function recentChargesQuery(now: number): TransactionQuery {
  return { created_at__gte: apiTimestamp(now - WEEK), amount__lt: "0" };
}

export interface Spending {
  lastDay: number;
  lastWeek: number;
  /** Charges of the last 7 days still pending (requests in flight): not in the sums. */
  pendingLastWeek: number;
  /** False when some pages could not be read: the sums are then "at least". */
  complete: boolean;
  error: ApiError | null;
}

/** Credits charged (as positive numbers) since now-24 h and now-7 days, and those still pending. */
export function sumSpending(
  transactions: readonly Transaction[],
  now: number,
): Omit<Spending, "complete" | "error"> {
  const since = (ms: number) => transactions.filter((t) => timestampMs(t.created_at) >= now - ms);
  const week = ledgerTotals(since(WEEK));
  return {
    lastDay: ledgerTotals(since(DAY)).spent,
    lastWeek: week.spent,
    pendingLastWeek: week.pending.credits,
  };
}
