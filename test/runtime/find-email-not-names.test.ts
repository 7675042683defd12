/**
 * =FIND_EMAIL over name cells that hold no person's name: a formula's text, markup, a number, an
 * address or a link pasted into the name column. The finder charges for such a row all the same:
 * the sandbox answered "<b>x</b>" with bxb@initech.com as valid and charged 1. Refused before it
 * costs, each row saying why; a real name beside them is still asked, once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { PATHS } from "../../src/api/wire";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
let addon: AddonRuntime;

beforeAll(async () => {
  addon = await startAddonRuntime({ runtime: { user: "owner@example.com" } });
});
afterAll(async () => {
  await addon?.close();
});

describe("=FIND_EMAIL and cells that hold no name", () => {
  it("sends none of them, and says which name is wrong", async () => {
    addon.runtime.setValues(SHEET, "A2", [
      ["'=1+1", "Doe", "initech.com"],
      ["<b>x</b>", "Doe", "initech.com"],
      ["Jane", "12345", "initech.com"],
      ["jane@initech.com", "Doe", "initech.com"],
      ["Jane", "Doe", "initech.com"],
    ]);
    addon.runtime.setCell(SHEET, "D2", "=FIND_EMAIL(A2:A6, B2:B6, C2:C6)");
    const rows = addon.runtime.getValues(SHEET, "D2:E6").map((row) => String(row[0]));
    expect(
      rows.slice(0, 4).map((text) => /first name is not a name|last name is not a name/.test(text)),
    ).toEqual([true, true, true, true]);
    expect(rows[4]).toMatch(/@initech\.com$/);
    expect(await ledgerCredits(addon.control, PATHS.emailFinder)).toBe(1);
  });
});
