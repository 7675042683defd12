/**
 * What a list field accepts. Typed or pasted text is split into entries (commas, new lines, tabs and
 * semicolons: "a.com, b.com" is two domains, a pasted column is one entry a line), each entry is
 * brought to the form the API matches (`germany` -> `Germany`, `https://www.a.com/x` -> `a.com`), and
 * an entry that cannot match anything (a domain with a space, an id with letters, an industry not
 * in the list) is refused at the field, with the closest listed values, so it is never sent.
 */
import { MAX_KEYWORD_LENGTH } from "../../src/api/validate/keywords";
import { MAX_ENTRY } from "../../src/rpc/shape";
import { fold, type Vocabulary } from "../vocabulary/fold";

export type Accepted = { value: string } | { problem: string; suggestions?: string[] };

export interface EntryKind {
  /** Splits what was typed or pasted into entries. */
  split(text: string): string[];
  /** The entry as it will be sent, or why it cannot be. */
  accept(entry: string): Accepted;
  /** Values offered as the user types (autocomplete). */
  suggestions?: readonly string[];
}

const SEPARATORS = /[\r\n\t;]+/;
const tidy = (text: string) => text.replace(/\s+/g, " ").trim();

/** An entry as a refusal quotes it: a pasted page of text is shown by its start. */
function quoted(entry: string): string {
  const text = tidy(entry);
  return `"${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`;
}

/** "… is 5,000 characters: a keyword has at most 40". */
function tooLong(entry: string, rule: string): Accepted {
  return { problem: `${quoted(entry)} is ${tidy(entry).length.toLocaleString("en-US")} characters: ${rule}` };
}

/**
 * Any kind, with the longest entry the server reads (MAX_ENTRY): a longer one is refused at its
 * field with that rule, instead of the whole form coming back as a request the server cannot read.
 */
export function withinEntryLimit(kind: EntryKind): EntryKind {
  return {
    ...kind,
    accept(entry) {
      // The field's own rule first (a keyword's 40 characters, a listed location).
      const answer = kind.accept(entry);
      if ("value" in answer && tidy(entry).length > MAX_ENTRY)
        return tooLong(entry, `an entry has at most ${MAX_ENTRY.toLocaleString("en-US")}`);
      return answer;
    },
  };
}
const nonEmpty = (parts: string[]) => parts.map(tidy).filter((part) => part !== "");

/** Commas, new lines, tabs and semicolons all separate. */
export function splitAll(text: string): string[] {
  return nonEmpty(text.split(/[\r\n\t;,]+/));
}

/** Any text: "a, b" is two entries. */
export const textEntries: EntryKind = { split: splitAll, accept: (entry) => ({ value: tidy(entry) }) };

/**
 * A grouped expression's operators in capitals, as the spec writes them ("(x AND y)"): typed in
 * lower case, the expression was refused as parentheses around no expression. A keyword without
 * parentheses is a phrase, and keeps its words ("research and development").
 */
function grouped(keyword: string): string {
  if (!/[()]/.test(keyword)) return keyword;
  // "(saas)" means saas: parentheses around a lone phrase group nothing, and the API refuses them.
  const phrase = /^\(+\s*([^()]*?)\s*\)+$/.exec(keyword);
  if (
    phrase &&
    !/\b(and|or|not)\b/i.test(phrase[1]!) &&
    (keyword.match(/\(/g) ?? []).length === (keyword.match(/\)/g) ?? []).length
  ) {
    return phrase[1]!;
  }
  return keyword.replace(/\b(and|or|not)\b/gi, (word) => word.toUpperCase());
}

/** Company search keywords (spec rule 7): at most 40 characters each, an expression included. */
export const keywordRuleEntries: EntryKind = {
  split: splitAll,
  accept: (entry) =>
    tidy(entry).length > MAX_KEYWORD_LENGTH
      ? tooLong(entry, `a keyword has at most ${MAX_KEYWORD_LENGTH}`)
      : { value: grouped(tidy(entry)) },
};

