/** The grid's selection: an anchor cell (where it started, the "current" cell) and a focus corner. */
import { type CellPosition, type CellRange, spanOf } from "../a1";

export interface Selection {
  anchor: CellPosition;
  focus: CellPosition;
}

export const START: Selection = { anchor: { row: 0, col: 0 }, focus: { row: 0, col: 0 } };

export function selectedRange(selection: Selection): CellRange {
  return spanOf(selection.anchor, selection.focus);
}

export function single(cell: CellPosition): Selection {
  return { anchor: cell, focus: cell };
}

export function moveBy(cell: CellPosition, rows: number, cols: number): CellPosition {
  return { row: Math.max(0, cell.row + rows), col: Math.max(0, cell.col + cols) };
}

export function sameSelection(a: Selection, b: Selection): boolean {
  return (
    a.anchor.row === b.anchor.row &&
    a.anchor.col === b.anchor.col &&
    a.focus.row === b.focus.row &&
    a.focus.col === b.focus.col
  );
}
