/**
 * Names as a CRM export holds them, made into what the email finder needs: a first name without
 * middle names or initials, a last name without suffixes ("Jr.", "III", "PhD"), and a full name
 * split into both. Accents and hyphens are kept: the address patterns are the API's business.
 */

/** Generational suffixes and credentials that are no part of an address. */
const SUFFIX = /^(jr|sr|ii|iii|iv|v|phd|md|mba|cpa|esq|dds|pmp|cfa)\.?$/i;

/** Titles before a name ("Dr. Jane Doe"): no part of an address either. */
const PREFIX = /^(dr|mr|mrs|ms|mx|prof|sir)\.?$/i;

/** The name's words, titles before it left out (a title alone stays: it may be someone's name). */
function words(text: string): string[] {
  const list = text
    .replace(/\s+/g, " ")
    .trim()
    .split(" ")
    .filter((w) => w !== "");
  while (list.length > 1 && PREFIX.test(list[0] ?? "")) list.shift();
  return list;
}

/** Words without trailing suffixes, credentials after a comma ("Doe, PhD") and a trailing comma. */
function withoutSuffixes(list: string[]): string[] {
  const out = list.map((w) => w.replace(/,$/, ""));
  while (out.length > 1 && SUFFIX.test(out[out.length - 1] ?? "")) out.pop();
  return out;
}

/** "Mary" of "Mary", "Mary J." or "Mary Jane Q."; two-word first names other than initials stay. */
export function firstNameOf(text: string): string {
  const list = words(text);
  const kept = list.filter((w, i) => i === 0 || !/^\p{L}\.?$/u.test(w));
  return kept.join(" ");
}

/** "Doe" of "Doe Jr.", "Doe, PhD", "Doe III"; "García-López" as it is. */
export function lastNameOf(text: string): string {
  const beforeComma = text.includes(",") ? (text.split(",", 1)[0] ?? "") : text;
  return withoutSuffixes(words(beforeComma)).join(" ");
}

/**
 * A full name's first and last names: "Jane Q. Doe Jr." -> Jane / Doe, "Doe, Jane" -> Jane / Doe,
 * "Jean-Luc Picard" -> Jean-Luc / Picard. A single word has no last name.
 */
export function splitFullName(text: string): { first: string; last: string } {
  const trimmed = text.trim();
  const comma = trimmed.indexOf(",");
  if (comma > 0) {
    const after = words(trimmed.slice(comma + 1));
    // "Doe, Jane" is last, first; "Jane Doe, PhD" is a credential after the name.
    if (after.length > 0 && !after.every((w) => SUFFIX.test(w))) {
      return { first: after[0] ?? "", last: lastNameOf(trimmed.slice(0, comma)) };
    }
  }
  const list = withoutSuffixes(words(comma > 0 ? trimmed.slice(0, comma) : trimmed));
  if (list.length < 2) return { first: list[0] ?? "", last: "" };
  return { first: list[0] ?? "", last: list.slice(lastNameStart(list)).join(" ") };
}

/** Words that begin a family name ("da Silva", "van der Berg", "De la Cruz"), any case. */
const PARTICLE = /^(al|bin|da|das|de|del|della|den|der|di|do|dos|du|ibn|la|le|ten|ter|van|von)$/i;

/**
 * Where the last name starts: at the first particle after the first name that is followed by
 * more of the name, else at the last word. A lead's own last_name keeps its particle, so the
 * Leads sheet's Full Name must split the same way or the finder is asked for another person.
 */
function lastNameStart(list: readonly string[]): number {
  for (let index = 1; index < list.length - 1; index += 1) {
    if (PARTICLE.test(list[index] ?? "")) return index;
  }
  return list.length - 1;
}

/** Text as an address pattern sees it: case and accents aside ("José" and "jose" are one person). */
function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
}

/** One key per person at one domain: rows with the same key get the same answer, sent once. */
export function personKey(request: { first_name: string; last_name: string; domain: string }): string {
  return [request.first_name, request.last_name, request.domain].map(folded).join("|");
}
