/**
 * Polls the open bulk jobs that are due, and writes each completed job's leads to their rows with
 * the statuses a lookup's would get: found (charged, counted into the run's spend), not found
 * (free), or the job's failure. A job still running is asked again later, backing off; a status
 * read that failed for a passing reason (a 5xx, the network, throttling) is retried later too,
 * since reading a job is free. Only an error that refuses every URL ends the step (answered).
 */
import type { BulkJobResult } from "../../../api/bulk-enrich";
import type { ApiError } from "../../../api/errors";
import type { SubmittedBulkJob } from "../job-types";
import { lookupCreditsPerUrl } from "../options";
import { errorStatus, refusesEveryUrl } from "../outcome-text";
import type { LookupClient } from "../ports";
import { STATUS_TEXT } from "../row-writer";
import type { StepContext } from "../step";
import { URL_STATE } from "../url-states";
import type { DistinctUrls } from "../urls";
import { inputUrl } from "./drain";
import { jobIndices } from "./job-urls";
import { pollWaitMs } from "./poll-schedule";
import { applySettlement, Settlement } from "./settle";

/** What a job's failure says in its rows: its leads may have been charged before it failed. */
function jobFailedStatus(reason: string | null): string {
  return `error: the API's bulk job failed${reason ? ` (${reason})` : ""}. It may have been charged; select the row and run again to retry.`;
}

/** Settles one completed job; answers the credits its found leads cost. */
function settleCompleted(
  context: StepContext,
  open: SubmittedBulkJob,
  result: BulkJobResult,
  settlement: Settlement,
): number {
  const indices = jobIndices(context.states, open);
  const items = result.items ?? [];
  if (items.length !== indices.length) {
    const status = jobFailedStatus(`${items.length} answers for ${indices.length} profiles`);
    for (const index of indices) settlement.set(index, URL_STATE.failed, { kind: "status", status });
    return 0;
  }
  // Stored data (Fresh data off) may show a mover's previous job: the digest says so.
  const cached = context.job.bulk?.mode !== "realtime";
  let found = 0;
  items.forEach((item, position) => {
    const index = indices[position]!;
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
  const result = client.bulkEnrichStatus(
    due.map((open) => open.id),
    { deadline },
  );
  const now = deps.clock.now();
  const settlement = new Settlement();
  const finished = new Set<string>();
  let refused: ApiError | null = result.stoppedBy;
  due.forEach((open, position) => {
    const outcome = result.outcomes[position] ?? null;
    const later = () => {
      open.polls += 1;
      open.nextPollAt = now + pollWaitMs(open.polls);
    };
    if (outcome === null) {
      later();
      return;
    }
    if (outcome.ok) {
      if (outcome.value.status === "completed") {
        job.spent += settleCompleted(context, open, outcome.value, settlement);
        // The API's own figure, in USD: what the summary shows an account billed in USD.
        bulk.usdCharged = (bulk.usdCharged ?? 0) + outcome.value.amountCharged;
        finished.add(open.id);
      } else if (outcome.value.status === "error") {
        const status = jobFailedStatus(outcome.value.error);
        for (const index of jobIndices(context.states, open))
          settlement.set(index, URL_STATE.failed, { kind: "status", status });
        finished.add(open.id);
      } else {
        open.processed = Math.min(open.count, outcome.value.processed);
        later();
      }
      return;
    }
    const error = outcome.error;
    if (refusesEveryUrl(error)) {
      refused ??= error;
      later();
      return;
    }
    if (error.kind === "not_found" || error.kind === "malformed") {
      // The job is gone (kept 24 h), or its answer cannot be read: its rows get the reason, once.
      const status = errorStatus(error);
      for (const index of jobIndices(context.states, open))
        settlement.set(index, URL_STATE.failed, { kind: "status", status });
      finished.add(open.id);
      return;
    }
    later();
  });
  bulk.jobs = bulk.jobs.filter((open) => !finished.has(open.id));
  applySettlement(context, urls, settlement, "write-first");
  return refused;
}
