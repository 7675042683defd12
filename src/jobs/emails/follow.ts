/**
 * An Emails run's rows and columns where they are now. The run is planned by column and row
 * numbers, but in a shared sheet a colleague may insert, delete or move columns or rows between
 * two steps. Read with the estimate's numbers, a column inserted at A made the next step read
 * the Stage column as the Email column (so 20 people were "skipped: already hold an email") and a
 * deleted one made it write statuses into the wrong columns; rows inserted above left the last
 * people unchecked. So the job keeps the header of every column it reads or writes (`tracked`)
 * and what identifies the row at its cursor and its last row (`anchors`: the row's source cells),
 * and every step first finds them again: the header row nearest where it was that holds every
 * tracked header, each column by its header (followHeaders, as Enrich does), and each anchor row
 * nearest where the shift puts it. A tracked header that is gone (deleted or renamed) stops the
 * run before anything is sent, with Resume once it is back.
 */
import { followHeaders, goneMessage } from "../enrich/follow-columns";
import type { Grid, GridValue } from "../enrich/ports";
import { sha256Hex } from "../history/sha256";
import type { SourceColumns } from "./columns";
import type { EmailJob } from "./job-types";
import { cellText } from "./person";

const SOURCE_ROLES: ReadonlyArray<keyof SourceColumns> = [
  "first",
  "last",
  "full",
  "website",
  "email",
  "profile",
];

/** Column -> header of every column the run reads or writes (empty headers left out). */
export function trackedColumns(
  sources: SourceColumns,
  written: Readonly<Record<string, string>>,
  headerCells: readonly string[],
): Record<string, string> {
  const tracked: Record<string, string> = {};
  for (const role of SOURCE_ROLES) {
    const column = sources[role];
    const header = column > 0 ? cellText(headerCells[column - 1]) : "";
    if (header !== "") tracked[String(column)] = header;
  }
  for (const [column, header] of Object.entries(written)) if (header !== "") tracked[column] = header;
  return tracked;
}

/**
 * The columns that identify a row: its source columns (names, website, address, profile URL)
 * but the ones the run writes (the finder's Email column is read and written), so that its own
 * answers never make a row look like another.
 */
function keyColumns(sources: SourceColumns, out: EmailJob["out"]): number[] {
  const written = new Set([out.email, out.status, out.checkedAt]);
  return SOURCE_ROLES.map((role) => (sources[role] > 0 && !written.has(sources[role]) ? sources[role] : 0));
}

/** What identifies a row: the text of its key columns; "" for a blank row. */
function anchorOf(columns: readonly number[], cells: readonly GridValue[] | undefined): string {
  const texts = columns.map((column) => (column > 0 ? cellText(cells?.[column - 1]) : ""));
  return texts.every((text) => text === "") ? "" : JSON.stringify(texts);
}

/**
 * The anchors to keep after the cursor moved: `rowAt(row)` answers a row's cells as the step read
 * them, `lastRow` the sheet's last row then.
 */
export function anchorsOf(
  job: EmailJob,
  rowAt: (row: number) => readonly GridValue[] | undefined,
  lastRow: number,
): NonNullable<EmailJob["anchors"]> {
  const columns = keyColumns(job.sources, job.out);
  return {
    cursor: job.cursor <= job.bottom ? anchorOf(columns, rowAt(job.cursor)) : "",
    bottom: anchorOf(columns, rowAt(job.bottom)),
    lastRow,
    done: doneRows(columns, job.top, job.cursor - 1, rowAt),
  };
}

/**
 * Who the rows the run has passed hold, in any order: a SHA-256 of their anchors, sorted (blank
 * rows left out). A sort that brings a person not reached yet above the cursor changes it.
 */
function doneRows(
  columns: readonly number[],
  first: number,
  last: number,
  rowAt: (row: number) => readonly GridValue[] | undefined,
): string {
  const anchors: string[] = [];
  for (let row = first; row <= last; row += 1) {
    const anchor = anchorOf(columns, rowAt(row));
    if (anchor !== "") anchors.push(anchor);
  }
  return sha256Hex(anchors.sort().join("\n"));
}

