/**
 * Submits the next pending URLs as bulk jobs of up to 50. The never-pay-twice order: the URLs are
 * marked `j` and the submit's ranges saved as `sending` before anything is sent; the job ids are
 * saved the moment the answers are read, before any row is written. A step that starts and finds
 * `sending` was cut off in between: those URLs may be in jobs that charge as they run, and are
 * reported interrupted, never submitted again (settleCutOffSubmit), unless the submit's note
 * names their jobs: the job ids go to the document cache (3 ms, G6) the moment they are read,
 * before the store's save, which the day's Properties quota can refuse (G1) or a cut-off can
 * miss. A job found there is polled and written like any other.
 */
import { BULK_MAX_LEADS } from "../../../api/bulk-enrich";
import type { ApiError } from "../../../api/errors";
import { callWindow } from "../call-window";
import { saveJob } from "../cursor";
import type { SubmittedBulkJob } from "../job-types";
import { errorStatus, refusesEveryUrl } from "../outcome-text";
import type { LookupClient } from "../ports";
import { STATUS_TEXT } from "../row-writer";
import { followMovedColumns, type StepContext } from "../step";
import { indicesIn, URL_STATE, withStates } from "../url-states";
import type { DistinctUrls } from "../urls";
import { groupsOf, jobIndices, openUrls } from "./job-urls";
import { MAX_OPEN_JOBS } from "./poll-schedule";
import { applySettlement, Settlement } from "./settle";

/**
 * URLs the cap still allows to submit: what is spent, what may have been charged without an answer
 * (finder rows included), and what the open jobs may charge (with their finder rows) count.
 */
export function affordableUrls(context: StepContext): number {
  const { job } = context;
  const mayHaveCharged = (job.maybeCharged ?? 0) + (job.emailCredits ?? 0);
  const atStake = job.spent + mayHaveCharged + openUrls(job.bulk?.jobs ?? []) * job.creditsPerUrl;
  return Math.max(0, Math.floor((job.cap - atStake) / job.creditsPerUrl));
}

/** The note of one submit's job ids: keyed by the run and the submit's time. */
function noteKey(jobId: string, sendingAt: number | undefined): string {
  return `bulk-submit:${jobId}:${sendingAt ?? ""}`;
}

/** The jobs a submit's note names, or none (no note, evicted, unreadable). */
function notedJobs(context: StepContext, sendingAt: number | undefined): SubmittedBulkJob[] {
  if (sendingAt === undefined) return [];
  try {
    const text = context.deps.notes?.get(noteKey(context.job.id, sendingAt));
    const jobs: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(jobs) ? (jobs as SubmittedBulkJob[]) : [];
  } catch {
    return [];
  }
}

/**
 * URLs of a submit whose job ids were not saved (a cut-off, a save refused): the jobs its note
 * names are polled as usual; the rest are interrupted, never resent.
 */
export function settleCutOffSubmit(context: StepContext, urls: DistinctUrls): void {
  const bulk = context.job.bulk;
  if (!bulk || bulk.sending.length === 0) return;
  const noted = notedJobs(context, bulk.sendingAt);
  const settlement = new Settlement();
  const interrupted = { kind: "status", status: STATUS_TEXT.interrupted } as const;
  for (const [first, last] of bulk.sending) {
    const job = noted.find((j) => j.first === first && j.last === last && typeof j.id === "string");
    if (job && !bulk.jobs.some((open) => open.id === job.id)) {
      bulk.jobs.push(job);
      continue;
    }
    for (const index of jobIndices(context.states, { first, last }))
      settlement.set(index, URL_STATE.interrupted, interrupted);
  }
  bulk.sending = [];
  delete bulk.sendingAt;
  applySettlement(context, urls, settlement, "write-first");
}

/** Leaves the submit's job ids in its note before the store saves them (see the top). */
function noteJobs(context: StepContext, jobs: SubmittedBulkJob[]): void {
  const bulk = context.job.bulk;
  if (jobs.length === 0 || bulk?.sendingAt === undefined) return;
  try {
    context.deps.notes?.put(noteKey(context.job.id, bulk.sendingAt), JSON.stringify(jobs));
  } catch {
    // Lossy by design: without the note, a save that fails leaves these URLs interrupted.
  }
}

/**
 * Submits what the cap and the open-job room allow. Answers the error that refuses every URL (a
 * key, funds, a plan not entitled), if one met the submit; the URLs it refused are pending again.
 */
export function submitPending(
  context: StepContext,
  urls: DistinctUrls,
  client: LookupClient,
  deadline: number,
): ApiError | null {
  const { job, deps } = context;
  const bulk = job.bulk!;
  const room = (MAX_OPEN_JOBS - bulk.jobs.length) * BULK_MAX_LEADS;
  const indices = indicesIn(context.states, URL_STATE.pending, Math.min(room, affordableUrls(context)));
  if (indices.length === 0 || !client.submitBulkEnrich) return null;
  followMovedColumns(context);
  if (job.state !== "running") return null;
  const groups = groupsOf(indices, BULK_MAX_LEADS);
  bulk.sending = groups.map((group) => [group[0]!, group[group.length - 1]!]);
  bulk.sendingAt = deps.clock.now();
  context.states = withStates(context.states, indices, URL_STATE.inJob);
  saveJob(deps.store, job, context.states);

  // A Cancel pressed while a throttled submit waits to be sent again stops it: the groups not
  // sent are pending again, nothing charged (the step then ends the run).
  const result = client.submitBulkEnrich(
    groups.map((group) => group.map((index) => urls.urls[index]!)),
    bulk.mode,
    callWindow(deadline, context.stopAsked),
  );
  const now = deps.clock.now();
  const settlement = new Settlement();
  let refused: ApiError | null = result.stoppedBy;
  groups.forEach((group, position) => {
    const outcome = result.outcomes[position] ?? null;
    if (outcome?.ok) {
      const [first, last] = [group[0]!, group[group.length - 1]!];
      // Polled at once: a job of stored data may be done already.
      bulk.jobs.push({
        id: outcome.value.jobId,
        first,
        last,
        count: group.length,
        submittedAt: now,
        nextPollAt: now,
        polls: 0,
      });
      return;
    }
    // Every submit has the same shape: one the API refuses as invalid (a field under another
    // network name, a limit) refuses them all, free; the run stops and says why.
    if (outcome === null || refusesEveryUrl(outcome.error) || outcome.error.kind === "validation") {
      // Not sent, or refused before any charge: pending again.
      if (outcome && !outcome.ok) refused ??= outcome.error;
      for (const index of group) settlement.set(index, URL_STATE.pending);
      return;
    }
    // A 5xx or a timeout may have created a job that charges as it runs: never sent again.
    const error = outcome.error;
    const state = error.charged === "maybe" ? URL_STATE.interrupted : URL_STATE.failed;
    for (const index of group) settlement.set(index, state, { kind: "status", status: errorStatus(error) });
  });
  noteJobs(
    context,
    bulk.jobs.filter((open) => open.submittedAt === now),
  );
  bulk.sending = [];
  delete bulk.sendingAt;
  applySettlement(context, urls, settlement, "save-first");
  return refused;
}
