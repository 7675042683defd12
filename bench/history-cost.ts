/**
 * What the change history costs an enrichment run: the same refresh of the same rows on two
 * identical sheets, history on and history off, with and without a cost model of 50 ms per
 * spreadsheet call (Apps Script's round trip to Sheets; G6 of PRODUCTION.md: tens of ms for a block
 * call). Reported per 1,000 rows: extra spreadsheet calls and extra time.
 */
import type { Runtime } from "../sandbox/gas/runtime";
import type { EnrichProgress } from "../src/rpc/enrich";
import { DEFAULT_REQUEST, driveSteps, rpcValue } from "../test/jobs/enrich-world";

interface Measured {
  ms: number;
  reads: number;
  writes: number;
  historyRows: number;
}

const HISTORY_SHEET = "Prospecting changes";

function historyRows(runtime: Runtime): number {
  const sheet = runtime.sheets().find((each) => each.name === HISTORY_SHEET);
  return sheet ? Math.max(0, sheet.lastRow - 1) : 0;
}

function refresh(runtime: Runtime, sheet: string, rows: string[][], history: boolean): Measured {
  runtime.insertSheet(sheet);
  runtime.setValues(sheet, "A1", rows);
  rpcValue(runtime, "historySaveSettings", { enabled: history, maxRows: 1_000_000 });
  runtime.select(sheet, `A1:A${rows.length}`);
  const estimate = rpcValue<{ progress: EnrichProgress }>(runtime, "enrichEstimate", DEFAULT_REQUEST);
  rpcValue(runtime, "enrichConfirm", { jobId: estimate.progress.jobId });
  const before = historyRows(runtime);
  runtime.resetCounters();
  const started = performance.now();
  driveSteps(runtime, estimate.progress.jobId);
  return {
    ms: performance.now() - started,
    reads: runtime.counters.spreadsheetReads,
    writes: runtime.counters.spreadsheetWrites,
    historyRows: historyRows(runtime) - before,
  };
}

const perThousand = (value: number, rows: number) => (value * 1000) / rows;

export function measureHistoryCost(runtime: Runtime, rows: string[][], callMs = 50): void {
  const dataRows = rows.length - 1;
  const saved = runtime.timeouts.spreadsheetCallMs;
  try {
    for (const cost of [0, callMs]) {
      runtime.timeouts.spreadsheetCallMs = cost;
      const on = refresh(runtime, `History on ${cost}`, rows, true);
      const off = refresh(runtime, `History off ${cost}`, rows, false);
      const label = cost === 0 ? "no cost model" : `cost model ${cost} ms a spreadsheet call`;
      console.log(
        `change history (${label}): on ${(on.ms / 1000).toFixed(2)} s, ${on.reads} reads, ${on.writes} writes, ` +
          `${on.historyRows} history rows; off ${(off.ms / 1000).toFixed(2)} s, ${off.reads} reads, ${off.writes} writes`,
      );
      console.log(
        `  per 1,000 rows: +${perThousand(on.reads - off.reads, dataRows).toFixed(1)} reads, ` +
          `+${perThousand(on.writes - off.writes, dataRows).toFixed(1)} writes, ` +
          `+${(perThousand(on.ms - off.ms, dataRows) / 1000).toFixed(2)} s, ` +
          `${perThousand(on.historyRows, dataRows).toFixed(0)} history rows`,
      );
    }
  } finally {
    runtime.timeouts.spreadsheetCallMs = saved;
    rpcValue(runtime, "historySaveSettings", { enabled: true, maxRows: 100_000 });
  }
}
