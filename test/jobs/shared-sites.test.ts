/** A company website that is a page on a shared site names no mail domain (shared-sites.ts). */
import { describe, expect, it } from "vitest";
import { sharedSiteNote, sharedSiteOf } from "../../src/jobs/emails/shared-sites";

describe("a company's website on a shared site", () => {
  it.each([
    ["https://calendly.com/blue-retail-s-a-lglc", "calendly.com"],
    ["https://iron-labs-b-v-lh6j.calendly.com/", "calendly.com"],
    ["http://www.facebook.com/acme?ref=page", "facebook.com"],
    ["x.com/acme", "x.com"],
    ["https://acme.wixsite.com/home", "wixsite.com"],
    ["https://sites.google.com/view/acme", "sites.google.com"],
    ["linktr.ee/acme", "linktr.ee"],
  ])("%s is a page on %s", (website, site) => {
    expect(sharedSiteOf(website)).toBe(site);
  });

  it.each([
    "https://www.acme.com/about",
    "acme.io",
    // The site itself is a company with its own mail domain (Calendly's people are at calendly.com).
    "https://calendly.com",
    "https://www.facebook.com/",
    "https://box.com/files",
    "mybit.ly.example.com",
    "",
  ])("%s is the company's own", (website) => {
    expect(sharedSiteOf(website)).toBeNull();
  });
});

describe("a company's website that is a free email provider's domain", () => {
  // CRM exports fill Website or Company Domain from a contact's address: a freelancer's gmail.com
  // is no company's domain, and the finder would charge for a guess at a personal address.
  it.each([
    ["gmail.com", "gmail.com"],
    ["https://www.GMAIL.com/", "gmail.com"],
    ["yahoo.co.uk", "yahoo.co.uk"],
    ["hotmail.fr", "hotmail.fr"],
    ["outlook.com", "outlook.com"],
    ["icloud.com", "icloud.com"],
    ["proton.me", "proton.me"],
    ["mail.ru", "mail.ru"],
    ["qq.com", "qq.com"],
  ])("%s is %s, never the company's own, even bare", (website, site) => {
    expect(sharedSiteOf(website)).toBe(site);
    expect(sharedSiteNote(site)).toBe(
      `not checked: ${site} is a free email provider's domain, not the company's`,
    );
  });

  it.each(["google.com", "microsoft.com", "yahooinc.com", "outlook-partners.com", "gmail.com.acme.io"])(
    "%s is a company's own",
    (website) => {
      expect(sharedSiteOf(website)).toBeNull();
    },
  );
});
