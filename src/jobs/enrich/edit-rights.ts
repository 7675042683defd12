/**
 * Before a step sends anything: may this user edit every cell the run writes? A protected range
 * (Data > Protect sheets and ranges) lets only the owner and its editors write, and Apps Script
 * throws for anyone else's setValues after the answers are paid (edit-rules.ts of the emulated
 * runtime cites the source). Asking first (Range.canEdit, free) stops the run before it spends.
 */
import type { EnrichJob, JobMessage } from "./job-types";
import { emailColumnsOf, writtenColumnRuns } from "./layout";
import type { Grid } from "./ports";
import { columnLetters } from "./progress";

type Block = { top: number; left: number; height: number; width: number };

const blockA1 = (b: Block) => {
  const start = `${columnLetters(b.left)}${b.top}`;
  const end = `${columnLetters(b.left + b.width - 1)}${b.top + b.height - 1}`;
  return start === end ? start : `${start}:${end}`;
};

/** The blocks a run writes: its columns over its rows, and the headers it appends (once). */
function writtenBlocks(job: EnrichJob): Block[] {
  const { layout } = job;
  const height = job.lastRow - job.firstRow + 1;
  const runs = writtenColumnRuns(layout);
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

/** The stop for a run that would write where its user may not edit; null when they may write everywhere. */
export function protectedStop(grid: Grid, job: EnrichJob): JobMessage | null {
  if (!grid.canEdit) return null;
  const canEdit = (b: Block) => grid.canEdit!(b.top, b.left, b.height, b.width);
  const run = writtenBlocks(job).find((b) => b.height > 0 && !canEdit(b));
  if (!run) return null;
  // Named by its first refused column, not the run of adjacent columns it lies in.
  const columns = Array.from({ length: run.width }, (_, i) => ({ ...run, left: run.left + i, width: 1 }));
  const refused = columns.find((b) => !canEdit(b)) ?? run;
  return {
    kind: "protected",
    message: `You may not edit ${job.sheetName}!${blockA1(refused)}, where this run writes: it is protected (Data > Protect sheets and ranges) and you are not among its editors. Nothing was sent.`,
    next: "Ask the spreadsheet's owner to add you to that range's editors (or to run Enrich on it), then Resume; or Cancel.",
  };
}
