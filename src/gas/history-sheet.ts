/** The `Prospecting changes` sheet (the change history's table) over SpreadsheetApp. */
import { HISTORY_HEADERS, HISTORY_SHEET, HISTORY_WIDTH } from "../jobs/history/columns";
import type { HistoryTable } from "../jobs/history/ports";
import { keepSelection } from "./keep-selection";

/** Looks the sheet up on first use: the enrichment job makes one per step even when nothing changes. */
export function historySheet(): HistoryTable {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  let found: GoogleAppsScript.Spreadsheet.Sheet | null | undefined;
  const lookup = () => {
    if (found === undefined) found = spreadsheet.getSheetByName(HISTORY_SHEET);
    return found;
  };
  // Read once per execution, then kept up to date here: every append would otherwise ask again.
  let rows: number | undefined;
  const size = () => {
    rows ??= Math.max(0, (lookup()?.getLastRow() ?? 0) - 1);
    return rows;
  };
  return {
    size,
    append(block) {
      if (block.length === 0) return;
      let sheet = lookup();
      if (!sheet) {
        // Made where it does not get in the way: the last tab, the user left where they were.
        const restoreSelection = keepSelection(spreadsheet);
        sheet = spreadsheet.insertSheet(HISTORY_SHEET, spreadsheet.getSheets().length);
        sheet.getRange(1, 1, 1, HISTORY_WIDTH).setValues([[...HISTORY_HEADERS]]);
        sheet.setFrozenRows(1);
        restoreSelection();
        found = sheet;
      } else if (size() === 0 && sheet.getLastRow() === 0) {
        // Emptied by hand: the header comes back, so row 1 never holds a change.
        sheet.getRange(1, 1, 1, HISTORY_WIDTH).setValues([[...HISTORY_HEADERS]]);
      }
      const first = size() + 2;
      const needed = first + block.length - 1;
      const maxRows = sheet.getMaxRows();
      // Grown by at least its own size: a run's many appends then seldom pay for an insert.
      if (needed > maxRows) sheet.insertRowsAfter(maxRows, Math.max(needed - maxRows, maxRows));
      sheet.getRange(first, 1, block.length, HISTORY_WIDTH).setValues(block);
      rows = size() + block.length;
    },
    read(first, count, width) {
      const sheet = lookup();
      if (!sheet || count <= 0) return [];
      return sheet
        .getRange(first + 1, 1, count, width)
        .getValues()
        .map((row) =>
          row.map((value) => (value instanceof Date ? value.toISOString() : String(value ?? ""))),
        );
    },
    remove(first, count) {
      const sheet = lookup();
      if (sheet && count > 0) {
        sheet.deleteRows(first + 1, count);
        rows = Math.max(0, size() - count);
      }
    },
  };
}
