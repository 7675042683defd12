/**
 * What the change history costs an enrichment run: the same refresh of the same rows on two
 * identical sheets, history on and history off, with the emulated runtime at its own speed and
 * with the runtime's cost model on (sandbox/gas/cost-model.ts: production's time for each
 * property, cache, sheet and fetch call, and for flushing queued writes before a read). Reported
 * per 1,000 rows: extra spreadsheet calls, extra wall time, and the extra time the model charged.
 */
import type { Runtime } from "../sandbox/gas/runtime";
import type { EnrichProgress } from "../src/rpc/enrich";
import { DEFAULT_REQUEST, driveSteps, rpcValue } from "../test/jobs/enrich-world";

interface Measured {
  ms: number;
  /** Time the cost model charged (0 with it off). */
  modelMs: number;
  reads: number;
  writes: number;
  historyRows: number;
  /** History cells written: rows x the history sheet's columns. */
  historyCells: number;
}

/** Per 1,000 rows, with the cost model on: what issue 20's targets measure. */
export interface HistoryCost {
  cellsPerThousand: number;
  modelMsPerThousand: number;
}

const HISTORY_SHEET = "Prospecting changes";

function historyRows(runtime: Runtime): number {
  const sheet = runtime.sheets().find((each) => each.name === HISTORY_SHEET);
  return sheet ? Math.max(0, sheet.lastRow - 1) : 0;
}

function historyWidth(runtime: Runtime): number {
  return runtime.sheets().find((each) => each.name === HISTORY_SHEET)?.lastColumn ?? 0;
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
    modelMs: Object.values(runtime.counters.costMs).reduce((sum, ms) => sum + ms, 0),
    reads: runtime.counters.spreadsheetReads,
    writes: runtime.counters.spreadsheetWrites,
    historyRows: historyRows(runtime) - before,
    historyCells: (historyRows(runtime) - before) * historyWidth(runtime),
  };
}

const perThousand = (value: number, rows: number) => (value * 1000) / rows;
/** A difference with its sign: "+1.0", "-21.5". */
const signed = (value: number, digits: number) => `${value >= 0 ? "+" : ""}${value.toFixed(digits)}`;

export function measureHistoryCost(runtime: Runtime, rows: string[][]): HistoryCost {
  const dataRows = rows.length - 1;
  const cost: HistoryCost = { cellsPerThousand: 0, modelMsPerThousand: 0 };
  try {
    for (const model of [false, true]) {
      runtime.setCostModel(model);
      const on = refresh(runtime, `History on ${model}`, rows, true);
      const off = refresh(runtime, `History off ${model}`, rows, false);
      const label = model ? "cost model on" : "emulation's own speed";
      console.log(
        `change history (${label}): on ${(on.ms / 1000).toFixed(2)} s, ${on.reads} reads, ${on.writes} writes, ` +
          `${on.historyRows} history rows; off ${(off.ms / 1000).toFixed(2)} s, ${off.reads} reads, ${off.writes} writes` +
          (model
            ? `; model charged ${(on.modelMs / 1000).toFixed(2)} s on, ${(off.modelMs / 1000).toFixed(2)} s off`
            : ""),
      );
      console.log(
        `  per 1,000 rows: ${signed(perThousand(on.reads - off.reads, dataRows), 1)} reads, ` +
          `${signed(perThousand(on.writes - off.writes, dataRows), 1)} writes, ` +
          `${signed(perThousand(on.ms - off.ms, dataRows) / 1000, 2)} s wall` +
          (model
            ? `, ${signed(perThousand(on.modelMs - off.modelMs, dataRows) / 1000, 2)} s charged by the model`
            : "") +
          `, ${perThousand(on.historyRows, dataRows).toFixed(0)} history rows, ` +
          `${perThousand(on.historyCells, dataRows).toFixed(0)} history cells`,
      );
      if (model) {
        cost.cellsPerThousand = perThousand(on.historyCells, dataRows);
        cost.modelMsPerThousand = perThousand(on.modelMs - off.modelMs, dataRows);
      }
    }
    return cost;
  } finally {
    runtime.setCostModel(false);
    rpcValue(runtime, "historySaveSettings", { enabled: true, maxRows: 100_000 });
  }
}
