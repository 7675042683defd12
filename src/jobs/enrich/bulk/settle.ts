/**
 * Applies what a bulk submit or poll decided to the run: one block write of the rows' cells and
 * one save of the URL states with the job record. A poll writes first (a cut-off before the save
 * leaves its job open, polled and written again: reading a job is free); a submit saves first (its
 * job ids must never be lost; a row's status text is the lesser loss).
 *
 * The URLs given up while a job may have charged them (a submit's 5xx or timeout, a cut-off
 * submit, a job failed, gone or unreadable, an answer with no row left) are counted as may have
 * been charged, as the lookup path counts its lost answers: the spend cap counts them before it
 * submits more, and the summary says so. Before, nothing on this path counted them: a submit's
 * 202 lost behind a 502 freed its 50 URLs' room under the cap, and a cap of 60 charged 110.
 */

import { saveJob } from "../cursor";
import { findWorkEmails } from "../email-pass";
import { MAYBE_CHARGED } from "../maybe-charged";
import type { RowOutcome } from "../row-writer";
import { countMaybeCharged, type StepContext } from "../step";
import { URL_STATE, type UrlState, withStates } from "../url-states";
import type { DistinctUrls } from "../urls";
import { refusedUrl, writeOrStop } from "../write-refused";
import { locatedUrls } from "./drain";

/** Outcomes by distinct URL index, and the state each index moves to. */
export class Settlement {
  readonly outcomes = new Map<number, RowOutcome>();
  readonly states = new Map<number, UrlState>();
  /** The profile URL each answered index was asked for (a completed job's inputs). */
  readonly inputs = new Map<number, string>();
  /** Indices given up while their job may have charged them (see the top). */
  readonly maybeCharged = new Set<number>();

  set(index: number, state: UrlState, outcome?: RowOutcome): void {
    this.states.set(index, state);
    if (outcome) this.outcomes.set(index, outcome);
    const says = outcome?.kind === "status" && outcome.status.includes(MAYBE_CHARGED);
    if (state === URL_STATE.interrupted || says) this.maybeCharged.add(index);
    else this.maybeCharged.delete(index);
  }
}

/** Does any lead of the answer name its company's website (what Work email needs, A19)? */
function namesWebsite(settlement: Settlement): boolean {
  for (const outcome of settlement.outcomes.values())
    if (outcome.kind === "ok" && String(outcome.lead.company_website ?? "") !== "") return true;
  return false;
}

/** Writes the rows (where the columns are now) and saves the states and the job, in `order`. */
export function applySettlement(
  context: StepContext,
  urls: DistinctUrls,
  settlement: Settlement,
  order: "write-first" | "save-first",
): void {
  if (order === "save-first") saveStates(context, settlement);
  const written = writeRows(context, urls, settlement);
  if (order === "write-first") saveStates(context, settlement);
  // A submit's states were saved before its refused write: its answered URLs failed after all.
  else if (!written) {
    const refused = [...settlement.outcomes]
      .filter(([index, o]) => o.kind === "ok" && settlement.states.get(index) === URL_STATE.failed)
      .map(([index]) => index);
    context.states = withStates(context.states, refused, URL_STATE.failed);
    saveJob(context.deps.store, context.job, context.states);
  }
}

/** Writes the rows; false when the sheet refused some (write-refused.ts: the run stopped, their answered URLs failed). */
function writeRows(context: StepContext, read: DistinctUrls, settlement: Settlement): boolean {
  const { deps } = context;
  // Where the answers' URLs are now, when the column changed while the jobs were out (drain.ts).
  const urls = locatedUrls(context, read, settlement.inputs);
  if (context.draining) keepUnwritable(context, urls, settlement);
  if (!deps.settings.bulkWebsitesSeen && namesWebsite(settlement)) {
    deps.noteBulkWebsites?.();
    deps.settings.bulkWebsitesSeen = true;
  }
  const byRow = new Map<number, RowOutcome>();
  for (const [index, outcome] of settlement.outcomes)
    for (const row of urls.rows[index] ?? []) byRow.set(row, { ...outcome });
  // The work email of each lead found, written with its row (email-pass.ts; off: nothing).
  // Not while a column is gone: the columns it reads the person from may have moved.
  if (!context.layout) findWorkEmails(context, urls, [...settlement.outcomes.keys()], byRow);
  if (byRow.size === 0) return true;
  const refusedRows = writeOrStop(context, byRow);
  // Paid and not written: failed, never enriched (a poll's job is then closed, not polled again).
  for (const [index, outcome] of settlement.outcomes)
    if (outcome.kind === "ok" && refusedUrl(urls.rows, index, refusedRows))
      settlement.states.set(index, URL_STATE.failed);
  return refusedRows.size === 0;
}

/**
 * Drained after the sheet changed (drain.ts): an answer with no row to land in (its URL gone from
 * the column) or no status column left to say so was paid for and not written. It is counted as
 * interrupted (may have been charged, never sent again by itself), never as enriched.
 */
function keepUnwritable(context: StepContext, urls: DistinctUrls, settlement: Settlement): void {
  const layout = context.layout ?? context.job.layout;
  for (const index of [...settlement.outcomes.keys()]) {
    if ((urls.rows[index] ?? []).length > 0 && layout.status.enrichment_status > 0) continue;
    settlement.outcomes.delete(index);
    // Not through set(): an answer read is already in the run's spend, a not found is free, and a
    // lost one stays counted as may have been charged.
    settlement.states.set(index, URL_STATE.interrupted);
  }
}

function saveStates(context: StepContext, settlement: Settlement): void {
  const { job, deps } = context;
  countMaybeCharged(job, settlement.maybeCharged.size);
  const grouped = new Map<UrlState, number[]>();
  for (const [index, state] of settlement.states) grouped.set(state, [...(grouped.get(state) ?? []), index]);
  let states = context.states;
  for (const [state, indices] of grouped) states = withStates(states, indices, state);
  context.states = states;
  job.updatedAt = deps.clock.now();
  saveJob(deps.store, job, states);
}
