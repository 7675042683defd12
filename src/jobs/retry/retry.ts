/**
 * Retry failed rows only: after a run, a new run over the same rows that sends only the URLs
 * whose lookup failed in a way worth sending again (the API's temporary trouble, a throttle, an
 * unreachable API). Never "not found" (free and final) nor a request the API refused (the same
 * request is refused again); a lookup that "may have been charged" (timed out or cut off after it
 * was sent) only when the user ticks that box, since sending it again may charge again.
 */
import { apiError } from "../../api/errors";
import { type JobDeps, JobError } from "../enrich/deps";
import type { EnrichJob, EnrichProgress } from "../enrich/job-types";
import { MAYBE_CHARGED } from "../enrich/maybe-charged";
import type { EnrichPlan, SelectionBox } from "../enrich/plan";
import type { Grid } from "../enrich/ports";
import { readStatuses } from "../enrich/row-writer";
import { indicesIn, URL_STATE } from "../enrich/url-states";
import { distinctUrls } from "../enrich/urls";
import { estimateRerun, lastRun } from "./rerun";

export interface RetryCounts {
  /** Distinct URLs to send again. */
  retryable: number;
  /** Distinct URLs that may have been charged already: sent again only when the user agrees. */
  maybeCharged: number;
}

const REFUSED = `error: ${apiError("validation", { charged: "no" }).message}`;

interface Classified {
  job: EnrichJob;
  /** The run's URL states (url-states.ts). */
  states: string;
  retryable: number[];
  maybeCharged: number[];
}

/** Why a retry skips a URL of the run (the estimate and the run say so). */
const RETRY_SKIPS = {
  ok: "did not fail",
  notFound: "not found (final)",
  refused: "refused by the API (it would be refused again)",
  maybeCharged: "may have been charged (box not ticked)",
} as const;

/** The failed URLs of the run, sorted by what the sheet's status column says of each. */
function classify(deps: JobDeps, jobId: string): Classified & { grid: Grid } {
  const { job, states, grid } = lastRun(deps, jobId, "done", "Resume it, or let it finish, first.");
  const height = job.lastRow - job.firstRow + 1;
  const urls = distinctUrls(
    grid.read(job.firstRow, job.urlColumn, height, 1).map((row) => row[0] ?? ""),
    job.firstRow,
  );
  const failed = indicesIn(states, URL_STATE.failed);
  const interrupted = indicesIn(states, URL_STATE.interrupted);
  const statuses = readStatuses(
    grid,
    job.layout,
    failed.map((index) => urls.rows[index]?.[0] ?? job.firstRow),
  );
  const retryable: number[] = [];
  const maybeCharged = [...interrupted];
  for (const index of failed) {
    const [status] = statuses.get(urls.rows[index]?.[0] ?? 0) ?? [""];
    if (status.includes(MAYBE_CHARGED)) maybeCharged.push(index);
    else if (!status.startsWith(REFUSED)) retryable.push(index);
  }
  return { job, states, grid, retryable, maybeCharged: maybeCharged.sort((a, b) => a - b) };
}

export function retryCounts(deps: JobDeps, jobId: string): RetryCounts {
  const { retryable, maybeCharged } = classify(deps, jobId);
  return { retryable: retryable.length, maybeCharged: maybeCharged.length };
}

/** Plans the retry as a new run awaiting confirmation (its own estimate); charges nothing. */
export function estimateRetry(
  deps: JobDeps,
  jobId: string,
  includeMaybeCharged: boolean,
): { plan: EnrichPlan; progress: EnrichProgress; box: SelectionBox } {
  const { job, states, grid, retryable, maybeCharged } = classify(deps, jobId);
  const toFetch = [...retryable, ...(includeMaybeCharged ? maybeCharged : [])].sort((a, b) => a - b);
  const sent = new Set(toFetch);
  const held = new Set(maybeCharged);
  const skipped = { ok: 0, notFound: 0, refused: 0, maybeCharged: 0 };
  for (let index = 0; index < states.length; index += 1) {
    if (sent.has(index)) continue;
    const state = states[index];
    if (held.has(index)) skipped.maybeCharged += 1;
    else if (state === URL_STATE.notFound) skipped.notFound += 1;
    else if (state === URL_STATE.failed) skipped.refused += 1;
    else skipped.ok += 1;
  }
  if (toFetch.length === 0) {
    throw new JobError(
      "nothing",
      "No failed rows to retry.",
      maybeCharged.length > 0 ? "Tick the box to retry the rows that may have been charged." : undefined,
    );
  }
  return estimateRerun(
    deps,
    job,
    grid,
    toFetch,
    (Object.keys(skipped) as Array<keyof typeof skipped>).map((kind) => [RETRY_SKIPS[kind], skipped[kind]]),
  );
}
