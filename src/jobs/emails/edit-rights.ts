/**
 * Before the Emails action writes: may this user edit the columns it writes (Email, Email
 * Status, Checked At) over its rows, and the headers it appends? See ../edit-rights.ts.
 */
import { type Block, protectedMessage, refusedBlock, type StopMessage } from "../edit-rights";
import type { Grid } from "../enrich/ports";
import type { EmailJob } from "./job-types";

const rowBlocks = (job: EmailJob): Block[] =>
  [job.out.email, job.out.status, job.out.checkedAt]
    .filter((column) => column > 0)
    .map((left) => ({ top: job.top, left, height: job.bottom - job.top + 1, width: 1 }));

const stopFor = (job: EmailJob, refused: Block | null): StopMessage | null =>
  refused ? protectedMessage(job.sheetName, refused, "the Emails action") : null;

/** The stop for a step that would write rows where its user may not edit; null when they may. */
export function protectedColumns(job: EmailJob, grid: Grid): StopMessage | null {
  return stopFor(job, refusedBlock(grid, rowBlocks(job)));
}

/** The same at Confirm, the header cells of the columns the run appends included. */
export function protectedRun(job: EmailJob, grid: Grid): StopMessage | null {
  const headers = job.appended.map((added) => ({
    top: job.headerRow,
    left: added.column,
    height: 1,
    width: 1,
  }));
  return stopFor(job, refusedBlock(grid, [...headers, ...rowBlocks(job)]));
}
