/**
 * Polls the open bulk jobs that are due, and writes each completed job's leads to their rows with
 * the statuses a lookup's would get: found (charged, counted into the run's spend), not found
 * (free), or the job's failure. A job still running is asked again later, backing off; a status
 * read that failed for a passing reason (a 5xx, the network, throttling) is retried later too,
 * since reading a job is free. So is an answer that cannot be read (a body cut short, a proxy's
 * HTML page, an empty 200, a results page without every input): the job charged its leads as it
 * ran, and dropping it at the first such answer lost every paid row of it (50 of 60 in the test).
 * Only after MAX_UNREADABLE of them in a row are its rows given up, saying they may have been
 * charged; a completed list that keeps leaving profiles out is written for the profiles it names
 * (before, all 60 paid rows of the test were given up for the 30 it left out). So are a run's jobs
 * that stalled (stalled.ts). Only an error that refuses every URL ends the step (answered).
 */

import type { BatchResult } from "../../../api/batch";
import type { BulkJobItem, BulkJobResult } from "../../../api/bulk-enrich";
import type { ApiError } from "../../../api/errors";
import type { BulkRun, SubmittedBulkJob } from "../job-types";
import { lookupCreditsPerUrl } from "../options";
import { errorStatus, refusesEveryUrl } from "../outcome-text";
import type { LookupClient } from "../ports";
import { STATUS_TEXT } from "../row-writer";
import type { StepContext } from "../step";
import { URL_STATE } from "../url-states";
import type { DistinctUrls } from "../urls";
import { inputUrl } from "./drain";
import { jobIndices } from "./job-urls";
import { answersByUrl, lineUp } from "./line-up";
import { pollWaitMs } from "./poll-schedule";
import { applySettlement, Settlement } from "./settle";
import { STALLED, stalled, UNREAD } from "./stalled";

/**
 * Unreadable status answers in a row after which a job's rows are given up (as may have been
 * charged): with the polls' backoff (2 s growing to 30 s), two minutes or more of answers a proxy
 * or the API mangled.
 */
export const MAX_UNREADABLE = 8;

/** What a job's failure says in its rows: its leads may have been charged before it failed. */
function jobFailedStatus(reason: string | null): string {
  return `error: the API's bulk job failed${reason ? ` (${reason})` : ""}. It may have been charged; select the row and run again to retry.`;
}

/** What the rows of profiles a completed job's answer left out say (they may have been charged). */
const LEFT_OUT = jobFailedStatus("its answer left this profile out");

/** The URLs a job was sent, in order. */
function sentUrls(context: StepContext, urls: DistinctUrls, open: SubmittedBulkJob): string[] {
  return jobIndices(context.states, open).map((index) => urls.urls[index]!);
}

/**
 * Settles one completed job's answers, one per profile it was sent, in their order (undefined:
 * the answer left that profile out); answers the credits they cost.
 */
function settleCompleted(
  context: StepContext,
  open: SubmittedBulkJob,
  items: ReadonlyArray<BulkJobItem | undefined>,
  settlement: Settlement,
): number {
  const indices = jobIndices(context.states, open);
  // Stored data (Fresh data off) may show a mover's previous job: the digest says so.
  const cached = context.job.bulk?.mode !== "realtime";
  let found = 0;
  items.forEach((item, position) => {
    const index = indices[position]!;
    if (item === undefined) {
      settlement.set(index, URL_STATE.failed, { kind: "status", status: LEFT_OUT });
      return;
    }
    const url = inputUrl(item.input);
    if (url !== null) settlement.inputs.set(index, url);
    if (item.lead === null) {
      settlement.set(index, URL_STATE.notFound, { kind: "status", status: STATUS_TEXT.notFound });
      return;
    }
    found += 1;
    settlement.set(index, URL_STATE.ok, { kind: "ok", lead: item.lead, cached });
  });
  // The lookup's price: the finder's rows are counted by the work-email pass (email-pass.ts).
  return found * lookupCreditsPerUrl(context.job);
}

/**
 * Cancel pressed while the open jobs cannot be read (the key refused, the plan, the day's quota):
 * their rows are given up as may have been charged, so that the run ends as asked; before, Cancel
 * waited for jobs nothing could read, and the run never ended.
 */
export function giveUpOpenJobs(context: StepContext, urls: DistinctUrls, refused: ApiError): void {
  const bulk = context.job.bulk!;
  const settlement = new Settlement();
  const status = `interrupted: cancelled while its bulk job could not be read (${refused.message}); it may have been charged; select the row and run again to retry`;
  for (const open of bulk.jobs)
    for (const index of jobIndices(context.states, open))
      settlement.set(index, URL_STATE.interrupted, { kind: "status", status });
  bulk.jobs = [];
  applySettlement(context, urls, settlement, "write-first");
}

/** A read that failed below HTTP: with others in its fetchAll, any one of them may be the cause (G2). */
function belowHttp(outcome: BatchResult<BulkJobResult>["outcomes"][number]): boolean {
  return (
    outcome !== null && !outcome.ok && (outcome.error.kind === "network" || outcome.error.kind === "timeout")
  );
}

