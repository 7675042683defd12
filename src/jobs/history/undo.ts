/**
 * Undo last run: puts back the old value of every cell the latest run changed, found where it is
 * now (locate.ts: its row by profile URL, its column by header, its sheet by id after a rename),
 * but only where the cell still holds what the run wrote; a cell edited since is left alone and
 * reported. Values are compared and restored as literals (src/sheet/cell-literal.ts), so `'00123`,
 * `'=1+1` and formulas come back exactly.
 *
 * Only what the add-on wrote is undone (signature.ts has the threat model): a history row that is
 * not signed by the document's secret is refused and named, except the unsigned rows of runs
 * recorded before rows were signed, which are undone within what an editor could do by hand (no
 * formula). A cell whose row or column cannot be found is reported and written nowhere; the run
 * then stays undoable (recorded as `undo-partial:<id>`, whose cells a later undo skips), so that
 * putting the row or column back and pressing Undo again finishes it. The undo is itself recorded,
 * under `undo:<run id>`, before it writes.
 */

import { isoSecond } from "../../sheet/sheet-time";
import { columnLetters } from "../enrich/progress";
import { type CellChanges, cheapestRectangles } from "../enrich/rectangles";
import { type HistoryRow, PARTIAL_UNDO_PREFIX, parseCell, UNDO_PREFIX } from "./columns";
import { encodeChanges, type RowChanges } from "./format";
import { locateCells, type Place } from "./locate";
import { appendHistory } from "./log";
import type { HistoryDeps, NamedGrid } from "./ports";
import {
  byTrust,
  hasSignedRow,
  lastUndoableRun,
  partialUndosOf,
  rowsOfRun,
  runsAndTimes,
  undoneRuns,
} from "./read";
import { readHistorySettings } from "./settings";
import { historyKeys } from "./signature";

export interface UndoResult {
  runId: string;
  /** When the undone run made its first change. */
  runTime: string;
  restored: number;
  /** Cells that no longer hold the run's value (edited since), left as they are. */
  leftAlone: number;
  /** The first of them, as Sheet!A1, for the message. */
  leftAloneCells: string[];
  /**
   * Cells that already hold their old value, so nothing is put back: a run cut off (or cancelled)
   * after it recorded a write and before it made it, or a cell typed back by hand; and headers the
   * run recorded but never wrote (no cell of the run under them, and no column holds them).
   */
  unchanged: number;
  /**
   * Cells whose row (profile URL) or column (header) or sheet is gone: written nowhere. Those of a
   * deleted sheet do not keep the run undoable (the sheet cannot come back).
   */
  notFound: number;
  /** The first of them, as Sheet "Header" of <URL>, for the message. */
  notFoundCells: string[];
  /** History rows not written by the add-on (or formulas from unsigned rows): never undone. */
  refused: number;
  /** The first of them, as `Prospecting changes` row numbers with why. */
  refusedRows: string[];
  /** True when cells were not found: the run stays undoable. */
  partial: boolean;
  /**
   * True when a run undone in part before was pressed again with nothing more to put back (the
   * rows or columns not found stay gone): it is marked undone as it is, so that the next Undo
   * reaches the run before it instead of answering the same for good.
   */
  closed: boolean;
}

export class UndoError extends Error {
  constructor(
    readonly kind: string,
    message: string,
    readonly next?: string,
  ) {
    super(message);
  }
}

interface CellUndo {
  /** Sheet and address when written: one key per cell of the run. */
  key: string;
  /** The value before the run's first change of the cell, and after its last. */
  before: string;
  after: string;
  source: HistoryRow;
  recordedRow: number;
  recordedColumn: number;
  headerCell: boolean;
}

const LISTED = 20;

/** A recorded cell's key: its sheet (by id when known) and its address when written. */
export const cellKey = (row: Pick<HistoryRow, "sheetId" | "sheet" | "cell">) =>
  `${row.sheetId ?? row.sheet}\n${row.cell}`;

/** A header cell: the run wrote the header itself (compact rows say which row was the header row). */
export const isHeaderCell = (row: HistoryRow, at: { row: number }) =>
  row.headerRow !== undefined ? at.row === row.headerRow : row.url === "" && row.header === row.after;

/**
 * The cells of the run by sheet. A cell changed twice in one run (a status, then the answer) goes
 * back to its first value. A cell the run kept (columns.ts keptCell: recorded for the job-change
 * digest, never written) has no plain address and is passed over.
 */
