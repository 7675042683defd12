/**
 * Company websites that are a page on a site many share: social networks, link shorteners, free
 * site builders, video and blogging sites, scheduling and freelance marketplaces (the kinds of the
 * spec's bad-website list, company search rule 3). Such a company has no mail domain there: an
 * address "at" its website (someone@calendly.com) is the site's own, and the finder charges for it
 * all the same. The site itself ("https://calendly.com", the company Calendly) is not a page on it.
 */
import { emailDomain } from "../../api/validate/email";
import { isFreeMailDomain } from "./free-mail";

const SHARED_SITES = [
  "bit.ly",
  "tinyurl.com",
  "goo.gl",
  "ow.ly",
  "linktr.ee",
  "wixsite.com",
  "wix.com",
  "weebly.com",
  "wordpress.com",
  "sites.google.com",
  "godaddysites.com",
  "carrd.co",
  "webflow.io",
  "square.site",
  "squarespace.com",
  "facebook.com",
  "instagram.com",
  "twitter.com",
  "x.com",
  "linkedin.com",
  "tiktok.com",
  "youtube.com",
  "vimeo.com",
  "medium.com",
  "substack.com",
  "blogspot.com",
  "calendly.com",
  "fiverr.com",
  "upwork.com",
];

/**
 * The shared site a company's website is a page or subdomain of, or the free email provider it is
 * (gmail.com, bare or not: free-mail.ts); null when it is the company's own.
 */
export function sharedSiteOf(website: string): string | null {
  const domain = emailDomain(website);
  if (isFreeMailDomain(domain)) return domain;
  const site = SHARED_SITES.find((host) => domain === host || domain.endsWith(`.${host}`));
  if (site === undefined) return null;
  // A subdomain (acme.wixsite.com) is a page of the site; emailDomain has dropped www. already.
  if (domain !== site) return site;
  // The bare site is the company that runs it; a path on it is someone's page there.
  const path = website
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")
    .replace(/^[^/?#]*/, "")
    .replace(/[?#].*$/, "");
  return path.replace(/\/+$/, "") === "" ? null : site;
}

/** A row's Email status when its company's website is a page on a shared site: nothing was sent. */
export function sharedSiteNote(site: string): string {
  if (isFreeMailDomain(site))
    return `not checked: ${site} is a free email provider's domain, not the company's`;
  return `not checked: the company's website is on ${site}, not its own domain`;
}
