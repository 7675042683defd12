/**
 * The "Transactions" sheet the Credits tab exports to, over SpreadsheetApp. A new export replaces
 * the sheet's content, never the sheet: formulas, charts and pivot tables built on it point at the
 * sheet itself, and a deleted sheet would leave them at #REF!. The content goes in with one
 * setValues that also blanks what the previous export had beyond the new one, so an execution cut
 * off at any point leaves either the previous export or the new one, whole.
 */
import type { TransactionsSheet } from "../jobs/credits/ports";
import type { GridValue } from "../jobs/enrich/ports";
import { sheetGrid } from "./grid";
import { replaceRoom } from "./sheet-room";

export const TRANSACTIONS_SHEET = "Transactions";

export function transactionsSheet(name = TRANSACTIONS_SHEET): TransactionsSheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  let written: GoogleAppsScript.Spreadsheet.Sheet | null = null;
  return {
    name,
    usedRows: () => spreadsheet.getSheetByName(name)?.getLastRow() ?? 0,
    room: (rows) => replaceRoom(name, rows, 8),
    replace(values) {
      // Looked up now, not when the export started: the user may have renamed or deleted it
      // meanwhile (a renamed sheet is theirs now, and stays as it is).
      const sheet = spreadsheet.getSheetByName(name);
      if (!sheet) {
        const created = spreadsheet.insertSheet(name, spreadsheet.getNumSheets());
        try {
          sheetGrid(created).write(1, 1, values);
        } catch (error) {
          spreadsheet.deleteSheet(created);
          throw error;
        }
        written = created;
        return;
      }
      sheetGrid(sheet).write(1, 1, covering(values, sheet.getLastRow(), sheet.getLastColumn()));
      written = sheet;
    },
    finish() {
      if (!written) return;
      written.setFrozenRows(1);
      written.activate();
      // Left by a cut-off export of an earlier version, which wrote a new sheet and swapped it in.
      const stale = spreadsheet.getSheetByName(`${name} (export in progress)`);
      if (stale) spreadsheet.deleteSheet(stale);
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
