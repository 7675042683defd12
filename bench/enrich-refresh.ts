/**
 * The run a list sees every week after its first: the same rows refreshed again, with some people
 * moved to other jobs since. Issue 20's targets are for a first enrichment, which changes every
 * cell of every row (8 a row in bench/enrich.ts); a refresh changes only what moved, and this
 * prints what that costs, so a user with a weekly schedule knows.
 *
 * On the sheet the first run filled: one refresh (not measured) settles it (Job changed back to
 * FALSE, Previous job emptied: nobody moved between the two), then 1 row in 10 gets its old job
 * typed back (as if the person had moved since), then the measured refresh, cost model on.
 * The sandbox answers a URL the same way every time, so those rows are exactly the job changes.
 */
import type { Runtime } from "../sandbox/gas/runtime";
import { HISTORY_SHEET } from "../src/jobs/history/columns";
import { driveSteps, estimateAndConfirm, SHEET } from "../test/jobs/enrich-world";

/** One row in this many gets an old job typed back before the measured refresh. */
const MOVED_EVERY = 10;

export interface RefreshFigures {
  rows: number;
  moved: number;
  jobChanges: number;
  serviceMs: number;
  wallMs: number;
  flushMs: number;
  historyCells: number;
}

function historyCells(runtime: Runtime): number {
  const history = runtime.sheets().find((sheet) => sheet.name === HISTORY_SHEET);
  return (history?.lastRow ?? 0) * (history?.lastColumn ?? 0);
}

/** Refreshes `rowCount` rows of the bench's sheet (already enriched once), as described above. */
export function measureRefresh(runtime: Runtime, rowCount: number): RefreshFigures {
  const range = `A1:A${rowCount + 1}`;
  driveSteps(runtime, estimateAndConfirm(runtime, range));
  const header = runtime.getSheetCells(SHEET)[0]!.map((cell) => String(cell.value));
  // crmRows' layout: Profile URL, Title, Company.
  if (header[1] !== "Title" || header[2] !== "Company") throw new Error(`unexpected header ${header}`);
  let moved = 0;
  for (let row = 2; row <= rowCount + 1; row += MOVED_EVERY) {
    runtime.setValues(SHEET, `B${row}:C${row}`, [["Old title", "Old Co"]]);
    moved += 1;
  }
  const historyBefore = historyCells(runtime);
  const jobId = estimateAndConfirm(runtime, range);
  runtime.resetCounters();
  const started = performance.now();
  const end = driveSteps(runtime, jobId);
  const wallMs = performance.now() - started;
  const { fetch: _overhead, ...services } = runtime.counters.costMs;
  const changed = header.findIndex((text) => /^job[ _]changed$/i.test(text));
  const jobChanges = runtime
    .getSheetCells(SHEET)
    .slice(1)
    .filter((row) => row[changed]?.value === true).length;
  if (end.state !== "done") throw new Error(`the refresh ended ${end.state}`);
  return {
    rows: rowCount,
    moved,
    jobChanges,
    serviceMs: Object.values(services).reduce((sum, ms) => sum + ms, 0),
    wallMs,
    flushMs: runtime.counters.costMs.flush,
    historyCells: historyCells(runtime) - historyBefore,
  };
}

export function printRefresh(figures: RefreshFigures, idealMs: number): void {
  const perThousand = (value: number) => (value * 1000) / figures.rows;
  console.log(
    `a refresh a week later (the same ${figures.rows} rows, 1 in ${MOVED_EVERY} moved: ${figures.moved} typed back to an old job, ` +
      `${figures.jobChanges} job changes found), cost model on: wall ${(figures.wallMs / 1000).toFixed(2)} s ` +
      `(ratio to ideal ${(figures.wallMs / idealMs).toFixed(2)}); service time other than fetches ` +
      `${(perThousand(figures.serviceMs) / 1000).toFixed(2)} s per 1,000 rows; ` +
      `(flushes ${(perThousand(figures.flushMs) / 1000).toFixed(2)} s); ` +
      `${Math.round(perThousand(figures.historyCells)).toLocaleString("en-US")} history cells per 1,000 rows`,
  );
}
