/**
 * The Grid port over one Sheet: every call is one block read (getValues + getFormulas) or one
 * block write (setValues). Reads past the sheet's edge come back empty; writes past it grow the
 * sheet first, because getRange throws for cells beyond its size.
 */
import type { Grid, GridValue } from "../jobs/enrich/ports";
import { cellLiteral } from "../sheet/cell-literal";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * Formula cells are read as their formula (a formula is never "empty" for fill mode). Plain text
 * comes back without the apostrophe that may have kept it literal (`'=1+1` reads as "=1+1"), so
 * a value read here must never be written back: the job writes only the cells it changes.
 */
function withFormulas(values: unknown[][], formulas: string[][]): GridValue[][] {
  return values.map((row, r) =>
    row.map((value, c) => {
      const formula = formulas[r]?.[c] ?? "";
      if (formula !== "") return formula;
      return value instanceof Date || typeof value === "number" || typeof value === "boolean"
        ? value
        : String(value ?? "");
    }),
  );
}

function ensureSize(sheet: Sheet, lastRow: number, lastColumn: number): void {
  const rows = sheet.getMaxRows();
  if (lastRow > rows) sheet.insertRowsAfter(rows, lastRow - rows);
  const columns = sheet.getMaxColumns();
  if (lastColumn > columns) sheet.insertColumnsAfter(columns, lastColumn - columns);
}

/**
 * One block as values (formulas as their text) and, when asked, as literals, from one getValues
 * and one getFormulas; cells past the sheet's edge are empty.
 */
function readBlock(
  sheet: Sheet,
  top: number,
  left: number,
  height: number,
  width: number,
  /** Literals too, dates written in the sheet's zone by this (else values only). */
  wallClock: ((date: Date) => string) | null,
): { values: GridValue[][]; literals: string[][] } {
  const values = Array.from({ length: height }, () => new Array<GridValue>(width).fill(""));
  const literals = Array.from({ length: height }, () => new Array<string>(width).fill(""));
  const rows = Math.min(height, sheet.getMaxRows() - top + 1);
  const columns = Math.min(width, sheet.getMaxColumns() - left + 1);
  if (height <= 0 || width <= 0 || rows <= 0 || columns <= 0) return { values, literals };
  const range = sheet.getRange(top, left, rows, columns);
  const read = range.getValues();
  const formulas = range.getFormulas();
  withFormulas(read, formulas).forEach((row, r) => {
    row.forEach((value, c) => {
      values[r]![c] = value;
      if (wallClock)
        literals[r]![c] = cellLiteral(read[r]![c] as GridValue, formulas[r]?.[c] ?? "", wallClock);
    });
  });
  return { values, literals };
}

export function sheetGrid(sheet: Sheet): Grid {
  // Read once, when a date is first met: Sheets shows and parses dates in this zone.
  let zone: string | undefined;
  const wallClock = (date: Date) => {
    zone ??= sheet.getParent().getSpreadsheetTimeZone();
    return Utilities.formatDate(date, zone, "yyyy-MM-dd HH:mm:ss");
  };
  return {
    wallClock,
    read: (top, left, height, width) => readBlock(sheet, top, left, height, width, null).values,
    literals: (top, left, height, width) => readBlock(sheet, top, left, height, width, wallClock).literals,
    readWithLiterals: (top, left, height, width) => readBlock(sheet, top, left, height, width, wallClock),
    write(top, left, values) {
      const width = values[0]?.length ?? 0;
      if (values.length === 0 || width === 0) return;
      ensureSize(sheet, top + values.length - 1, left + width - 1);
      sheet.getRange(top, left, values.length, width).setValues(values);
    },
    canEdit(top, left, height, width) {
      // Cells past the sheet's edge do not exist yet: only the part inside it can be protected.
      const rows = Math.min(height, sheet.getMaxRows() - top + 1);
      const columns = Math.min(width, sheet.getMaxColumns() - left + 1);
      if (rows <= 0 || columns <= 0) return true;
      return sheet.getRange(top, left, rows, columns).canEdit();
    },
    writeNotes(top, left, notes) {
      const width = notes[0]?.length ?? 0;
      if (notes.length === 0 || width === 0) return;
      ensureSize(sheet, top + notes.length - 1, left + width - 1);
      sheet.getRange(top, left, notes.length, width).setNotes(notes);
    },
    setNumberFormat(top, left, height, width, format) {
      if (height <= 0 || width <= 0) return;
      ensureSize(sheet, top + height - 1, left + width - 1);
      sheet.getRange(top, left, height, width).setNumberFormat(format);
    },
    readNumberFormats(top, left, height, width) {
      const formats = Array.from({ length: height }, () => new Array<string>(width).fill(""));
      const rows = Math.min(height, sheet.getMaxRows() - top + 1);
      const columns = Math.min(width, sheet.getMaxColumns() - left + 1);
      if (rows <= 0 || columns <= 0) return formats;
      sheet
        .getRange(top, left, rows, columns)
        .getNumberFormats()
        .forEach((row, r) => {
          row.forEach((format, c) => {
            formats[r]![c] = String(format);
          });
        });
      return formats;
    },
    lastRow: () => sheet.getLastRow(),
    lastColumn: () => sheet.getLastColumn(),
  };
}

/** The grid of the active spreadsheet's sheet with this name, or null when there is none. */
export function gridOfSheetNamed(name: string): Grid | null {
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(name);
  return sheet ? sheetGrid(sheet) : null;
}

const sheetWithId = (sheetId: number): Sheet | undefined =>
  SpreadsheetApp.getActiveSpreadsheet()
    .getSheets()
    .find((candidate) => candidate.getSheetId() === sheetId);

/** The grid of the active spreadsheet's sheet with this id, or null when it was deleted. */
export function gridOfSheet(sheetId: number): Grid | null {
  const sheet = sheetWithId(sheetId);
  return sheet ? sheetGrid(sheet) : null;
}

/** The name of the sheet with this id now (renamed since the id was kept), or null when deleted. */
export const sheetNameNow = (sheetId: number): string | null => sheetWithId(sheetId)?.getName() ?? null;

/** The same, with the sheet's name now (it may have been renamed since the id was kept). */
export function namedGridOfSheet(sheetId: number): { grid: Grid; name: string } | null {
  const sheet = sheetWithId(sheetId);
  return sheet ? { grid: sheetGrid(sheet), name: sheet.getName() } : null;
}
