/**
 * Where a run's cells are now. Undo must not trust addresses: a sort moves rows, a column inserted
 * on the left moves columns, a renamed sheet changes its name. So each cell is found by what the
 * history recorded about it: its row by the row's profile URL (in the column that holds the run's
 * URLs now), its column by its header (in the row that holds the run's headers now). A cell
 * whose row or column cannot be found, or is ambiguous (a header in two columns, a URL now in a
 * different number of rows than the run wrote), gets no place: Undo reports it and writes nothing
 * there. Only existing rows and columns are ever returned, so Undo never grows a sheet.
 *
 * Freeze records cells no header or key names (a formula's spill into a column without a header,
 * formulas over typed text in rows with nothing else): such a column is the one it was while its
 * header cell is still blank, and such a row the one it was while its cell still holds what the
 * run wrote.
 */
import { normalizeProfileUrl } from "../../api/profile-url";
import { linkTarget } from "../../sheet/hyperlink";
import type { Grid } from "../enrich/ports";
import { readLiterals } from "../enrich/row-writer";
import { shownText } from "./columns";

export interface WantedCell {
  url: string;
  header: string;
  /** A cell of the header row (an appended header the run wrote). */
  headerCell: boolean;
  /** Its row when the run wrote it: orders the rows of a URL that stands in several. */
  recordedRow: number;
  /** Its column when the run wrote it: where a column recorded without a header is looked for. */
  recordedColumn?: number;
  /** What the run left in it (a literal): tells a URL's row apart when rows came or went. */
  after: string;
}

export type Place = { row: number; column: number } | { missing: "row" | "column" };

export interface Located {
  /** The sheet as literals (the text that recreates each cell), rows 1.., columns 1... */
  literals: string[][];
  places: Place[];
}

/**
 * The key two spellings of one profile URL share; other text is matched as it is. A
 * `=HYPERLINK(url, "Jane Doe")` cell (a CRM export's URL column) is its URL, as Enrich read it: its
 * literal is the formula, and no row of such a list was found.
 */
const urlKey = (text: string) => {
  const shown = linkTarget(shownText(text).trim());
  return shown === "" ? "" : (normalizeProfileUrl(shown) ?? shown);
};

/** The column holding most of the run's URLs (the leftmost of equals), or 0. */
function urlColumnOf(literals: string[][], width: number, keys: ReadonlySet<string>): number {
  const counts = new Array<number>(width + 1).fill(0);
  for (const row of literals) {
    for (let column = 1; column <= width; column += 1) {
      const text = row[column - 1] ?? "";
      if (text !== "" && keys.has(urlKey(text))) counts[column]! += 1;
    }
  }
  let best = 0;
  for (let column = 1; column <= width; column += 1) if (counts[column]! > counts[best]!) best = column;
  return counts[best]! > 0 ? best : 0;
}

/** The row above the data holding most of the run's headers (the nearest of equals), or 0. */
function headerRowOf(literals: string[][], below: number, headers: ReadonlySet<string>): number {
  let best = 0;
  let bestCount = 0;
  for (let row = 1; row < below; row += 1) {
    let count = 0;
    for (const text of literals[row - 1] ?? []) if (headers.has(shownText(text))) count += 1;
    if (count > 0 && count >= bestCount) {
      best = row;
      bestCount = count;
    }
  }
  return best;
}

export function locateCells(grid: Grid, wanted: readonly WantedCell[]): Located {
  const height = grid.lastRow();
  const width = grid.lastColumn();
  if (height === 0 || width === 0 || wanted.length === 0) {
    return { literals: [], places: wanted.map((cell) => ({ missing: cell.headerCell ? "column" : "row" })) };
  }
  const literals = readLiterals(grid, 1, 1, height, width);
  const keys = new Set<string>();
  for (const cell of wanted) if (!cell.headerCell && urlKey(cell.url) !== "") keys.add(urlKey(cell.url));
  const urlColumn = urlColumnOf(literals, width, keys);
  // The data starts at the first row holding one of the run's URLs; the header row is above it.
  let firstData = height + 1;
  if (urlColumn > 0) {
    for (let row = 1; row <= height; row += 1) {
      if (keys.has(urlKey(literals[row - 1]?.[urlColumn - 1] ?? ""))) {
        firstData = row;
        break;
      }
    }
  }
  const headerRow = headerRowOf(
    literals,
    firstData,
    new Set(wanted.map((cell) => cell.header).filter((header) => header !== "")),
  );
  // Header -> its column; a header in two columns is ambiguous (-1).
  const columns = new Map<string, number>();
  (literals[headerRow - 1] ?? []).forEach((text, index) => {
    const header = shownText(text);
    if (header !== "") columns.set(header, columns.has(header) ? -1 : index + 1);
  });
  // URL -> the rows holding it now, top to bottom; and the rows the run wrote it in.
  const rowsNow = new Map<string, number[]>();
  if (urlColumn > 0) {
    for (let row = headerRow + 1; row <= height; row += 1) {
      const key = urlKey(literals[row - 1]?.[urlColumn - 1] ?? "");
      if (!keys.has(key)) continue;
      const list = rowsNow.get(key) ?? [];
      list.push(row);
      rowsNow.set(key, list);
    }
  }
  const rowsThen = new Map<string, number[]>();
  for (const cell of wanted) {
    if (cell.headerCell) continue;
    const key = urlKey(cell.url);
    const list = rowsThen.get(key) ?? [];
    if (!list.includes(cell.recordedRow)) list.push(cell.recordedRow);
    rowsThen.set(key, list);
  }
  for (const list of rowsThen.values()) list.sort((a, b) => a - b);
  // A column recorded without a header: where it was, while no header names it yet.
  const unnamed = (column = 0) =>
    column > 0 && column <= width && shownText(literals[headerRow - 1]?.[column - 1] ?? "") === ""
      ? column
      : 0;
  const places = wanted.map((cell): Place => {
    const column = cell.header === "" ? unnamed(cell.recordedColumn) : (columns.get(cell.header) ?? 0);
    if (column <= 0) return { missing: "column" };
    if (cell.headerCell) return headerRow > 0 ? { row: headerRow, column } : { missing: "row" };
    const key = urlKey(cell.url);
    const now = rowsNow.get(key) ?? [];
    const then = rowsThen.get(key) ?? [];
    if (key === "") {
      // A row recorded without a key: where it was, while it holds what the run wrote there.
      const held = cell.url === "" && literals[cell.recordedRow - 1]?.[column - 1] === cell.after;
      return held ? { row: cell.recordedRow, column } : { missing: "row" };
    }
    // The k-th row the run wrote a URL in is the k-th row holding it now, if none came or went.
    const index = then.indexOf(cell.recordedRow);
    if (now.length === then.length && index >= 0) return { row: now[index]!, column };
    // Rows of that URL came or went (or stand outside the run's range): only a single row that
    // still holds what the run wrote in this column can be it.
    const holding = now.filter((row) => literals[row - 1]?.[column - 1] === cell.after);
    if (holding.length === 1) return { row: holding[0]!, column };
    return { missing: "row" };
  });
  return { literals, places };
}
