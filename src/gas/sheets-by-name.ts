/** The active spreadsheet's sheets by name, read without creating any (sheet-choice.ts's port). */
import type { SheetsByName } from "../jobs/sheet-choice";
import { sheetGrid } from "./grid";

export const sheetsByName: SheetsByName = {
  grid(name) {
    const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(name);
    return sheet ? sheetGrid(sheet) : null;
  },
  names: () =>
    SpreadsheetApp.getActiveSpreadsheet()
      .getSheets()
      .map((sheet) => sheet.getName()),
};
