/**
 * When a run's bulk jobs have stalled: they keep answering that they are running, or their status
 * reads keep failing (a 5xx, 429 or timeout each time), and none of them completes or works on
 * another lead, for BULK_JOB_PATIENCE. Those jobs are then given up (their rows say they may have
 * been charged: a job may still complete, and charge, later). Before, reads that kept failing were
 * retried as long as they failed: Cancel never ended the run (30 hours of 500s in the test).
 * Before, a job that never finished was polled until the API forgot it (24 h), and the run could
 * not end: Cancel waits for paid jobs, and one run per spreadsheet held every other Enrich back.
 *
 * Progress is the run's, not each job's: the API works on a key's jobs in submission order, so a
 * job queued behind others says 0 processed for as long as they take.
 */
import type { BulkRun } from "../job-types";

/**
 * Two hours without progress, over at least 60 rounds of answers: a real-time lead takes up to
 * about 100 s (PRODUCTION.md A4). The sidebar asks every 30 s (240 rounds in two hours); a run
 * the hourly trigger drives asks about 8 times a run, so it waits about 8 hours.
 */
export const BULK_JOB_PATIENCE = { ms: 2 * 3_600_000, rounds: 60 } as const;

/** What the rows of a stalled job say (within "the API's bulk job failed (...)"). */
export const STALLED = "it worked on no lead for 2 hours";

/** What the rows of a job whose status reads kept failing say (within "the API's bulk job failed (...)"). */
export const UNREAD = "its status could not be read for 2 hours";

/**
 * Notes one round of status answers (`moved`: a job completed, failed or worked on a lead;
 * `waiting`: some job answered that it is still running, or its read failed); true once the run
 * has stalled.
 */
export function stalled(bulk: BulkRun, moved: boolean, waiting: boolean, now: number): boolean {
  if (moved || bulk.idle === undefined) bulk.idle = { since: now, rounds: 0 };
  if (moved || !waiting) return false;
  bulk.idle.rounds += 1;
  return now - bulk.idle.since >= BULK_JOB_PATIENCE.ms && bulk.idle.rounds >= BULK_JOB_PATIENCE.rounds;
}
