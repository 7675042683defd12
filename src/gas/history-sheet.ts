/** The `Prospecting changes` sheet (the change history's table) over SpreadsheetApp. */

import { extent } from "../jobs/extent";
import { HISTORY_HEADERS, HISTORY_NOTES, HISTORY_SHEET, LEGACY_HEADERS } from "../jobs/history/columns";
import type { HistoryTable } from "../jobs/history/ports";
import { DATE_TIME_FORMAT, isoSecond } from "../sheet/sheet-time";
import { keepSelection } from "./keep-selection";

const WIDTH = HISTORY_HEADERS.length;
const TIME_COLUMN = HISTORY_HEADERS.indexOf("Time") + 1;
/** Profile URLs, Summary and Changes: a line per sheet row, clipped so a history row stays one line high. */
const LISTS_COLUMN = HISTORY_HEADERS.indexOf("Profile URLs") + 1;
const LISTS_WIDTH = 3;
/** Said on the Run header of a sheet whose older rows are in the earlier layout. */
const LEGACY_NOTE = `Rows written before the compact layout keep the earlier one, one changed cell a row: ${LEGACY_HEADERS.join(", ")}. Undo and the job changes still read them.`;

/** The header row and its notes (what each column holds, for whoever opens the sheet). */
function writeHeader(sheet: GoogleAppsScript.Spreadsheet.Sheet, legacyBelow: boolean): void {
  const range = sheet.getRange(1, 1, 1, WIDTH);
  range.setValues([[...HISTORY_HEADERS]]);
  const notes = HISTORY_HEADERS.map((header) => HISTORY_NOTES[header]);
  if (legacyBelow) notes[0] = `${notes[0]}\n\n${LEGACY_NOTE}`;
  range.setNotes([notes]);
}

/**
 * Where today's columns are. A colleague may insert a column of their own among them (a
 * "Reviewed" column at B): each is then found by its header, and rows are read and appended there
 * (the header row used to be written over, the rows shifted and read as hand-made). Null when the
 * header row does not hold each of today's headers once: the layout is the add-on's own, 1..7.
 */
function movedColumns(header: readonly string[]): number[] | null {
  const at = HISTORY_HEADERS.map((text) => header.indexOf(text) + 1);
  const once = HISTORY_HEADERS.every(
    (text, index) => at[index]! > 0 && header.lastIndexOf(text) + 1 === at[index],
  );
  return once && at.some((column, index) => column !== index + 1) ? at : null;
}

/** Today's cells of a block's rows placed in their columns (`at`), the colleague's columns left empty. */
function spread(block: readonly unknown[][], at: readonly number[]): unknown[][] {
  const width = extent(at.slice(0, WIDTH)).max;
  return block.map((cells) => {
    const row = new Array<unknown>(width).fill("");
    cells.forEach((cell, index) => {
      row[at[index]! - 1] = cell;
    });
    return row;
  });
}

