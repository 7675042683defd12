/** G6: with the cost model on, service calls spend production's time on the execution's clock. */
import { describe, expect, it } from "vitest";
import { MEASURED_COSTS, manualClock } from "../../sandbox/gas/runtime";
import { failure, tinyRuntime } from "./harness";

const CODE = `
function props() { var p = PropertiesService.getUserProperties(); p.getProperty("a"); p.setProperty("a", "1"); }
function cache() { var c = CacheService.getDocumentCache(); c.get("a"); c.put("a", "1", 60); }
function interleaved(n) { var s = SpreadsheetApp.getActiveSheet(); for (var i = 1; i <= n; i++) { s.getRange(i, 1).setValue(i); s.getRange(i, 1).getValue(); } }
function batched(n) { var s = SpreadsheetApp.getActiveSheet(); var rows = []; for (var i = 1; i <= n; i++) rows.push([i]); s.getRange(1, 1, n, 1).setValues(rows); return s.getRange(1, 1, n, 1).getValues().length; }
function writeOnly(n) { var rows = []; for (var i = 1; i <= n; i++) rows.push([i, i, i, i]); SpreadsheetApp.getActiveSheet().getRange(1, 1, n, 4).setValues(rows); }
function manyReads(n) { var p = PropertiesService.getUserProperties(); for (var i = 0; i < n; i++) p.getProperty("k"); return "done"; }
function readFile() { return HtmlService.createHtmlOutputFromFile("module").getContent().length; }
function fetches() { UrlFetchApp.fetch("http://api.test/a"); UrlFetchApp.fetchAll(["http://api.test/b", "http://api.test/c"]); }
`;

function runtime() {
  const clock = manualClock();
  const rt = tinyRuntime(CODE, {
    clock,
    costModel: true,
    files: { module: "var x = 1;" },
    spreadsheet: { sheets: [{ name: "Sheet1", rows: [], maxRows: 2000 }] },
  });
  return { clock, rt, duration: () => rt.executions.at(-1)!.durationMs };
}

// Times are epoch milliseconds on the manual clock: compared to the millisecond.
describe("cost model", () => {
  it("is off by default: calls take no modelled time", () => {
    const clock = manualClock();
    const rt = tinyRuntime(CODE, { clock });
    rt.run("props");
    expect(rt.executions.at(-1)!.durationMs).toBe(0);
  });

  it("charges property and cache reads and writes the measured times", () => {
    const { rt, duration } = runtime();
    rt.run("props");
    expect(duration()).toBe(MEASURED_COSTS.propertyReadMs + MEASURED_COSTS.propertyWriteMs);
    rt.run("cache");
    expect(duration()).toBe(MEASURED_COSTS.cacheReadMs + MEASURED_COSTS.cacheWriteMs);
    expect(rt.counters.costMs).toMatchObject({ properties: 92, cache: 96 });
  });

  it("makes a read after writes pay the flush: interleaving costs far more than one block", () => {
    const { rt, duration } = runtime();
    rt.run("interleaved", [100]);
    const interleaved = duration();
    rt.run("batched", [100]);
    const batched = duration();
    expect(interleaved).toBeCloseTo(100 * (0.4 + 0.01 + 25 + 0.135 + 10 + 0.002), 0);
    expect(batched).toBeCloseTo(0.4 + 1 + 25 + 13.5 + 10 + 0.2, 0);
    expect(interleaved / batched).toBeGreaterThan(50);
  });

  it("charges a block write by size and commits it when the execution ends", () => {
    const { rt, duration } = runtime();
    rt.run("writeOnly", [1000]);
    // 4,000 cells: tens of milliseconds to write, then the commit at the end.
    expect(rt.counters.costMs.sheets).toBeCloseTo(0.4 + 40, 0);
    expect(rt.counters.costMs.flush).toBeCloseTo(25 + 540, 0);
    expect(duration()).toBeCloseTo(605.4, 0);
  });

  it("counts the cells its flushes commit, each once", () => {
    const { rt } = runtime();
    rt.run("interleaved", [30]);
    rt.run("writeOnly", [100]);
    // 30 one-cell writes each committed by the read after it, then a block of 400 at the end.
    expect(rt.counters.committedCells).toBe(30 + 400);
  });

  it("charges UrlFetch's overhead per call, on top of the network", () => {
    const { rt } = runtime();
    rt.run("fetches");
    expect(rt.counters.costMs.fetch).toBe(2 * MEASURED_COSTS.fetchCallMs);
  });

  it("charges reading a project file (the add-on's server module) as assumed", () => {
    const { rt, duration } = runtime();
    expect(rt.run("readFile")).toBe(10);
    expect(duration()).toBe(MEASURED_COSTS.htmlFileReadMs);
    expect(rt.counters.costMs.files).toBe(MEASURED_COSTS.htmlFileReadMs);
  });

  it("counts against the 30 s a custom function has", () => {
    const { rt } = runtime();
    expect(rt.run("manyReads", [900], { kind: "custom" })).toBe("done");
    expect(failure(() => rt.run("manyReads", [1100], { kind: "custom" })).message).toBe(
      "Exceeded maximum execution time",
    );
  });

  it("can be switched on and off, and take figures of one's own", () => {
    const { rt, duration } = runtime();
    rt.setCostModel({ propertyReadMs: 100 });
    rt.run("props");
    expect(duration()).toBe(100 + MEASURED_COSTS.propertyWriteMs);
    rt.setCostModel(false);
    rt.run("props");
    expect(duration()).toBe(0);
  });
});
