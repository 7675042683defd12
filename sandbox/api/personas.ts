/**
 * Lead search personas as production documents them (PRODUCTION.md A5):
 * `[name, functions, seniorities, prohibits, priority?]`, every list free-text keywords.
 *
 * - A keyword matches a job title when every one of its words is among the title's words, both
 *   read the same way: lower case, accents stripped, the stop-words or/and/of/in/at dropped, and
 *   common abbreviations expanded (ceo = chief executive officer, IT = information technology,
 *   DIR = director, VP = vice president, SVP = senior vice president, ...). So `vp` also matches
 *   SVP, EVP, GVP and AVP titles, written short or in full.
 * - `chief`, `c-lvl` and `cxo` (and c-level, c-suite) match "Chief ... Officer" titles;
 *   `manager+` matches Manager, Director, Head, VP (and its family) and Chief ... Officer.
 * - A lead passes a persona when a function AND a seniority match (either list `[]`: skipped) and
 *   no prohibit keyword matches. `priority` (integer, default 0, lower first) orders the leads when
 *   limit_by cuts the matches; a lead matching several personas counts under the lowest priority.
 */
import { TITLE_SHORT_FORMS } from "../../src/api/title-short-forms.ts";
import { validationError } from "./failure.ts";

export interface Persona {
  name: string;
  /** Each keyword as its words (after normalizing); empty list: any function. */
  functions: Keyword[];
  seniorities: Keyword[];
  prohibit: Keyword[];
  priority: number;
  /** Position in the request, for ties of priority. */
  order: number;
}

/** A keyword: all of `words` in the title, or the special "Chief ... Officer" test. */
type Keyword = { kind: "words"; words: string[] } | { kind: "chief" };

const STOP_WORDS = new Set(["or", "and", "of", "in", "at"]);

/** Abbreviations expanded on both sides (keywords and titles), so either spelling matches. */
const ABBREVIATIONS: Readonly<Record<string, string>> = TITLE_SHORT_FORMS;

const CHIEF_WORDS = new Set([
  "chief",
  "c-lvl",
  "c lvl",
  "clvl",
  "cxo",
  "c-level",
  "c level",
  "c-suite",
  "c suite",
]);

/** manager+ (PRODUCTION.md A5): Manager, Director, Head, VP, SVP, EVP, AVP, Chief Officer. */
const MANAGER_PLUS = ["manager", "director", "head", "vp", "svp", "evp", "avp"];

function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/** The words of a title or keyword: folded, split on anything not a letter or digit, expanded. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const word of fold(text).split(/[^\p{L}\p{N}]+/u)) {
    if (word === "" || STOP_WORDS.has(word)) continue;
    const expanded = ABBREVIATIONS[word];
    if (expanded === undefined) words.push(word);
    else words.push(...expanded.split(" "));
  }
  return words;
}

function keywordsOf(text: string): Keyword[] {
  const folded = fold(text);
  if (CHIEF_WORDS.has(folded)) return [{ kind: "chief" }];
  if (folded === "manager+") {
    return [...MANAGER_PLUS.map((w) => ({ kind: "words", words: wordsOf(w) }) as Keyword), { kind: "chief" }];
  }
  return [{ kind: "words", words: wordsOf(text) }];
}

function matchesKeyword(keyword: Keyword, title: Set<string>): boolean {
  if (keyword.kind === "chief") return title.has("chief") && title.has("officer");
  return keyword.words.every((word) => title.has(word));
}

const SHAPE_HINT =
  'a persona is [name, [functions], [seniorities], [prohibit keywords], priority?], e.g. ["Tech leaders", ["engineering", "IT"], ["CTO", "vp", "Head"], ["intern"], 1]; pass [] to skip a list';

function personaError(index: number, what: string): never {
  throw validationError(`personas[${index}] ${what}`, `edit personas[${index}]; ${SHAPE_HINT}`);
}

function keywordList(index: number, label: string, value: unknown): Keyword[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string"))
    personaError(index, `${label} must be a list of keywords (pass [] when not used)`);
  const keywords: Keyword[] = [];
  for (const text of value as string[]) {
    const read = keywordsOf(text);
    if (read.some((k) => k.kind === "words" && k.words.length === 0))
      personaError(index, `${label} has the keyword "${text}", which has no words to match`);
    keywords.push(...read);
  }
  return keywords;
}

export function readPersonas(value: unknown): Persona[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value))
    throw validationError("personas must be a list of personas", `edit personas; ${SHAPE_HINT}`);
  return value.map((entry: unknown, index) => {
    if (!Array.isArray(entry) || (entry.length !== 4 && entry.length !== 5))
      personaError(index, "must have four or five positions");
    const [name, functions, seniorities, prohibit, priority] = entry as unknown[];
    if (typeof name !== "string" || name.trim() === "") personaError(index, "needs a name");
    if (priority !== undefined && !(typeof priority === "number" && Number.isInteger(priority)))
      personaError(index, "priority must be an integer (lower first; default 0)");
    return {
      name,
      functions: keywordList(index, "functions", functions),
      seniorities: keywordList(index, "seniorities", seniorities),
      prohibit: keywordList(index, "prohibit keywords", prohibit),
      priority: (priority as number | undefined) ?? 0,
      order: index,
    };
  });
}

/**
 * A matcher of job titles: the persona a title passes (the lowest priority, then the first
 * listed), or null. Titles repeat a lot, so each title's answer is kept for the search.
 */
export function personaMatcher(personas: readonly Persona[]): (jobTitle: string) => Persona | null {
  const ranked = [...personas].sort((a, b) => a.priority - b.priority || a.order - b.order);
  const seen = new Map<string, Persona | null>();
  return (jobTitle) => {
    let found = seen.get(jobTitle);
    if (found !== undefined) return found;
    const title = new Set(wordsOf(jobTitle));
    found =
      ranked.find(
        (p) =>
          (p.functions.length === 0 || p.functions.some((k) => matchesKeyword(k, title))) &&
          (p.seniorities.length === 0 || p.seniorities.some((k) => matchesKeyword(k, title))) &&
          !p.prohibit.some((k) => matchesKeyword(k, title)),
      ) ?? null;
    seen.set(jobTitle, found);
    return found;
  };
}
