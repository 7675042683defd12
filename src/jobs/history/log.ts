/**
 * Writing the change history: the sheet rows a write of the run is about to change become packed,
 * signed history rows (format.ts: up to 40 sheet rows each), one block append per write (and every Title/Company cell
 * it keeps showing an old job, marked as kept: columns.ts keptCell). Past the size the user set,
 * the oldest whole runs are deleted, down to 90% of it so that trimming does not happen on every
 * append; the latest run is never cut, even when it alone is over the size (status says so).
 */

import { isoSecond } from "../../sheet/sheet-time";
import type { ChangeLog, ChangeRun, Grid } from "../enrich/ports";
import { encodeChanges, type RowChanges } from "./format";
import type { HistoryCell, HistoryDeps, HistoryTable } from "./ports";
import { runsAndTimes } from "./read";
import type { HistorySettings } from "./settings";
import { historyKeys } from "./signature";

/** Appends rows and keeps the table within `maxRows` (the run being recorded stays whole). */
export function appendHistory(table: HistoryTable, rows: readonly HistoryCell[][], maxRows: number): void {
  if (rows.length === 0) return;
  table.append(rows as HistoryCell[][]);
  trimHistory(table, maxRows);
}

/**
 * Deletes the oldest runs, whole (with their undos), until at most 90% of `maxRows` rows are left,
 * but never the latest run (the one just recorded, at the bottom: undo needs all of it or none).
 * Oldest by Time, not by place: a history sorted newest first must lose its oldest runs, not its
 * newest. Returns the rows deleted.
 */
export function trimHistory(table: HistoryTable, maxRows: number): number {
  const size = table.size();
  if (size <= maxRows) return 0;
  const { runs, times } = runsAndTimes(table);
  // A run and its undos go together: an undo kept without its run is noise, a run without its undo
  // would be undoable again.
  const base = (id: string) => id.replace(/^undo(-partial)?:/, "");
  // The run's own rows date it (its undo, later, would make an old run look new); an undo whose
  // run is gone is dated by itself.
  const groups = new Map<string, { rows: number[]; own: number; undo: number }>();
  runs.forEach((id, index) => {
    const none = Number.NEGATIVE_INFINITY;
    const group = groups.get(base(id)) ?? { rows: [], own: none, undo: none };
    group.rows.push(index + 1);
    const side = id === base(id) ? "own" : "undo";
    group[side] = Math.max(group[side], times[index] ?? none);
    groups.set(base(id), group);
  });
  groups.delete(base(runs[size - 1]!));
  const time = (group: { own: number; undo: number }) =>
    group.own > Number.NEGATIVE_INFINITY ? group.own : group.undo;
  // Oldest first; equal times (or none) in the order they stand.
  const oldest = [...groups.values()].sort((a, b) => time(a) - time(b) || a.rows[0]! - b.rows[0]!);
  const doomed: number[] = [];
  let left = size;
  for (const group of oldest) {
    if (left <= Math.floor(maxRows * 0.9)) break;
    for (const row of group.rows) doomed.push(row);
    left -= group.rows.length;
  }
  // Bottom up, a block of adjacent rows at a time (one call when the oldest runs are on top).
  doomed.sort((a, b) => b - a);
  for (let at = 0; at < doomed.length; ) {
    let end = at;
    while (end + 1 < doomed.length && doomed[end + 1] === doomed[end]! - 1) end += 1;
    table.remove(doomed[end]!, end - at + 1);
    at = end + 1;
  }
  return doomed.length;
}

/** A step's changes as one RowChanges per sheet row, in the order of their first change. */
export function byRow(
  run: ChangeRun,
  time: string,
  changes: Parameters<ChangeLog["record"]>[2],
  header: (column: number) => string,
): RowChanges[] {
  const rows = new Map<number, RowChanges>();
  for (const change of changes) {
    let entry = rows.get(change.row);
    if (!entry) {
      entry = {
        runId: run.runId,
        time,
        sheet: run.sheetName,
        sheetId: run.sheetId,
        url: change.url,
        row: change.row,
        headerRow: run.headerRow,
        cells: [],
      };
      rows.set(change.row, entry);
    }
    // One answer per row: any of its cells says whether it was fresh.
    if (change.fresh !== undefined) entry.fresh = change.fresh;
    entry.cells.push({
      column: change.column,
      // A header cell's own change names the column by the header it writes.
      header: change.row === run.headerRow ? change.after : header(change.column),
      before: change.before,
      after: change.after,
      ...(change.kept === undefined ? {} : { kept: change.kept }),
    });
  }
  return [...rows.values()];
}

/** The ChangeLog the enrichment job reports to (src/jobs/enrich/ports.ts). */
export function historyLog(
  deps: Pick<HistoryDeps, "table" | "clock" | "store" | "freshSecret">,
  settings: HistorySettings,
): ChangeLog {
  // Header texts: from the run (it knows the headers of every column it touches, follow-columns.ts)
  // or, for a run that does not, read once per sheet and step.
  const headerCache = new Map<string, string[]>();
  const headersOf = (run: ChangeRun, grid: Grid): string[] => {
    const key = `${run.runId}:${run.sheetName}`;
    let headers = headerCache.get(key);
    if (!headers) {
      const width = Math.max(1, grid.lastColumn());
      headers = (grid.read(run.headerRow, 1, 1, width)[0] ?? []).map((value) => String(value ?? ""));
      headerCache.set(key, headers);
    }
    return headers;
  };
  // Read once per step: a property read, not one per write.
  let secret: string | undefined;
  return {
    canRecord: () => deps.table.canAppend?.() ?? true,
    record(run, grid, changes) {
      if (changes.length === 0) return;
      const time = isoSecond(deps.clock.now());
      const header = (column: number) =>
        run.headers?.[String(column)] ?? headersOf(run, grid)[column - 1] ?? "";
      secret ??= historyKeys(deps.store, deps.table, deps.freshSecret).secret;
      appendHistory(deps.table, encodeChanges(secret, byRow(run, time, changes, header)), settings.maxRows);
    },
  };
}
