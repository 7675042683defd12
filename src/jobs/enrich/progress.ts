/** The progress the sidebar shows, from the job record and its URL states. */
import type { EnrichJob, EnrichProgress } from "./job-types";
import { countStates } from "./url-states";

/** Column number -> letters (1 -> A, 27 -> AA). */
export function columnLetters(column: number): string {
  let letters = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
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
    remaining: counts.pending,
    spent: job.spent,
    cap: job.cap,
    creditsPerUrl: job.creditsPerUrl,
    message: job.message,
    failures: job.failures ?? [],
    throttled: (job.throttled ?? 0) > 0,
  };
}
