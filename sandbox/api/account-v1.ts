/**
 * GET /api/v1/accounts/me/ (PRODUCTION.md A19): the account profile of the current generation,
 * `{data: {id, email, name, plan, credits: {balance, used_this_month, monthly_limit}, preview_tier}}`.
 * The sandbox bills in credits (`credits.unit: "credits"`): `credits.balance` is the same balance
 * the legacy transaction list's latest `after_balance` shows, and a bulk enrichment is charged in
 * credits too (bulk-enrich.ts); only `meta.amount_charged` of the v1 answers is in USD. The control
 * `billingUnit: "usd"` answers as an account held in USD does (A19): the balance in dollars at the
 * real-time price, `credits.unit: "USD"`.
 */
import { USD_PER_LEAD } from "./bulk-enrich.ts";
import type { Endpoint } from "./endpoint.ts";

export const accountV1: Endpoint = ({ key, state }) => {
  const account = state.accounts.get(key);
  const month = new Date(state.now()).toISOString().slice(0, 7);
  let used = 0;
  for (const t of account?.transactions ?? []) {
    if (t.amount < 0 && t.status !== "error" && t.created_at.startsWith(month)) used -= t.amount;
  }
  const usd = state.config.billingUnit === "usd";
  const inUnit = (credits: number) =>
    usd ? Math.round(credits * USD_PER_LEAD.realtime * 100) / 100 : credits;
  return {
    status: 200,
    body: {
      data: {
        id: `acct-${key.length}`,
        email: "sandbox@example.com",
        name: "Sandbox account",
        plan: state.config.bulkEntitled ? "Pro" : "Basic",
        credits: {
          balance: inUnit(account?.balance ?? 0),
          used_this_month: inUnit(used),
          monthly_limit: null,
          unit: usd ? "USD" : "credits",
        },
        preview_tier: false,
      },
      meta: { amount_charged: 0 },
    },
  };
};
