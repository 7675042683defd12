/**
 * Rewrites a formula's references when rows or columns are inserted or deleted, as Sheets does:
 * references past the change move, a range spanning an insertion grows, a range losing rows
 * shrinks, and a reference whose cells are all deleted becomes #REF!. Likewise when a sheet is
 * renamed (references follow the new name) or deleted (references to it become #REF!).
 */
import { columnLetters, columnNumber, qualifiedA1, splitSheet } from "./a1";

export interface GridChange {
  /** The sheet whose rows or columns change. */
  sheet: string;
  dimension: "rows" | "columns";
  /** First row / column inserted before, or deleted (1-based). */
  at: number;
  count: number;
  kind: "insert" | "delete";
}

/** The new formula, and whether the cells it reads changed (not just moved). */
export interface ShiftResult {
  formula: string;
  readsChanged: boolean;
}

/** How Sheets writes a reference that no longer exists. */
const REF = "#REF!";
const SHEET = "(?:'(?:[^']|'')*'|[A-Za-z0-9_.]+)!";
const POINT = String.raw`\$?[A-Za-z]{1,3}\$?\d+|\$?[A-Za-z]{1,3}|\$?\d+`;
const REFERENCE = new RegExp(`"(?:[^"]|"")*"|(${SHEET})?(${POINT})(?::(${POINT}))?`, "g");
const CELL = /^(\$?)([A-Za-z]{1,3})(\$?)(\d+)$/;
const COLUMN = /^(\$?)([A-Za-z]{1,3})$/;
const ROW = /^(\$?)(\d+)$/;

interface Point {
  column: number | null;
  row: number | null;
  text: (column: number | null, row: number | null) => string;
}

function readPoint(text: string): Point | null {
  const cell = CELL.exec(text);
  if (cell) {
    return {
      column: columnNumber(cell[2]!),
      row: Number(cell[4]),
      text: (c, r) => `${cell[1]}${columnLetters(c!)}${cell[3]}${r}`,
    };
  }
  const column = COLUMN.exec(text);
  if (column)
    return { column: columnNumber(column[2]!), row: null, text: (c) => `${column[1]}${columnLetters(c!)}` };
  const row = ROW.exec(text);
  if (row) return { column: null, row: Number(row[2]), text: (_c, r) => `${row[1]}${r}` };
  return null;
}

/** Where one bound lands after the change; null when it was deleted. */
function moveBound(value: number, change: GridChange): number | null {
  if (change.kind === "insert") return value >= change.at ? value + change.count : value;
  if (value < change.at) return value;
  if (value >= change.at + change.count) return value - change.count;
  return null;
}

/** One reference a formula holds, as written. */
interface FoundReference {
  /** The sheet prefix as written ("Data!", "'My data'!"), "" when the reference has none. */
  sheetPart: string;
  /** The sheet it reads: the one named, or the formula's own. */
  sheet: string;
  start: string;
  end: string | undefined;
}

/**
 * Rewrites each reference of a formula (outside string literals; names and numbers are left
 * alone) with what `rewrite` answers for it, or keeps it when that is null.
 */
function rewriteReferences(
  formula: string,
  formulaSheet: string,
  rewrite: (ref: FoundReference) => string | null,
): string {
  return formula.replace(
    REFERENCE,
    (match, sheetPart: string | undefined, a: string, b: string | undefined, offset: number) => {
      if (match.startsWith('"')) return match;
      const before = formula[offset - 1] ?? "";
      const after = formula[offset + match.length] ?? "";
      // Names (LOG10, MY_FUNC) and numbers are not references; a lone row or column is not either.
      if (/[A-Za-z0-9_.$]/.test(before) || /[A-Za-z0-9_.(]/.test(after)) return match;
      if (b === undefined && !CELL.test(a)) return match;
      const sheet = sheetPart ? splitSheet(`${sheetPart}A1`).sheet! : formulaSheet;
      return rewrite({ sheetPart: sheetPart ?? "", sheet, start: a, end: b }) ?? match;
    },
  );
}

export function shiftFormula(formula: string, formulaSheet: string, change: GridChange): ShiftResult {
  let readsChanged = false;
  const rewritten = rewriteReferences(formula, formulaSheet, ({ sheetPart, sheet, start: a, end: b }) => {
    if (sheet !== change.sheet) return null;
    const start = readPoint(a);
    const end = b === undefined ? start : readPoint(b);
    if (!start || !end) return null;
    const key = change.dimension === "rows" ? "row" : "column";
    const first = start[key];
    const last = end[key];
    // A whole column is untouched by rows (and a whole row by columns); an open end stays open.
    if (first === null) return null;
    const lastBound = last ?? Number.POSITIVE_INFINITY;
    const lastDeleted = change.at + change.count - 1;
    // The cells it reads change when the change falls inside it (not when it only moves).
    if (
      change.kind === "insert"
        ? change.at > first && change.at <= lastBound
        : change.at <= lastBound && lastDeleted >= first
    ) {
      readsChanged = true;
    }
    const movedFirst = moveBound(first, change);
    const movedLast = last === null ? null : moveBound(last, change);
    // Nothing left of it (every cell deleted) is #REF!.
    if (movedFirst === null && last !== null && movedLast === null) return REF;
    const newFirst = movedFirst ?? change.at;
    const newLast = last === null ? null : (movedLast ?? change.at - 1);
    const place = (p: Point, v: number | null): string =>
      v === null ? p.text(p.column, p.row) : key === "row" ? p.text(p.column, v) : p.text(v, p.row);
    const text =
      b === undefined ? place(start, newFirst) : `${place(start, newFirst)}:${place(end, newLast)}`;
    return `${sheetPart}${text}`;
  });
  return { formula: rewritten, readsChanged };
}

/**
 * What renaming or deleting a sheet does to a formula, as in Sheets: the references naming the
 * sheet follow its new name (quoted when it needs it), or, with `to` null (deleted), become
 * #REF! for good: a sheet given that name later is not read.
 */
export function renameSheetInFormula(
  formula: string,
  formulaSheet: string,
  from: string,
  to: string | null,
): string {
  return rewriteReferences(formula, formulaSheet, ({ sheetPart, sheet, start, end }) => {
    if (sheetPart === "" || sheet !== from) return null;
    if (to === null) return REF;
    return qualifiedA1(to, end === undefined ? start : `${start}:${end}`);
  });
}
