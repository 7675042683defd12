/**
 * Cancel for the Companies and Leads tabs. A search runs in one execution (the sidebar's run call);
 * Cancel is another execution, started by the same sidebar, which names the run by the id the
 * sidebar made for it. The run records who started it: only that user's sidebar may cancel it, as
 * with Enrich (job-owner.ts). Another editor's sidebar never shows someone else's search (each
 * sidebar shows only the runs it started), so a Cancel from them can only be a hand-made call,
 * and it is refused with who started the search.
 */
import { JobError } from "../jobs/enrich/deps";
import { SEARCH_CANCEL_KEY, type SearchCancelAnswer, STOPPING } from "../jobs/search-cancel";
import { requestStop, stopWatcher } from "../jobs/stop-request";
import { appsScriptClock } from "./http";
import { claimRun, ownerOf } from "./job-owner";
import { documentSignal, documentStore } from "./job-store";

const OWNER_KEY = "search.owner";

/** The sidebar's id for one run, as it came over the wire; "" when the sidebar sent none. */
export function runIdOf(arg: unknown): string {
  const id = (Object(arg) as { runId?: unknown }).runId;
  return typeof id === "string" ? id.trim() : "";
}

/**
 * A search starts: the current user owns run `runId`. Answers the check the search makes before
 * every fetchAll, or undefined when the sidebar sent no id (an older sidebar: no Cancel).
 */
export function startSearch(runId: string): (() => boolean) | undefined {
  if (runId === "") return undefined;
  claimRun(runId, OWNER_KEY);
  return stopWatcher(documentStore(), SEARCH_CANCEL_KEY, runId, appsScriptClock, documentSignal());
}

/** The search is over: its Cancel request, if any, is cleared (one pressed later stops nothing). */
export function endSearch(runId: string): void {
  if (runId === "") return;
  const store = documentStore();
  if (store.fresh?.(SEARCH_CANCEL_KEY) === runId) store.remove(SEARCH_CANCEL_KEY);
}

/** Cancel pressed: asks the search `runId` to stop before its next fetchAll. */
export function cancelSearch(runId: string): SearchCancelAnswer {
  if (runId === "") throw new JobError("bad_request", "Which search to cancel did not reach the server.");
  const owner = ownerOf(runId, OWNER_KEY);
  if (owner && !owner.mine) {
    throw new JobError(
      "not_owner",
      `This search was started by ${owner.label}: only their sidebar can cancel it (it spends their key).`,
      "It stops on its own once its pages are sent; its rows are written to the sheet.",
    );
  }
  requestStop(documentStore(), SEARCH_CANCEL_KEY, runId, documentSignal());
  return STOPPING;
}
