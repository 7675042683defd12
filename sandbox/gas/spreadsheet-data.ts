/**
 * The JSON form of an emulated spreadsheet: what `Runtime.snapshot()` returns, what
 * `createRuntime({ spreadsheet })` loads, and what the playground saves under .data/.
 *
 * For seeding tests, a sheet may give `rows` (typed from A1 down, as a user would type them) or
 * `cells` whose values are either typed input ("=LOOKUP_LEAD(A2)", "'0123", 42) or a full
 * `CellData` (the exact stored state, as snapshot() writes it).
 */
import type { CellError } from "./cells";

/** A value in JSON: dates travel as { date: ISO string }. */
export type JsonCellValue = string | number | boolean | { date: string };

export interface CellData {
  value?: JsonCellValue;
  formula?: string;
  error?: CellError;
  /** The formula's last result grid (kept so a blocked spill can be laid out again). */
  result?: JsonCellValue[][];
  /** A1 of the formula cell whose result spilled into this cell. */
  spillOf?: string;
  quoted?: boolean;
  note?: string;
  numberFormat?: string;
  format?: Record<string, string>;
}

/** Typed input (parsed as Sheets parses what a user types) or an exact cell. */
export type CellSeed = string | number | boolean | null | CellData;

export interface SheetData {
  name: string;
  id?: number;
  /** Sheet size; Sheets' default for a new sheet is 1000 x 26. */
  maxRows?: number;
  maxColumns?: number;
  frozenRows?: number;
  frozenColumns?: number;
  hidden?: boolean;
  /** Values typed from A1 down and right. */
  rows?: Array<Array<string | number | boolean | null>>;
  /** Cells by A1 address. */
  cells?: Record<string, CellSeed>;
}

export interface SpreadsheetData {
  id?: string;
  name?: string;
  /** The owner's email: whose user properties custom functions see (DESIGN.md). */
  owner?: string;
  timeZone?: string;
  sheets: SheetData[];
  /** Name of the active sheet (default: the first). */
  activeSheet?: string;
  /** A1 of the selection on the active sheet (default: A1). */
  activeRange?: string;
}
