/**
 * What a sheet's owner set up to keep a list in shape, and how script writes meet it:
 *
 * - Protected ranges and sheets (Data > Protect sheets and ranges). Only the spreadsheet's owner
 *   and the protection's editors may edit them; a script runs as its user, so a write by anyone
 *   else throws "You are trying to edit a protected cell or object. ..." and writes nothing.
 *   Source: Apps Script's Protection class (developers.google.com/apps-script/reference/
 *   spreadsheet/protection: editors, canEdit(), "warning only"; the owner cannot be removed); the
 *   message is the Sheets API's text for such a write (theoephraim/node-google-spreadsheet#20),
 *   which Apps Script users report verbatim (inferred for Apps Script). "Warning only"
 *   protections do not stop scripts and are not modelled.
 * - Data validation set to "Reject input" (DataValidation.getAllowInvalid() false: "rejects input
 *   entirely", developers.google.com/apps-script/reference/spreadsheet/data-validation). A
 *   setValues with a value the rule refuses throws "The data you entered in cell X violates the
 *   data validation rules set on this cell." and writes nothing (the message and the whole-call
 *   failure: users' reports, inferred; one third-party page claims scripts bypass validation, so
 *   treat it as a control: the add-on must be right either way). Only list rules
 *   (requireValueInList, compared as shown, case-sensitive: inferred) are modelled; an empty cell
 *   always passes (a rule does not stop clearing a cell) and formulas are not checked.
 *
 * Rules stay where they were set: inserting or deleting rows does not move them (Sheets does);
 * they are not saved with runtime.data().
 */
import { cellA1, contains, type GridRange, intersects } from "./a1";
import { displayText, type ParsedInput } from "./cells";

export const PROTECTED_MESSAGE =
  "You are trying to edit a protected cell or object. Please contact the spreadsheet owner to remove protection if you need to edit.";

export const validationMessage = (a1: string) =>
  `The data you entered in cell ${a1} violates the data validation rules set on this cell.`;

interface Protection {
  sheetId: number;
  /** null: the whole sheet. */
  range: GridRange | null;
  editors: Set<string>;
}

interface Validation {
  sheetId: number;
  range: GridRange;
  /** The list's values, as a cell shows them. */
  oneOf: Set<string>;
}

export class EditRules {
  private protections: Protection[] = [];
  private validations: Validation[] = [];

  protect(sheetId: number, range: GridRange | null, editors: readonly string[]): void {
    this.protections.push({ sheetId, range, editors: new Set(editors) });
  }

  requireValueInList(sheetId: number, range: GridRange, values: readonly string[]): void {
    this.validations.push({ sheetId, range, oneOf: new Set(values) });
  }

  /** The message a write by `user` over `range` throws, or null when they may edit it all. */
  protectionError(sheetId: number, range: GridRange, user: string, owner: string): string | null {
    if (user === owner) return null;
    const refused = this.protections.some(
      (p) =>
        p.sheetId === sheetId && !p.editors.has(user) && (p.range === null || intersects(p.range, range)),
    );
    return refused ? PROTECTED_MESSAGE : null;
  }

  /** The message writing `inputs` from `range`'s corner throws, or null when every cell passes. */
  validationError(
    sheetId: number,
    range: GridRange,
    inputs: readonly (readonly ParsedInput[])[],
  ): string | null {
    const rules = this.validations.filter((v) => v.sheetId === sheetId && intersects(v.range, range));
    if (rules.length === 0) return null;
    for (let r = 0; r < inputs.length; r++) {
      const line = inputs[r]!;
      for (let c = 0; c < line.length; c++) {
        const input = line[c]!;
        if (input.kind !== "value" || input.value === "") continue;
        const row = range.row + r;
        const column = range.column + c;
        const shown = displayText({ value: input.value });
        const refused = rules.some((v) => contains(v.range, row, column) && !v.oneOf.has(shown));
        if (refused) return validationMessage(cellA1(row, column));
      }
    }
    return null;
  }
}