function cellsOf(rows: readonly HistoryRow[], done: ReadonlySet<string>): Map<string, CellUndo[]> {
  const bySheet = new Map<string, Map<string, CellUndo>>();
  for (const row of rows) {
    const at = parseCell(row.cell);
    if (!at || done.has(cellKey(row))) continue;
    const sheetKey = row.sheetId !== undefined ? `#${row.sheetId}` : row.sheet;
    const cells = bySheet.get(sheetKey) ?? new Map<string, CellUndo>();
    bySheet.set(sheetKey, cells);
    const known = cells.get(cellKey(row));
    if (known) known.after = row.after;
    else
      cells.set(cellKey(row), {
        key: cellKey(row),
        before: row.before,
        after: row.after,
        source: row,
        recordedRow: at.row,
        recordedColumn: at.column,
        headerCell: isHeaderCell(row, at),
      });
  }
  return new Map([...bySheet].map(([sheet, cells]) => [sheet, [...cells.values()]]));
}

/** The sheet by id (a compact row) or, for unsigned rows, by name. */
function sheetOf(deps: HistoryDeps, row: HistoryRow): NamedGrid | null {
  if (row.sheetId !== undefined) return deps.gridById(row.sheetId);
  const grid = deps.gridByName(row.sheet);
  return grid ? { grid, name: row.sheet } : null;
}

/** The undo's history rows: one per sheet row, the restored cells as recorded when the run wrote them. */
function undoRecords(runId: string, time: string, restored: readonly CellUndo[]): RowChanges[] {
  const rows = new Map<string, RowChanges>();
  for (const cell of restored) {
    const source = cell.source;
    const key = `${source.sheetId ?? source.sheet}\n${cell.recordedRow}`;
    let entry = rows.get(key);
    if (!entry) {
      entry = {
        runId,
        time,
        sheet: source.sheet,
        sheetId: source.sheetId ?? 0,
        url: source.url,
        row: cell.recordedRow,
        headerRow: source.headerRow ?? 0,
        cells: [],
      };
      rows.set(key, entry);
    }
    entry.cells.push({
      column: cell.recordedColumn,
      header: source.header,
      before: cell.after,
      after: cell.before,
    });
  }
  return [...rows.values()];
}

/**
 * The run Undo last run takes back, and what it recorded: its rows Undo may believe and those it
 * refuses, and the cells earlier partial undos put back already. Read only: Undo and its
 * question (undo-preview.ts) both start here.
 */
export function runToUndo(deps: HistoryDeps) {
  const { runs, times } = runsAndTimes(deps.table);
  const keys = historyKeys(deps.store, deps.table, deps.freshSecret);
  const runId = lastUndoableRun(runs, times, undoneRuns(deps.table, runs, keys));
  if (runId === null) {
    throw new UndoError("nothing", "There is no run to undo in the change history.");
  }
  const rows = rowsOfRun(deps.table, runs, runId, keys.secret);
  const done = new Set(partialUndosOf(deps.table, runs, runId, keys.secret).map(cellKey));
  const runTime = rows[0]?.time ?? isoSecond(times[runs.indexOf(runId)] ?? 0);
  return { runs, keys, runId, runTime, rows, done, ...byTrust(rows, keys.legacyRuns) };
}

/**
 * Undoes the latest run. `expected`: the run the user was asked about (undo-preview.ts); when
 * another is the latest now (a run ended, or a colleague undid it, in between), nothing is done.
 */
