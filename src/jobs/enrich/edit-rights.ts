/**
 * Before an Enrich step sends anything: may this user edit every cell the run writes? Its columns
 * over its rows, and the headers it appends (once). See ../edit-rights.ts.
 */
import { type Block, protectedStopFor } from "../edit-rights";
import type { EnrichJob, JobMessage } from "./job-types";
import { emailColumnsOf, writtenColumnRuns } from "./layout";
import type { ChangeLog, Grid } from "./ports";

function writtenBlocks(job: EnrichJob): Block[] {
  const { layout } = job;
  const height = job.lastRow - job.firstRow + 1;
  const runs = writtenColumnRuns(layout);
  // Email and Email Status; the third, the company website, is only read.
  for (const column of emailColumnsOf(layout).slice(0, 2))
    if (column > 0) runs.push({ left: column, width: 1 });
  const blocks = runs.map(({ left, width }) => ({ top: job.firstRow, left, height, width }));
  if (!job.prepared && layout.appended.length > 0)
    blocks.push({
      top: layout.headerRow,
      left: layout.firstNewColumn,
      height: 1,
      width: layout.appended.length,
    });
  return blocks;
}

/**
 * The stop for a run that would write where its user may not edit (its rows, or the change
 * history it keeps for Undo); null when they may write everywhere.
 */
export function protectedStop(grid: Grid, job: EnrichJob, changes?: ChangeLog): JobMessage | null {
  return protectedStopFor(grid, job.sheetName, writtenBlocks(job), "Enrich", changes);
}
