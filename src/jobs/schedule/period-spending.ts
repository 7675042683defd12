/**
 * What a schedule's period has spent, over every run it started. The cap its owner agreed to is
 * per scheduled run, one run a period; but a run whose list changed under it (an editor sorted or
 * replaced the URLs) ends, and the next trigger run starts again on the rows as they are now.
 * Without this count each restart had a fresh cap: an editor pasting other people over the list
 * every hour made the owner's key pay the cap every hour. Kept with the owner's terms (their user
 * properties, which no other editor can write), so a restart gets what is left of the cap.
 */

import type { EnrichProgress } from "../enrich/job-types";
import { creditsReported } from "../ledger/charges-text";

export interface PeriodSpending {
  /** When the period's first run started (epoch ms): the period lasts one period from it. */
  since: number;
  /**
   * Credits the run under way may have cost, by job id (what its cap counted); the period's
   * finished runs are folded into `earlier`, so the record stays small (a user property holds
   * 9 KB) however often an editor makes the run start again.
   */
  runs: Record<string, number>;
  /** Credits the period's finished runs may have cost; absent before its second run. */
  earlier?: number;
}

/**
 * What a run may have cost, as its cap counts it: the answers read and what may have been charged
 * without an answer; the ledger's figure when it says more.
 */
export function runCost(progress: EnrichProgress): number {
  return Math.max(creditsReported(progress.charges, progress.spent), progress.spent + progress.maybeCharged);
}

/**
 * The period a run belongs to: the kept one while it lasts (until the schedule's next slot after
 * its start, `endOf`) or while its run `jobId` goes on; else a new one from `now`.
 */
export function periodAt(
  kept: PeriodSpending | undefined,
  now: number,
  endOf: (since: number) => number,
  jobId: string | null,
): PeriodSpending {
  if (kept && ((jobId !== null && jobId in kept.runs) || now < endOf(kept.since))) return kept;
  return { since: now, runs: {} };
}

/** Credits the period's other runs spent (all of them when `jobId` is null: a run not started yet). */
export function spentBefore(spending: PeriodSpending, jobId: string | null): number {
  let sum = spending.earlier ?? 0;
  for (const [id, credits] of Object.entries(spending.runs)) if (id !== jobId) sum += credits;
  return sum;
}

/** True when the period had a run already: a new one is a restart. */
export const hadRun = (spending: PeriodSpending): boolean =>
  spending.earlier !== undefined || Object.keys(spending.runs).length > 0;

/** Before a new run of the period: the runs so far become `earlier`. */
export function foldRuns(spending: PeriodSpending): void {
  if (!hadRun(spending)) return;
  spending.earlier = spentBefore(spending, null);
  spending.runs = {};
}
