/**
 * Freeze selected formulas to values: every =LOOKUP_LEAD, =FIND_EMAIL and =VALIDATE_EMAIL formula
 * in the selection and the cells
 * its answer spilled into become the values they show now (escaped like every value the add-on
 * writes), so reopening the sheet never asks the API again. A formula whose answer still shows an
 * error, "not fetched yet" or another passing message (no key, over the cap, a timeout) is left
 * as a formula: frozen, it would keep saying so forever.
 */

import { EMAIL_ROW_FAILURE } from "../../api/emails";
import { type ApiErrorKind, messageStart } from "../../api/errors";
import { toCellValue } from "../../sheet/cell-value";
import { MESSAGES as EMAIL_MESSAGES } from "../emails/formula";
import type { GridValue } from "../enrich/ports";
import { columnLetters } from "../enrich/progress";
import { type CellChanges, cheapestRectangles } from "../enrich/rectangles";
import { MESSAGES } from "../lookup/formula";
import { isKnownReach, isLookupFormula, type ReferenceReader, type ResultShape, resultShape } from "./shape";

/** A sheet's cells with their formulas, and block writes. */
export interface FormulaSheet {
  /** Values (a formula cell: its result) and formulas ("" for none) of a block. */
  read(
    top: number,
    left: number,
    height: number,
    width: number,
  ): { values: GridValue[][]; formulas: string[][] };
  write(top: number, left: number, values: GridValue[][]): void;
  /** A reference of a formula argument, resolved against this sheet. */
  reference: ReferenceReader;
}

export interface FreezeResult {
  /** Formulas turned into values, and the cells they covered. */
  frozen: number;
  cells: number;
  /** Whether the change history recorded them (Undo last run puts them back); absent: not asked. */
  recorded?: boolean;
  /** Formulas left as they are, each with the cell and why. */
  refused: Array<{ cell: string; reason: string }>;
}

const ERROR_VALUE = /^#(ERROR!|REF!|N\/A|NAME\?|VALUE!|NUM!|DIV\/0!|NULL!)/;
/** What a row shows while its answer is not final: every API error but "not found" and a bad URL. */
const TRANSIENT_KINDS: readonly ApiErrorKind[] = [
  "auth",
  "insufficient_funds",
  "forbidden",
  "throttled",
  "server",
  "timeout",
  "network",
  "malformed",
  "quota",
  "daily_limit",
  "configuration",
];
const TRANSIENT_STARTS = [
  MESSAGES.notFetched,
  EMAIL_MESSAGES.notFetched,
  MESSAGES.noKey,
  MESSAGES.ownerKeyRefused,
  MESSAGES.ownerOutOfCredits,
  MESSAGES.overCap(0).slice(0, 12),
  MESSAGES.abandoned("").slice(0, 40),
  EMAIL_MESSAGES.abandoned("").slice(0, 30),
  EMAIL_ROW_FAILURE,
  // The start of each kind's message: some name the endpoint or the API's address after it.
  ...TRANSIENT_KINDS.map(messageStart),
];

/** Why a shown value must not be frozen, or null. */
export function notFinal(value: GridValue): string | null {
  if (typeof value !== "string") return null;
  if (ERROR_VALUE.test(value)) return `it shows ${value.split(/\s/)[0]}`;
  const transient = TRANSIENT_STARTS.find((start) => value.startsWith(start));
  if (!transient) return null;
  return transient === MESSAGES.notFetched || transient === EMAIL_MESSAGES.notFetched
    ? 'it still shows "not fetched yet"'
    : `it shows "${value.slice(0, 60)}"`;
}

const frozenValue = (value: GridValue): GridValue => (value instanceof Date ? value : toCellValue(value));

/** A cell Freeze writes: what it held (its formula; "" where the answer spilled) and its value now. */
export interface FrozenCell {
  row: number;
  column: number;
  before: string;
  value: GridValue;
}

/**
 * `record`: told every cell before any is written (the change history, record.ts), so that a
 * cut-off between the two leaves a recorded change Undo finds was not made, never an unrecorded one.
 */
