/**
 * Enrichment benchmark: 2,000 rows (1,800 distinct profile URLs) refreshed by the built add-on in
 * the emulated Apps Script runtime, driven step by step as the sidebar drives it, against the
 * sandbox API at 200 ms latency. Compared with the ideal ceil(distinct / 500) x latency (one
 * parallel fetchAll per 500 distinct URLs and nothing else) and with a naive script written the way
 * most are: one UrlFetchApp.fetch and one cell write per row. The naive script runs on a subset of
 * rows and is extrapolated linearly (at 200 ms a row, 2,000 rows would take ~7 minutes: more than
 * one Apps Script execution may run).
 * Every run takes the lookup path (API generation "legacy"), the path issue 20's figures are for:
 * bulk jobs are the default generation now, and the same 2,000 rows through them are measured
 * once more at the end, for comparison.
 * Then the change history's cost (bench/history-cost.ts): history on vs off on identical sheets;
 * then 10,000 rows (9,000 distinct) with the history on, as one run; then issue 20's targets,
 * before and now (bench/enrich-targets.ts).
 * Options: --rows 2000 --distinct 1800 --latency 200 --naive-rows 100 --big-rows 10000 --big-distinct 9000
 * (--big-rows 0 skips the big run).
 */

import { sandboxControl } from "../sandbox/api/control";
import { startSandboxThread } from "../sandbox/api/thread";
import { MEASURED_COSTS } from "../sandbox/gas/cost-model";
import { createRuntime } from "../sandbox/gas/runtime";
import { normalizeProfileUrl } from "../src/api/profile-url";
import { PATHS } from "../src/api/wire";
import type { EnrichProgress } from "../src/rpc/enrich";
import {
  crmRows,
  DEFAULT_REQUEST,
  driveSteps,
  estimateAndConfirm,
  rpcValue,
  startEnrichWorld,
  USER,
} from "../test/jobs/enrich-world";
import { runBig } from "./enrich-big";
import { runBulk } from "./enrich-bulk";
import { measureRefresh, printRefresh } from "./enrich-refresh";
import { printTargets } from "./enrich-targets";
import { measureHistoryCost } from "./history-cost";
import { numberOption } from "./options";
import { serviceShare } from "./service-share";

/** The naive script: what most Apps Script enrichment scripts look like. */
const NAIVE_CODE = `
function naiveEnrich() {
  var props = PropertiesService.getUserProperties();
  var base = props.getProperty("API_BASE_URL");
  var key = props.getProperty("API_KEY");
  var sheet = SpreadsheetApp.getActiveSheet();
  var last = sheet.getLastRow();
  for (var row = 2; row <= last; row++) {
    var url = sheet.getRange(row, 1).getValue();
    var response = UrlFetchApp.fetch(base + "${PATHS.leadLookup}", {
      method: "post",
      contentType: "application/json",
      headers: { Authorization: "Token " + key },
      payload: JSON.stringify({ url: url }),
      muteHttpExceptions: true
    });
    var lead = JSON.parse(response.getContentText()).lead || {};
    sheet.getRange(row, 2).setValue(lead.job_title);
  }
}
`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function runNaive(
  rows: string[][],
  latency: number,
): Promise<{ ms: number; reads: number; writes: number; charged: number }> {
  const sandbox = await startSandboxThread({ latencyMs: { [PATHS.leadLookup]: latency }, seed: 1 });
  try {
    const runtime = createRuntime({
      codeJs: NAIVE_CODE,
      sidebarHtml: "",
      spreadsheet: { sheets: [{ name: "CRM", rows }] },
      properties: { user: { [USER]: { API_BASE_URL: sandbox.url, API_KEY: "sandbox-demo-key" } } },
      user: USER,
      costModel: true,
    });
    const started = performance.now();
    runtime.run("naiveEnrich", []);
    const ms = performance.now() - started;
    const stats = await sandboxControl(sandbox.url).stats();
    return {
      ms,
      reads: runtime.counters.spreadsheetReads,
      writes: runtime.counters.spreadsheetWrites,
      charged: stats.creditsCharged,
    };
  } finally {
    await sandbox.close();
  }
}

