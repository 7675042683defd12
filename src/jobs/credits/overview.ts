/** The top of the Credits tab: the balance and what was spent in the last 24 hours and 7 days. */
import type { ApiError } from "../../api/errors";
import type { Clock } from "../../api/ports";
import type { TransactionClient } from "./ports";
import { recentChargesQuery, type Spending, sumSpending } from "./spending";

/** The spending query is cheap (charges of one week); it still never holds the sidebar long. */
export const SPENDING_BUDGET_MS = 20_000;

export interface CreditsOverview {
  /** Credits left; null when there is no transaction yet. */
  balance: number | null;
  spending: Spending;
}

export type OverviewResult = { ok: true; value: CreditsOverview } | { ok: false; error: ApiError };

export function creditsOverview(client: TransactionClient, clock: Clock): OverviewResult {
  const balance = client.balance();
  if (!balance.ok) return balance;
  const now = clock.now();
  const charges = client.listAllTransactions(recentChargesQuery(now), { deadline: now + SPENDING_BUDGET_MS });
  const sums = sumSpending(charges.results, now);
  return {
    ok: true,
    value: {
      balance: balance.value,
      spending: { ...sums, complete: charges.complete, error: charges.error },
    },
  };
}
