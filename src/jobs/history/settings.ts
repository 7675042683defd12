/**
 * The history's per-document settings (document properties): on or off, and how many rows it
 * keeps. 100,000 rows of 8 cells is 800,000 cells, 8% of a spreadsheet's 10 million.
 */
import type { Store } from "../enrich/ports";

export interface HistorySettings {
  enabled: boolean;
  /** Past this many rows the oldest runs are deleted, whole runs at a time. */
  maxRows: number;
}

const KEY = "history.settings";
export const DEFAULT_HISTORY: HistorySettings = { enabled: true, maxRows: 100_000 };
/** 1,000,000 rows x 8 columns = 8 M cells: the most that still leaves room under 10 M. */
export const MAX_HISTORY_ROWS = 1_000_000;

export function readHistorySettings(store: Store): HistorySettings {
  try {
    const saved = JSON.parse(store.get(KEY) ?? "{}") as Partial<HistorySettings>;
    return checkHistorySettings({ ...DEFAULT_HISTORY, ...saved });
  } catch {
    return { ...DEFAULT_HISTORY };
  }
}

/** Settings as given by the sidebar, checked; throws a message for the user when out of range. */
export function checkHistorySettings(input: unknown): HistorySettings {
  const { enabled, maxRows } = Object(input) as { enabled?: unknown; maxRows?: unknown };
  const rows = Number(maxRows);
  if (!Number.isInteger(rows) || rows < 100 || rows > MAX_HISTORY_ROWS) {
    throw new Error(`Keep between 100 and ${MAX_HISTORY_ROWS.toLocaleString("en-US")} rows of history.`);
  }
  return { enabled: enabled !== false, maxRows: rows };
}

export function saveHistorySettings(store: Store, settings: HistorySettings): void {
  store.set(KEY, JSON.stringify(checkHistorySettings(settings)));
}

/**
 * Said when the history holds more rows than it keeps: trimming never cuts the latest run
 * (log.ts trimHistory), so a run larger than the limit stays whole. Null within the limit.
 */
export function historyOverLimit(rows: number, settings: HistorySettings): string | null {
  if (rows <= settings.maxRows) return null;
  const count = (n: number) => n.toLocaleString("en-US");
  return (
    `The history holds ${count(rows)} rows, more than the ${count(settings.maxRows)} it keeps: ` +
    "its latest run is kept whole so that it can be undone. Raise the rows kept, or the next run " +
    "deletes it."
  );
}
