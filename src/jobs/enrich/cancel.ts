/**
 * Cancel while a step is fetching: the requests already sent cannot be called back and will be
 * charged, so Cancel says so at once ("stopping after the requests already sent, up to N credits"),
 * leaves a request for the running step (which holds the document lock), and the step stops before
 * its next chunk and ends the run with a summary of what was done and spent.
 */
import type { Clock } from "../../api/ports";
import { chargesText } from "../ledger/charges-text";
import { requestStop, stopRequested, stopWatcher } from "../stop-request";
import { emailSummaryText } from "./email-summary";
import type { EnrichJob, JobMessage } from "./job-types";
import type { CancelSignal, Store } from "./ports";
import { maybeChargedOf, progressOf, skipReasons, skipsOf } from "./progress";
import { countStates, indicesIn, URL_STATE } from "./url-states";

const CANCEL_KEY = "enrich.cancel";

export { CANCEL_STORE_EVERY_MS } from "../stop-request";

/**
 * Asks the step that is running to stop after its chunk: in the store (durable, read when a step
 * starts and ends) and, when given, in the fast signal the step checks after every group.
 */
export function requestCancel(store: Store, jobId: string, signal?: CancelSignal): void {
  requestStop(store, CANCEL_KEY, jobId, signal);
}

/** Whether Cancel was pressed, as the store says now (another user's sidebar may have asked). */
export function cancelRequested(store: Store, jobId: string): boolean {
  return stopRequested(store, CANCEL_KEY, jobId);
}

/** The check a step makes before each group of requests (stop-request.ts stopWatcher). */
export function cancelWatcher(
  store: Store,
  jobId: string,
  clock: Clock,
  signal?: CancelSignal,
): () => boolean {
  return stopWatcher(store, CANCEL_KEY, jobId, clock, signal);
}

export function clearCancel(store: Store): void {
  store.remove(CANCEL_KEY);
}

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

/** What Cancel says while the step in flight finishes: what it may still cost. */
export function stoppingMessage(job: EnrichJob, states: string): JobMessage {
  const inFlight = indicesIn(states, URL_STATE.inFlight).length;
  const credits = inFlight * job.creditsPerUrl;
  return {
    kind: "cancelling",
    message:
      inFlight > 0
        ? `Stopping after the requests already sent (${plural(inFlight, "URL")}, up to ${plural(credits, "credit")}): they cannot be called back.`
        : "Stopping after the step in progress.",
    next: "Their rows are written before the run ends; a summary follows.",
  };
}

/** The end of a cancelled run: what was done and what it cost. */
export function cancelledMessage(job: EnrichJob, states: string): JobMessage {
  const counts = countStates(states);
  const parts = [
    `${plural(counts.ok, "URL")} enriched`,
    counts.notFound > 0 ? `${counts.notFound} not found` : "",
    counts.failed > 0 ? `${counts.failed} failed` : "",
    counts.interrupted > 0 ? `${counts.interrupted} interrupted` : "",
    counts.skipped > 0 ? `${counts.skipped} skipped (${skipReasons(skipsOf(job, counts.skipped))})` : "",
    `${plural(counts.pending, "URL")} not reached`,
  ].filter(Boolean);
  return {
    kind: "cancelled",
    message: `Cancelled: ${parts.join(", ")}; ${chargesText(job.charges, job.spent, maybeChargedOf(job))}.${emailPart(job, states)}`,
    next: "Rows written stay; rows not reached keep what they had.",
  };
}

/** " Work emails: ..." when the run had the work-email pass. */
function emailPart(job: EnrichJob, states: string): string {
  const emails = job.options.workEmail ? progressOf(job, states).emails : undefined;
  return emails ? ` ${emailSummaryText(emails)}.` : "";
}
