/**
 * Reads a lead lookup URL (the formats of DESIGN.md) into what identifies a lead: a profile slug,
 * or a sales id. Host-agnostic: any host with a known path shape is read the same way. Answers
 * null when the text is not a profile URL at all (a 400); an identifier that leads nowhere is the
 * caller's 404.
 */

export type ProfileRef = { kind: "slug"; slug: string } | { kind: "sales"; salesId: string };

const SALES_ID = /^ACw[A-Za-z0-9_-]{4,}$/;

export function readProfileUrl(input: string): ProfileRef | null {
  const text = input.trim();
  if (text === "" || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname.includes(".")) return null;
  const segments = url.pathname.split("/").filter((s) => s !== "");
  const [first, second] = segments;
  if (second === undefined) return null;
  const id = decodeURIComponent(second);
  if (first === "in") {
    return SALES_ID.test(id) ? { kind: "sales", salesId: id } : slugRef(id);
  }
  if (first === "pub" || first === "pub-profile") return slugRef(id);
  if (first === "sales" && segments[1] === "lead" && segments[2] !== undefined) {
    const salesId = decodeURIComponent(segments[2]).split(",")[0] ?? "";
    return SALES_ID.test(salesId) ? { kind: "sales", salesId } : null;
  }
  return null;
}

function slugRef(slug: string): ProfileRef | null {
  return /^[\p{L}\p{N}_%.-]{1,200}$/u.test(slug) ? { kind: "slug", slug: slug.toLowerCase() } : null;
}

/** The network's hosts (the sandbox's own and the real network's), with any subdomain. */
const NETWORK_HOSTS = ["network.example", "linkedin.com"];

/**
 * Whether a profile URL is on the network's host (PRODUCTION.md A3: any other host is a "Bad url").
 * Call only with a URL readProfileUrl accepted.
 */
export function isNetworkHost(input: string): boolean {
  const text = input.trim();
  const host = new URL(
    /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`,
  ).hostname.toLowerCase();
  return NETWORK_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}
