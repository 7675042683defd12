/** Reading the history back: whole runs, found from the bottom (runs are appended in order). */
import { type HistoryRow, isUndoId, PARTIAL_UNDO_PREFIX, READ_WIDTH, UNDO_PREFIX } from "./columns";
import { decodeHistoryRows } from "./decode";
import type { HistoryTable } from "./ports";

/** The run ids of every row, top to bottom. */
export function runColumn(table: HistoryTable): string[] {
  const size = table.size();
  return size === 0 ? [] : table.read(1, size, 1).map((cells) => cells[0] ?? "");
}

/** The latest enrichment run not undone yet (undo runs, whole or partial, are skipped), or null. */
export function lastUndoableRun(runs: readonly string[]): string | null {
  const undone = new Set<string>();
  for (const id of runs) if (id.startsWith(UNDO_PREFIX)) undone.add(id.slice(UNDO_PREFIX.length));
  for (let index = runs.length - 1; index >= 0; index -= 1) {
    const id = runs[index]!;
    if (id !== "" && !isUndoId(id) && !undone.has(id)) return id;
  }
  return null;
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
