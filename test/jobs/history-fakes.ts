/** An in-memory `Prospecting changes` table that reads back like Sheets: one leading apostrophe hidden. */

import { confirmJob, estimateJob, stepJob } from "../../src/jobs/enrich/job";
import { DEFAULT_ENRICH_OPTIONS, type EnrichOptions } from "../../src/jobs/enrich/options";
import type { GridValue } from "../../src/jobs/enrich/ports";
import { historyLog } from "../../src/jobs/history/log";
import type { HistoryCell, HistoryDeps, HistoryTable } from "../../src/jobs/history/ports";
import { cellLiteral } from "../../src/sheet/cell-literal";
import { isoSecond } from "../../src/sheet/sheet-time";
import { deps, FakeClient, lead, MemoryGrid } from "./enrich-fakes";

export class MemoryTable implements HistoryTable {
  rows: string[][] = [];
  appends = 0;
  size(): number {
    return this.rows.length;
  }
  append(rows: HistoryCell[][]): void {
    this.appends += 1;
    for (const row of rows) {
      // Read back as history-sheet.ts does: a date as its UTC text to the second.
      this.rows.push(
        row.map((value) =>
          typeof value === "string"
            ? value.replace(/^'/, "")
            : value instanceof Date
              ? isoSecond(value.getTime())
              : String(value),
        ),
      );
    }
  }
  read(first: number, count: number, width: number): string[][] {
    return this.rows.slice(first - 1, first - 1 + count).map((row) => row.slice(0, width));
  }
  remove(first: number, count: number): void {
    this.rows.splice(first - 1, count);
  }
}

/**
 * A grid that keeps what was typed or written (like the emulated runtime's cell input): `read`
 * gives values as getValues does (the apostrophe hidden, a formula as its text), `literals` the
 * input itself.
 */
export class InputGrid extends MemoryGrid {
  override read(top: number, left: number, height: number, width: number): GridValue[][] {
    return super
      .read(top, left, height, width)
      .map((row) => row.map((value) => (typeof value === "string" ? value.replace(/^'/, "") : value)));
  }
  literals(top: number, left: number, height: number, width: number): string[][] {
    return super
      .read(top, left, height, width)
      .map((row) => row.map((value) => (typeof value === "string" ? value : cellLiteral(value))));
  }
}

/**
 * An enrichment job over one `CRM` sheet (id 1) with the change history on, as the sidebar drives
 * it: every URL answered with "New title <slug>" at "New Co". `rename` renames the sheet (found
 * by id afterwards, as Apps Script does); `other` is a second sheet an attacker may aim at.
 */
export function historyWorld(rows: string[][], options: Partial<EnrichOptions> = {}, maxRows = 100_000) {
  const grid = new InputGrid(rows.map((row) => [...row]));
  const other = new InputGrid([["Other sheet"], ["untouched"]]);
  const table = new MemoryTable();
  const client = new FakeClient((sent) => {
    const slug = sent.split("/in/")[1]!;
    return { ok: true, lead: lead(slug, { job_title: `New title ${slug}`, company_name: "New Co" }) };
  });
  const d = deps(grid, client, { settings: { chunkSize: 500, spendCap: 1_000_000 } });
  let name = "CRM";
  let secrets = 0;
  const freshSecret = () => {
    secrets += 1;
    return `secret-${secrets}-0123456789abcdef0123456789abcdef`;
  };
  d.changes = historyLog({ table, clock: d.clock, store: d.store, freshSecret }, { enabled: true, maxRows });
  const sheets = () => [
    { id: 1, name, grid },
    { id: 2, name: "Other", grid: other },
  ];
  const history: HistoryDeps = {
    table,
    store: d.store,
    clock: d.clock,
    lock: d.lock,
    freshSecret,
    gridByName: (wanted) => sheets().find((sheet) => sheet.name === wanted)?.grid ?? null,
    gridById: (id) => {
      const sheet = sheets().find((each) => each.id === id);
      return sheet ? { grid: sheet.grid, name: sheet.name } : null;
    },
  };
  if (maxRows !== 100_000) d.store.set("history.settings", JSON.stringify({ enabled: true, maxRows }));
  const run = () => {
    const box = { sheetId: 1, sheetName: name, top: 1, left: 1, height: grid.cells.length, width: 1 };
    const { progress } = estimateJob(d, grid, box, { ...DEFAULT_ENRICH_OPTIONS, ...options });
    confirmJob(d, progress.jobId);
    let step = stepJob(d, progress.jobId);
    while (step.state === "running") step = stepJob(d, progress.jobId);
    d.clock.time += 60_000;
    return progress.jobId;
  };
  return {
    grid,
    other,
    table,
    client,
    d,
    history,
    run,
    rename: (to: string) => {
      name = to;
    },
  };
}