export function undoLastRun(deps: HistoryDeps, expected?: string): UndoResult {
  const { runs, keys, runId, runTime, rows, done, accepted, refused } = runToUndo(deps);
  if (expected !== undefined && expected !== runId) {
    throw new UndoError(
      "changed",
      "The last run is no longer the one you were asked about: another run ended, or it was undone, since.",
      "Press Undo last run again to see what it would undo now.",
    );
  }
  const partialId = `${PARTIAL_UNDO_PREFIX}${runId}`;
  const result: UndoResult = {
    runId,
    runTime,
    restored: 0,
    leftAlone: 0,
    leftAloneCells: [],
    unchanged: 0,
    notFound: 0,
    notFoundCells: [],
    refused: 0,
    refusedRows: [],
    partial: false,
    closed: false,
  };
  const refuse = (origin: number, why: string) => {
    result.refused += 1;
    // The history sheet's row number: its header is row 1.
    if (result.refusedRows.length < LISTED) result.refusedRows.push(`row ${origin + 1} (${why})`);
  };
  for (const [origin, why] of refused) refuse(origin, why);
  // Rows under this Run cell that record another run (a signed row copied, its Run cell typed
  // over): read under their own run, never this one, and named.
  const recorded = new Set(rows.map((row) => row.origin));
  runs.forEach((id, index) => {
    if (id === runId && !recorded.has(index + 1) && !refused.has(index + 1))
      refuse(index + 1, "its Run cell was typed over: it records another run");
  });
  const time = isoSecond(deps.clock.now());
  const maxRows = readHistorySettings(deps.store).maxRows;
  const restoredCells: CellUndo[] = [];
  const writes: Array<{ target: NamedGrid; restore: CellChanges }> = [];
  let onDeletedSheets = 0;
  for (const cells of cellsOf(accepted, done).values()) {
    const first = cells[0]!.source;
    const target = sheetOf(deps, first);
    const missing = (cell: CellUndo, why: string) => {
      result.notFound += 1;
      const where = `${first.sheet} "${cell.source.header}"${cell.headerCell ? " header" : ` of ${cell.source.url || cell.source.cell}`}`;
      if (result.notFoundCells.length < LISTED) result.notFoundCells.push(`${where} (${why})`);
    };
    if (!target) {
      // A sheet known by its id and not found is deleted: no Undo can find it again, so its cells
      // do not keep the run undoable (they blocked every run before it).
      const deleted = first.sheetId !== undefined;
      if (deleted) onDeletedSheets += cells.length;
      for (const cell of cells) missing(cell, deleted ? "sheet deleted" : "sheet not found");
      continue;
    }
    const located = locateCells(
      target.grid,
      cells.map((cell) => ({
        url: cell.source.url,
        header: cell.source.header,
        headerCell: cell.headerCell,
        recordedRow: cell.recordedRow,
        recordedColumn: cell.recordedColumn,
        after: cell.after,
      })),
    );
    const restore: CellChanges = new Map();
    // A header the run recorded but never wrote (cut off between the two), with no cell of the run
    // under it: no column holds it, and there is nothing to take back. It is no reason to keep the
    // run undoable: no Undo could ever find it.
    const written = new Set(cells.filter((cell) => !cell.headerCell).map((cell) => cell.source.header));
    const neverWritten = (cell: CellUndo, place: Place) =>
      "missing" in place && cell.headerCell && !written.has(cell.source.header);
    // Headers the run appended name their columns: while a cell of the sheet is not found, they
    // stay, so that the next Undo still finds those columns.
    const keepHeaders = located.places.some(
      (place, index) => "missing" in place && !neverWritten(cells[index]!, place),
    );
    cells.forEach((cell, index) => {
      const place: Place = located.places[index]!;
      if (neverWritten(cell, place)) {
        result.unchanged += 1;
        return;
      }
      if ("missing" in place) {
        missing(cell, `${place.missing} not found`);
        return;
      }
      if (keepHeaders && cell.headerCell) return;
      const current = located.literals[place.row - 1]?.[place.column - 1] ?? "";
      // Already its old value: the write never happened (a cut-off) or it was typed back. Not
      // "edited since": nobody changed what the run left.
      if (current === cell.before && current !== cell.after) {
        result.unchanged += 1;
        return;
      }
      if (current !== cell.after) {
        result.leftAlone += 1;
        if (result.leftAloneCells.length < LISTED)
          result.leftAloneCells.push(`${target.name}!${columnLetters(place.column)}${place.row}`);
        return;
      }
      if (cell.before === cell.after) return;
      // Unsigned rows are undone only as far as an editor could go by hand: no formula.
      if (cell.source.trust !== "signed" && cell.before.trimStart().startsWith("=")) {
        refuse(cell.source.origin, "a formula from a row the add-on did not sign");
        return;
      }
      const row = restore.get(place.row) ?? new Map();
      restore.set(place.row, row);
      row.set(place.column, cell.before);
      restoredCells.push(cell);
      result.restored += 1;
    });
    writes.push({ target, restore });
  }
  // Cells not found leave the run undoable (unsigned runs excepted: nothing proves those cells
  // were ever the run's, and a forged run must not block the undo of the ones before it).
  result.partial = result.notFound > onDeletedSheets && accepted.some((row) => row.trust === "signed");
  // Pressed again with nothing more to put back: what is still missing will not come back.
  if (result.partial && result.restored === 0 && hasSignedRow(deps.table, runs, partialId, keys)) {
    result.partial = false;
    result.closed = true;
  }
  const undoId = result.partial ? partialId : `${UNDO_PREFIX}${runId}`;
  const records = undoRecords(undoId, time, restoredCells);
  // Nothing put back still marks the run undone (an empty record), so the next undo reaches the
  // run before it; a partial undo with nothing put back marks that it was tried (closed above
  // when pressed again).
  if (records.length === 0)
    records.push({
      runId: undoId,
      time,
      sheet: rows[0]?.sheet ?? "",
      sheetId: 0,
      url: "",
      row: 0,
      headerRow: 0,
      cells: [],
    });
  // Recorded before writing, like a run: a cut-off never leaves an unrecorded change.
  appendHistory(deps.table, encodeChanges(keys.secret, records), maxRows);
  for (const { target, restore } of writes) {
    for (const rectangle of cheapestRectangles(restore))
      target.grid.write(rectangle.top, rectangle.left, rectangle.values);
  }
  return result;
}
