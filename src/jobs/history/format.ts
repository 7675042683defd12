/**
 * Writing the compact history (issue 20.1). One history row records one write of a run: up to
 * ROWS_PER_RECORD changed sheet rows, their cells packed as signed JSON in the Changes cell,
 * `{"v":3,"run","sheet","sid","hr","rows":[[url, row, fresh?]...],"cells":[[r, column, header,
 * before, after, kept?, slice?]...],"sig"}` (`r` indexes `rows`), within one cell's 50,000
 * characters. Seven cells per write instead of seven per changed row: every cell a step writes is
 * committed at its next read (a flush, PRODUCTION.md G6), so the history's cells were most of a
 * refresh's time. Changes longer than a cell continue on the next history rows (a cell longer than
 * what is left is cut into numbered slices), each row signed on its own.
 *
 * For people: Profile URLs lists the rows' URLs, one a line; Summary says each row's changes, one
 * line a row ("url: Header: old -> new; ..."), and is never read back. Every value goes through
 * toCellValue, so an old value `=IMPORTDATA(...)` stays text, and the JSON starts with `{`, never a
 * formula. Rows written before (v2: one history row per sheet row; the legacy layout: one per
 * cell) are read as they are (decode.ts): no migration.
 */
import { toCellValue } from "../../sheet/cell-value";
import { timeOfCell } from "../../sheet/sheet-time";
import { shownText } from "./columns";
import type { HistoryCell } from "./ports";
import { signed } from "./signature";

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

/** A row of the record: [url, sheet row, fresh?]. */
export type RowRef = [string, number, boolean?];

/**
 * [r (index into the record's rows), column, header, before, after, kept ("" for a changed cell),
 * slice]. `slice` only on a cell cut into slices: its number from 1, negative on the last one (1,
 * 2, -3), so a slice that went missing is seen.
 */
export type PackedEntry = [number, number, string, string, string, string?, number?];

/** Room for the JSON in one cell, under the 50,000 characters, with the signature's room left. */
export const CHANGES_CHAR_BUDGET = 49_000;
/**
 * Sheet rows one history row records at most: each has a Summary line of up to SUMMARY_CHARS, and
 * the Summary cell holds 50,000 characters.
 */
export const ROWS_PER_RECORD = 40;
const SUMMARY_CHARS = 1_000;
/** Starts the Summary line of a row whose answer came from the API's cache. */
const CACHED_SUMMARY = "(cached answer) ";
/** Names the header row (no profile URL) in Profile URLs and Summary. */
const HEADER_ROW = "(header row)";

const quoted = (literal: string) => (literal === "" ? "(empty)" : `"${shownText(literal)}"`);

