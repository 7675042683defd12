/**
 * One cell as the emulated spreadsheet keeps it, and how Sheets reads what is written into it.
 *
 * `Range.setValues` and typing into a cell both go through Sheets' input parser: "=..." becomes a
 * formula, a leading apostrophe keeps the rest as literal text (the apostrophe is not part of the
 * value), "123" / "1,234.5" / "10%" become numbers, "TRUE" a boolean, "2024-01-15" a date, and text
 * beginning with "+" or "-" that is not a number is read as a formula (a parse error here).
 * Custom-function results are not parsed: they are stored as they are.
 *
 * Month names (G8 of PRODUCTION.md, inferred from how Sheets treats what users type: "Sep 2023",
 * "September 15, 2023", "15 Sep 2023", "Sep 15") are read as dates too, the first of the month
 * when no day is given, this year when no year is. On by default; `createRuntime({ inferMonthNames:
 * false })` turns it off to see what an add-on does where Sheets would not convert.
 */
import { types } from "node:util";
import { instantOf, wallClock } from "./time-zone";

/** Sheets' limit on the characters of one cell. */
export const CELL_CHAR_LIMIT = 50_000;

/** A value a cell can hold (host-realm Date for dates). */
export type CellScalar = string | number | boolean | Date;

/** Error values as Sheets shows them, with the message shown on hover. */
export type ErrorCode = "#ERROR!" | "#REF!" | "#NAME?" | "#N/A" | "#NUM!" | "#VALUE!";

export interface CellError {
  code: ErrorCode;
  message: string;
}

export interface Cell {
  /** The value shown (for a formula: its result). */
  value: CellScalar;
  /** "=NAME(A1)" for a formula cell (the anchor of a spilled result). */
  formula?: string;
  /** Set when the formula's result is an error; `value` is then the error code. */
  error?: CellError;
  /** The last result of this formula cell as a grid, kept so a blocked spill can be re-laid out without re-running. */
  result?: CellScalar[][];
  /** For a cell filled by another formula's spilled result: that formula cell's key. */
  spillOf?: number;
  /** Typed with a leading apostrophe (kept only to show it again when editing). */
  quoted?: boolean;
  note?: string;
  numberFormat?: string;
  format?: Record<string, string>;
}

export type ParsedInput =
  | { kind: "empty" }
  | { kind: "formula"; formula: string }
  | { kind: "value"; value: CellScalar; quoted?: boolean };

