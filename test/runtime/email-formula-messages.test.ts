/**
 * What an email formula's row says when it was not sent (over the spend cap per run, over the
 * owner's daily formula budget): the way round is the Emails action, which finds and validates
 * emails of selected rows. Before, these rows said "... or use Enrich", =LOOKUP_LEAD's words:
 * Enrich refreshes profile URLs and has no rows of names to find emails for. Freeze still leaves
 * such a formula a formula.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { manualClock } from "../../sandbox/gas/clock";
import { PATHS } from "../../src/api/wire";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
const clock = manualClock(Date.UTC(2026, 10, 25, 9, 0, 0));
let addon: AddonRuntime;

beforeAll(async () => {
  addon = await startAddonRuntime({ runtime: { user: OWNER, clock } });
  addon.runtime.install();
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.properties.user(OWNER).setAll({ SPEND_CAP: "500", FORMULA_DAILY_CREDITS: "100" });
  clock.advance(24 * 3600_000);
});

/** The editor types =FIND_EMAIL over two new people at `top`; the second row's text. */
function secondRow(top: number, domain: string): string {
  addon.runtime.user = EDITOR;
  addon.runtime.setValues(SHEET, `A${top}`, [
    ["Ada", "Byron", domain],
    ["Alan", "Turing", domain],
  ]);
  addon.runtime.setCell(
    SHEET,
    `D${top}`,
    `=FIND_EMAIL(A${top}:A${top + 1}, B${top}:B${top + 1}, C${top}:C${top + 1})`,
  );
  addon.runtime.user = OWNER;
  return String(addon.runtime.getValues(SHEET, `D${top + 1}`)[0]![0]);
}

describe("email formula rows that were not sent", () => {
  it("over the spend cap per run: points to the Emails action, not Enrich", async () => {
    addon.runtime.properties.user(OWNER).setAll({ SPEND_CAP: "1" });
    const shown = secondRow(2, "firm-one.com");
    expect(shown).toMatch(
      /^Not fetched: this range would spend more than the spreadsheet owner's cap of 1 credits per run/,
    );
    expect(shown).toMatch(/Emails action/);
    expect(shown).not.toMatch(/Enrich/);
    expect(await ledgerCredits(addon.control, PATHS.emailFinder)).toBeLessThanOrEqual(1);
  });

  it("over the daily formula budget: points to the Emails action, and Freeze leaves the formula", async () => {
    addon.runtime.properties.user(OWNER).setAll({ FORMULA_DAILY_CREDITS: "1" });
    const shown = secondRow(10, "firm-two.com");
    expect(shown).toMatch(/^Not fetched: today's formula budget of 1 credits/);
    expect(shown).toMatch(/Emails action/);
    expect(shown).not.toMatch(/Enrich/);
    addon.runtime.select(SHEET, "D10");
    addon.runtime.clickMenu("Freeze selected formulas to values");
    expect(addon.runtime.getFormulas(SHEET, "D10")[0]![0]).toMatch(/^=FIND_EMAIL/);
  });
});
