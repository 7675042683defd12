/**
 * Freeze selected formulas to values, over the active selection (src/jobs/freeze does the work),
 * recorded in the change history (record.ts) so that Undo last run puts the formulas back.
 */
import type { GridValue } from "../jobs/enrich/ports";
import { type FreezeResult, freezeFormulas, freezeMessage } from "../jobs/freeze/freeze";
import { recordFreeze } from "../jobs/freeze/record";
import { freezeRunId } from "../jobs/history/run-kind";
import { sheetGrid } from "./grid";
import { changeLogOf } from "./history-deps";
import { appsScriptClock } from "./http";
import { documentLock } from "./lock";

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * A plain A1 reference, optionally on a named sheet: a cell or a block (`A2`, `A2:A200`), and the
 * ranges that grow with the sheet (`A2:A`, `A:A`, `2:2`), which Sheets hands a custom function down
 * to the sheet's end, blank rows included, and getRange reads the same way.
 */
const PLAIN_REFERENCE =
  /^('([^']|'')+'!|[A-Za-z0-9_]+!)?(\$?[A-Z]+\$?\d+(:\$?[A-Z]+\$?\d*)?|\$?[A-Z]+:\$?[A-Z]+|\$?\d+:\$?\d+)$/;

function readReference(sheet: Sheet, reference: string): unknown[][] | null {
  // Only plain references: anything else (a function call, a named range) says nothing certain.
  if (!PLAIN_REFERENCE.test(reference)) return null;
  try {
    const range = reference.includes("!")
      ? sheet.getParent().getRange(reference)
      : sheet.getRange(reference.replace(/\$/g, ""));
    return range.getValues();
  } catch {
    return null;
  }
}

/** The freeze's result, or why nothing was frozen. */
function freezeSelection(): FreezeResult | string {
  const range = SpreadsheetApp.getActiveRange();
  if (!range) return { frozen: 0, cells: 0, refused: [] };
  const sheet = range.getSheet();
  const log = changeLogOf();
  // Unrecorded, a freeze by mistake could not be undone (the history off is the user's choice).
  if (log?.canRecord && !log.canRecord())
    return 'Nothing was frozen: you may not write the "Prospecting changes" sheet (protected), so Undo last run could not put the formulas back. Ask its owner to let you edit it.';
  // The history's appends and Undo run under the document lock: a freeze recorded in between
  // an Undo's read and write would be passed over by it.
  const lock = documentLock();
  if (!lock.tryAcquire(10_000))
    return "Nothing was frozen: a run is writing this spreadsheet. Try again in a moment.";
  try {
    return frozen(sheet, range, log);
  } finally {
    lock.release();
  }
}

function frozen(
  sheet: Sheet,
  range: GoogleAppsScript.Spreadsheet.Range,
  log: ReturnType<typeof changeLogOf>,
): FreezeResult {
  const grid = sheetGrid(sheet);
  const run = {
    runId: freezeRunId(appsScriptClock.now()),
    sheetName: sheet.getName(),
    sheetId: sheet.getSheetId(),
  };
  const result = freezeFormulas(
    {
      read(top, left, height, width) {
        const block = sheet.getRange(top, left, height, width);
        return { values: block.getValues() as GridValue[][], formulas: block.getFormulas() };
      },
      write(top, left, values) {
        sheet.getRange(top, left, values.length, values[0]?.length ?? 0).setValues(values);
      },
      reference: (text) => readReference(sheet, text),
    },
    {
      top: range.getRow(),
      left: range.getColumn(),
      height: range.getNumRows(),
      width: range.getNumColumns(),
    },
    log && ((cells) => recordFreeze(log, grid, run, cells)),
  );
  return { ...result, recorded: log !== undefined };
}

/** Freezes the selection and says what it did, for the menu's alert. */
export function freezeSelectionMessage(): string {
  const result = freezeSelection();
  return typeof result === "string" ? result : freezeMessage(result);
}
