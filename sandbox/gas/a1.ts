/**
 * A1 notation as Apps Script reads it: "B3", "A1:C10", "A:A", "2:2", "A2:C" (open to the end),
 * "$A$1", and sheet-qualified forms "Sheet2!A1:B2" and "'My sheet'!A1". Rows and columns are
 * 1-based, like Range.getRow() and getColumn().
 */

/** A block of cells on one sheet, 1-based. */
export interface GridRange {
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

/** A parsed A1 reference; null bounds are open (whole column, whole row, or to the sheet's end). */
export interface A1Reference {
  sheet: string | null;
  startRow: number | null;
  startColumn: number | null;
  endRow: number | null;
  endColumn: number | null;
}

/** Sheets' largest column (ZZZ). */
export const MAX_COLUMNS = 18_278;

/** 1 -> "A", 26 -> "Z", 27 -> "AA". */
export function columnLetters(column: number): string {
  let letters = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** "A" -> 1, "AA" -> 27. */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export function cellA1(row: number, column: number): string {
  return `${columnLetters(column)}${row}`;
}

/** "B3" for one cell, "B3:D7" for a block (as Range.getA1Notation answers). */
export function rangeA1(range: GridRange): string {
  const start = cellA1(range.row, range.column);
  if (range.numRows === 1 && range.numColumns === 1) return start;
  return `${start}:${cellA1(range.row + range.numRows - 1, range.column + range.numColumns - 1)}`;
}

/** Quotes a sheet name for a reference when it needs it: 'My sheet'!A1. */
export function qualifiedA1(sheetName: string, a1: string): string {
  const plain = /^[A-Za-z_][A-Za-z0-9_]*$/.test(sheetName) && !/^[A-Za-z]{1,3}\d+$/.test(sheetName);
  return `${plain ? sheetName : `'${sheetName.replaceAll("'", "''")}'`}!${a1}`;
}

const ENDPOINT = /^\$?([A-Za-z]{1,3})?\$?(\d+)?$/;

interface Endpoint {
  row: number | null;
  column: number | null;
}

function parseEndpoint(text: string): Endpoint | null {
  const match = ENDPOINT.exec(text.trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const column = match[1] === undefined ? null : columnNumber(match[1]);
  const row = match[2] === undefined ? null : Number(match[2]);
  if (row === 0 || (column !== null && column > MAX_COLUMNS)) return null;
  return { row, column };
}

/** Splits "Sheet!A1" / "'It''s'!A1" into the sheet name and the rest; null sheet when absent. */
export function splitSheet(text: string): { sheet: string | null; rest: string } {
  const trimmed = text.trim();
  if (trimmed.startsWith("'")) {
    const match = /^'((?:[^']|'')*)'!(.*)$/.exec(trimmed);
    if (match) return { sheet: match[1]!.replaceAll("''", "'"), rest: match[2]! };
    return { sheet: null, rest: trimmed };
  }
  const bang = trimmed.lastIndexOf("!");
  if (bang < 0) return { sheet: null, rest: trimmed };
  return { sheet: trimmed.slice(0, bang), rest: trimmed.slice(bang + 1) };
}

/** Parses an A1 reference, or null when it is not one. */
export function parseA1(text: string): A1Reference | null {
  const { sheet, rest } = splitSheet(text);
  const parts = rest.split(":");
  if (parts.length > 2) return null;
  const start = parseEndpoint(parts[0]!);
  if (!start) return null;
  if (parts.length === 1) {
    // A lone "A" or "3" is not a reference; a lone cell is.
    if (start.row === null || start.column === null) return null;
    return {
      sheet,
      startRow: start.row,
      startColumn: start.column,
      endRow: start.row,
      endColumn: start.column,
    };
  }
  const end = parseEndpoint(parts[1]!);
  if (!end) return null;
  // "A:A" (columns), "1:3" (rows), "A2:C" (open-ended) are references; "A:3" is not.
  if (start.column === null && end.column !== null) return null;
  if (start.row === null && end.row !== null && start.column !== null) {
    return null;
  }
  const rows = [start.row, end.row];
  const columns = [start.column, end.column];
  return {
    sheet,
    startRow: minOrNull(rows),
    startColumn: minOrNull(columns),
    endRow: rows.includes(null) ? null : Math.max(start.row!, end.row!),
    endColumn: columns.includes(null) ? null : Math.max(start.column!, end.column!),
  };
}

function minOrNull(values: Array<number | null>): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : Math.min(...present);
}

/** Resolves open bounds against a sheet's size. */
export function resolveReference(ref: A1Reference, maxRows: number, maxColumns: number): GridRange {
  const row = ref.startRow ?? 1;
  const column = ref.startColumn ?? 1;
  const endRow = ref.endRow ?? maxRows;
  const endColumn = ref.endColumn ?? maxColumns;
  return { row, column, numRows: endRow - row + 1, numColumns: endColumn - column + 1 };
}

export function intersects(a: GridRange, b: GridRange): boolean {
  return (
    a.row < b.row + b.numRows &&
    b.row < a.row + a.numRows &&
    a.column < b.column + b.numColumns &&
    b.column < a.column + a.numColumns
  );
}

export function contains(range: GridRange, row: number, column: number): boolean {
  return (
    row >= range.row &&
    row < range.row + range.numRows &&
    column >= range.column &&
    column < range.column + range.numColumns
  );
}