const NUMBER = /^([+-])?\$?(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?(?:[eE]([+-]?\d+))?(%)?$/;
// Dates as Sheets reads them in the en_US locale: 2024-01-15, 2024/1/15, 1/15/2024, 1-15-24, and
// month-day without a year (1/15, 1-10: the current year). A time alone (10:30, 9:05:07) is a
// time of day on Sheets' epoch, 1899-12-30.
// A date may be followed by a time of day ("2026-11-25 10:30:00", "11/25/2026 10:30").
const AT_TIME = "(?:\\s+(\\d{1,2}):(\\d{2})(?::(\\d{2}))?)?";
const YEAR_FIRST = new RegExp(`^(\\d{4})[-/](\\d{1,2})[-/](\\d{1,2})${AT_TIME}$`);
const MONTH_FIRST = new RegExp(`^(\\d{1,2})[-/](\\d{1,2})(?:[-/](\\d{4}|\\d{2}))?${AT_TIME}$`);
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const MONTH_WORD = "([A-Za-z]{3,9})\\.?";
const MONTH_YEAR = new RegExp(`^${MONTH_WORD}[\\s-]+(\\d{4})$`);
const MONTH_DAY = new RegExp(`^${MONTH_WORD}[\\s-]+(\\d{1,2})(?:,?[\\s-]+(\\d{4}))?$`);
const DAY_MONTH = new RegExp(`^(\\d{1,2})[\\s-]+${MONTH_WORD}(?:,?[\\s-]+(\\d{4}))?$`);

/** How the input parser reads text; every field defaults to what Sheets does. */
export interface ParseOptions {
  /** Read month-name text ("Sep 2023") as a date (default true). */
  monthNames?: boolean;
  /** The spreadsheet's time zone: a date typed is that wall clock there (default UTC). */
  timeZone?: string;
}

/** 1-12 for a month's full name or its three-letter abbreviation ("Sept" too), else null. */
function monthOf(word: string): number | null {
  const lower = word.toLowerCase();
  const index = MONTHS.findIndex(
    (name) => name === lower || name.slice(0, 3) === lower || (lower === "sept" && name === "september"),
  );
  return index < 0 ? null : index + 1;
}

function parseMonthName(text: string): Date | null {
  const thisYear = () => new Date().getUTCFullYear();
  const monthYear = MONTH_YEAR.exec(text);
  if (monthYear) {
    const month = monthOf(monthYear[1]!);
    return month === null ? null : utcDate(Number(monthYear[2]), month, 1);
  }
  const monthDay = MONTH_DAY.exec(text);
  if (monthDay) {
    const month = monthOf(monthDay[1]!);
    const year = monthDay[3] === undefined ? thisYear() : Number(monthDay[3]);
    return month === null ? null : utcDate(year, month, Number(monthDay[2]));
  }
  const dayMonth = DAY_MONTH.exec(text);
  if (dayMonth) {
    const month = monthOf(dayMonth[2]!);
    const year = dayMonth[3] === undefined ? thisYear() : Number(dayMonth[3]);
    return month === null ? null : utcDate(year, month, Number(dayMonth[1]));
  }
  return null;
}

function parseNumber(text: string): number | null {
  const match = NUMBER.exec(text);
  if (!match || (match[2] === undefined && match[3] === undefined)) return null;
  const digits = `${match[2] ?? "0"}${match[3] ?? ""}`.replaceAll(",", "");
  let value = Number(`${digits}${match[4] === undefined ? "" : `e${match[4]}`}`);
  if (match[5]) value /= 100;
  if (match[1] === "-") value = -value;
  return Number.isFinite(value) ? value : null;
}

function utcDate(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** A date's wall clock with the time of day matched after it (hours, minutes, seconds), or null. */
function atTime(day: Date | null, hours?: string, minutes?: string, seconds?: string): Date | null {
  if (!day || hours === undefined) return day;
  const [h, m, sec] = [Number(hours), Number(minutes), Number(seconds ?? 0)];
  if (h > 23 || m > 59 || sec > 59) return null;
  return new Date(day.getTime() + ((h * 60 + m) * 60 + sec) * 1000);
}

/** The wall clock (as UTC fields) of a typed date, or null. */
function parseDate(text: string): Date | null {
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) {
    const day = utcDate(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
    return atTime(day, yearFirst[4], yearFirst[5], yearFirst[6]);
  }
  const monthFirst = MONTH_FIRST.exec(text);
  if (monthFirst) {
    const year = monthFirst[3] === undefined ? new Date().getUTCFullYear() : Number(monthFirst[3]);
    const fullYear = monthFirst[3]?.length === 2 ? (year < 30 ? 2000 + year : 1900 + year) : year;
    const day = utcDate(fullYear, Number(monthFirst[1]), Number(monthFirst[2]));
    return atTime(day, monthFirst[4], monthFirst[5], monthFirst[6]);
  }
  const time = TIME.exec(text);
  if (time && Number(time[1]) < 24 && Number(time[2]) < 60 && Number(time[3] ?? 0) < 60) {
    return new Date(Date.UTC(1899, 11, 30, Number(time[1]), Number(time[2]), Number(time[3] ?? 0)));
  }
  return null;
}

/** Reads text as Sheets reads what a user types (or what setValues writes). */
export function parseInput(text: string, numberFormat?: string, options: ParseOptions = {}): ParsedInput {
  if (text === "") return { kind: "empty" };
  // Plain-text format ("@") keeps everything literal, formulas included.
  if (numberFormat === "@") return { kind: "value", value: text };
  if (text.startsWith("'")) return { kind: "value", value: text.slice(1), quoted: true };
  if (text.startsWith("=") && text.length > 1) return { kind: "formula", formula: text };
  const trimmed = text.trim();
  const number = parseNumber(trimmed);
  if (number !== null) return { kind: "value", value: number };
  if (/^(true|false)$/i.test(trimmed)) return { kind: "value", value: trimmed.toLowerCase() === "true" };
  const wall = parseDate(trimmed) ?? (options.monthNames === false ? null : parseMonthName(trimmed));
  // A time alone stays on Sheets' epoch day as typed; a date is its wall clock in the zone.
  const epochDay = wall !== null && wall.getTime() < Date.UTC(1899, 11, 31);
  const date = wall && !epochDay && options.timeZone ? instantOf(wall, options.timeZone) : wall;
  if (date) return { kind: "value", value: date };
  if (/^[+-]./.test(trimmed)) return { kind: "formula", formula: `=${trimmed}` };
  return { kind: "value", value: text };
}

/** Converts a value written by script code (any realm) into cell input. */
export function scriptValueToInput(
  value: unknown,
  numberFormat?: string,
  options: ParseOptions = {},
): ParsedInput {
  if (value === null || value === undefined) return { kind: "empty" };
  if (typeof value === "string") return parseInput(value, numberFormat, options);
  if (typeof value === "number") {
    return Number.isFinite(value) ? { kind: "value", value } : { kind: "value", value: String(value) };
  }
  if (typeof value === "boolean") return { kind: "value", value };
  if (types.isDate(value)) return { kind: "value", value: new Date((value as Date).getTime()) };
  if (Array.isArray(value)) return parseInput(value.map(String).join(","), numberFormat, options);
  if (typeof value === "object") {
    // Apps Script hands a plain object to Sheets as a Java map: {a=1, b=2}.
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}=${String(v)}`);
    return { kind: "value", value: `{${entries.join(", ")}}` };
  }
  return parseInput(String(value), numberFormat, options);
}

/** Checks Sheets' 50,000-character limit; returns the message Sheets gives, or null. */
export function tooLongMessage(input: ParsedInput): string | null {
  const text = input.kind === "formula" ? input.formula : input.kind === "value" ? String(input.value) : "";
  if (text.length > CELL_CHAR_LIMIT) {
    return `Your input contains more than the maximum of ${CELL_CHAR_LIMIT} characters in a single cell.`;
  }
  return null;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/**
 * The text Sheets shows for a value under the automatic format (close enough for tests); a date
 * in the spreadsheet's time zone, as its wall clock there.
 */
export function displayText(cell: Cell | undefined, timeZone = "Etc/UTC"): string {
  if (!cell) return "";
  const value = cell.value;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") {
    if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
    return String(Number(value.toPrecision(10)));
  }
  if (value instanceof Date) {
    return dateText(value.getTime() < Date.UTC(1899, 11, 31) ? value : wallClock(value, timeZone));
  }
  return value;
}

/** A wall clock (UTC fields) as Sheets shows it: the date, its time unless midnight, a time alone. */
function dateText(value: Date): string {
  const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  const seconds = value.getUTCHours() * 3600 + value.getUTCMinutes() * 60 + value.getUTCSeconds();
  const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  if (day === "1899-12-30") return time;
  return seconds === 0 ? day : `${day} ${time}`;
}

/** True when a cell holds nothing (no value, formula or note that would block a spill). */
export function isEmptyCell(cell: Cell | undefined): boolean {
  return !cell || (cell.value === "" && cell.formula === undefined);
}
