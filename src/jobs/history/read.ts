/**
 * Reading the history back: whole runs. The add-on appends runs in order, but anyone may sort the
 * sheet (newest first, to read it), so which run is the latest is read from the Time column, never
 * from where a row stands.
 */
import { timeOfCell } from "../../sheet/sheet-time";
import { type HistoryRow, isUndoId, PARTIAL_UNDO_PREFIX, READ_WIDTH, UNDO_PREFIX } from "./columns";
import { decodeHistoryRows, isCompact, signedRunOf } from "./decode";
import type { HistoryTable } from "./ports";
import type { HistoryKeys } from "./signature";

/** The run ids of every row, top to bottom. */
export function runColumn(table: HistoryTable): string[] {
  const size = table.size();
  return size === 0 ? [] : table.read(1, size, 1).map((cells) => cells[0] ?? "");
}

/** Every row's run id and time (epoch ms; null for text that is not a time), top to bottom: one read. */
export function runsAndTimes(table: HistoryTable): { runs: string[]; times: Array<number | null> } {
  const size = table.size();
  const cells = size === 0 ? [] : table.read(1, size, 2);
  return { runs: cells.map((row) => row[0] ?? ""), times: cells.map((row) => timeOfCell(row[1] ?? "")) };
}

/**
 * The runs an undo took back whole, as the add-on recorded it: a signed `undo:<id>` row (an undo
 * that put nothing back still signs one), or an unsigned one of a run from before rows were
 * signed (signature.ts legacyRuns). An `undo:<id>` typed into the Run column is no undo: believing
 * it would hide a colleague's run from Undo and empty its digest. One read per block of undo rows.
 */
export function undoneRuns(table: HistoryTable, runs: readonly string[], keys: HistoryKeys): Set<string> {
  const undone = new Set<string>();
  for (let start = 0; start < runs.length; ) {
    let end = start;
    while (end < runs.length && runs[end]!.startsWith(UNDO_PREFIX)) end += 1;
    if (end === start) {
      start += 1;
      continue;
    }
    for (const cells of table.read(start + 1, end - start, READ_WIDTH)) {
      const id = cells[0] ?? "";
      const run = id.slice(UNDO_PREFIX.length);
      const trusted = isCompact(cells) ? signedRunOf(keys.secret, cells) === id : keys.legacyRuns.has(run);
      if (trusted) undone.add(run);
    }
    start = end;
  }
  return undone;
}

/** Whether the add-on signed a row recorded under `id` (a record of no cell counts: it marks). */
export function hasSignedRow(
  table: HistoryTable,
  runs: readonly string[],
  id: string,
  keys: HistoryKeys,
): boolean {
  const first = runs.indexOf(id);
  if (first < 0) return false;
  const last = runs.lastIndexOf(id);
  return table
    .read(first + 1, last - first + 1, READ_WIDTH)
    .some((cells) => cells[0] === id && signedRunOf(keys.secret, cells) === id);
}

/**
 * The latest enrichment run not undone yet (undo runs, whole or partial, are skipped), or null:
 * the run with the latest Time, the lower row of equals (a sorted sheet keeps its latest run).
 */
export function lastUndoableRun(
  runs: readonly string[],
  times: ReadonlyArray<number | null>,
  undone: ReadonlySet<string>,
): string | null {
  let latest: string | null = null;
  let latestTime = Number.NEGATIVE_INFINITY;
  runs.forEach((id, index) => {
    if (id === "" || isUndoId(id) || undone.has(id)) return;
    const time = times[index] ?? Number.NEGATIVE_INFINITY;
    if (time >= latestTime) {
      latest = id;
      latestTime = time;
    }
  });
  return latest;
}

/** The cell changes of history rows first..last (1-based), decoded from either layout. */
export function changesBetween(
  table: HistoryTable,
  secret: string,
  first: number,
  last: number,
): HistoryRow[] {
  if (last < first) return [];
  return decodeHistoryRows(secret, table.read(first, last - first + 1, READ_WIDTH), first);
}

/** Every cell change recorded under one run id (a run, or its undo), in order. */
export function rowsOfRun(
  table: HistoryTable,
  runs: readonly string[],
  runId: string,
  secret: string,
): HistoryRow[] {
  const first = runs.indexOf(runId);
  if (first < 0) return [];
  const last = runs.lastIndexOf(runId);
  return changesBetween(table, secret, first + 1, last + 1).filter((row) => row.runId === runId);
}

/** The changes earlier partial undos of `runId` put back (undo.ts skips them next time). */
export function partialUndosOf(
  table: HistoryTable,
  runs: readonly string[],
  runId: string,
  secret: string,
): HistoryRow[] {
  return rowsOfRun(table, runs, `${PARTIAL_UNDO_PREFIX}${runId}`, secret).filter(
    (row) => row.trust === "signed",
  );
}

/**
 * The changes Undo and the digest may believe, and the history rows refused, with why
 * (signature.ts): signed rows; unsigned rows only of a run that has no signed row and was in the
 * history when its secret was made.
 */
export function byTrust(
  rows: readonly HistoryRow[],
  legacyRuns: ReadonlySet<string>,
): { accepted: HistoryRow[]; refused: Map<number, string> } {
  const signedRuns = new Set<string>();
  for (const row of rows) if (row.trust === "signed") signedRuns.add(row.runId);
  const accepted: HistoryRow[] = [];
  const refused = new Map<number, string>();
  for (const row of rows) {
    const legacy = row.trust === "unsigned" && !signedRuns.has(row.runId) && legacyRuns.has(row.runId);
    if (row.trust === "signed" || legacy) accepted.push(row);
    else
      refused.set(
        row.origin,
        row.trust === "forged"
          ? "its signature does not match: edited or added by hand"
          : "not signed by the add-on: added by hand",
      );
  }
  return { accepted, refused };
}
