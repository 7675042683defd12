/**
 * The compact history row (columns.ts): one per changed sheet row and write. Its Changes cell is
 * JSON, `{"v":2,"run","sheet","sid","url","row","hr","fresh"?,"cells":[[column, header, before,
 * after, kept?, slice?]...],"sig"}`, within one cell's 50,000 characters; a row whose changes are
 * longer continues on the next history rows (a cell longer than what is left is cut into
 * numbered slices), each row signed on its own. `fresh` (since issue 23.6) says whether the row's
 * answer was fresh or cached; rows without it (older histories, status-only rows) are read as
 * unknown, so no version bump and no migration. Summary is for people
 * and is never read back. Every value goes through toCellValue, so an old value `=IMPORTDATA(...)`
 * stays text in the history sheet, and the JSON's own text starts with `{`, never a formula.
 */
import { toCellValue } from "../../sheet/cell-value";
import { timeOfCell } from "../../sheet/sheet-time";
import { columnLetters } from "../enrich/progress";
import { type HistoryRow, keptCell, shownText, type Trust } from "./columns";
import type { HistoryCell } from "./ports";
import { signatureOf, signed, verified } from "./signature";

/** One sheet row's changes in one write. */
export interface RowChanges {
  runId: string;
  time: string;
  sheet: string;
  sheetId: number;
  url: string;
  row: number;
  headerRow: number;
  cells: CellChange[];
  /**
   * The row's answer was fresh (true) or the API's cache (false: Fresh data off, where a "job
   * change" is often the cache showing a previous job). Absent: no answer (a status only), or a
   * history written before this was recorded.
   */
  fresh?: boolean;
}

export interface CellChange {
  column: number;
  header: string;
  before: string;
  after: string;
  /** A Title/Company cell recorded for the digest but not written, and why (columns.ts keptCell). */
  kept?: string;
}

/**
 * [column, header, before, after, kept ("" for a changed cell), slice]. `slice` only on a cell cut
 * into slices: its number from 1, negative on the last one (1, 2, -3), so a slice that went
 * missing is seen.
 */
type Entry = [number, string, string, string, string?, number?];

/** Room for the JSON in one cell, under the 50,000 characters, with the signature's room left. */
export const CHANGES_CHAR_BUDGET = 49_000;
const SUMMARY_CHARS = 1_000;
const VERSION_START = '{"v":2,';
/** Starts the Summary of a row whose answer came from the API's cache. */
const CACHED_SUMMARY = "(cached answer) ";

const quoted = (literal: string) => (literal === "" ? "(empty)" : `"${shownText(literal)}"`);

/** The cells left to right, as the row reads. */
function summaryOf(cells: readonly CellChange[]): string {
  const text = [...cells]
    .sort((a, b) => a.column - b.column)
    .map((cell) =>
      cell.kept
        ? `${cell.header}: kept ${quoted(cell.before)} (${cell.kept}; answer ${quoted(cell.after)})`
        : `${cell.header}: ${quoted(cell.before)} -> ${quoted(cell.after)}`,
    )
    .join("; ");
  return text.length <= SUMMARY_CHARS ? text : `${text.slice(0, SUMMARY_CHARS - 1)}…`;
}

/** The longest start of `text` whose JSON string form fits in `room` characters (at least 1 char). */
function fittingSlice(text: string, room: number): number {
  let low = 1;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (JSON.stringify(text.slice(0, middle)).length <= room) low = middle;
    else high = middle - 1;
  }
  // Never end a slice between the halves of a surrogate pair.
  const last = text.charCodeAt(low - 1);
  return last >= 0xd800 && last <= 0xdbff && low > 1 ? low - 1 : low;
}

/** The entries of the cells, cut so that each record's JSON fits CHANGES_CHAR_BUDGET. */
function recordsOf(head: string, cells: readonly CellChange[]): Entry[][] {
  const records: Entry[][] = [[]];
  let used = head.length;
  const room = () => CHANGES_CHAR_BUDGET - used;
  const push = (entry: Entry) => {
    records[records.length - 1]!.push(entry);
    used += JSON.stringify(entry).length + 1;
  };
  const next = () => {
    records.push([]);
    used = head.length;
  };
  for (const cell of cells) {
    const kept = cell.kept ?? "";
    const whole: Entry = kept
      ? [cell.column, cell.header, cell.before, cell.after, kept]
      : [cell.column, cell.header, cell.before, cell.after];
    if (JSON.stringify(whole).length + 1 <= room()) {
      push(whole);
      continue;
    }
    if (records[records.length - 1]!.length > 0) next();
    if (JSON.stringify(whole).length + 1 <= room()) {
      push(whole);
      continue;
    }
    // One cell longer than a record: its before and after go in slices, record after record.
    let before = cell.before;
    let after = cell.after;
    const fixed = JSON.stringify([cell.column, cell.header, "", "", kept, -99999]).length + 1;
    let slice = 0;
    while (before !== "" || after !== "") {
      slice += 1;
      const space = room() - fixed;
      const beforeCut = before === "" ? 0 : fittingSlice(before, Math.max(8, space));
      const beforeRoom = space - JSON.stringify(before.slice(0, beforeCut)).length;
      const afterCut =
        after === "" || beforeCut < before.length ? 0 : fittingSlice(after, Math.max(8, beforeRoom));
      const last = beforeCut >= before.length && afterCut >= after.length;
      push([
        cell.column,
        cell.header,
        before.slice(0, beforeCut),
        after.slice(0, afterCut),
        kept,
        last ? -slice : slice,
      ]);
      before = before.slice(beforeCut);
      after = after.slice(afterCut);
      if (!last) next();
    }
  }
  return records;
}

