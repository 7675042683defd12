/**
 * Sheets the add-on writes from A1 in one write (the Credits export, the Job changes sheet), over
 * SpreadsheetApp. A new write goes into the same sheet, never a new one: formulas, charts and pivot
 * tables built on it point at the sheet itself, and a deleted sheet would leave them at #REF!. One
 * setValues, so an execution cut off at any point leaves either the previous content or the new
 * one, whole.
 */
import type { GridValue } from "../jobs/enrich/ports";
import { sheetGrid } from "./grid";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * Writes `values` from A1 of the sheet named `name`, made (last) when missing and removed again
 * when the write fails. Looked up now, not when the work started: the user may have renamed or
 * deleted it meanwhile (a renamed sheet is theirs now, and stays as it is). Throws when the sheet
 * could not take them: then it is as it was.
 */
export function writeFromTop(name: string, values: (sheet: Sheet | null) => GridValue[][]): Sheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const sheet = spreadsheet.getSheetByName(name);
  if (sheet) {
    sheetGrid(sheet).write(1, 1, values(sheet));
    return sheet;
  }
  const created = spreadsheet.insertSheet(name, spreadsheet.getNumSheets());
  try {
    sheetGrid(created).write(1, 1, values(null));
  } catch (error) {
    spreadsheet.deleteSheet(created);
    throw error;
  }
  return created;
}

/** A sheet whose content is written whole: what the old content had beyond the new is blanked. */
export interface ReplacedSheet {
  readonly name: string;
  /** Puts `values` in place of the sheet's content in one write. Throws when refused: then as it was. */
  replace(values: GridValue[][]): void;
  /** Freezes the header row and brings the written sheet to the front. */
  finish(): void;
}

export function replacedSheet(name: string): ReplacedSheet {
  let written: Sheet | null = null;
  return {
    name,
    replace(values) {
      written = writeFromTop(name, (sheet) =>
        sheet ? covering(values, sheet.getLastRow(), sheet.getLastColumn()) : values,
      );
    },
    finish() {
      if (!written) return;
      written.setFrozenRows(1);
      written.activate();
    },
  };
}

/** `values` padded with blanks over `rows` x `columns`: one write replaces the old content whole. */
function covering(values: GridValue[][], rows: number, columns: number): GridValue[][] {
  const width = Math.max(values[0]?.length ?? 0, columns);
  const blank = (n: number) => new Array<GridValue>(n).fill("");
  const block = values.map((row) => (row.length < width ? [...row, ...blank(width - row.length)] : row));
  while (block.length < rows) block.push(blank(width));
  return block;
}
