/**
 * Profile URL normalization: a canonical, host-agnostic key for one lead, used to detect
 * duplicates and to key caches; and the one spelling sent for a lead (canonicalProfileUrl), so two
 * spellings of one person get the same answer and a capitalised copy cannot fail its twin.
 *
 * Accepted formats (DESIGN.md, "API facts beyond the spec"): `/in/<slug>` with or without a
 * trailing slash, scheme, `www` or a country subdomain, or a page of it (`/in/<slug>/details/...`,
 * read as the profile); `http`; `/pub/...`; `/pub-profile/...`;
 * sales ids in `/in/<id>`; and `/sales/lead/<id>,NAME_SEARCH,<x>`. Any host is accepted, because
 * the key must not depend on which mirror or country domain the URL came from; what the API
 * answers does depend on the site (answerKey).
 *
 * Written with regular expressions instead of `URL` because Apps Script's V8 has no `URL` class.
 */

/** `scheme://` (optional), host (must contain a dot, optional port), path, then query or fragment. */
const URL_SHAPE = /^(?:https?:\/\/)?([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d{1,5})?(\/[^?#]*)?(?:[?#].*)?$/i;

/**
 * Sales ids (`ACwAA...`, `ACoAA...`, about 39 characters) are case-sensitive, unlike vanity slugs, and the same person
 * appears under `/in/<id>` and `/sales/lead/<id>,...`, so both map to `in/<id>` with case kept.
 */
const SALES_ID = /^AC[a-zA-Z]AA[A-Za-z0-9_-]{15,}$/;

/** A slug or path segment: anything but separators and whitespace once percent-decoded. */
const SEGMENT = /^[^\s/?#,]+$/;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function slugKey(raw: string): string | null {
  const slug = decode(raw);
  if (!SEGMENT.test(slug)) return null;
  return SALES_ID.test(slug) ? slug : slug.toLowerCase();
}

/**
 * The sales id a profile URL carries (`/in/ACwAA...` or `/sales/lead/ACwAA...,NAME_SEARCH,x`), or
 * null for a vanity URL: what lead search's exclude_ids takes (PRODUCTION.md A7).
 */
export function salesIdOfUrl(input: string): string | null {
  const key = normalizeProfileUrl(input);
  const id = key?.startsWith("in/") ? key.slice(3) : "";
  return SALES_ID.test(id) ? id : null;
}

/** The canonical key (`in/jane-doe`, `pub/john-doe/12/345/678`, ...), or null for anything else. */
export function normalizeProfileUrl(input: string): string | null {
  const match = URL_SHAPE.exec(input.trim());
  if (!match) return null;
  const segments = (match[2] ?? "").split("/").filter((segment) => segment !== "");
  const [first, second, ...rest] = segments;
  if (first === undefined || second === undefined) return null;
  const section = first.toLowerCase();
  // A page of a profile (`/in/jane/details/experience/`, `/in/jane/en`) is that profile: people
  // copy such URLs from the browser.
  if (section === "in") {
    const slug = slugKey(second);
    return slug === null ? null : `in/${slug}`;
  }
  if (section === "sales" && second.toLowerCase() === "lead" && rest.length === 1) {
    const id = (rest[0] ?? "").split(",")[0] ?? "";
    const slug = slugKey(id);
    return slug === null ? null : `in/${slug}`;
  }
  if (section === "pub" || section === "pub-profile") {
    const parts = [second, ...rest].map(slugKey);
    if (parts.some((part) => part === null)) return null;
    return `${section}/${parts.join("/")}`;
  }
  return null;
}

/**
 * The site a profile URL is on: the last two labels of its host, lower case, so `www.` and a
 * country subdomain do not count (`de.network.example` -> `network.example`); null for anything
 * that is no URL. Kept this short because =LOOKUP_LEAD's bundle is near its budget: two sites
 * under one country suffix (`a.co.uk`, `b.co.uk`) read as one, which only groups them as before.
 */
export function profileSite(input: string): string | null {
  const host = URL_SHAPE.exec(input.trim())?.[1];
  return host === undefined ? null : host.toLowerCase().split(".").slice(-2).join(".");
}

/**
 * The key under which spellings of one person share one answer. The person's key alone
 * (normalizeProfileUrl) does not decide the answer: production answers a URL on any host but the
 * network's "Bad url" (PRODUCTION.md A3), so the same person on two sites are two questions. The
 * first site seen for a person keeps the person's key (what caches and runs have always used),
 * each other site gets its own (`in/jane-doe@elsewhere.example`). `firstSites` is per grouping.
 */
export function answerKey(input: string, firstSites: Map<string, string>): string | null {
  const id = normalizeProfileUrl(input);
  if (id === null) return null;
  // A key implies a host: the site is there.
  const site = profileSite(input)!;
  const first = firstSites.get(id) ?? site;
  firstSites.set(id, first);
  return first === site ? id : `${id}@${site}`;
}

/**
 * The spelling sent to the API for a profile URL: scheme, host and path prefix (`in`, `sales/lead`,
 * `pub`) in lower case, the slug as the network treats it (vanity slugs in lower case, sales ids
 * as typed), no trailing slash, query or fragment. The API refuses `/IN/Jane-Doe` while it takes
 * `/in/jane-doe`; deduplication folds case, so whichever spelling came first used to decide the
 * outcome of every row holding that person. Null when the text is no profile URL.
 */
export function canonicalProfileUrl(input: string): string | null {
  const text = input.trim();
  const match = URL_SHAPE.exec(text);
  if (!match || normalizeProfileUrl(text) === null) return null;
  const scheme = /^http:\/\//i.test(text) ? "http" : "https";
  const port = /^(?:https?:\/\/)?[^/?#]+?(:\d{1,5})(?:[/?#]|$)/i.exec(text)?.[1] ?? "";
  const segments = (match[2] ?? "").split("/").filter((segment) => segment !== "");
  const section = segments[0]!.toLowerCase();
  const slug = (raw: string) => (SALES_ID.test(decode(raw)) ? raw : raw.toLowerCase());
  let path: string;
  if (section === "sales") path = `sales/lead/${segments[2]!}`;
  else if (section === "in") path = `in/${slug(segments[1]!)}`;
  else path = [section, ...segments.slice(1).map(slug)].join("/");
  return `${scheme}://${match[1]!.toLowerCase()}${port}/${path}`;
}