/**
 * Reads the due jobs' statuses in one fetchAll; once one of several failed whole below HTTP, one
 * job a fetchAll for the rest of the run. A read that never comes back (a job whose answer times
 * out, a proxy that drops it) fails every read it shares a fetchAll with (PRODUCTION.md G2), and
 * no job of the run was ever read again: all 60 paid rows given up in the test for the 10 of the
 * job that could not be read. Reads are free, so reading apart costs only time.
 */
function readStatuses(
  client: LookupClient,
  bulk: BulkRun,
  ids: string[],
  deadline: number,
): BatchResult<BulkJobResult> {
  const read = client.bulkEnrichStatus!;
  if (!bulk.readApart || ids.length < 2) {
    const together = read(ids, { deadline });
    if (ids.length > 1 && together.outcomes.every(belowHttp)) bulk.readApart = true;
    return together;
  }
  const outcomes: BatchResult<BulkJobResult>["outcomes"] = [];
  let stoppedBy: ApiError | null = null;
  for (const id of ids) {
    const one: BatchResult<BulkJobResult> | null = stoppedBy === null ? read([id], { deadline }) : null;
    outcomes.push(one?.outcomes[0] ?? null);
    stoppedBy ??= one?.stoppedBy ?? null;
  }
  return { outcomes, stoppedBy, spent: 0 };
}

export function pollDueJobs(
  context: StepContext,
  urls: DistinctUrls,
  client: LookupClient,
  deadline: number,
): ApiError | null {
  const { job, deps } = context;
  const bulk = job.bulk!;
  const due = bulk.jobs.filter((open) => open.nextPollAt <= deps.clock.now());
  if (due.length === 0 || !client.bulkEnrichStatus) return null;
  const result = readStatuses(
    client,
    bulk,
    due.map((open) => open.id),
    deadline,
  );
  const now = deps.clock.now();
  const settlement = new Settlement();
  const finished = new Set<string>();
  let refused: ApiError | null = result.stoppedBy;
  // The job's rows get `status`, once: it may have charged them (failed, gone, unreadable, stalled).
  const giveUp = (open: SubmittedBulkJob, status: string) => {
    for (const index of jobIndices(context.states, open))
      settlement.set(index, URL_STATE.failed, { kind: "status", status });
    finished.add(open.id);
  };
  // Jobs that answered they are still running or could not be read, with what their rows say if
  // they stall, and whether any job moved on (stalled.ts).
  const waiting: Array<[SubmittedBulkJob, string]> = [];
  let moved = false;
  due.forEach((open, position) => {
    const outcome = result.outcomes[position] ?? null;
    // Asked again later, backing off.
    const later = () => {
      open.polls += 1;
      open.nextPollAt = now + pollWaitMs(open.polls);
    };
    // An answer that cannot be read: asked again later (free), given up after MAX_UNREADABLE.
    const unreadable = (status: string) => {
      open.unreadable = (open.unreadable ?? 0) + 1;
      if (open.unreadable < MAX_UNREADABLE) later();
      else giveUp(open, status);
    };
    const settle = (answer: BulkJobResult, items: ReadonlyArray<BulkJobItem | undefined>) => {
      moved = true;
      job.spent += settleCompleted(context, open, items, settlement);
      // The API's own figure, in USD: what the summary shows an account billed in USD.
      bulk.usdCharged = (bulk.usdCharged ?? 0) + answer.amountCharged;
      finished.add(open.id);
    };
    if (outcome === null) {
      waiting.push([open, jobFailedStatus(UNREAD)]);
      later();
    } else if (outcome.ok) {
      const answer = outcome.value;
      const sent = answer.status === "completed" ? sentUrls(context, urls, open) : [];
      const items = answer.status === "completed" ? lineUp(sent, answer.items ?? []) : null;
      if (answer.status === "completed" && items === null) {
        // Asked again while it may be passing; then the profiles it names are written.
        const named = answersByUrl(sent, answer.items ?? []);
        if ((open.unreadable ?? 0) + 1 >= MAX_UNREADABLE && named.some((item) => item !== undefined))
          settle(answer, named);
        else unreadable(jobFailedStatus(`${answer.items?.length ?? 0} answers for ${open.count} profiles`));
        return;
      }
      delete open.unreadable;
      if (items !== null) {
        settle(answer, items);
      } else if (answer.status === "error") {
        moved = true;
        giveUp(open, jobFailedStatus(answer.error));
      } else {
        const processed = Math.min(open.count, answer.processed);
        moved ||= processed > (open.processed ?? 0);
        open.processed = processed;
        waiting.push([open, jobFailedStatus(STALLED)]);
        later();
      }
    } else if (refusesEveryUrl(outcome.error)) {
      refused ??= outcome.error;
      later();
    } else if (outcome.error.kind === "malformed") {
      unreadable(errorStatus(outcome.error));
    } else if (outcome.error.kind === "not_found") {
      // The job is gone (kept 24 h).
      giveUp(open, errorStatus(outcome.error));
    } else {
      waiting.push([open, jobFailedStatus(`${UNREAD}: ${outcome.error.message}`)]);
      later();
    }
  });
  if (stalled(bulk, moved, waiting.length > 0, now))
    for (const [open, status] of waiting) giveUp(open, status);
  bulk.jobs = bulk.jobs.filter((open) => !finished.has(open.id));
  applySettlement(context, urls, settlement, "write-first");
  return refused;
}
