/** The "Transactions" sheet the Credits tab exports to, over SpreadsheetApp. */
import type { TransactionsSheet } from "../jobs/credits/ports";
import { sheetGrid } from "./grid";

export const TRANSACTIONS_SHEET = "Transactions";

export function transactionsSheet(name = TRANSACTIONS_SHEET): TransactionsSheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const find = () => spreadsheet.getSheetByName(name);
  let sheet = find();
  return {
    name,
    usedRows: () => sheet?.getLastRow() ?? 0,
    reset() {
      sheet ??= spreadsheet.insertSheet(name);
      // Contents only: the user's formats and column widths on the sheet stay.
      sheet.clearContents();
      return sheetGrid(sheet);
    },
    finish() {
      sheet?.setFrozenRows(1);
      sheet?.activate();
    },
  };
}