/** Company names: commas separate, but "Acme, Inc." stays one name. */
const SUFFIX = /^(inc|llc|ltd|limited|gmbh|ag|sa|sas|bv|nv|plc|corp|co|lp|llp|pty ltd|srl|spa|ab|oy|as)\.?$/i;
export const companyNameEntries: EntryKind = {
  split(text) {
    const names: string[] = [];
    for (const line of nonEmpty(text.split(SEPARATORS))) {
      for (const part of nonEmpty(line.split(","))) {
        if (SUFFIX.test(part) && names.length > 0) names[names.length - 1] += `, ${part}`;
        else names.push(part);
      }
    }
    return names;
  },
  accept: (entry) => ({ value: tidy(entry) }),
};

/**
 * What follows a person's name after a comma on profiles: degrees, certifications, generational
 * suffixes ("Jane Doe, MBA", "Bo Kim, Jr.", "Cy Park, CISSP, PMP"). Short all-capital words count
 * too: credentials are many more than any list.
 */
const CREDENTIAL =
  /^(?:jr|sr|ii|iii|iv|phd|ph\.d|md|esq|msc|bsc|mba|cpa|cfa|pmp|csm|rn|dds|mph|ma|ba|bs|ms)\.?$/i;
const ACRONYM = /^[A-Z][A-Z0-9&.+-]{1,7}$/;

/**
 * People by name (lead search's exclude_names, matched with the name as the network stores it):
 * commas separate, but a credential after a name stays with it ("Jane Doe, MBA" is one person).
 */
export const personNameEntries: EntryKind = {
  split(text) {
    const names: string[] = [];
    for (const line of nonEmpty(text.split(SEPARATORS))) {
      // A CRM's "Last, First" (one word each, no credential): one person, as profiles name them.
      const [last, first, ...more] = nonEmpty(line.split(","));
      if (
        last &&
        first &&
        more.length === 0 &&
        !/\s/.test(last + first) &&
        !CREDENTIAL.test(first) &&
        !ACRONYM.test(first)
      ) {
        names.push(`${first} ${last}`);
        continue;
      }
      let lineNames = 0;
      for (const part of nonEmpty(line.split(","))) {
        const credential = CREDENTIAL.test(part) || ACRONYM.test(part);
        if (credential && lineNames > 0) names[names.length - 1] += `, ${part}`;
        else {
          names.push(part);
          lineNames++;
        }
      }
    }
    return names;
  },
  accept: (entry) => ({ value: tidy(entry) }),
};