/**
 * The history rows (escaped cells) that record one sheet row's changes; Time as a date, and its
 * UTC text in the last column (issue 23.10).
 */
export function encodeRowChanges(secret: string, changes: RowChanges): HistoryCell[][] {
  const fields = {
    v: 2,
    run: changes.runId,
    sheet: changes.sheet,
    sid: changes.sheetId,
    url: changes.url,
    row: changes.row,
    hr: changes.headerRow,
    ...(changes.fresh === undefined ? {} : { fresh: changes.fresh }),
  };
  const head = JSON.stringify({ ...fields, cells: [] });
  const summary = `${changes.fresh === false ? CACHED_SUMMARY : ""}${summaryOf(changes.cells)}`;
  return recordsOf(head, changes.cells).map((entries, index) => {
    const body = JSON.stringify({ ...fields, cells: entries });
    const texts: HistoryCell[] = [
      changes.runId,
      changes.time,
      changes.sheet,
      changes.url,
      index === 0 ? summary : "(continued)",
      signed(secret, body),
      changes.time,
    ].map((text) => toCellValue(text));
    const at = timeOfCell(changes.time);
    if (at !== null) texts[1] = new Date(at);
    return texts;
  });
}

/** A compact row's time: its UTC column, else (rows written before it) the Time cell. */
const compactTime = (cells: readonly string[]) =>
  timeOfCell(cells[6] ?? "") === null ? (cells[1] ?? "") : cells[6]!;

export const isCompact = (cells: readonly string[]) => (cells[5] ?? "").startsWith(VERSION_START);

interface Record2 {
  run: string;
  sheet: string;
  sid: number;
  url: string;
  row: number;
  hr: number;
  fresh?: unknown;
  cells: Entry[];
}

function parseRecord(body: string): Record2 | null {
  try {
    const value = JSON.parse(body) as Partial<Record2>;
    const ok =
      typeof value.run === "string" &&
      typeof value.sheet === "string" &&
      typeof value.sid === "number" &&
      typeof value.url === "string" &&
      Number.isInteger(value.row) &&
      Number.isInteger(value.hr) &&
      Array.isArray(value.cells);
    return ok ? (value as Record2) : null;
  } catch {
    return null;
  }
}

const legacyRow = (cells: readonly string[], origin: number): HistoryRow => {
  const text = (index: number) => cells[index] ?? "";
  return {
    runId: text(0),
    time: text(1),
    sheet: text(2),
    cell: text(3),
    header: text(4),
    url: text(5),
    before: text(6),
    after: text(7),
    trust: "unsigned",
    origin,
  };
};

/**
 * History rows (as read, READ_WIDTH columns, the first at `firstOrigin`) as the cell changes they
 * record, in order. A compact row whose signature fails, whose JSON does not parse or whose Run
 * cell is not the run it signed comes back as one `forged` change carrying the Run, Sheet and URL
 * cells, so that Undo can name it.
 */
export function decodeHistoryRows(
  secret: string,
  rows: readonly string[][],
  firstOrigin: number,
): HistoryRow[] {
  const out: HistoryRow[] = [];
  // A sliced cell's earlier slices, by run, sheet, row and column, until its last slice.
  const open = new Map<string, HistoryRow & { slices?: number }>();
  rows.forEach((cells, index) => {
    const origin = firstOrigin + index;
    if (!isCompact(cells)) {
      if (cells.some((cell) => cell !== "")) out.push(legacyRow(cells, origin));
      return;
    }
    const text = cells[5]!;
    const body = verified(secret, text);
    const record = parseRecord(body ?? signatureOf(text).body);
    const trust: Trust = body !== null && record !== null && record.run === cells[0] ? "signed" : "forged";
    if (record === null || trust === "forged") {
      out.push({
        ...legacyRow(["", "", "", "", "", "", "", ""], origin),
        runId: cells[0] ?? "",
        time: compactTime(cells),
        sheet: cells[2] ?? "",
        url: cells[3] ?? "",
        trust: "forged",
      });
      return;
    }
    for (const [column, header, before, after, kept, slice] of record.cells) {
      const key = `${record.run}\n${record.sid}\n${record.row}\n${column}`;
      const a1 = `${columnLetters(column)}${record.row}`;
      const earlier = open.get(key);
      // Slices must come in order from 1: a gap means a history row went missing.
      const expected = (earlier?.slices ?? 0) + 1;
      const inOrder = slice === undefined ? earlier === undefined : Math.abs(slice) === expected;
      const change: HistoryRow & { slices?: number } = earlier
        ? { ...earlier, before: earlier.before + before, after: earlier.after + after }
        : {
            runId: record.run,
            time: compactTime(cells),
            sheet: record.sheet,
            cell: kept ? keptCell(a1, kept) : a1,
            header: String(header),
            url: record.url,
            before: String(before),
            after: String(after),
            trust,
            origin,
            sheetId: record.sid,
            headerRow: record.hr,
            ...(typeof record.fresh === "boolean" ? { fresh: record.fresh } : {}),
          };
      if (!inOrder) change.trust = "forged";
      if (slice !== undefined && slice > 0) open.set(key, { ...change, slices: slice });
      else {
        open.delete(key);
        const { slices: _, ...whole } = change;
        out.push(whole);
      }
    }
  });
  // A slice whose continuation is missing (rows deleted by hand) is not a whole cell: refused.
  for (const { slices: _, ...change } of open.values()) out.push({ ...change, trust: "forged" });
  return out;
}
