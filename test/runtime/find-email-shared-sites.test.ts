/**
 * =FIND_EMAIL over rows whose company "website" is a page on a shared site (the company's page on
 * a social network, a scheduling link, a free site builder's subdomain) or a free email provider's
 * domain, as CRM exports hold them. An address "at" such a site is the site's (a stranger's), and
 * the finder charges for it all the same; the Emails action, Enrich's Work email and the Leads tab
 * skip such rows for free. Before, the formula sent them: 4 rows, 4 credits in the sandbox's
 * ledger, and the cells showed "jdoe@linkedin.com  valid" as Jane Doe's work email.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { PATHS } from "../../src/api/wire";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
let addon: AddonRuntime;

beforeAll(async () => {
  addon = await startAddonRuntime({ runtime: { user: OWNER } });
});
afterAll(async () => {
  await addon?.close();
});

describe("=FIND_EMAIL and shared sites", () => {
  it("sends no row whose website is a shared site's page or a free mail domain, and says why", async () => {
    addon.runtime.user = EDITOR;
    addon.runtime.setValues(SHEET, "A2", [
      ["Jane", "Doe", "https://www.linkedin.com/company/acme"],
      ["Jane", "Doe", "https://calendly.com/acme-sales"],
      ["Jane", "Doe", "gmail.com"],
      ["Jane", "Doe", "acme.wixsite.com"],
      ["Jane", "Doe", "https://www.initech.com/about"],
    ]);
    addon.runtime.setCell(SHEET, "D2", "=FIND_EMAIL(A2:A6, B2:B6, C2:C6)");
    const rows = addon.runtime.getValues(SHEET, "D2:E6");
    expect(rows.slice(0, 4)).toEqual([
      ["not checked: the company's website is on linkedin.com, not its own domain", ""],
      ["not checked: the company's website is on calendly.com, not its own domain", ""],
      ["not checked: gmail.com is a free email provider's domain, not the company's", ""],
      ["not checked: the company's website is on wixsite.com, not its own domain", ""],
    ]);
    // The company's own site is asked, once: the only row the ledger charges.
    expect(rows[4]![0]).toMatch(/@initech\.com$/);
    expect(await ledgerCredits(addon.control, PATHS.emailFinder)).toBe(1);
  });
});
