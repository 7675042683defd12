/** Freeze selected formulas to values, over the active selection (src/jobs/freeze does the work). */
import type { GridValue } from "../jobs/enrich/ports";
import { type FreezeResult, freezeFormulas, freezeMessage } from "../jobs/freeze/freeze";

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

export function freezeSelection(): FreezeResult {
  const range = SpreadsheetApp.getActiveRange();
  if (!range) return { frozen: 0, cells: 0, refused: [] };
  const sheet = range.getSheet();
  return freezeFormulas(
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
  );
}

/** Freezes the selection and says what it did, for the menu's alert. */
export function freezeSelectionMessage(): string {
  return freezeMessage(freezeSelection());
}