/** Looks the sheet up on first use: the enrichment job makes one per step even when nothing changes. */
export function historySheet(): HistoryTable {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  let found: GoogleAppsScript.Spreadsheet.Sheet | null | undefined;
  const lookup = () => {
    if (found === undefined) found = spreadsheet.getSheetByName(HISTORY_SHEET);
    return found;
  };
  // Read once per execution, then kept up to date here: every append would otherwise ask again,
  // and a read between a step's writes makes Sheets commit them first (a flush, G6).
  let rows: number | undefined;
  // The sheet's row count (max rows), read with its size, before the step writes anything.
  let capacity = 0;
  const size = () => {
    if (rows === undefined) {
      const sheet = lookup();
      rows = Math.max(0, (sheet?.getLastRow() ?? 0) - 1);
      capacity = sheet?.getMaxRows() ?? 0;
    }
    return rows;
  };
  // Whether the header row is today's, checked once per execution before the first append.
  let headerChecked = false;
  // The header row as read (once per execution), and today's columns when a colleague moved them.
  let headerRow: string[] | undefined;
  const header = (sheet: GoogleAppsScript.Spreadsheet.Sheet) => {
    headerRow ??= (sheet.getRange(1, 1, 1, Math.max(WIDTH, sheet.getLastColumn())).getValues()[0] ?? []).map(
      String,
    );
    return headerRow;
  };
  const moved = (sheet: GoogleAppsScript.Spreadsheet.Sheet) => movedColumns(header(sheet));
  return {
    size,
    canAppend() {
      const sheet = lookup();
      // Not made yet: the user makes it, so it is theirs to write.
      return !sheet || sheet.getRange(size() + 2, 1, 1, WIDTH).canEdit();
    },
    append(block) {
      if (block.length === 0) return;
      let sheet = lookup();
      if (!sheet) {
        // Made where it does not get in the way: the last tab, the user left where they were.
        const restoreSelection = keepSelection(spreadsheet);
        sheet = spreadsheet.insertSheet(HISTORY_SHEET, spreadsheet.getSheets().length);
        // Once per document: the new sheet's row count, read before anything is written in it.
        capacity = sheet.getMaxRows();
        writeHeader(sheet, false);
        sheet.setFrozenRows(1);
        restoreSelection();
        found = sheet;
        headerChecked = true;
        headerRow = [...HISTORY_HEADERS];
      } else if (size() === 0 && sheet.getLastRow() === 0) {
        // Emptied by hand: the header comes back, so row 1 never holds a change.
        writeHeader(sheet, false);
        headerChecked = true;
        headerRow = [...HISTORY_HEADERS];
      } else if (!headerChecked) {
        // A history in an earlier layout: its header becomes today's, its rows stay as they are.
        // One written before Time (UTC) gains it (its rows keep UTC text in Time); one written a
        // row per sheet row (v2) gains today's Profile URLs and the notes that explain them. One
        // whose columns a colleague moved stays as it is.
        const top = header(sheet);
        const today = () => {
          headerRow = [...HISTORY_HEADERS];
        };
        if (moved(sheet)) {
          // Today's headers, each where it is now: left as they are.
        } else if (top[3] === LEGACY_HEADERS[3]) {
          writeHeader(sheet, true);
          today();
        } else if (HISTORY_HEADERS.some((text, index) => top[index] !== text)) {
          writeHeader(sheet, false);
          today();
        }
        headerChecked = true;
      }
      const first = size() + 2;
      const needed = first + block.length - 1;
      // Grown by at least its own size: a run's many appends then seldom pay for an insert.
      if (needed > capacity) {
        const grow = Math.max(needed - capacity, capacity);
        sheet.insertRowsAfter(capacity, grow);
        capacity += grow;
      }
      const at = moved(sheet);
      const cells = at ? spread(block, at) : block;
      sheet.getRange(first, 1, cells.length, cells[0]!.length).setValues(cells as typeof block);
      // Time is a date: shown as one, so the column filters by date (a write, no flush).
      sheet
        .getRange(first, at?.[TIME_COLUMN - 1] ?? TIME_COLUMN, block.length, 1)
        .setNumberFormat(DATE_TIME_FORMAT);
      // A packed row lists up to 40 sheet rows, a line each: clipped, it stays one line high and
      // shows them all when selected (the formula bar) or opened.
      const lists = at ? at.slice(LISTS_COLUMN - 1, LISTS_COLUMN - 1 + LISTS_WIDTH) : [LISTS_COLUMN];
      for (const column of lists)
        sheet
          .getRange(first, column, block.length, at ? 1 : LISTS_WIDTH)
          .setWrapStrategy(SpreadsheetApp.WrapStrategy.CLIP);
      rows = size() + block.length;
    },
    read(first, count, width) {
      const sheet = lookup();
      if (!sheet || count <= 0) return [];
      const at = moved(sheet);
      // Moved: today's columns where they are; an earlier layout's eighth (New value), the column
      // after Time (UTC), shifted as the others were.
      const columns = at ? [...at, at[WIDTH - 1]! + 1].slice(0, width) : null;
      const span = columns ? extent(columns).max : width;
      return sheet
        .getRange(first + 1, 1, count, span)
        .getValues()
        .map((row) => {
          const picked = columns ? columns.map((column) => row[column - 1]) : row;
          return picked.map((value) =>
            value instanceof Date ? isoSecond(value.getTime()) : String(value ?? ""),
          );
        });
    },
    remove(first, count) {
      const sheet = lookup();
      if (sheet && count > 0) {
        sheet.deleteRows(first + 1, count);
        rows = Math.max(0, size() - count);
        capacity -= count;
      }
    },
  };
}
