/**
 * The top of the Credits tab: the spendable balance (users/me, PRODUCTION.md A9) and what was
 * spent in the last 24 hours and 7 days.
 */
import type { ApiError } from "../../api/errors";
import type { Clock } from "../../api/ports";
import type { TransactionClient } from "./ports";
import { recentChargesQuery, type Spending, sumSpending } from "./spending";

/** The spending query is cheap (charges of one week); it still never holds the sidebar long. */
export const SPENDING_BUDGET_MS = 20_000;

export interface CreditsOverview {
  /** The spendable balance. */
  balance: number;
  /** Reserved for requests in flight. */
  reserved: number;
  spending: Spending;
}

export type OverviewResult = { ok: true; value: CreditsOverview } | { ok: false; error: ApiError };

export function creditsOverview(client: TransactionClient, clock: Clock): OverviewResult {
  const account = client.account();
  if (!account.ok) return account;
  const now = clock.now();
  const charges = client.listAllTransactions(recentChargesQuery(now), { deadline: now + SPENDING_BUDGET_MS });
  const sums = sumSpending(charges.results, now);
  return {
    ok: true,
    value: {
      balance: account.value.balance,
      reserved: account.value.reserved,
      spending: { ...sums, complete: charges.complete, error: charges.error },
    },
  };
}
