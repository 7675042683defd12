/**
 * Sheets and columns a user names in a search form (issue 23.17): the sheet a search writes to,
 * and the sheet and column of what to leave out (a CRM export). Shared by company and lead search,
 * which differ only in what a cell of that column can exclude.
 *
 * Sheets' names are unique case aside ("Leads" and "leads" cannot both exist), so a typed name is
 * matched case aside: "leads" writes into the Leads sheet instead of failing to create a second.
 */
import { normalizeHeader } from "../sheet/columns";
import type { Grid, GridValue } from "./enrich/ports";

/** The spreadsheet as a form's sheet names need it: a sheet's grid by name (null when none), every name. */
export interface SheetsByName {
  grid(name: string): Grid | null;
  names(): string[];
}

/** The existing sheet a typed name means (exactly, else case aside), or null. */
export function sheetNamed(typed: string, names: readonly string[]): string | null {
  const wanted = typed.trim();
  if (wanted === "") return null;
  if (names.includes(wanted)) return wanted;
  const folded = wanted.toLocaleLowerCase();
  return names.find((name) => name.toLocaleLowerCase() === folded) ?? null;
}

/**
 * The sheet a search writes to: the existing one the form names (case aside), else the name as
 * typed (made when the run starts), else the search's own sheet (`fallback`, also case aside).
 */
export function destinationName(typed: string, fallback: string, names: readonly string[]): string {
  const name = typed.trim() === "" ? fallback : typed.trim();
  return sheetNamed(name, names) ?? name;
}

/** The cells below the header of the column headed `column` (any case or spacing). */
export function columnCells(grid: Grid, column: string): { cells: GridValue[] } | { problem: string } {
  const width = grid.lastColumn();
  const headers = width < 1 || grid.lastRow() < 1 ? [] : (grid.read(1, 1, 1, width)[0] ?? []);
  const wanted = normalizeHeader(column);
  const index = headers.findIndex((header) => normalizeHeader(String(header ?? "")) === wanted);
  if (index === -1) {
    const named = headers.map((header) => String(header ?? "").trim()).filter((header) => header !== "");
    return {
      problem: `No column is headed "${column}" there${named.length > 0 ? `: its headers are ${named.slice(0, 12).join(", ")}` : ""}.`,
    };
  }
  const last = grid.lastRow();
  if (last < 2) return { cells: [] };
  return { cells: grid.read(2, index + 1, last - 1, 1).map(([cell]) => cell ?? "") };
}

/** The form's leave-out fields. */
export interface LeaveOutFields {
  leave_out_sheet: string;
  leave_out_column: string;
}

export type LeaveOutProblems = Partial<Record<"leave_out_sheet" | "leave_out_column", string[]>>;

/** How a search names what it leaves out, in its problems. */
export interface LeaveOutWords {
  /** "companies", "leads". */
  things: string;
  /** The column problem's text: what the column holds, with an example header. */
  column: string;
}

/**
 * The leave-out column's cells; null when the form names none, or its problems at their fields
 * (the sheet's real name, case aside, is what a found sheet is called).
 */
export function leaveOutCells(
  form: LeaveOutFields,
  sheets: SheetsByName,
  words: LeaveOutWords,
): { sheet: string; column: string; cells: GridValue[] } | { problems: LeaveOutProblems } | null {
  const typed = form.leave_out_sheet.trim();
  const column = form.leave_out_column.trim();
  if (typed === "" && column === "") return null;
  if (typed === "") {
    return {
      problems: {
        leave_out_sheet: [`Name the sheet whose ${words.things} to leave out, or clear the column.`],
      },
    };
  }
  const names = sheets.names();
  const sheet = sheetNamed(typed, names);
  const grid = sheet === null ? null : sheets.grid(sheet);
  if (sheet === null || grid === null) {
    return {
      problems: {
        leave_out_sheet: [`No sheet is named "${typed}": the sheets are ${names.slice(0, 12).join(", ")}.`],
      },
    };
  }
  if (column === "") return { problems: { leave_out_column: [words.column] } };
  const read = columnCells(grid, column);
  if ("problem" in read) return { problems: { leave_out_column: [read.problem] } };
  return { sheet, column, cells: read.cells };
}
