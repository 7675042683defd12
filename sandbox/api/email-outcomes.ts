/**
 * What the sandbox's mail world answers, as a pure function of the input, so tests can name the
 * outcome they want by the words in a domain, and any other domain gets a stable mix:
 * - a domain with `catchall` in it accepts every address (catch-all);
 * - `nomx`: the domain has no mail server;
 * - `mailerror`: checking the domain fails (the row's `error`);
 * - example.com, .org and .net (RFC 2606, a null MX in the real world): no mail server;
 * - otherwise, by hash of the domain: 15% catch-all, 5% no mail server, the rest ordinary; at an
 *   ordinary domain, 1 person in 8 has no findable address (`notfound` in the last name forces it).
 * An ordinary domain has one address pattern (by hash); the finder builds it from the names with
 * accents folded and anything but letters dropped, and the validator accepts exactly the addresses
 * of that pattern whose names are "real" (not ending in `x`), so the two agree with each other.
 */
import { hashText } from "./random.ts";

export type DomainKind = "ordinary" | "catch-all" | "no mail server" | "error";

export const EMAIL_FORMATS = ["first.last", "flast", "first", "firstl"] as const;
export type EmailFormat = (typeof EMAIL_FORMATS)[number];

export function domainKind(domain: string): DomainKind {
  const d = domain.toLowerCase();
  if (d.includes("mailerror")) return "error";
  if (d.includes("nomx") || /(^|\.)example\.(com|org|net)$/.test(d)) return "no mail server";
  if (d.includes("catchall")) return "catch-all";
  const h = hashText(`kind:${d}`) % 100;
  if (h < 15) return "catch-all";
  if (h < 20) return "no mail server";
  return "ordinary";
}

export function formatOf(domain: string): EmailFormat {
  return EMAIL_FORMATS[hashText(`format:${domain.toLowerCase()}`) % EMAIL_FORMATS.length]!;
}

/** Lower-case letters only: "García-López" -> "garcialopez". */
export function mailPart(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

export function addressOf(first: string, last: string, domain: string): string {
  const f = mailPart(first);
  const l = mailPart(last);
  const local = {
    "first.last": `${f}.${l}`,
    flast: `${f.slice(0, 1)}${l}`,
    first: f,
    firstl: `${f}${l.slice(0, 1)}`,
  }[formatOf(domain)];
  return `${local}@${domain.toLowerCase()}`;
}

/**
 * Whether the finder can spell this person's address at all: a name without Latin letters
 * ("Анна Кузнецова", "अनिल कुमार") gives no local part, and a finder answers no address rather
 * than "@domain".
 */
export function spellable(first: string, last: string, domain: string): boolean {
  const local = addressOf(first, last, domain).split("@")[0] ?? "";
  return /^[a-z]/.test(local) && /[a-z]$/.test(local);
}

/** Whether an ordinary domain has a mailbox for this person. */
export function personFindable(first: string, last: string, domain: string): boolean {
  if (/notfound/i.test(last)) return false;
  return hashText(`person:${mailPart(first)}|${mailPart(last)}|${domain.toLowerCase()}`) % 8 !== 0;
}

/** Whether an address at an ordinary domain has a mailbox: its pattern's shape, and not ending in x. */
export function mailboxExists(local: string, domain: string): boolean {
  const format = formatOf(domain);
  const shape = {
    "first.last": /^[a-z]+\.[a-z]+$/,
    flast: /^[a-z]{2,}$/,
    first: /^[a-z]+$/,
    firstl: /^[a-z]{2,}$/,
  }[format];
  return shape.test(local) && !local.endsWith("x");
}
