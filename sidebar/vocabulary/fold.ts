/**
 * Matching what a user types against a pick list: case, accents, spacing and punctuation fold away
 * ("germany", " GERMANY ", "munchen" all find the listed spelling), and a value not in the list gets
 * the closest listed ones to choose from.
 */

/** "  São  Paulo," -> "sao paulo": lower case, no accents, one space, no punctuation at the ends. */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Levenshtein distance, bounded: stops counting past `limit` (lists are short, entries shorter). */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** Scores of a listed value that contains what was typed: lower ranks first. */
const STARTS_WITH = 0;
const AT_A_WORD = 1;
const CONTAINED = 2;

/**
 * How a listed value holds the typed text, or null when it does not: from its start ("it services"
 * in "IT Services and Consulting") before at a later word ("services" in "IT Services ...") before
 * inside a word ("it services" in "Urban Transit Services"), so the words a user typed rank first.
 * A typed text longer than a listed value that it contains ranks with the inside matches.
 */
function containment(key: string, listed: string): number | null {
  if (listed.startsWith(key)) return STARTS_WITH;
  if (listed.includes(` ${key}`)) return AT_A_WORD;
  if (listed.includes(key) || key.includes(listed)) return CONTAINED;
  return null;
}

/** Words that tell no two names apart. */
const FILLER = new Set(["and", "or", "of", "the", "for", "in", "a", "an"]);

/** One word as another: the same, or one the other's plural or stem ("hospital", "hospitals"). */
const sameWord = (a: string, b: string) =>
  a === b || (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a)));

/**
 * The last resort of closest: the listed values sharing the most words with what was typed, shorter
 * first. A name in another spelling (an older one, as CRM exports hold: "Computer Software",
 * "Marketing and Advertising") holds no listed name and is many edits from any, yet shares words
 * with the current ones ("Software Development", "Advertising Services").
 */
function sharingWords(
  key: string,
  folded: ReadonlyArray<{ value: string; key: string }>,
  count: number,
): string[] {
  const words = key.split(" ").filter((word) => !FILLER.has(word));
  const scored: Array<{ value: string; shared: number }> = [];
  for (const { value, key: listed } of folded) {
    const own = listed.split(" ");
    const shared = words.filter((word) => own.some((other) => sameWord(word, other))).length;
    if (shared > 0) scored.push({ value, shared });
  }
  scored.sort((a, b) => b.shared - a.shared || a.value.length - b.value.length);
  return scored.slice(0, count).map(({ value }) => value);
}

export interface Vocabulary {
  /** Every listed value, in the list's spelling (for autocomplete). */
  readonly values: readonly string[];
  /** The listed spelling of a typed value (aliases included), or null when it is not listed. */
  canonical(typed: string): string | null;
  /** Up to `count` listed values closest to a typed one: containing it first, then fewest edits. */
  closest(typed: string, count?: number): string[];
}

/** A pick list; `aliases` map other names (folded on lookup) to a listed value: USA -> United States. */
export function vocabulary(values: readonly string[], aliases: Record<string, string> = {}): Vocabulary {
  const byFold = new Map<string, string>();
  for (const value of values) byFold.set(fold(value), value);
  for (const [alias, value] of Object.entries(aliases)) byFold.set(fold(alias), value);
  // Typed as listed (any case) first: punctuation can be the meaning, and "manager+" (Manager up to
  // Chief Officer, PRODUCTION.md A5) folds to the same "manager" as the listed "manager".
  const loose = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();
  const byCase = new Map(values.map((value) => [loose(value), value]));
  const folded = values.map((value) => ({ value, key: fold(value) }));
  return {
    values,
    canonical: (typed) => byCase.get(loose(typed)) ?? byFold.get(fold(typed)) ?? null,
    closest(typed, count = 3) {
      const key = fold(typed);
      if (key === "") return [];
      const limit = Math.max(2, Math.floor(key.length / 3));
      const scored: Array<{ value: string; score: number }> = [];
      for (const { value, key: listed } of folded) {
        const containing = containment(key, listed);
        if (containing !== null) {
          scored.push({ value, score: containing });
          continue;
        }
        const edits = Math.min(
          distance(key, listed, limit),
          // A typo in one word of a longer name: "sofware" finds "Software Development".
          ...listed.split(" ").map((word) => distance(key, word, limit) + 1),
        );
        if (edits <= limit) scored.push({ value, score: CONTAINED + edits });
      }
      if (scored.length === 0) return sharingWords(key, folded, count);
      scored.sort((a, b) => a.score - b.score || a.value.length - b.value.length);
      return scored.slice(0, count).map(({ value }) => value);
    },
  };
}