export function freezeFormulas(
  sheet: FormulaSheet,
  selection: { top: number; left: number; height: number; width: number },
  record?: (cells: FrozenCell[]) => void,
): FreezeResult {
  const result: FreezeResult = { frozen: 0, cells: 0, refused: [] };
  const { values, formulas } = sheet.read(selection.top, selection.left, selection.height, selection.width);
  const inside = (top: number, left: number, shape: ResultShape) =>
    top + shape.rows <= selection.top + selection.height &&
    left + shape.columns <= selection.left + selection.width;
  // An answer inside the selection is read from the selection's block; all are written together,
  // in as few rectangles as their cells form.
  const blockOf = (top: number, left: number, shape: ResultShape): GridValue[][] =>
    inside(top, left, shape)
      ? values
          .slice(top - selection.top, top - selection.top + shape.rows)
          .map((cells) => cells.slice(left - selection.left, left - selection.left + shape.columns))
      : sheet.read(top, left, shape.rows, shape.columns).values;
  const changes: CellChanges = new Map();
  const frozenCells: FrozenCell[] = [];
  formulas.forEach((row, r) => {
    row.forEach((formula, c) => {
      if (!isLookupFormula(formula)) return;
      const top = selection.top + r;
      const left = selection.left + c;
      const cell = `${columnLetters(left)}${top}`;
      const shape = resultShape(formula, sheet.reference);
      if (!isKnownReach(shape)) {
        // What the formula shows now (an error, a passing message) is the real reason when it has one.
        const shown = values[r]?.[c];
        result.refused.push({ cell, reason: (shown === undefined ? null : notFinal(shown)) ?? shape.why });
        return;
      }
      const block = blockOf(top, left, shape);
      const reason = block
        .flat()
        .map(notFinal)
        .find((why) => why !== null);
      if (reason) {
        result.refused.push({ cell, reason });
        return;
      }
      block.forEach((cells, dr) => {
        const rowChanges = changes.get(top + dr) ?? new Map<number, GridValue>();
        changes.set(top + dr, rowChanges);
        cells.forEach((value, dc) => {
          rowChanges.set(left + dc, frozenValue(value));
          // Only the formula cell held input: the others showed its answer, and go back to empty.
          frozenCells.push({
            row: top + dr,
            column: left + dc,
            before: dr === 0 && dc === 0 ? formula : "",
            value: frozenValue(value),
          });
        });
      });
      result.frozen += 1;
      result.cells += shape.rows * shape.columns;
    });
  });
  if (frozenCells.length > 0) record?.(frozenCells);
  for (const rectangle of cheapestRectangles(changes))
    sheet.write(rectangle.top, rectangle.left, rectangle.values);
  return result;
}

/** The result as the menu's alert says it. */
export function freezeMessage(result: FreezeResult): string {
  const parts: string[] = [];
  if (result.frozen === 0 && result.refused.length === 0) {
    return "No =LOOKUP_LEAD, =FIND_EMAIL or =VALIDATE_EMAIL formula in the selection: select the formula cells (the top-left cell of each answer).";
  }
  parts.push(
    `Froze ${result.frozen} formula${result.frozen === 1 ? "" : "s"} (${result.cells.toLocaleString("en-US")} cells) to the values they show.`,
  );
  if (result.refused.length > 0) {
    const listed = result.refused
      .slice(0, 10)
      .map((refusal) => `${refusal.cell}: ${refusal.reason}`)
      .join("; ");
    parts.push(
      `Left ${result.refused.length} as formulas (${listed}${result.refused.length > 10 ? "; ..." : ""}): recalculate, or use Enrich (lookups) or the Emails action (emails), then freeze them.`,
    );
  }
  if (result.frozen > 0 && result.recorded !== undefined)
    parts.push(
      result.recorded
        ? "Undo last run puts the formulas back."
        : "The change history is off for this spreadsheet, so Undo last run cannot put the formulas back.",
    );
  return parts.join(" ");
}
