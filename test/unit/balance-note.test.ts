/** The estimate's balance line: balances at or below zero (PRODUCTION.md A9) are said plainly. */
import { describe, expect, it } from "vitest";
import { balanceWarning } from "../../sidebar/components/balance-note";

describe("balanceWarning", () => {
  it("says nothing when the balance covers the run or is unknown", () => {
    expect(balanceWarning(100, 25)).toBeNull();
    expect(balanceWarning(25, 25)).toBeNull();
    expect(balanceWarning(null, 25)).toBeNull();
  });

  it("says a negative balance is below zero, with its sign", () => {
    expect(balanceWarning(-2400, 25)).toBe(
      "Your balance is -2,400 credits, below zero: top up first. The API may refuse requests as out of credits, or take the balance further below zero.",
    );
    expect(balanceWarning(-1, 1)).toMatch(/^Your balance is -1 credit, below zero/);
  });

  it("says a balance of 0 is 0, and a short one by how much it holds", () => {
    expect(balanceWarning(0, 25)).toMatch(/^Your balance is 0 credits: top up first/);
    expect(balanceWarning(10, 25)).toMatch(/^Your balance of 10 credits may not cover all of it/);
  });
});
