/**
 * Company search rule 3: companies with 0 employees, or with a bad or empty website, are not output
 * (and not charged), unless the company itself hosts the aggregator site its website points to.
 */
import { BAD_WEBSITE_HOSTS } from "./vocabulary.ts";

function hostOf(website: string): string | null {
  try {
    return new URL(/^[a-z]+:\/\//i.test(website) ? website : `https://${website}`).hostname
      .toLowerCase()
      .replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** The bad-list entry a host falls under (the entry itself or a subdomain of it), if any. */
export function badListEntry(host: string): string | null {
  return BAD_WEBSITE_HOSTS.find((entry) => host === entry || host.endsWith(`.${entry}`)) ?? null;
}

export interface SuitabilityFacts {
  headcountExact: number;
  website: string;
  domain: string;
}

export function isSuitable(company: SuitabilityFacts): boolean {
  if (company.headcountExact === 0) return false;
  if (company.website.trim() === "") return false;
  const host = hostOf(company.website);
  if (host === null) return false;
  const entry = badListEntry(host);
  if (entry === null) return true;
  // The exception: the company is the aggregator itself (its own domain is the listed site).
  return company.domain.toLowerCase().replace(/^www\./, "") === entry;
}