/** One row's cells left to right, as the row reads. */
function summaryOf(row: RowChanges): string {
  const text = [...row.cells]
    .sort((a, b) => a.column - b.column)
    .map((cell) =>
      cell.kept
        ? `${cell.header}: kept ${quoted(cell.before)} (${cell.kept}; answer ${quoted(cell.after)})`
        : `${cell.header}: ${quoted(cell.before)} -> ${quoted(cell.after)}`,
    )
    .join("; ");
  const line = `${row.fresh === false ? CACHED_SUMMARY : ""}${text}`;
  return line.length <= SUMMARY_CHARS ? line : `${line.slice(0, SUMMARY_CHARS - 1)}…`;
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

/** A history row being filled: its sheet rows (in `rows`' order) and entries. */
interface Draft {
  refs: RowRef[];
  /** Sheet row -> index in refs. */
  index: Map<number, number>;
  /** The RowChanges of refs, in order. */
  members: RowChanges[];
  /** Those whose Summary line this record carries (their first record); the others continue. */
  summarized: Set<RowChanges>;
  entries: PackedEntry[];
  used: number;
}

const cost = (value: unknown) => JSON.stringify(value).length + 1;
const refOf = (row: RowChanges): RowRef =>
  row.fresh === undefined ? [row.url, row.row] : [row.url, row.row, row.fresh];

/** The records of one run's changes on one sheet, each within CHANGES_CHAR_BUDGET. */
function pack(head: number, rows: readonly RowChanges[]): Draft[] {
  const drafts: Draft[] = [];
  const empty = (): Draft => ({
    refs: [],
    index: new Map(),
    members: [],
    summarized: new Set(),
    entries: [],
    used: head,
  });
  let draft = empty();
  const room = () => CHANGES_CHAR_BUDGET - draft.used;
  const next = () => {
    drafts.push(draft);
    draft = empty();
  };
  /** The row's index in the draft, and what adding its ref would cost (0 when it is in). */
  const slot = (row: RowChanges) => {
    const at = draft.index.get(row.row);
    return at === undefined ? { r: draft.refs.length, extra: cost(refOf(row)) } : { r: at, extra: 0 };
  };
  // The rows already in a record: a later record holding one only continues it.
  const placed = new Set<RowChanges>();
  const add = (row: RowChanges) => {
    const { r, extra } = slot(row);
    if (extra > 0) {
      draft.index.set(row.row, r);
      draft.refs.push(refOf(row));
      draft.members.push(row);
      draft.used += extra;
      if (!placed.has(row)) draft.summarized.add(row);
      placed.add(row);
    }
    return r;
  };
  const push = (row: RowChanges, entry: PackedEntry) => {
    entry[0] = add(row);
    draft.entries.push(entry);
    draft.used += cost(entry);
  };
  const fits = (row: RowChanges, entry: PackedEntry) => {
    const { r, extra } = slot(row);
    return extra + cost([r, ...entry.slice(1)]) <= room();
  };
  for (const row of rows) {
    const entries = row.cells.map((cell): PackedEntry => {
      const kept = cell.kept ?? "";
      return kept
        ? [0, cell.column, cell.header, cell.before, cell.after, kept]
        : [0, cell.column, cell.header, cell.before, cell.after];
    });
    // A row stays in one record when it fits in one: its Summary line then says all of it.
    const whole = cost(refOf(row)) + entries.reduce((sum, entry) => sum + cost(entry) + 3, 0);
    if (draft.refs.length > 0 && (draft.refs.length >= ROWS_PER_RECORD || whole > room())) next();
    // A row with no cell (an undo that put nothing back) is still recorded: it marks the run.
    if (row.cells.length === 0) add(row);
    for (const [at, cell] of row.cells.entries()) {
      const entry = entries[at]!;
      if (fits(row, entry)) {
        push(row, entry);
        continue;
      }
      if (draft.entries.length > 0) next();
      if (fits(row, entry)) {
        push(row, entry);
        continue;
      }
      // One cell longer than a record: its before and after go in slices, record after record.
      const kept = cell.kept ?? "";
      let before = cell.before;
      let after = cell.after;
      let slice = 0;
      while (before !== "" || after !== "") {
        slice += 1;
        const fixed =
          slot(row).extra + cost([ROWS_PER_RECORD, cell.column, cell.header, "", "", kept, -99999]);
        const space = room() - fixed;
        const beforeCut = before === "" ? 0 : fittingSlice(before, Math.max(8, space));
        const beforeRoom = space - JSON.stringify(before.slice(0, beforeCut)).length;
        const afterCut =
          after === "" || beforeCut < before.length ? 0 : fittingSlice(after, Math.max(8, beforeRoom));
        const last = beforeCut >= before.length && afterCut >= after.length;
        push(row, [
          0,
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
  }
  if (draft.refs.length > 0) drafts.push(draft);
  return drafts;
}

/**
 * Summary: the rows' changes, one line a row ("url: ..." when the record holds several);
 * "(continued)" for a row whose changes began in the history row above.
 */
function summaryCell(draft: Draft): string {
  const lineOf = (row: RowChanges) => (draft.summarized.has(row) ? summaryOf(row) : "(continued)");
  if (draft.members.length === 1) return lineOf(draft.members[0]!);
  return draft.members.map((row) => `${row.url || HEADER_ROW}: ${lineOf(row)}`).join("\n");
}

/** Profile URLs: the record's rows, one a line. */
const urlCell = (draft: Draft) => draft.refs.map(([url]) => url || HEADER_ROW).join("\n");

/** The rows grouped as one record's head names them: run, sheet (name and id), header row. */
function groups(rows: readonly RowChanges[]): RowChanges[][] {
  const byHead = new Map<string, RowChanges[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.runId, row.sheet, row.sheetId, row.headerRow]);
    const group = byHead.get(key);
    if (group) group.push(row);
    else byHead.set(key, [row]);
  }
  return [...byHead.values()];
}

/** One run's changes on one sheet as history rows. */
function encodeGroup(secret: string, rows: readonly RowChanges[]): HistoryCell[][] {
  const first = rows[0]!;
  const fields = { v: 3, run: first.runId, sheet: first.sheet, sid: first.sheetId, hr: first.headerRow };
  const head = JSON.stringify({ ...fields, rows: [], cells: [] }).length;
  return pack(head, rows).map((draft) => {
    const body = JSON.stringify({ ...fields, rows: draft.refs, cells: draft.entries });
    const texts: HistoryCell[] = [
      first.runId,
      first.time,
      first.sheet,
      urlCell(draft),
      summaryCell(draft),
      signed(secret, body),
      first.time,
    ].map((text) => toCellValue(text));
    const at = timeOfCell(first.time);
    if (at !== null) texts[1] = new Date(at);
    return texts;
  });
}

/**
 * The history rows (escaped cells) that record one write's changes, in order; Time as a date, and
 * its UTC text in the last column (issue 23.10). A row with no cell still makes a record: an undo
 * that put nothing back marks its run undone with one.
 */
export function encodeChanges(secret: string, rows: readonly RowChanges[]): HistoryCell[][] {
  return groups(rows).flatMap((group) => encodeGroup(secret, group));
}