/**
 * Whether the rows the run passed (top to the cursor, `rowAt` as the step read them) hold other
 * people than when it passed them: then the step stops before sending, with MOVED.
 */
export function passedMoved(
  job: EmailJob,
  rowAt: (row: number) => readonly GridValue[] | undefined,
): boolean {
  const done = job.anchors?.done;
  if (done === undefined) return false;
  return doneRows(keyColumns(job.sources, job.out), job.top, job.cursor - 1, rowAt) !== done;
}

export const MOVED: NonNullable<EmailJob["message"]> = {
  kind: "changed",
  message:
    "The rows this run has passed changed since its last step (sorted, moved, or a name or website edited): nothing more was sent, so that no one is checked twice or left out.",
  next: "Cancel, then select the rows and estimate again: rows already checked are skipped (free).",
};

/**
 * The rows not reached yet hold more people (or addresses) to send than the confirmed estimate
 * counted: a colleague inserted or filled rows inside the run since. Sent, they would spend past
 * the "at most" its confirmer accepted, at the confirmer's key: stopped before sending instead.
 */
export function moreThanEstimated(maxCredits: number): NonNullable<EmailJob["message"]> {
  const credits = `${maxCredits.toLocaleString("en-US")} credit${maxCredits === 1 ? "" : "s"}`;
  return {
    kind: "changed",
    message: `The rows this run has not reached hold more to check than its estimate counted (at most ${credits}): rows were added or filled in since. Nothing more was sent.`,
    next: "Cancel, then select the rows and estimate again: rows already checked are skipped (free).",
  };
}

/** Rows ordered by distance from `expected` (the lower first on a tie), within first..last. */
function* nearest(expected: number, first: number, last: number): Generator<number> {
  for (let distance = 0; expected - distance >= first || expected + distance <= last; distance += 1) {
    if (expected - distance >= first && expected - distance <= last) yield expected - distance;
    if (distance > 0 && expected + distance >= first && expected + distance <= last)
      yield expected + distance;
  }
}

const moveColumn = (moved: ReadonlyMap<number, number>, column: number) =>
  column > 0 ? (moved.get(column) ?? column) : column;

/**
 * Finds the run's header row, columns and rows where they are now and moves the job to them (the
 * caller saves it). Answers the message to stop with when a tracked column is gone, else null.
 * A job planned before columns were tracked is left as it is.
 */
