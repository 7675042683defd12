/**
 * A run whose URL column changed while its bulk jobs were out (a colleague inserted a row above
 * the list, or sorted it). The jobs are paid: their answers must still land. Before, the step
 * stopped ("the profile URLs changed") without polling them, and Cancel, which waits for paid jobs
 * to be written, went back to the same stop at every step: the run never ended and what the API
 * charged for was never written (60 of 60 in the test). Now the step keeps polling the open jobs,
 * submits nothing more, and writes each answer into the rows where its profile URL is now (every
 * answer carries the URL it was asked for); once none is open, the run stops as before.
 */
import { normalizeProfileUrl } from "../../../api/profile-url";
import type { ColumnLayout } from "../job-types";
import { changeRecorder, type StepContext } from "../step";
import { type DistinctUrls, distinctUrls, keyAmong } from "../urls";
import { runBulk } from "./run";

/** The URL an answer was asked for (its input's profile URL), or null. */
export function inputUrl(input: Record<string, unknown>): string | null {
  for (const value of Object.values(input))
    if (typeof value === "string" && normalizeProfileUrl(value) !== null) return value;
  return null;
}

/** The URL column below the header row as it is now, read once. */
function columnNow(context: StepContext): DistinctUrls {
  const { grid, job } = context;
  const first = job.layout.headerRow + 1;
  const last = Math.max(grid.lastRow(), first);
  const column = grid.read(first, job.urlColumn, last - first + 1, 1).map((row) => row[0] ?? "");
  return distinctUrls(column, first);
}

/**
 * Drains the run's open bulk jobs after its URL column changed; false when none is open (the
 * caller stops the run at once). The run keeps going until they are all written.
 */
export function drainPaidBulkJobs(
  context: StepContext,
  urls: DistinctUrls,
  started: number,
  relocate = true,
): boolean {
  const bulk = context.job.bulk;
  if (!bulk || bulk.jobs.length === 0 || context.job.lookups) return false;
  const now = relocate ? columnNow(context) : urls;
  const at = new Map(now.keys.map((key, index) => [key, now.rows[index]!]));
  const keys = new Set(at.keys());
  if (relocate) context.relocate = (url) => at.get(keyAmong(keys, normalizeProfileUrl(url) ?? "", url)) ?? [];
  context.draining = true;
  // The change history names each written row by the profile URL it holds now.
  context.record = changeRecorder(context, now);
  runBulk(context, urls, started);
  return context.job.state === "running" && (context.job.bulk?.jobs.length ?? 0) > 0;
}

/**
 * A column the run writes is gone (deleted or renamed) while paid bulk jobs are out: they are
 * polled and written without that column (`layout`: 0 for it; the work email is left for later,
 * since the columns it reads may have moved), and the run stops with the same message once none
 * is open. Before, the stop came first at every step, Cancel never ended the run, and the paid
 * answers were never written unless the header came back.
 */
export function drainWithoutGoneColumns(
  context: StepContext,
  layout: ColumnLayout,
  urls: DistinctUrls,
  changed: boolean,
  started: number,
): void {
  const { job } = context;
  if (!job.bulk || job.bulk.jobs.length === 0 || job.lookups) return;
  const message = job.message;
  job.state = "running";
  context.layout = layout;
  const going = drainPaidBulkJobs(context, urls, started, changed);
  if (job.state === "running" && !going && !job.bulk?.cancelling) job.state = "stopped";
  job.message = message;
}

/**
 * The rows to write an index's answer to: where its answer's profile URL is now when the step
 * relocates (the column changed), else where the step read it.
 */
export function locatedUrls(
  context: StepContext,
  urls: DistinctUrls,
  inputs: ReadonlyMap<number, string>,
): DistinctUrls {
  const relocate = context.relocate;
  if (!relocate) return urls;
  const rows = urls.rows.map(() => [] as number[]);
  for (const [index, url] of inputs) rows[index] = relocate(url);
  return { ...urls, rows };
}