export async function run(args: string[]): Promise<void> {
  const rowCount = numberOption(args, "rows", 2000);
  const distinct = numberOption(args, "distinct", 1800);
  const latency = numberOption(args, "latency", 200);
  const naiveRows = numberOption(args, "naive-rows", 100);
  const bigRows = numberOption(args, "big-rows", 10_000);
  const bigDistinct = numberOption(args, "big-distinct", 9_000);

  // The default spend cap (500) would stop the run at 500 URLs: raise it, as a user refreshing 1,800 would.
  const world = await startEnrichWorld({
    rows: [],
    latencyMs: latency,
    // The lookup path, pinned: bulk jobs are the default (measured apart, bench/enrich-bulk.ts).
    userProperties: { SPEND_CAP: "10000", API_GENERATION: "legacy" },
    // Service calls take production's time (sandbox/gas/cost-model.ts), as the issue asks.
    costModel: true,
  });
  try {
    const urls = await world.control.sampleUrls(distinct, 0);
    const rows = crmRows(urls, rowCount - distinct);
    world.runtime.setValues("CRM", "A1", rows);
    const keys = new Set(rows.slice(1).map((row) => normalizeProfileUrl(row[0]!)));
    console.log(
      `${rows.length - 1} rows, ${keys.size} distinct URLs, sandbox latency ${latency} ms, chunk size 500 (the spec's limit); ` +
        "lookup path (API generation legacy), history on",
    );
    await world.control.configure({ latencyMs: { [PATHS.leadLookup]: latency, "*": 0 } });

    // Warm-up (not measured), as in bench/batch.ts: starts the fetch worker, opens the kept-alive
    // sockets and warms the JIT, on a sheet of 500 other URLs.
    const warmUrls = await world.control.sampleUrls(500, distinct);
    world.runtime.insertSheet("Warm-up");
    world.runtime.setValues("Warm-up", "A1", [["url"], ...warmUrls.map((url) => [url])]);
    world.runtime.select("Warm-up", `A1:A${warmUrls.length + 1}`);
    const warm = rpcValue<{ progress: EnrichProgress }>(world.runtime, "enrichEstimate", DEFAULT_REQUEST);
    rpcValue(world.runtime, "enrichConfirm", { jobId: warm.progress.jobId });
    driveSteps(world.runtime, warm.progress.jobId);
    await world.control.reset();

    const planStarted = performance.now();
    const jobId = estimateAndConfirm(world.runtime, `A1:A${rows.length}`);
    const planMs = performance.now() - planStarted;
    world.runtime.resetCounters();
    const started = performance.now();
    const end = driveSteps(world.runtime, jobId);
    const runMs = performance.now() - started;
    const counters = world.runtime.counters;
    const stats = await world.control.stats();

    const ideal = Math.ceil(keys.size / 500) * latency;
    console.log(`state: ${end.state}; ok ${end.ok}, not found ${end.notFound}, failed ${end.failed}`);
    console.log(`estimate + confirm (not charged): ${seconds(planMs)}`);
    console.log(`run wall time (cost model on): ${seconds(runMs)} in ${counters.executions} step(s)`);
    const longest = Math.max(
      ...world.runtime.executions.slice(-counters.executions).map((e) => e.durationMs),
    );
    console.log(`longest step: ${seconds(longest)} of the 6 minutes; ${serviceShare(counters, runMs)}`);
    console.log(
      `ideal ceil(${keys.size} / 500) x ${latency} ms = ${seconds(ideal)}; ratio to ideal ${(runMs / ideal).toFixed(2)}`,
    );
    console.log(
      `peak concurrency seen by the sandbox on lead lookup: ${stats.peakConcurrency[PATHS.leadLookup] ?? 0} (limit 500)`,
    );
    console.log(
      `spreadsheet calls during the run: ${counters.spreadsheetReads} reads, ${counters.spreadsheetWrites} writes, ` +
        `${counters.readsAfterWrites} reads after writes (each a flush); fetchAll calls ${counters.fetchAllCalls}`,
    );
    const { fetch: _fetchOverhead, ...services } = counters.costMs;
    const serviceMs = Object.values(services).reduce((sum, ms) => sum + ms, 0);
    const committedCells = counters.committedCells;
    console.log(
      `cells committed by the run's flushes: ${committedCells.toLocaleString("en-US")} ` +
        `(${(committedCells / (rows.length - 1)).toFixed(2)} a row: each row's values and statuses, Enriched At's format, the headers and the history)`,
    );
    console.log(
      `credits charged: ${stats.creditsCharged} for ${keys.size} distinct URLs (${rows.length - 1} rows)`,
    );

    // A second run in "Fill empty cells only" mode over the same rows, now filled: it pays only for
    // URLs of rows with an empty chosen cell (leads whose field is null leave one).
    await world.control.reset();
    world.runtime.resetCounters();
    world.runtime.select("CRM", `A1:A${rows.length}`);
    const fillStarted = performance.now();
    const fill = rpcValue<{ preview: { toFetch: number; maxCredits: number }; progress: EnrichProgress }>(
      world.runtime,
      "enrichEstimate",
      { ...DEFAULT_REQUEST, options: { ...DEFAULT_REQUEST.options, mode: "fill" } },
    );
    rpcValue(world.runtime, "enrichConfirm", { jobId: fill.progress.jobId });
    const fillEnd = driveSteps(world.runtime, fill.progress.jobId);
    const fillMs = performance.now() - fillStarted;
    const fillStats = await world.control.stats();
    console.log(
      `fill-empty run after it: estimate ${fill.preview.toFetch} URLs to fetch (${fill.preview.maxCredits} credits), ` +
        `${fillEnd.skipped} skipped; charged ${fillStats.creditsCharged}; ${seconds(fillMs)}; ` +
        `${world.runtime.counters.spreadsheetReads} reads, ${world.runtime.counters.spreadsheetWrites} writes`,
    );

    await world.control.reset();
    printRefresh(measureRefresh(world.runtime, rows.length - 1), ideal);

    const naive = await runNaive(rows.slice(0, naiveRows + 1), latency);
    const perRow = naive.ms / naiveRows;
    const naiveFull = perRow * (rows.length - 1);
    console.log(
      `naive baseline (one fetch + one setValue per row), measured on ${naiveRows} rows: ${seconds(naive.ms)}, ` +
        `${naive.reads} reads, ${naive.writes} writes, ${naive.charged} credits`,
    );
    console.log(
      `naive extrapolated linearly to ${rows.length - 1} rows: ${seconds(naiveFull)} (over one 6-minute execution: ${
        naiveFull > 360_000 ? "yes" : "no"
      }), ~${Math.round((naive.reads / naiveRows) * (rows.length - 1))} reads, ~${Math.round(
        (naive.writes / naiveRows) * (rows.length - 1),
      )} writes, ${rows.length - 1} credits`,
    );
    console.log(`speed-up over naive: ${(naiveFull / runMs).toFixed(1)}x`);

    await world.control.reset();
    const history = measureHistoryCost(world.runtime, rows);
    // A fresh ledger and balance for the big run (the runs above spent ~9,500 credits). Once more
    // if the kept-alive socket to the sandbox was closed meanwhile.
    await world.control.reset().catch(() => world.control.reset());
    const big = bigRows > 0 ? await runBig(world, bigRows, bigDistinct, latency) : null;
    await world.control.reset().catch(() => world.control.reset());
    await runBulk(world, rows, latency, ideal);
    printTargets({
      ratioToIdeal: runMs / ideal,
      serviceMsPerThousand: (serviceMs * 1000) / (rows.length - 1),
      historyCellsPerThousand: history.cellsPerThousand,
      historyMsPerThousand: history.modelMsPerThousand,
      big,
      committedCellsPerThousand: (committedCells * 1000) / (rows.length - 1),
      msPerCell: MEASURED_COSTS.sheetWritePerCellMs + MEASURED_COSTS.flushPerCellMs,
    });
  } finally {
    await world.close();
  }
}
