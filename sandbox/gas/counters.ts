/**
 * Call counts for benchmarks and tests: how many times the add-on went to the spreadsheet (reads,
 * writes) and to the network (fetch and fetchAll calls, requests sent). Each Apps Script service
 * call costs a round trip in production, so these are the figures to keep small.
 */
import type { CostCategory } from "./cost-model";

export interface Counters {
  /** Executions started (each call of a global). */
  executions: number;
  /** Spreadsheet reads: getValues, getValue, getDisplayValues, getFormulas, getNotes, getLastRow, getDataRange... */
  spreadsheetReads: number;
  /** Spreadsheet writes: setValues, setValue, setFormulas, clear, formats, appendRow, insertRows, insertSheet... */
  spreadsheetWrites: number;
  /**
   * Spreadsheet reads made while writes were queued: each makes Sheets commit them first (a
   * flush, PRODUCTION.md G6), the slow pattern; a script that reads before it writes has none.
   */
  readsAfterWrites: number;
  /** UrlFetchApp.fetch calls. */
  fetchCalls: number;
  /** UrlFetchApp.fetchAll calls. */
  fetchAllCalls: number;
  /** HTTP requests sent by fetch and fetchAll together. */
  requests: number;
  /** Time the cost model charged (ms), by kind of call ("fetch": UrlFetch's overhead, not the network). */
  costMs: Record<CostCategory, number>;
  /**
   * Cells the flushes committed (cost model on): the part of a run's time no ordering of calls
   * removes, since every written cell is committed once at the model's price per cell.
   */
  committedCells: number;
  /** Every counted call by "Service.method" (e.g. "Range.getValues", "UrlFetchApp.fetchAll"). */
  byMethod: Record<string, number>;
}

export function emptyCounters(): Counters {
  return {
    executions: 0,
    spreadsheetReads: 0,
    spreadsheetWrites: 0,
    readsAfterWrites: 0,
    fetchCalls: 0,
    fetchAllCalls: 0,
    requests: 0,
    costMs: { properties: 0, cache: 0, sheets: 0, flush: 0, fetch: 0, files: 0 },
    committedCells: 0,
    byMethod: {},
  };
}

export function countMethod(counters: Counters, method: string): void {
  counters.byMethod[method] = (counters.byMethod[method] ?? 0) + 1;
}
