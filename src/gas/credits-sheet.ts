/**
 * The "Transactions" sheet the Credits export writes to, over SpreadsheetApp. A new export writes
 * the sheet's content, never a new sheet (src/gas/replaced-sheet.ts: what points at it keeps
 * working). What goes where (the export's
 * columns A:H, the user's columns after them kept) is src/jobs/credits/sheet-plan.ts's; here it
 * is read and written in blocks: one read of row 1, one of column A and one of the user's columns,
 * and one setValues, so an execution cut off at any point leaves the previous export or the new
 * one, whole.
 */
import type { ExportRecord, ExportRecords, TransactionsSheet } from "../jobs/credits/ports";
import { type CurrentSheet, EXPORT_WIDTH } from "../jobs/credits/sheet-plan";
import { sheetGrid } from "./grid";
import { documentStore } from "./job-store";
import { writeFromTop } from "./replaced-sheet";
import { replaceRoom } from "./sheet-room";

export const TRANSACTIONS_SHEET = "Transactions";

/** Document property holding whose transactions the sheet lists (the last export's record). */
const RECORD_KEY = "credits.export";

export function transactionsSheet(name = TRANSACTIONS_SHEET): TransactionsSheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  let written: GoogleAppsScript.Spreadsheet.Sheet | null = null;
  return {
    name,
    usedRows: () => spreadsheet.getSheetByName(name)?.getLastRow() ?? 0,
    // Looked up each time, not when the export started: the user may have renamed or deleted it
    // meanwhile (a renamed sheet is theirs now, and stays as it is).
    current: () => currentOf(spreadsheet.getSheetByName(name)),
    room: (rows) => replaceRoom(name, rows, EXPORT_WIDTH),
    write(values) {
      written = writeFromTop(name, () => values);
    },
    finish(note) {
      if (!written) return;
      written.setFrozenRows(1);
      written.getRange(1, 1).setNote(note);
      written.activate();
      // Left by a cut-off export of an earlier version, which wrote a new sheet and swapped it in.
      const stale = spreadsheet.getSheetByName(`${name} (export in progress)`);
      if (stale) spreadsheet.deleteSheet(stale);
    },
  };
}

/** Row 1, column A and the user's columns of the sheet; null when it is missing or empty. */
function currentOf(sheet: GoogleAppsScript.Spreadsheet.Sheet | null): CurrentSheet | null {
  const lastRow = sheet?.getLastRow() ?? 0;
  if (!sheet || lastRow === 0) return null;
  const lastColumn = sheet.getLastColumn();
  const grid = sheetGrid(sheet);
  const literals = grid.literals!;
  const header = literals(1, 1, 1, lastColumn)[0] ?? [];
  const below = lastRow - 1;
  if (below === 0) return { header, ids: [], extra: [] };
  const ids = grid.read(2, 1, below, 1).map((row) => String(row[0] ?? ""));
  const extra =
    lastColumn > EXPORT_WIDTH
      ? literals(2, EXPORT_WIDTH + 1, below, lastColumn - EXPORT_WIDTH)
      : ids.map(() => []);
  return { header, ids, extra };
}

/** The export's record in document properties: every editor of the spreadsheet reads the same. */
export function exportRecords(): ExportRecords {
  const store = documentStore();
  return {
    read() {
      try {
        const record = JSON.parse(store.get(RECORD_KEY) ?? "null") as Partial<ExportRecord> | null;
        if (!record || typeof record.account !== "string") return null;
        return {
          account: record.account,
          by: String(record.by ?? "another editor"),
          at: String(record.at ?? ""),
          rows: Number(record.rows) || 0,
        };
      } catch {
        return null;
      }
    },
    write: (record) => store.set(RECORD_KEY, JSON.stringify(record)),
  };
}
