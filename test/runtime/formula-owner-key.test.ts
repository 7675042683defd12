/**
 * Formulas run with the spreadsheet owner's user properties (PRODUCTION.md G5), so an editor who
 * saved a key of their own still gets no answers while the owner has none. The cells must say
 * whose key is missing: "save your key" sends that editor to a Settings that already has it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AddonRuntime, DEMO_KEY, EMPTY_KEY, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
let addon: AddonRuntime;

beforeAll(async () => {
  addon = await startAddonRuntime({ apiKey: null, runtime: { user: OWNER } });
});
afterAll(async () => {
  await addon?.close();
});

it("an editor with a key of their own is told the formulas need the owner's key, and nothing is charged", async () => {
  const [url] = await addon.control.sampleUrls(1);
  addon.runtime.properties.user(EDITOR).setAll({ API_KEY: DEMO_KEY, API_BASE_URL: addon.sandboxUrl });
  addon.runtime.user = EDITOR;
  addon.runtime.setCell(SHEET, "A1", url!);
  addon.runtime.setCell(SHEET, "B1", '=LOOKUP_LEAD(A1, "full_name")');
  addon.runtime.setCell(SHEET, "B2", '=FIND_EMAIL("Ann", "Lee", "acme.com")');
  addon.runtime.setCell(SHEET, "B3", "=CREDIT_BALANCE()");
  const owners = /spreadsheet owner's key.*the owner saves one/i;
  expect(String(addon.runtime.getValues(SHEET, "B1")[0]![0])).toMatch(owners);
  expect(String(addon.runtime.getValues(SHEET, "B2")[0]![0])).toMatch(owners);
  expect(addon.runtime.getCell(SHEET, "B3").error?.message).toMatch(owners);
  expect((await addon.control.stats()).ledger).toEqual([]);
});

it("an editor is told it is the owner's key that was refused, or the owner's credits that ran out, and Freeze leaves those rows", async () => {
  const [url] = await addon.control.sampleUrls(1, 7);
  addon.runtime.install();
  const editorTypes = () => {
    addon.runtime.user = EDITOR;
    addon.runtime.setCell(SHEET, "A10", url!);
    addon.runtime.setCell(SHEET, "B10", '=LOOKUP_LEAD(A10, "full_name")');
    addon.runtime.setCell(SHEET, "B11", '=FIND_EMAIL("Ann", "Lee", "acme.com")');
    addon.runtime.setCell(SHEET, "B12", "=CREDIT_BALANCE()");
    addon.runtime.select(SHEET, "B10:B11");
    addon.runtime.clickMenu("Freeze selected formulas to values");
    return [
      String(addon.runtime.getValues(SHEET, "B10")[0]![0]),
      String(addon.runtime.getValues(SHEET, "B11")[0]![0]),
      String(addon.runtime.getCell(SHEET, "B12").error?.message),
    ];
  };
  // Before: "The API key was not accepted. Open Settings and paste your API key again" sent the
  // editor to their own Settings, and "Your account is out of credits" named their account.
  addon.runtime.properties.user(OWNER).setAll({ API_KEY: "revoked-key", API_BASE_URL: addon.sandboxUrl });
  for (const shown of editorTypes()) expect(shown).toMatch(/spreadsheet owner's API key was not accepted/);
  expect(addon.runtime.getFormulas(SHEET, "B10:B11").flat()).toEqual([
    '=LOOKUP_LEAD(A10, "full_name")',
    '=FIND_EMAIL("Ann", "Lee", "acme.com")',
  ]);
  addon.runtime.user = OWNER;
  addon.runtime.properties.user(OWNER).setAll({ API_KEY: EMPTY_KEY });
  const [lookup, email] = editorTypes();
  for (const shown of [lookup, email]) expect(shown).toMatch(/spreadsheet owner's account is out of credits/);
  expect(addon.runtime.getFormulas(SHEET, "B10")).toEqual([['=LOOKUP_LEAD(A10, "full_name")']]);
  expect((await addon.control.stats()).ledger).toEqual([]);
  addon.runtime.user = OWNER;
  addon.runtime.properties.user(OWNER).delete("API_KEY");
});

it("an editor over the spend cap is told it is the owner's cap, which the owner raises", async () => {
  const urls = await addon.control.sampleUrls(2, 9);
  addon.runtime.user = OWNER;
  addon.runtime.properties
    .user(OWNER)
    .setAll({ API_KEY: DEMO_KEY, API_BASE_URL: addon.sandboxUrl, SPEND_CAP: "1" });
  addon.runtime.user = EDITOR;
  addon.runtime.setValues(SHEET, "A20", [[urls[0]!], [urls[1]!]]);
  addon.runtime.setCell(SHEET, "B20", '=LOOKUP_LEAD(A20:A21, "full_name")');
  const over = String(addon.runtime.getValues(SHEET, "B21")[0]![0]);
  // Before: "... more than your cap of 1 credits per run. Raise the cap in Settings": the editor's own.
  expect(over).toMatch(
    /^Not fetched: this range would spend more than the spreadsheet owner's cap of 1 credits per run/,
  );
  expect(over).toMatch(/the owner raises it in Settings/);
  addon.runtime.user = OWNER;
  addon.runtime.properties.user(OWNER).delete("SPEND_CAP");
});
