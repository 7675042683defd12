/**
 * Writing the change history: every cell a run is about to change becomes one row of the
 * `Prospecting changes` sheet, one block append per write of the run (and every Title/Company cell
 * it keeps showing an old job, marked as kept: columns.ts keptCell). Every value goes through
 * toCellValue (an old value `=1+2` is a formula's text and must stay text there). Past the
 * size the user set, the oldest whole runs are deleted, down to 90% of it so that trimming does
 * not happen on every append.
 */
import { type CellValue, toCellValue } from "../../sheet/cell-value";
import type { ChangeLog, ChangeRun, Grid } from "../enrich/ports";
import { columnLetters } from "../enrich/progress";
import { type HistoryRow, keptCell } from "./columns";
import type { HistoryDeps, HistoryTable } from "./ports";
import type { HistorySettings } from "./settings";

const isoTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

export function historyCells(row: HistoryRow): CellValue[] {
  return [row.runId, row.time, row.sheet, row.cell, row.header, row.url, row.before, row.after].map((text) =>
    toCellValue(text),
  );
}

/** Appends rows and keeps the table within `maxRows`. */
export function appendHistory(table: HistoryTable, rows: readonly HistoryRow[], maxRows: number): void {
  if (rows.length === 0) return;
  table.append(rows.map(historyCells));
  trimHistory(table, maxRows);
}

/** Deletes the oldest runs, whole, until at most 90% of `maxRows` rows are left. */
export function trimHistory(table: HistoryTable, maxRows: number): number {
  const size = table.size();
  if (size <= maxRows) return 0;
  const runs = table.read(1, size, 1).map((cells) => cells[0] ?? "");
  let cut = size - Math.floor(maxRows * 0.9);
  // Never split a run: undo needs all of it or none.
  while (cut < size && runs[cut] === runs[cut - 1]) cut += 1;
  table.remove(1, cut);
  return cut;
}

/** The ChangeLog the enrichment job reports to (src/jobs/enrich/ports.ts). */
export function historyLog(deps: Pick<HistoryDeps, "table" | "clock">, settings: HistorySettings): ChangeLog {
  // Header texts are read once per sheet and step, after the run wrote its own headers.
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
  return {
    record(run, grid, changes) {
      const time = isoTime(deps.clock.now());
      const headerEdits = changes.every((change) => change.row === run.headerRow);
      const headers = headerEdits ? [] : headersOf(run, grid);
      const rows = changes.map((change) => ({
        runId: run.runId,
        time,
        sheet: run.sheetName,
        cell:
          change.kept === undefined
            ? `${columnLetters(change.column)}${change.row}`
            : keptCell(`${columnLetters(change.column)}${change.row}`, change.kept),
        header: change.row === run.headerRow ? change.after : (headers[change.column - 1] ?? ""),
        url: change.url,
        before: change.before,
        after: change.after,
      }));
      appendHistory(deps.table, rows, settings.maxRows);
    },
  };
}
