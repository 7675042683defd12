/**
 * When a trigger's loop of steps should stop early. A bulk step whose next poll falls after the
 * trigger run's deadline answers at once, having done nothing; stepping again would spin until the
 * budget ends, each step a round of property reads and writes (daily quotas, G1) for nothing. The
 * jobs go on at the API and the next trigger run polls them.
 */
import { pollWaitMs } from "../enrich/bulk/poll-schedule";
import type { EnrichProgress } from "../enrich/job-types";

/** What a step can change: settled URLs, URLs still to go or in jobs, the run's state. */
function counts(progress: EnrichProgress): string {
  const { state, ok, notFound, failed, interrupted, skipped, remaining, inJobs } = progress;
  return [state, ok, notFound, failed, interrupted, skipped, remaining, inJobs ?? 0].join();
}

/**
 * True when the step from `before` to `after` changed nothing and waited less than the shortest
 * wait between polls: it had nothing it could do before the deadline.
 */
export function idleStep(before: EnrichProgress, after: EnrichProgress, tookMs: number): boolean {
  return tookMs < pollWaitMs(0) && counts(before) === counts(after);
}
