/**
 * How long the Credits export may fetch pages. The export fetches, then writes every row in one
 * block, in one execution of 6 minutes; the write's time grows with the rows (committing 90,061
 * transactions of 8 cells took 104 s of service time in the emulated runtime, 200,000 would take
 * about 232 s), so a fixed 4 minutes of fetching let a big export with slow pages be cut off by
 * Apps Script while writing, with no answer. The fetching stops in time for the write instead; pages
 * it cannot read in that time leave the sheet as it was and say to narrow the export.
 */
import { WRITE_MS_PER_CELL } from "../write-cost";
import { EXPORT_WIDTH } from "./sheet-plan";

/** Fetching never takes longer than this, whatever the size. */
export const DEFAULT_FETCH_BUDGET_MS = 4 * 60_000;
const EXECUTION_MS = 6 * 60_000;
/** What the execution spends besides fetching and the write: loading, the account, the probe, the sheet read. */
const OTHER_WORK_MS = 60_000;

/** Milliseconds the export of `rows` transactions may spend fetching its pages. */
export function fetchBudgetMs(rows: number): number {
  const writeMs = (rows + 1) * EXPORT_WIDTH * WRITE_MS_PER_CELL;
  return Math.max(0, Math.min(DEFAULT_FETCH_BUDGET_MS, EXECUTION_MS - OTHER_WORK_MS - writeMs));
}