export function followSheet(job: EmailJob, grid: Grid): EmailJob["message"] | null {
  const tracked = job.tracked;
  if (!tracked || Object.keys(tracked).length === 0) return null;
  const lastRow = grid.lastRow();
  const width = Math.max(1, grid.lastColumn());
  if (lastRow < 1) return goneMessage(followHeaders(tracked, []).gone);
  // Nothing inserted or deleted, every header in its place (the usual step): one row read; the
  // step checks on its own read that the rows it passed still hold the same people (passedMoved).
  if (job.anchors && lastRow === job.anchors.lastRow && job.headerRow <= lastRow) {
    const header = (grid.read(job.headerRow, 1, 1, width)[0] ?? []).map((cell) => cellText(cell));
    const found = followHeaders(tracked, header);
    if (found.gone.length === 0 && [...found.moved].every(([from, to]) => from === to)) return null;
  }
  const cells = grid.read(1, 1, lastRow, width) as GridValue[][];
  const texts = (row: number) => (cells[row - 1] ?? []).map((cell) => cellText(cell));

  // Rows move at most as far as the sheet grew or shrank: a header row or an anchor further away
  // is another row holding the same text (the anchored one was deleted or edited), never taken for it.
  const reach = Math.abs(lastRow - (job.anchors?.lastRow ?? lastRow));
  const within = (expected: number, from: number) =>
    nearest(expected, Math.max(from, expected - reach), Math.min(lastRow, expected + reach));
  let headerRow = 0;
  let moved = new Map<number, number>();
  for (const row of job.anchors ? within(job.headerRow, 1) : nearest(job.headerRow, 1, lastRow)) {
    const found = followHeaders(tracked, texts(row));
    if (found.gone.length === 0) {
      headerRow = row;
      moved = found.moved;
      break;
    }
  }
  if (headerRow === 0) {
    const header = { row: job.headerRow, tracked: Object.keys(tracked).length };
    return goneMessage(followHeaders(tracked, texts(job.headerRow)).gone, header);
  }

  const sources = { ...job.sources };
  for (const role of SOURCE_ROLES) sources[role] = moveColumn(moved, sources[role]);
  const out = {
    email: moveColumn(moved, job.out.email),
    status: moveColumn(moved, job.out.status),
    checkedAt: moveColumn(moved, job.out.checkedAt),
  };
  const keyCells = keyColumns(sources, out);
  const shift = headerRow - job.headerRow;
  const find = (anchor: string | undefined, expected: number, from: number) => {
    if (!anchor) return null;
    for (const row of within(expected, from)) if (anchorOf(keyCells, cells[row - 1]) === anchor) return row;
    return null;
  };
  const cursor = find(job.anchors?.cursor, job.cursor + shift, headerRow + 1) ?? job.cursor + shift;
  const rowsMoved = cursor - job.cursor;
  const bottom = Math.max(
    cursor - 1,
    find(job.anchors?.bottom, job.bottom + rowsMoved, cursor) ?? job.bottom + rowsMoved,
  );

  const top = Math.max(headerRow + 1, Math.min(job.top + shift, cursor));
  const done = job.anchors?.done;
  if (done !== undefined && doneRows(keyCells, top, cursor - 1, (row) => cells[row - 1]) !== done)
    return MOVED;
  if (job.inFlight)
    job.inFlight = { top: job.inFlight.top + rowsMoved, bottom: job.inFlight.bottom + rowsMoved };
  job.headerRow = headerRow;
  job.top = top;
  job.cursor = cursor;
  job.bottom = bottom;
  job.sources = sources;
  job.out = out;
  job.rowKey = moveColumn(moved, job.rowKey);
  job.appended = job.appended.map((added) => ({ ...added, column: moveColumn(moved, added.column) }));
  const rekey = (record: Readonly<Record<string, string>>) =>
    Object.fromEntries(
      Object.entries(record).map(([column, header]) => [String(moveColumn(moved, Number(column))), header]),
    );
  job.headers = rekey(job.headers);
  job.tracked = rekey(tracked);
  if (job.selectedColumns) {
    const { left, right } = job.selectedColumns;
    const inside = Object.keys(tracked)
      .map(Number)
      .filter((column) => column >= left && column <= right)
      .map((column) => moveColumn(moved, column));
    if (inside.length > 0)
      job.selectedColumns = {
        left: inside.reduce((a, b) => Math.min(a, b)),
        right: inside.reduce((a, b) => Math.max(a, b)),
      };
  }
  return null;
}

/**
 * The columns the estimate planned to append, moved past the sheet's last column as it is at
 * Confirm: a colleague may have started a column of their own there meanwhile (its header and
 * cells would have been overwritten; 2 of 2 notes in the test).
 */
export function appendPastLastColumn(job: EmailJob, lastColumn: number): void {
  if (job.appended.length === 0) return;
  const first = job.appended.reduce((low, added) => Math.min(low, added.column), Number.POSITIVE_INFINITY);
  const shift = lastColumn + 1 - first;
  if (shift <= 0) return;
  const moved = new Map(job.appended.map((added) => [added.column, added.column + shift]));
  job.appended = job.appended.map((added) => ({ ...added, column: added.column + shift }));
  job.out = {
    email: moveColumn(moved, job.out.email),
    status: moveColumn(moved, job.out.status),
    checkedAt: moveColumn(moved, job.out.checkedAt),
  };
  const rekey = (record: Readonly<Record<string, string>>) =>
    Object.fromEntries(
      Object.entries(record).map(([column, header]) => [String(moveColumn(moved, Number(column))), header]),
    );
  job.headers = rekey(job.headers);
  if (job.tracked) job.tracked = rekey(job.tracked);
}
