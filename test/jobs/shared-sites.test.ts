/** A company website that is a page on a shared site names no mail domain (shared-sites.ts). */
import { describe, expect, it } from "vitest";
import { sharedSiteOf } from "../../src/jobs/emails/shared-sites";

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
