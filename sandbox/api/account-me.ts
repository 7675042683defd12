/**
 * GET /api/auth/users/me/ (PRODUCTION.md A9, free): the caller's balances, limits and use, in the
 * production reference's field names. `balance_platform` is what the key may spend (its balance
 * less what requests in flight reserved, `blocked_balance_platform`); one counter per operation
 * says what that operation has used (negative). Limits come from the account-limit controls
 * (A10); with no parallel-search limit set, `max_parallel_searches` is the spec's lead-search limit.
 */
import { createHash } from "node:crypto";
import type { AccountResponse } from "../../src/api/wire.ts";
import type { Endpoint } from "./endpoint.ts";

/** The spec's parallel limit of lead search: what an account without a lower limit allows. */
const SPEC_PARALLEL_SEARCHES = 50;

/**
 * The account's email: one per key, without the key in it (production's address is the user's,
 * never their key; one built from the key would be redacted by the add-on and every account
 * would read the same).
 */
export function sandboxAccountEmail(key: string): string {
  return `account-${createHash("sha256").update(key).digest("hex").slice(0, 8)}@sandbox.example`;
}

export const accountMe: Endpoint = ({ key, state }) => {
  const account = state.accounts.get(key);
  const counters = account?.counters ?? { companies_by_icp: 0, leads_by_icp: 0, leads_by_link: 0 };
  const use = state.searches.usage(key, state.now());
  const { accountParallel, dailySearches } = state.config;
  const body: AccountResponse = {
    balance_companies_by_icp: counters.companies_by_icp,
    balance_company_by_link: 0,
    balance_email_finder: 0,
    balance_email_verifier: 0,
    balance_lead_by_link: counters.leads_by_link,
    balance_leads_by_icp: counters.leads_by_icp,
    balance_platform: state.accounts.spendable(key),
    blocked_balance_platform: account?.blocked ?? 0,
    count_parallel_searches: use.inFlight,
    count_searches_completed_today: use.completedToday,
    count_searches_in_progress_today: use.inProgressToday,
    email: sandboxAccountEmail(key),
    full_name: "",
    max_credits: account?.initialCredits ?? 0,
    max_parallel_searches: accountParallel ?? SPEC_PARALLEL_SEARCHES,
    ...(dailySearches === null ? {} : { max_searches_daily: dailySearches }),
    subscription: "Sandbox",
  };
  return { status: 200, body };
};
