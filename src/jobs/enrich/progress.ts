/** The progress the sidebar shows, from the job record and its URL states. */
import { BULK_USD_PER_LEAD } from "../../api/bulk-enrich";
import type { EnrichJob, EnrichProgress, SkipCount } from "./job-types";
import { askedFresh } from "./options";
import { countStates, indicesIn, URL_STATE } from "./url-states";

/** Column number -> letters (1 -> A, 27 -> AA). */
export function columnLetters(column: number): string {
  let letters = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * Why URLs were skipped, in words: the reason itself when there is one ("no empty cell to fill"),
 * else each with its count ("4 did not fail, 1 not found (final)").
 */
export function skipReasons(skips: readonly SkipCount[]): string {
  const given = skips.filter((skip) => skip.urls > 0);
  if (given.length === 1) return given[0]!.reason;
  return given.map((skip) => `${skip.urls.toLocaleString("en-US")} ${skip.reason}`).join(", ");
}

/** Why the run skips its `skipped` URLs; a run saved before runs kept their reasons has none. */
export function skipsOf(job: EnrichJob, skipped: number): SkipCount[] {
  return job.skips ?? (skipped > 0 ? [{ reason: "not needed by this run", urls: skipped }] : []);
}

/**
 * Credits that may have been charged beyond the answers read: lookups without an answer, and,
 * until the ledger has been read (it then counts what the finder charged), the finder's rows.
 */
export function maybeChargedOf(job: EnrichJob): number {
  return (job.maybeCharged ?? 0) + (job.charges ? 0 : (job.emailCredits ?? 0));
}

/** The work-email pass's part of the progress: rows by outcome, credits at most, the ledger's. */
function emailsOf(job: EnrichJob): NonNullable<EnrichProgress["emails"]> {
  const counts = job.emails ?? { valid: 0, catchAll: 0, notFound: 0, outdated: 0, failed: 0 };
  return { ...counts, creditsAtMost: job.emailCredits ?? 0, charged: job.emailCharges?.charged ?? null };
}

export function progressOf(job: EnrichJob, states: string): EnrichProgress {
  const counts = countStates(states);
  const letters = columnLetters(job.urlColumn);
  return {
    jobId: job.id,
    state: job.state,
    sheetName: job.sheetName,
    range: `${letters}${job.firstRow}:${letters}${job.lastRow}`,
    rows: job.rowsWithUrl,
    distinct: job.distinct,
    invalidRows: job.invalidRows,
    ok: counts.ok,
    notFound: counts.notFound,
    failed: counts.failed,
    interrupted: counts.interrupted,
    skipped: counts.skipped,
    skips: skipsOf(job, counts.skipped),
    remaining: counts.pending,
    spent: job.spent,
    maybeCharged: maybeChargedOf(job),
    charges: job.charges ?? null,
    cap: job.cap,
    ...(job.capSource ? { capSource: job.capSource } : {}),
    creditsPerUrl: job.creditsPerUrl,
    message: job.message,
    failures: job.failures ?? [],
    throttled: (job.throttled ?? 0) > 0,
    ...(job.bulk && job.bulk.jobs.length > 0
      ? {
          inJobs: indicesIn(states, URL_STATE.inJob).length,
          processedInJobs: job.bulk.jobs.reduce((sum, open) => sum + (open.processed ?? 0), 0),
        }
      : {}),
    fresh: askedFresh(job.options.extras),
    ...(job.options.workEmail ? { emails: emailsOf(job) } : {}),
    ...(job.billedIn === "usd" && job.bulk
      ? {
          billedIn: job.billedIn,
          usdCharged: job.bulk.usdCharged ?? 0,
          // A bulk lead costs one credit: each one that may have been charged, at the jobs' price.
          usdMaybeCharged: (job.maybeCharged ?? 0) * BULK_USD_PER_LEAD[job.bulk.mode],
        }
      : {}),
  };
}
