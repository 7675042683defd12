/**
 * A run whose sheet is gone while its bulk jobs are out: their answers have no row to land in, and
 * the API charges them as the jobs complete. When the run ends (Cancel), their URLs are counted as
 * interrupted and may have been charged, so the summary says the jobs may still charge. Before,
 * they read as "not reached" with the ledger read before the jobs completed: "0 credits charged"
 * for a run the API then charged 60.
 */
import type { EnrichJob } from "../job-types";
import { countMaybeCharged } from "../step";
import { URL_STATE, withStates } from "../url-states";
import { jobIndices } from "./job-urls";

/** Closes the run's open jobs for want of a sheet; answers the URL states after it. */
export function closeJobsWithoutSheet(job: EnrichJob, states: string): string {
  const open = job.bulk?.jobs ?? [];
  if (open.length === 0) return states;
  const indices = open.flatMap((submitted) => jobIndices(states, submitted));
  countMaybeCharged(job, indices.length);
  job.bulk!.jobs = [];
  return withStates(states, indices, URL_STATE.interrupted);
}
