/**
 * Before the Emails action writes: may this user edit the columns it writes (Email, Email
 * Status, Checked At) over its rows, the headers it appends, and the change history it keeps for
 * Undo? See ../edit-rights.ts.
 */
import { type Block, protectedStopFor, type StopMessage } from "../edit-rights";
import type { ChangeLog, Grid } from "../enrich/ports";
import type { EmailJob } from "./job-types";

const ACTION = "the Emails action";

const rowBlocks = (job: EmailJob): Block[] =>
  [job.out.email, job.out.status, job.out.checkedAt]
    .filter((column) => column > 0)
    .map((left) => ({ top: job.top, left, height: job.bottom - job.top + 1, width: 1 }));

/** The stop for a step that would write where its user may not edit; null when they may. */
export function protectedColumns(job: EmailJob, grid: Grid, changes?: ChangeLog): StopMessage | null {
  return protectedStopFor(grid, job.sheetName, rowBlocks(job), ACTION, changes);
}

/** The same at Confirm, the header cells of the columns the run appends included. */
export function protectedRun(job: EmailJob, grid: Grid, changes?: ChangeLog): StopMessage | null {
  const headers = job.appended.map((added) => ({
    top: job.headerRow,
    left: added.column,
    height: 1,
    width: 1,
  }));
  return protectedStopFor(grid, job.sheetName, [...headers, ...rowBlocks(job)], ACTION, changes);
}
