/**
 * How far a =LOOKUP_LEAD formula's answer reaches, from its own text: one row per URL of its
 * first argument (a cell, a column or a row of them), one column per field of its second (default
 * fields when left out). =FIND_EMAIL's: one row per cell of its longest argument, two columns
 * (email, status); =VALIDATE_EMAIL's: one row per address, one column. Apps Script does not say which cells a formula's result spilled into, and
 * freezing must write exactly those: the anchor turned into a value stops the spill, and a cell
 * outside it may be the user's own.
 */

import { parseFieldList } from "../../sheet/lead-fields";
import { fieldListInput } from "../lookup/arguments";

export interface ResultShape {
  rows: number;
  columns: number;
}

/** Reads a reference such as `A2:A200` or `'CRM list'!F1:H1`; null when it names no range. */
export type ReferenceReader = (reference: string) => unknown[][] | null;

const LOOKUP_CALL = /^=\s*LOOKUP_LEAD\s*\(([\s\S]*)\)\s*$/i;

const EMAIL_CALL = /^=\s*(FIND_EMAIL|VALIDATE_EMAIL)\s*\(([\s\S]*)\)\s*$/i;

/** A formula whose answer the add-on paid for and can freeze: =LOOKUP_LEAD, =FIND_EMAIL, =VALIDATE_EMAIL. */
export const isLookupFormula = (formula: string) => LOOKUP_CALL.test(formula) || EMAIL_CALL.test(formula);

/** The email formulas' reach: rows of the longest argument (a single cell stands for every row). */
function emailShape(name: string, args: string[], read: ReferenceReader): ResultShape | UnknownReach {
  const given = args.filter((arg) => arg !== "");
  if (given.length === 0) return { why: "it names no cells" };
  let rows = 1;
  for (const arg of given) {
    const value = argumentValue(arg, read);
    if (value === null)
      return { why: `its argument ${clipped(arg)} is not a text or a range of this spreadsheet` };
    if (typeof value !== "string") rows = Math.max(rows, value.length, value[0]?.length ?? 0);
  }
  return { rows, columns: name.toUpperCase() === "FIND_EMAIL" ? 2 : 1 };
}

/** Splits a call's arguments at top-level commas (not inside quotes, quoted sheet names or parentheses). */
export function splitArguments(text: string): string[] {
  const args: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = "";
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "(" || char === "{") depth += 1;
    else if (char === ")" || char === "}") depth -= 1;
    else if (char === "," && depth === 0) {
      args.push(current.trim());
      current = "";
      continue;
    }
    current += char;
  }
  if (current.trim() !== "" || args.length > 0) args.push(current.trim());
  return args;
}

const STRING = /^"((?:[^"]|"")*)"$/;

/** The value of one argument: a text literal, or the cells of a reference; null when neither. */
function argumentValue(arg: string, read: ReferenceReader): unknown[][] | string | null {
  const literal = STRING.exec(arg);
  if (literal) return literal[1]!.replace(/""/g, '"');
  return read(arg);
}

/** Why a formula's reach cannot be known from its text: said in the freeze summary. */
export interface UnknownReach {
  why: string;
}

const clipped = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** The shape of the formula's answer, or why its text says too little (or too wrong) to know. */
export function resultShape(formula: string, read: ReferenceReader): ResultShape | UnknownReach {
  const email = EMAIL_CALL.exec(formula);
  if (email) return emailShape(email[1]!, splitArguments(email[2]!), read);
  const call = LOOKUP_CALL.exec(formula);
  if (!call) return { why: "it is not a =LOOKUP_LEAD formula" };
  const [urlArg, fieldsArg] = splitArguments(call[1]!);
  if (!urlArg) return { why: "it names no profile URL" };
  const urls = argumentValue(urlArg, read);
  if (urls === null)
    return { why: `its URLs (${clipped(urlArg)}) are not a text or a range of this spreadsheet` };
  const rows = typeof urls === "string" ? 1 : Math.max(urls.length, urls[0]?.length ?? 0);
  let columns: number;
  if (fieldsArg === undefined || fieldsArg === "") {
    columns = (parseFieldList("") as { fields: unknown[] }).fields.length;
  } else {
    const fields = argumentValue(fieldsArg, read);
    if (fields === null)
      return { why: `its fields (${clipped(fieldsArg)}) are not a text or a range of this spreadsheet` };
    const parsed = parseFieldList(fieldListInput(fields));
    // The formula itself answers this error: the freeze says the same.
    if ("error" in parsed) return { why: clipped(parsed.error) };
    columns = parsed.fields.length;
  }
  return { rows, columns };
}

export const isKnownReach = (reach: ResultShape | UnknownReach): reach is ResultShape => !("why" in reach);
