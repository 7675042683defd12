/**
 * A write the sheet refuses after the answers were paid: a column whose data validation is set to
 * "Reject input" and refuses a value, or a range protected since the step checked (edit-rights.ts).
 * Apps Script then throws for the whole setValues, and nothing of its block is written. Before,
 * the exception ended the step as an internal error: the lookups' paid rows later said "cut off",
 * and a bulk run polled its jobs and failed again at every step, never ending. Now the run stops
 * saying what the sheet said, the rows say they may have been charged (when their status cell
 * takes it), and they are never sent again by themselves.
 */
import { isoSecond } from "../../sheet/sheet-time";
import { refusedWriteMessage } from "../edit-rights";
import { writeErrorText } from "../paid-rows";
import { type RowOutcome, writeOutcomes } from "./row-writer";
import type { StepContext } from "./step";

/** The row's status: held back from new runs over the list, as every "may have been charged" row. */
export const refusedStatus = (reason: string) =>
  `error: answered and charged, but the sheet refused the write (${reason}); not sent again by itself, as every row that may have been charged: select the row and run again to retry`;

/**
 * Writes `byRow` where `layout` puts it (row-writer.ts). If the sheet refuses, writes the rows one
 * by one (without the change history, which the first write recorded), so that one refusing cell
 * loses only its own row's paid answer; then stops the run, leaves each refused row's status, and
 * answers the rows refused: the caller counts their URLs as failed, not as enriched (refusedUrl).
 * Empty: all written.
 */
export function writeOrStop(
  context: StepContext,
  byRow: ReadonlyMap<number, RowOutcome>,
  layout = context.layout ?? context.job.layout,
): ReadonlySet<number> {
  const { job, deps, grid } = context;
  context.written ??= new Map();
  const write = (rows: ReadonlyMap<number, RowOutcome>, first: boolean) =>
    writeOutcomes(
      grid,
      layout,
      rows,
      job.options.mode,
      isoSecond(deps.clock.now()),
      first ? context.written : undefined,
      first ? context.record : undefined,
      deps.settings.lists,
    );
  try {
    write(byRow, true);
    return new Set();
  } catch (error) {
    let reason = writeErrorText(error);
    const refused = new Set<number>();
    for (const [row, outcome] of byRow) {
      try {
        write(new Map([[row, outcome]]), false);
      } catch (rowError) {
        refused.add(row);
        reason = writeErrorText(rowError);
      }
    }
    // The sheet took every row alone (what refused the block has changed since): nothing lost.
    if (refused.size === 0) return refused;
    // Rows with only a status to write (not found: free) keep it; answered rows say they were paid.
    const statuses = new Map<number, RowOutcome>();
    let paid = 0;
    for (const row of refused) {
      const outcome = byRow.get(row)!;
      if (outcome.kind === "ok") paid += 1;
      statuses.set(row, outcome.kind === "ok" ? { kind: "status", status: refusedStatus(reason) } : outcome);
    }
    job.state = "stopped";
    job.message = refusedWriteMessage(paid, reason, "Enrich");
    try {
      writeOutcomes(grid, layout, statuses, job.options.mode, isoSecond(deps.clock.now()));
    } catch {
      // The status column refuses too: the run's message is all that says it.
    }
    return refused;
  }
}

/** Whether the distinct URL `index` has a row the sheet refused: its paid answer was not all written. */
export function refusedUrl(
  rows: readonly (readonly number[])[],
  index: number,
  refused: ReadonlySet<number>,
): boolean {
  return (rows[index] ?? []).some((row) => refused.has(row));
}
