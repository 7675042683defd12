/**
 * Room in the spreadsheet for rows the add-on is about to pay for, and a spare sheet for paid rows
 * their own sheet would not take (a protected range, a sheet deleted mid-run, the cell limit).
 */
import { type SheetRoom, spareSheetName } from "../jobs/paid-rows";

/** Sheets' limit: 10 million cells a spreadsheet, every sheet's grid counted whole. */
export const SPREADSHEET_CELLS = 10_000_000;
/** insertSheet() makes a grid of 1,000 rows x 26 columns. */
const NEW_SHEET_CELLS = 1000 * 26;

/** Cells that appending `rows` rows `width` wide below sheet `name`'s last row would add. */
export function appendRoom(name: string, rows: number, width: number): SheetRoom {
  return growthRoom(name, width, (sheet) => Math.max(sheet ? sheet.getLastRow() : 0, 1) + rows);
}

/**
 * Cells that writing `rows` rows `width` wide from the top of sheet `name` (in place of its content)
 * would add: only what its grid must grow by, or a new sheet when it is missing.
 */
export function replaceRoom(name: string, rows: number, width: number): SheetRoom {
  return growthRoom(name, width, () => rows);
}

/** Cells that growing sheet `name` (made when missing) down to row `bottom` and `width` wide would add. */
function growthRoom(
  name: string,
  width: number,
  bottom: (sheet: GoogleAppsScript.Spreadsheet.Sheet | null) => number,
): SheetRoom {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const sheets = spreadsheet.getSheets();
  const used = sheets.reduce((sum, sheet) => sum + sheet.getMaxRows() * sheet.getMaxColumns(), 0);
  const sheet = spreadsheet.getSheetByName(name);
  const maxRows = sheet ? sheet.getMaxRows() : 1000;
  const maxColumns = sheet ? sheet.getMaxColumns() : 26;
  const columns = Math.max(maxColumns, width);
  const grownRows = Math.max(maxRows, bottom(sheet));
  const needed = grownRows * columns - maxRows * maxColumns + (sheet ? 0 : NEW_SHEET_CELLS);
  return { needed, free: SPREADSHEET_CELLS - used };
}

/** A new sheet for rows that could not go where they belong: "Companies (unsaved rows 2)". */
export function spareSheet(base: string): GoogleAppsScript.Spreadsheet.Sheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  return spreadsheet.insertSheet(spareSheetName(base, (name) => spreadsheet.getSheetByName(name) !== null));
}

/**
 * Cells that widening `sheet` to `lastColumn` columns would add, plus a new sheet when
 * `alsoSheet` (one the run creates, such as the change history) does not exist yet.
 */
export function columnRoom(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  lastColumn: number,
  alsoSheet?: string,
): SheetRoom {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const used = spreadsheet.getSheets().reduce((sum, s) => sum + s.getMaxRows() * s.getMaxColumns(), 0);
  const newSheet = alsoSheet !== undefined && !spreadsheet.getSheetByName(alsoSheet) ? NEW_SHEET_CELLS : 0;
  const needed = Math.max(0, lastColumn - sheet.getMaxColumns()) * sheet.getMaxRows() + newSheet;
  return { needed, free: SPREADSHEET_CELLS - used };
}
