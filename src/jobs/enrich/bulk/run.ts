/**
 * One step of a run that goes through the current generation's bulk jobs (PRODUCTION.md A19):
 * settle a submit that was cut off, then poll the jobs that are due and submit more while the cap
 * and the open-job room allow, waiting for the next poll within the step's budget. No request
 * waits on a slow profile, so nothing passes UrlFetchApp's 60 s and nothing paid is lost (G2).
 *
 * Cancel, or an error that refuses every URL (a key, funds, a plan), stops the submitting at once;
 * the jobs already submitted are paid, so they are still polled and written, and only then does
 * the run end (cancelled: job.ts's summary) or stop (the error's message). A poll refused that way
 * (the day's URL Fetch quota used up, the key refused) stops the run at once, its open jobs kept
 * for Resume (or the schedule's next trigger run, for the quota): before, the run stayed "running"
 * with nothing said, step after step, until the day turned or the key came back. After Cancel, the
 * jobs nothing can read are given up instead (may have been charged), and the run ends.
 */
import type { ApiError } from "../../../api/errors";
import { waitUnless } from "../../../api/wait";
import { cancelRequested, clearCancel, requestCancel } from "../cancel";
import { saveJob } from "../cursor";
import { pendingBecause } from "../outcome-text";
import { markPending, type StepContext, stop, stopAtCap, stopMessage } from "../step";
import { indicesIn, URL_STATE } from "../url-states";
import type { DistinctUrls } from "../urls";
import { decideBulk } from "./decide";
import { openUrls } from "./job-urls";
import { giveUpOpenJobs, pollDueJobs } from "./poll";
import { STEP_WAIT_MS } from "./poll-schedule";
import { affordableUrls, settleCutOffSubmit, submitPending } from "./submit";

/** What the progress says once when a 403 moves an `auto` run to lookups. */
const FALLBACK_MESSAGE = {
  kind: "fallback",
  message:
    "Your API plan is not entitled to bulk jobs (the API's current generation): this run looks each URL up instead, as before (slower; a Fresh data answer past 60 s may be charged and lost). Nothing was charged for the refusal.",
  next: "Set API generation to legacy in Settings to skip this check next time.",
};

/**
 * A poll refused by what refuses every request: the run stops now, saying why and that its open
 * jobs are paid as they complete and written on Resume; the URLs not yet sent wait for it too.
 */
function stopWithOpenJobs(context: StepContext, urls: DistinctUrls, refused: ApiError): void {
  const open = openUrls(context.job.bulk?.jobs ?? []);
  const message = stopMessage(refused);
  stop(context, {
    ...message,
    message: `${message.message} ${open.toLocaleString("en-US")} URLs are in bulk jobs the API runs and charges as they complete: Resume reads and writes them (the API keeps a job 24 hours).`,
  });
  markPending(context, urls, pendingBecause(refused));
}

/**
 * Runs the bulk path of one step; false when the run uses lookups (decided now, or by a 403 under
 * `auto`): the caller then goes on with lookups.
 */
