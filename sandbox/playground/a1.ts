/** A1 notation for the playground's grid: column letters, cell and range addresses (0-based inside). */

export interface CellPosition {
  row: number;
  col: number;
}

export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** 0 -> "A", 25 -> "Z", 26 -> "AA". */
export function columnLetters(col: number): string {
  let letters = "";
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

export function cellA1({ row, col }: CellPosition): string {
  return `${columnLetters(col)}${row + 1}`;
}

/** "B3" for one cell, "B3:D7" for a block. */
export function rangeA1(range: CellRange): string {
  const start = cellA1({ row: range.top, col: range.left });
  if (range.top === range.bottom && range.left === range.right) return start;
  return `${start}:${cellA1({ row: range.bottom, col: range.right })}`;
}

/** The block spanned by two corners, in any order. */
export function spanOf(a: CellPosition, b: CellPosition): CellRange {
  return {
    top: Math.min(a.row, b.row),
    left: Math.min(a.col, b.col),
    bottom: Math.max(a.row, b.row),
    right: Math.max(a.col, b.col),
  };
}

const CELL = /^([A-Z]+)(\d+)$/;

export function parseCellA1(a1: string): CellPosition | null {
  const match = CELL.exec(a1.trim().toUpperCase());
  if (!match) return null;
  let col = 0;
  for (const ch of match[1]!) col = col * 26 + (ch.charCodeAt(0) - 64);
  const row = Number(match[2]) - 1;
  return row >= 0 ? { row, col: col - 1 } : null;
}

/** "B3:D7" or "B3"; null for anything else (whole columns and rows are not used here). */
export function parseRangeA1(a1: string): CellRange | null {
  const [first, second, extra] = a1.split(":");
  if (extra !== undefined || first === undefined) return null;
  const start = parseCellA1(first);
  const end = second === undefined ? start : parseCellA1(second);
  return start && end ? spanOf(start, end) : null;
}
