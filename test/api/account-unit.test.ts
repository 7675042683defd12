/**
 * The unit an account is billed in (PRODUCTION.md A19): read from the account profile, and the
 * words an estimate and a summary of a bulk run use for it.
 */
import { describe, expect, it } from "vitest";
import { readAccountProfile } from "../../src/api/bulk-enrich";
import { runPath } from "../../src/jobs/enrich/bulk/estimate";
import { usdChargedText } from "../../src/jobs/ledger/charges-text";

const profile = (credits: Record<string, unknown>, data: Record<string, unknown> = {}) =>
  readAccountProfile({ data: { plan: "Pro", credits, ...data }, meta: { amount_charged: 0 } });

describe("the account's billing unit", () => {
  it("is what the profile names, else USD (the current generation holds the balance in USD)", () => {
    expect(profile({ balance: 120, unit: "credits" })).toEqual({
      balance: 120,
      plan: "Pro",
      unit: "credits",
    });
    expect(profile({ balance: 4.8, unit: "USD" })?.unit).toBe("usd");
    expect(profile({ balance: 4.8 }, { currency: "usd" })?.unit).toBe("usd");
    expect(profile({ balance: "4.80" })).toEqual({ balance: 4.8, plan: "Pro", unit: "usd" });
    expect(readAccountProfile({ detail: "nope" })).toBeNull();
  });

  it("sets the words of a bulk run's estimate: dollars for a USD account, credits otherwise", () => {
    const fresh = { up_to_the_second_fresh: true };
    const usd = runPath(120, fresh, "auto", false, "usd").text;
    expect(usd).toContain(
      "$0.04 per profile found (up to $4.80; your account is billed in USD), not found free",
    );
    expect(usd).not.toMatch(/credit/);
    expect(runPath(120, {}, "current", false, "usd").text).toContain("$0.02 per profile found (up to $2.40");
    for (const unit of ["credits", undefined] as const)
      expect(runPath(120, fresh, "auto", false, unit).text).toContain(
        "1 credit per profile found (about $4.80 at the API's price)",
      );
    // Lookups are the spec's endpoints: credits whatever the account.
    expect(runPath(120, fresh, "legacy", false, "usd").text).not.toContain("$");
  });

  it("words a USD summary with cents, whatever the float sum", () => {
    expect(usdChargedText(0.04 * 3)).toBe(
      "$0.12 charged (the API's bulk jobs; your account is billed in USD)",
    );
  });
});
