/**
 * The line an estimate shows when the balance may not pay for the run. Balances can be below zero
 * in production (PRODUCTION.md A9: a request may take the balance negative), so a balance of 0 or
 * less says so plainly instead of "may not cover".
 */

/** Credits with their unit, grouped: "9,990 credits", "1 credit". */
export function creditsText(n: number): string {
  return `${n.toLocaleString("en-US")} credit${Math.abs(n) === 1 ? "" : "s"}`;
}

/**
 * The spendable balance (PRODUCTION.md A9: users/me's balance_platform), and what requests in
 * flight have reserved when anything is: those credits are neither spendable nor spent yet.
 */
export function balanceText(balance: number, reserved = 0): string {
  return reserved > 0
    ? `${creditsText(balance)} (${creditsText(reserved)} more reserved for requests in flight)`
    : creditsText(balance);
}

/** The sentence for this balance and cost, or null when the balance covers it (or is unknown). */
export function balanceWarning(balance: number | null, maxCredits: number): string | null {
  if (balance === null || !(maxCredits > balance)) return null;
  const amount = `${balance.toLocaleString("en-US")} credit${Math.abs(balance) === 1 ? "" : "s"}`;
  if (balance < 0) {
    return `Your balance is ${amount}, below zero: top up first. The API may refuse requests as out of credits, or take the balance further below zero.`;
  }
  if (balance === 0)
    return "Your balance is 0 credits: top up first, or requests are refused as out of credits.";
  return `Your balance of ${amount} may not cover all of it: the run stops when credits run out and keeps what came back.`;
}

export function BalanceNote({ balance, maxCredits }: { balance: number | null; maxCredits: number }) {
  const text = balanceWarning(balance, maxCredits);
  return text === null ? null : <span class="next">{text}</span>;
}
