/** The distinct URLs of a submitted bulk job, and the rows a set of outcomes goes to. */
import type { SubmittedBulkJob } from "../job-types";
import { URL_STATE } from "../url-states";

/** Indices from first to last in the state `j`, in order: the job's URLs, as its items are. */
export function jobIndices(states: string, job: Pick<SubmittedBulkJob, "first" | "last">): number[] {
  const found: number[] = [];
  for (let index = job.first; index <= job.last; index += 1)
    if (states[index] === URL_STATE.inJob) found.push(index);
  return found;
}

/** URLs the run's open jobs hold: each may be charged when its job completes. */
export function openUrls(jobs: readonly SubmittedBulkJob[]): number {
  return jobs.reduce((sum, job) => sum + job.count, 0);
}

/** `items` in groups of at most `size`, in order. */
export function groupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}