/** Web domains: "https://www.Acme.com/about" -> "acme.com". */
export const domainEntries: EntryKind = {
  split: splitAll,
  accept(entry) {
    const value = tidy(entry)
      .toLowerCase()
      .replace(/^[a-z]+:\/\//, "")
      .replace(/^www\./, "")
      .replace(/[/?#].*$/, "");
    if (/^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}]{2,}$/u.test(value)) return { value };
    return { problem: `${quoted(entry)} is not a web domain: type it as competitor.com` };
  },
};

/**
 * Numeric ids (company network_id, group and school ids). `inAddress`: the path word before the id
 * in the network's address of the thing ("groups" for …/groups/1234567/, "company" for
 * …/company/1234/ and the sales search's …/sales/company/1234), so a pasted address is its id,
 * tracking parameters and all, as the field's hint promises.
 */
export function idEntries(what: string, inAddress?: string): EntryKind {
  const address = inAddress
    ? new RegExp(`^(?:https?://)?[^/\\s]+/(?:[^/\\s?#]+/)*${inAddress}/(\\d{1,18})(?:[/?#].*)?$`, "i")
    : null;
  return {
    split: splitAll,
    accept(entry) {
      const value = tidy(entry).replace(/^#/, "");
      if (/^\d{1,18}$/.test(value)) return { value: String(Number(value)) };
      const linked = address?.exec(value)?.[1];
      if (linked) return { value: String(Number(linked)) };
      return { problem: `${quoted(entry)} is not ${what}: digits only` };
    },
  };
}

/**
 * A listed city typed with its own state or country after it ("paris, france" for "Paris,
 * Île-de-France, France"): the end of the parts that name it. Without this, "france" became a chip
 * of its own, and the search ran over the whole country (a lead search for Paris paid for leads in
 * Lyon).
 */
function withOwnPlaces(list: Vocabulary, parts: readonly string[], start: number, end: number): number {
  const canonical = list.canonical(parts.slice(start, end).join(", "));
  if (canonical === null || !canonical.includes(",")) return end;
  const rest = canonical
    .split(",")
    .slice(end - start)
    .map(fold);
  let next = end;
  let at = 0;
  while (next < parts.length) {
    const part = parts[next] ?? "";
    // As typed ("bavaria"), else by the list's name for it ("uk" is United Kingdom, "usa" United States).
    let found = rest.indexOf(fold(part), at);
    if (found < 0) found = rest.indexOf(fold(list.canonical(part) ?? ""), at);
    if (found < 0) break;
    at = found + 1;
    next++;
  }
  return next;
}

/**
 * The places of one line of an open list, from its pieces (each a listed value or an unknown
 * part): listed ones stay apart ("germany, atlantis" is Germany and atlantis), and unknown parts in
 * a row stay together, with the country after them ("Springfield, Illinois, United States",
 * "Smallville, Kansas"): the API's "city, state, country" form is one location.
 */
function placesOf(list: Vocabulary, pieces: readonly string[]): string[] {
  const places: string[] = [];
  let unknown: string[] = [];
  const flush = () => {
    if (unknown.length > 0) places.push(unknown.join(", "));
    unknown = [];
  };
  for (const piece of pieces) {
    const canonical = list.canonical(piece);
    if (canonical === null) unknown.push(piece);
    else if (unknown.length > 0 && !canonical.includes(",")) {
      unknown.push(piece);
      flush();
    } else {
      flush();
      places.push(piece);
    }
  }
  flush();
  return places;
}

/**
 * Values from a pick list. Names may hold commas ("Berlin, Berlin, Germany", "Oil, Gas, and Mining"),
 * so commas separate only where the pieces are listed values: "germany, france" is two countries.
 * `complete`: the list is all the API accepts (industries), so anything else is refused with the
 * closest names; otherwise (locations) an unlisted value goes as typed.
 */
export function listEntries(list: Vocabulary, options: { complete: boolean; what: string }): EntryKind {
  const known = (text: string) => list.canonical(text) !== null;
  let longest = 0;
  for (const value of list.values) longest = Math.max(longest, value.length);
  return {
    suggestions: list.values,
    split(text) {
      const entries: string[] = [];
      for (const line of nonEmpty(text.split(SEPARATORS))) {
        if (known(line)) {
          entries.push(line);
          continue;
        }
        const parts = nonEmpty(line.split(","));
        const pieces: string[] = [];
        // Longest run of parts that is a listed value, from each position.
        for (let start = 0; start < parts.length; ) {
          let end = parts.length;
          while (end > start + 1 && !known(parts.slice(start, end).join(", "))) end--;
          pieces.push(parts.slice(start, end).join(", "));
          start = options.complete ? end : withOwnPlaces(list, parts, start, end);
        }
        for (const piece of options.complete ? pieces : placesOf(list, pieces)) entries.push(piece);
      }
      return entries;
    },
    accept(entry) {
      const canonical = list.canonical(entry);
      if (canonical !== null) return { value: canonical };
      // An open list takes a value it does not know, but not one longer than any value it holds
      // (twice the longest): that is pasted text, not a location.
      if (!options.complete && tidy(entry).length <= 2 * longest) return { value: tidy(entry) };
      const suggestions = list.closest(entry);
      return {
        problem: `${quoted(entry)} is not ${options.what}`,
        suggestions,
      };
    },
  };
}

/** Open keyword lists (persona functions, seniorities): the listed spelling when there is one. */
export function keywordEntries(list: Vocabulary): EntryKind {
  return {
    suggestions: list.values,
    split: splitAll,
    accept: (entry) => ({ value: list.canonical(entry) ?? tidy(entry) }),
  };
}

/** Entries already in the list, whatever their case: "Germany" and "germany" are one chip. */
export function sameEntry(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