export function runBulk(context: StepContext, urls: DistinctUrls, started: number): boolean {
  const { job, deps, limits } = context;
  if (job.lookups) return false;
  const hasPending = indicesIn(context.states, URL_STATE.pending, 1).length > 0;
  if (!job.bulk && !hasPending) return false;
  const client = deps.client();
  const generation = deps.settings.apiGeneration ?? "auto";
  if (!decideBulk(job, generation, client, deps.settings.bulkWebsitesSeen)) return false;
  const bulk = job.bulk!;
  settleCutOffSubmit(context, urls);
  // The execution's own deadline too (a trigger's, from its start), as the lookup path keeps it.
  const deadline = Math.min(started + limits.hardBudgetMs, limits.deadline ?? Number.POSITIVE_INFINITY);
  // A sidebar's step (no execution deadline given) hands its progress back after STEP_WAIT_MS,
  // so the bar shows the leads the API has worked on: waiting out the whole 150 s budget left it
  // at 0 for minutes while the ledger charged (100 URLs, production latency: 96 charged, Done 0),
  // and held the document lock the reopened sidebar waits on. A trigger's steps have nobody
  // watching: they wait up to the budget, fewer steps and property writes.
  const handBackMs =
    limits.deadline === undefined
      ? Math.min(limits.softBudgetMs, STEP_WAIT_MS)
      : Math.max(limits.softBudgetMs, STEP_WAIT_MS);
  const waitUntil = Math.min(deadline, started + handBackMs);
  let stopWith: ApiError | null = null;
  // A step that has not polled yet waits for its first due poll whatever the budget: returning
  // at once would have the sidebar call step after step that do nothing until then.
  let polled = false;
  let submitted = false;
  // What ended a wait early (wait.ts) counts as Cancel too, so a wait cut short by it is never
  // waited again and cut short again in a loop.
  const cancelPressed = () => !bulk.cancelling && context.stopAsked?.() === true;
  while (job.state === "running") {
    // Cancel pressed while this step ran: no more submits; the run ends once its jobs are written.
    if (cancelRequested(deps.store, job.id) || cancelPressed()) {
      bulk.cancelling = true;
      clearCancel(deps.store);
    }
    const due = bulk.jobs.some((open) => open.nextPollAt <= deps.clock.now());
    const pollRefused = pollDueJobs(context, urls, client, deadline);
    polled ||= due;
    if (job.state !== "running") break;
    if (pollRefused !== null && bulk.jobs.length > 0) {
      if (!bulk.cancelling) {
        stopWithOpenJobs(context, urls, pollRefused);
        break;
      }
      // Cancelled: the jobs nothing can read now are given up, and the run ends as asked.
      giveUpOpenJobs(context, urls, pollRefused);
    }
    stopWith = pollRefused ?? stopWith;
    if (!bulk.cancelling && !context.draining && stopWith === null) {
      const open = bulk.jobs.length;
      const refused = submitPending(context, urls, client, deadline);
      // New jobs: hand the progress back at once ("N URLs in bulk jobs"); the next step polls them.
      submitted ||= bulk.jobs.length > open;
      const nothingSubmitted =
        bulk.jobs.length === 0 && indicesIn(context.states, URL_STATE.ok, 1).length === 0;
      if (refused?.kind === "forbidden" && generation === "auto" && nothingSubmitted) {
        delete job.bulk;
        job.lookups = true;
        job.message = FALLBACK_MESSAGE;
        saveJob(deps.store, job, context.states);
        return false;
      }
      stopWith = refused;
    }
    if (bulk.jobs.length === 0) {
      if (bulk.cancelling) requestCancel(deps.store, job.id);
      // Drained after the sheet changed under the run: the caller stops it (bulk/drain.ts).
      else if (context.draining) {
        // Nothing: the caller stops the run.
      } else if (stopWith !== null) {
        stop(context, stopMessage(stopWith));
        markPending(context, urls, pendingBecause(stopWith));
      } else if (indicesIn(context.states, URL_STATE.pending, 1).length === 0) job.state = "done";
      else if (affordableUrls(context) === 0) stopAtCap(context, urls);
      break;
    }
    const next = bulk.jobs.reduce(
      (soonest, open) => Math.min(soonest, open.nextPollAt),
      Number.POSITIVE_INFINITY,
    );
    if (submitted || next > deadline || (polled && next > waitUntil)) break;
    const now = deps.clock.now();
    // Cancel pressed during the wait is taken up at the loop's top within one slice (wait.ts):
    // no more submits. Once cancelling, the wait runs out: the paid jobs are still polled.
    if (next > now) waitUnless(deps.clock, next - now, cancelPressed);
  }
  job.updatedAt = deps.clock.now();
  // A run that ended or stopped is saved once, by the caller (job.ts stepJob), with its failed rows
  // and what the ledger charged: what its jobs paid for was saved as each was written (settle.ts).
  if (job.state === "running") saveJob(deps.store, job, context.states);
  return true;
}
