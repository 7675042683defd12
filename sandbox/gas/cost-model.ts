/**
 * The cost model (G6 of PRODUCTION.md, issue 11.2): in production every service call takes time,
 * and that time counts against the 30 s and 6-minute limits. With the model on
 * (`createRuntime({ costModel: true })`), each call sleeps on the runtime's clock for what it
 * costs in production, so deadlines and benchmarks see it. Off by default: tests run at the
 * emulation's own speed unless they ask.
 *
 * Figures, each with its source (third-party measurements; Google publishes none):
 * - Properties: read 30 ms, write 62 ms; Cache: read 3 ms, write 93 ms. Averages of 100 runs in
 *   Luis Peralta, "Google Apps Script APIs performance", https://ziritione.org/post/apps_script_performance
 *   (script and user stores measured alike). Cache.remove ~90 ms: qiita.com/mitonattou919/items/a0fdd1a9e4559ee4a512.
 * - Sheets writes are queued and committed ("flushed") before the next read: "Every time you do a
 *   read, we must first empty (commit) the write cache" (Google's Apps Script blog, "Optimizing
 *   Spreadsheet Operations", 2010). A read after writes therefore pays the flush.
 * - Write calls: 0.4 ms each plus 0.01 ms a cell; a flush: 25 ms plus 0.135 ms a cell. Fitted to
 *   the timings in Mogsdad's answer to "What is faster: ScriptDb or SpreadsheetApp?"
 *   (Stack Overflow, question 12762597): 400 one-row setValues calls in 164 ms without flush and
 *   about 12 s with a flush after each (30 ms a flush of a short row); one 4,000-cell setValues
 *   under 50 ms ("tens of milliseconds" for thousands of cells), 610 ms with a flush after it.
 * - A read call: 10 ms plus 0.002 ms a cell. Assumed: no third-party figure for a lone read was
 *   found; kept below a property read, as batch reads are the fast path Google recommends.
 * - UrlFetch overhead: 50 ms per fetch or fetchAll call, on top of the network time the request
 *   really takes (the sandbox's latency). Assumed: the service's own share of a call is not
 *   published; 50 ms is the order of the other service round trips above.
 * - Reading a project file (HtmlService.createHtmlOutputFromFile: the sidebar's page;
 *   createTemplateFromFile: the add-on's server module): 30 ms. Assumed: no figure found; taken as a property read, another read of
 *   data stored with the script.
 */

export interface CostModel {
  propertyReadMs: number;
  propertyWriteMs: number;
  cacheReadMs: number;
  cacheWriteMs: number;
  sheetReadMs: number;
  sheetReadPerCellMs: number;
  sheetWriteMs: number;
  sheetWritePerCellMs: number;
  flushMs: number;
  flushPerCellMs: number;
  fetchCallMs: number;
  htmlFileReadMs: number;
}

export const MEASURED_COSTS: CostModel = {
  propertyReadMs: 30,
  propertyWriteMs: 62,
  cacheReadMs: 3,
  cacheWriteMs: 93,
  sheetReadMs: 10,
  sheetReadPerCellMs: 0.002,
  sheetWriteMs: 0.4,
  sheetWritePerCellMs: 0.01,
  flushMs: 25,
  flushPerCellMs: 0.135,
  fetchCallMs: 50,
  htmlFileReadMs: 30,
};

/** Where charged time goes, for benchmarks' shares ("fetch" is the overhead, not the network). */
export type CostCategory = "properties" | "cache" | "sheets" | "flush" | "fetch" | "files";

const PROPERTY_READS = new Set(["getProperty", "getProperties", "getKeys"]);
const CACHE_READS = new Set(["get", "getAll"]);

export interface ChargedCall {
  category: CostCategory;
  ms: number;
}

/** What one service call costs before it runs (the flush a read triggers is charged separately). */
export function callCost(
  model: CostModel,
  method: string,
  kind: "read" | "write" | "other",
  cells: number,
): ChargedCall | null {
  if (kind === "read")
    return { category: "sheets", ms: model.sheetReadMs + cells * model.sheetReadPerCellMs };
  if (kind === "write")
    return { category: "sheets", ms: model.sheetWriteMs + cells * model.sheetWritePerCellMs };
  const dot = method.indexOf(".");
  const service = method.slice(0, dot);
  const name = method.slice(dot + 1);
  if (service === "Properties") {
    return {
      category: "properties",
      ms: PROPERTY_READS.has(name) ? model.propertyReadMs : model.propertyWriteMs,
    };
  }
  if (service === "Cache") {
    return { category: "cache", ms: CACHE_READS.has(name) ? model.cacheReadMs : model.cacheWriteMs };
  }
  if (service === "UrlFetchApp" && (name === "fetch" || name === "fetchAll")) {
    return { category: "fetch", ms: model.fetchCallMs };
  }
  if (method === "HtmlService.createHtmlOutputFromFile" || method === "HtmlService.createTemplateFromFile")
    return { category: "files", ms: model.htmlFileReadMs };
  return null;
}

/** Committing `cells` queued cell writes. */
export function flushCost(model: CostModel, cells: number): number {
  return model.flushMs + cells * model.flushPerCellMs;
}
