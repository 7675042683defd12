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
 * Dates as typed in an en_US sheet: 2024-01-15, 2024-01-15 10:30:00, or a time of day alone.
 * UTC parts: the emulated runtime and a spreadsheet in UTC agree; in other time zones a date the
 * user typed by hand may come back shifted (the run never writes dates itself).
 */
function dateLiteral(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  if (day === "1899-12-30") return time;
  return time === "00:00:00" ? day : `${day} ${time}`;
}

/** The literal of a cell read as `value` with formula `formula` ("" when it holds none). */
export function cellLiteral(value: ReadValue | null | undefined, formula = ""): string {
  if (formula !== "") return formula;
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (value instanceof Date) return dateLiteral(value);
  // Text: no length cut here, it was already in a cell.
  return needsApostrophe(value) ? `'${value}` : value;
}

/**
 * The literal of a value the add-on writes with setValues: an escaped string already is what
 * Sheets parses; numbers and booleans read back as themselves.
 */
export function writtenLiteral(value: ReadValue): string {
  return typeof value === "string" ? value : cellLiteral(value);
}
