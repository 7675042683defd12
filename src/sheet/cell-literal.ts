/**
 * A cell as the text that would recreate it when typed (or written by `Range.setValues`, which
 * parses strings the same way): the "literal" the change history keeps so undo can put a cell back
 * byte for byte.
 *
 * Why not the value alone: `getValues` reads `'=1+1` and `'00123` as "=1+1" and "00123", the same
 * strings a formula's text or a number typed as text would give. So a formula is kept as its
 * formula, text that Sheets would parse as something else gets its leading apostrophe back
 * (needsApostrophe), and numbers, booleans and dates become what one types for them. An apostrophe the
 * user typed where none was needed ("'hello") is invisible to scripts and cannot be kept.
 */
import { needsApostrophe } from "./cell-value";

export type ReadValue = string | number | boolean | Date;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A date's wall clock where the sheet shows it, "yyyy-MM-dd HH:mm:ss": in Apps Script
 * `Utilities.formatDate(date, spreadsheetTimeZone, ...)` (src/gas/grid.ts), since Sheets reads
 * typed dates in the spreadsheet's time zone. Without one, UTC (a spreadsheet in UTC agrees).
 */
export type WallClock = (date: Date) => string;

const utcWallClock: WallClock = (date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
  `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;

/**
 * Dates as typed in an en_US sheet: 2024-01-15, 2024-01-15 10:30:00, or a time of day alone, as
 * the wall clock of the spreadsheet's time zone (the Enriched At times a run writes come back so).
 */
function dateLiteral(date: Date, wallClock: WallClock): string {
  if (Number.isNaN(date.getTime())) return "";
  // A time alone sits on Sheets' epoch day, before any zone's rules: its UTC parts are what was typed.
  const [day = "", time = ""] = (date.getTime() < Date.UTC(1899, 11, 31) ? utcWallClock : wallClock)(
    date,
  ).split(" ");
  if (day === "1899-12-30") return time;
  return time === "00:00:00" ? day : `${day} ${time}`;
}

/** The literal of a cell read as `value` with formula `formula` ("" when it holds none). */
export function cellLiteral(
  value: ReadValue | null | undefined,
  formula = "",
  wallClock: WallClock = utcWallClock,
): string {
  if (formula !== "") return formula;
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (value instanceof Date) return dateLiteral(value, wallClock);
  // Text: no length cut here, it was already in a cell.
  return needsApostrophe(value) ? `'${value}` : value;
}

/**
 * The literal of a value the add-on writes with setValues: an escaped string already is what
 * Sheets parses; numbers and booleans read back as themselves.
 */
export function writtenLiteral(value: ReadValue, wallClock?: WallClock): string {
  return typeof value === "string" ? value : cellLiteral(value, "", wallClock);
}
