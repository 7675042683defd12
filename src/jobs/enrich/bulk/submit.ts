/**
 * Submits the next pending URLs as bulk jobs of up to 50. The never-pay-twice order: the URLs are
 * marked `j` and the submit's ranges saved as `sending` before anything is sent; the job ids are
 * saved the moment the answers are read, before any row is written. A step that starts and finds
 * `sending` was cut off in between: those URLs may be in jobs that charge as they run, and are
 * reported interrupted, never submitted again (settleCutOffSubmit), unless the submit's note
 * names their jobs: the job ids go to the document cache (3 ms, G6) the moment they are read,
 * before the store's save, which the day's Properties quota can refuse (G1) or a cut-off can
 * miss. A job found there is polled and written like any other. The jobs go out one a request
 * (a late one fails its whole fetchAll, G2), and the note also says how many were sent: a cut-off
 * between them leaves the jobs not yet sent pending, not "may have been charged".
 */
import type { BatchResult } from "../../../api/batch";
import { BULK_MAX_LEADS, type BulkJobState } from "../../../api/bulk-enrich";
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

/** A submit's note: the jobs answered so far, and how many of its jobs had been sent (null: unknown). */
interface SubmitNote {
  jobs: SubmittedBulkJob[];
  sent: number | null;
}

/** What a submit's note says, or nothing known (no note, evicted, unreadable). */
function readNote(context: StepContext, sendingAt: number | undefined): SubmitNote {
  const unknown = { jobs: [], sent: null };
  if (sendingAt === undefined) return unknown;
  try {
    const text = context.deps.notes?.get(noteKey(context.job.id, sendingAt));
    const note: unknown = text ? JSON.parse(text) : null;
    // A note of before the count: the jobs alone.
    if (Array.isArray(note)) return { jobs: note as SubmittedBulkJob[], sent: null };
    const read = note as Partial<SubmitNote> | null;
    if (!read || !Array.isArray(read.jobs)) return unknown;
    return { jobs: read.jobs, sent: typeof read.sent === "number" ? read.sent : null };
  } catch {
    return unknown;
  }
}

/**
 * URLs of a submit whose job ids were not saved (a cut-off, a save refused): the jobs its note
 * names are polled as usual; the rest are interrupted, never resent.
 */
export function settleCutOffSubmit(context: StepContext, urls: DistinctUrls): void {
  const bulk = context.job.bulk;
  if (!bulk || bulk.sending.length === 0) return;
  const noted = readNote(context, bulk.sendingAt);
  const settlement = new Settlement();
  const interrupted = { kind: "status", status: STATUS_TEXT.interrupted } as const;
  bulk.sending.forEach(([first, last], position) => {
    const indices = jobIndices(context.states, { first, last });
    // Never sent: the execution was cut off before this job's request went out.
    if (noted.sent !== null && position >= noted.sent) {
      for (const index of indices) settlement.set(index, URL_STATE.pending);
      return;
    }
    const job = noted.jobs.find((j) => j.first === first && j.last === last && typeof j.id === "string");
    if (job && !bulk.jobs.some((open) => open.id === job.id)) {
      bulk.jobs.push(job);
      return;
    }
    for (const index of indices) settlement.set(index, URL_STATE.interrupted, interrupted);
  });
  bulk.sending = [];
  delete bulk.sendingAt;
  applySettlement(context, urls, settlement, "write-first");
}

/** Leaves the submit's job ids, and how many of its jobs were sent, in its note before the store saves them (see the top). */
function noteJobs(context: StepContext, note: SubmitNote): void {
  const bulk = context.job.bulk;
  if (bulk?.sendingAt === undefined) return;
  try {
    context.deps.notes?.put(noteKey(context.job.id, bulk.sendingAt), JSON.stringify(note));
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

  // One job a request, its answer noted before the next goes out. A Cancel pressed while a
  // throttled submit waits to be sent again stops it: the groups not sent are pending again,
  // nothing charged (the step then ends the run); so does the deadline.
  const note: SubmitNote = { jobs: [], sent: 0 };
  const outcomes: BatchResult<BulkJobState>["outcomes"] = [];
  let refused: ApiError | null = null;
  for (const group of groups) {
    // After a refusal (or a job not sent: the deadline, Cancel) the rest are not sent either.
    const result: BatchResult<BulkJobState> | null =
      refused === null && outcomes.every((outcome) => outcome !== null)
        ? client.submitBulkEnrich(
            [group.map((index) => urls.urls[index]!)],
            bulk.mode,
            callWindow(deadline, context.stopAsked),
          )
        : null;
    const outcome = result?.outcomes[0] ?? null;
    outcomes.push(outcome);
    refused ??= result?.stoppedBy ?? null;
    if (outcome === null) continue;
    // One the API refuses as invalid refuses them all (below).
    if (!outcome.ok && outcome.error.kind === "validation") refused ??= outcome.error;
    note.sent = outcomes.length;
    if (outcome.ok) {
      const now = deps.clock.now();
      // Polled at once: a job of stored data may be done already.
      note.jobs.push({
        id: outcome.value.jobId,
        first: group[0]!,
        last: group[group.length - 1]!,
        count: group.length,
        submittedAt: now,
        nextPollAt: now,
        polls: 0,
      });
    }
    noteJobs(context, note);
  }
  for (const job of note.jobs) bulk.jobs.push(job);
  const settlement = new Settlement();
  groups.forEach((group, position) => {
    const outcome = outcomes[position] ?? null;
    if (outcome?.ok) return;
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
  bulk.sending = [];
  delete bulk.sendingAt;
  applySettlement(context, urls, settlement, "save-first");
  return refused;
}
