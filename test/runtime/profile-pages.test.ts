/**
 * Profile URLs as people copy them from the browser: a page of the profile (its Experience details,
 * a language version, its activity) rather than the profile itself. Before, =LOOKUP_LEAD and Enrich
 * refused them as "Not a profile URL"; now each is its person, sent once as the profile's URL and
 * charged once beside the plain spelling of the same person.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
let addon: AddonRuntime;
let urls: string[];

beforeAll(async () => {
  addon = await startAddonRuntime();
  urls = await addon.control.sampleUrls(3, 500);
});
afterAll(async () => {
  await addon?.close();
});

describe("a page of a profile is that profile", () => {
  it("=LOOKUP_LEAD answers it and pays once for the person", async () => {
    addon.runtime.setValues(SHEET, "A2", [
      [`${urls[0]}/details/experience/`],
      [urls[0]!],
      [`${urls[1]}/en`],
      [`${urls[2]}/recent-activity/all/?trk=public_profile`],
    ]);
    addon.runtime.setCell(SHEET, "B2", '=LOOKUP_LEAD(A2:A5, "full_name")');
    const names = addon.runtime.getValues(SHEET, "B2:B5").map((row) => String(row[0]));
    expect(names.every((name) => name !== "" && !/profile URL|not found/i.test(name))).toBe(true);
    expect(names[0]).toBe(names[1]);
    expect(await ledgerCredits(addon.control)).toBe(3);
  });
});
