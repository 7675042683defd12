/**
 * The "Transactions" sheet the Credits tab exports to, over SpreadsheetApp. The export is written
 * whole into a new sheet first and swapped in only when complete: clearing the old sheet and then
 * writing would leave it half full if the execution were cut off in between.
 */
import type { TransactionsSheet } from "../jobs/credits/ports";
import { sheetGrid } from "./grid";
import { appendRoom } from "./sheet-room";

export const TRANSACTIONS_SHEET = "Transactions";

export function transactionsSheet(name = TRANSACTIONS_SHEET): TransactionsSheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  /** Where the export is written before the swap; one left behind was cut off and is incomplete. */
  const writingName = `${name} (export in progress)`;
  let fresh: GoogleAppsScript.Spreadsheet.Sheet | null = null;
  return {
    name,
    usedRows: () => spreadsheet.getSheetByName(name)?.getLastRow() ?? 0,
    room: (rows) => appendRoom(writingName, rows, 8),
    reset() {
      const stale = spreadsheet.getSheetByName(writingName);
      if (stale) spreadsheet.deleteSheet(stale);
      const old = spreadsheet.getSheetByName(name);
      // Beside the old sheet (insertSheet's index is 0-based, getIndex 1-based).
      fresh = spreadsheet.insertSheet(writingName, old ? old.getIndex() - 1 : spreadsheet.getNumSheets());
      return sheetGrid(fresh);
    },
    finish() {
      if (!fresh) return;
      fresh.setFrozenRows(1);
      const old = spreadsheet.getSheetByName(name);
      if (old) spreadsheet.deleteSheet(old);
      fresh.setName(name);
      fresh.activate();
    },
  };
}
