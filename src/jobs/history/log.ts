/**
 * Writing the change history: the sheet rows a write of the run is about to change become packed,
 * signed history rows (format.ts: up to 40 sheet rows each), one block append per write (and every Title/Company cell
 * it keeps showing an old job, marked as kept: columns.ts keptCell). Past the size the user set,
 * the oldest whole runs are deleted, down to 90% of it so that trimming does not happen on every
 * append; the latest run is never cut, even when it alone is over the size (status says so).
 */
import type { ChangeLog, ChangeRun, Grid } from "../enrich/ports";
import { encodeChanges, type RowChanges } from "./format";
import type { HistoryCell, HistoryDeps, HistoryTable } from "./ports";
import type { HistorySettings } from "./settings";
import { historyKeys } from "./signature";

export const isoTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** Appends rows and keeps the table within `maxRows` (the run being recorded stays whole). */
export function appendHistory(table: HistoryTable, rows: readonly HistoryCell[][], maxRows: number): void {
  if (rows.length === 0) return;
  table.append(rows as HistoryCell[][]);
  trimHistory(table, maxRows);
}

/**
 * Deletes the oldest runs, whole, until at most 90% of `maxRows` rows are left, but never the
 * latest run (the one just recorded: undo needs all of it or none). Returns the rows deleted.
 */
export function trimHistory(table: HistoryTable, maxRows: number): number {
  const size = table.size();
  if (size <= maxRows) return 0;
  const runs = table.read(1, size, 1).map((cells) => cells[0] ?? "");
  let cut = size - Math.floor(maxRows * 0.9);
  // Never split a run: undo needs all of it or none.
  while (cut < size && runs[cut] === runs[cut - 1]) cut += 1;
  // The latest run stays, however big: its first row is where the cut must stop.
  let latest = size - 1;
  while (latest > 0 && runs[latest - 1] === runs[size - 1]) latest -= 1;
  cut = Math.min(cut, latest);
  if (cut > 0) table.remove(1, cut);
  return cut;
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
    record(run, grid, changes) {
      if (changes.length === 0) return;
      const time = isoTime(deps.clock.now());
      const header = (column: number) =>
        run.headers?.[String(column)] ?? headersOf(run, grid)[column - 1] ?? "";
      secret ??= historyKeys(deps.store, deps.table, deps.freshSecret).secret;
      appendHistory(deps.table, encodeChanges(secret, byRow(run, time, changes, header)), settings.maxRows);
    },
  };
}
