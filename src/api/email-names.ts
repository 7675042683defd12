/**
 * Names as a CRM export holds them, made into what the email finder needs: a first name without
 * middle names or initials, a last name without suffixes ("Jr.", "III", "PhD"), and a full name
 * split into both. Accents and hyphens are kept: the address patterns are the API's business.
 */

/** Generational suffixes and credentials that are no part of an address. */
const SUFFIX = /^(jr|sr|ii|iii|iv|v|phd|md|mba|cpa|esq|dds|pmp|cfa)\.?$/i;

/** Titles before a name ("Dr. Jane Doe"): no part of an address either. */
const PREFIX = /^(dr|mr|mrs|ms|mx|prof|sir)\.?$/i;

/** Degrees and certifications after a comma ("Jane Doe, MSc, CISSP"), dots aside ("Ph.D."). */
const CREDENTIAL = /^(bs|bsc|ba|ms|msc|ma|jd|llm|rn|frcs|shrm|cissp)$/i;

/**
 * A word after a comma that is a suffix or a credential, not a first name ("MBA", "Ph.D.",
 * "CISSP"): any short capitals count too, unless the name is all capitals ("DOE, JANE").
 */
function isCredential(word: string, allCapitals: boolean): boolean {
  const bare = word.replace(/[.,]/g, "");
  return SUFFIX.test(bare) || CREDENTIAL.test(bare) || (!allCapitals && /^\p{Lu}{2,6}$/u.test(bare));
}

/**
 * What of a cell is no part of a name, as profiles and CRM exports hold it: a headline after a
 * spaced dash or a bar ("Jane Doe - CEO", "Doe | Growth"), a nickname or pronouns in brackets or
 * quotes ("Robert (Bob)", "Doe (she/her)", 'Robert "Bob"'), emoji and symbols ("Doe ✔️"). Left in,
 * the finder was asked for "CEO", or the row was refused as no name. Brackets that hold all of it
 * stay (the check then says it is no name).
 */
function nameText(text: string): string {
  let rest = text.replace(/\s+[-\u2013\u2014|]\s+[\s\S]*$/, "").replace(/\|[\s\S]*$/, "");
  const unbracketed = rest.replace(/\([^()]*\)|\[[^\]]*\]|"[^"]*"|\u201c[^\u201d]*\u201d/g, " ");
  if (/\p{L}/u.test(unbracketed)) rest = unbracketed;
  return rest.replace(/\p{So}|\p{Sk}|\u200d|\ufe0f/gu, " ");
}

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
  while (out.length > 1 && SUFFIX.test((out[out.length - 1] ?? "").replace(/\./g, ""))) out.pop();
  return out;
}

/** "Mary" of "Mary", "Mary J." or "Mary Jane Q."; two-word first names other than initials stay. */
export function firstNameOf(text: string): string {
  const list = words(nameText(text));
  const kept = list.filter((w, i) => i === 0 || !/^\p{L}\.?$/u.test(w));
  return kept.join(" ");
}

/** "Doe" of "Doe Jr.", "Doe, PhD", "Doe III"; "García-López" as it is. */
export function lastNameOf(text: string): string {
  const name = nameText(text);
  const beforeComma = name.includes(",") ? (name.split(",", 1)[0] ?? "") : name;
  return withoutSuffixes(words(beforeComma)).join(" ");
}

/**
 * A full name's first and last names: "Jane Q. Doe Jr." -> Jane / Doe, "Doe, Jane" -> Jane / Doe,
 * "Jean-Luc Picard" -> Jean-Luc / Picard. A single word has no last name.
 */
export function splitFullName(text: string): { first: string; last: string } {
  const trimmed = nameText(text).trim();
  const comma = trimmed.indexOf(",");
  if (comma > 0) {
    const after = words(trimmed.slice(comma + 1));
    // "Doe, Jane" is last, first; "Jane Doe, PhD" and "Jane Doe, MBA, CISSP" are credentials.
    const before = trimmed.slice(0, comma);
    const allCapitals = before === before.toUpperCase();
    if (after.length > 0 && !after.every((word) => isCredential(word, allCapitals))) {
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
