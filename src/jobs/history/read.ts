/** Reading the history back: whole runs, found from the bottom (runs are appended in order). */
import { HISTORY_WIDTH, type HistoryRow, rowOf, UNDO_PREFIX } from "./columns";
import type { HistoryTable } from "./ports";

/** The run ids of every row, top to bottom. */
export function runColumn(table: HistoryTable): string[] {
  const size = table.size();
  return size === 0 ? [] : table.read(1, size, 1).map((cells) => cells[0] ?? "");
}

/** The latest enrichment run not undone yet (undo runs are skipped), or null. */
export function lastUndoableRun(runs: readonly string[]): string | null {
  const undone = new Set(
    runs.filter((id) => id.startsWith(UNDO_PREFIX)).map((id) => id.slice(UNDO_PREFIX.length)),
  );
  for (let index = runs.length - 1; index >= 0; index -= 1) {
    const id = runs[index]!;
    if (id !== "" && !id.startsWith(UNDO_PREFIX) && !undone.has(id)) return id;
  }
  return null;
}

/** Every row of one run, in order. */
export function rowsOfRun(table: HistoryTable, runs: readonly string[], runId: string): HistoryRow[] {
  const first = runs.indexOf(runId);
  if (first < 0) return [];
  const last = runs.lastIndexOf(runId);
  return table
    .read(first + 1, last - first + 1, HISTORY_WIDTH)
    .map(rowOf)
    .filter((row) => row.runId === runId);
}
