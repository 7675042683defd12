/**
 * The work of one step: settle what a cut-off execution left in flight, write the headers once,
 * then fetch chunk after chunk of pending distinct URLs (each chunk one client batch, written to
 * its rows at once) until the time budget, the spend cap or the URLs run out.
 */

import { FRESH_MAX_PARALLEL } from "../../api/client";
import type { ApiError } from "../../api/errors";
import type { Lead, LeadLookupResponse } from "../../api/wire";
import { LEAD_LABELS } from "../../sheet/field-labels";
import { isoSecond, toSecond } from "../../sheet/sheet-time";
import { writeHeaderCells } from "../header-cells";
import { drainPaidBulkJobs, drainWithoutGoneColumns } from "./bulk/drain";
import { runBulk } from "./bulk/run";
import { cancelWatcher } from "./cancel";
import { saveJob } from "./cursor";
import type { JobDeps, JobLimits } from "./deps";
import { protectedStop } from "./edit-rights";
import { findWorkEmails, settleCutOffEmails } from "./email-pass";
import { followColumns, goneMessage, withAppendedHeaders } from "./follow-columns";
import type { ColumnLayout, EnrichJob, JobMessage } from "./job-types";
import { appendedHeaderText } from "./layout";
import { askedFresh, EXTRA_FIELDS, lookupCreditsPerUrl, lookupRequest } from "./options";
import { errorStatus, pendingBecause, refusesEveryUrl } from "./outcome-text";
import type { Grid } from "./ports";
import type { CellChanges } from "./rectangles";
import {
  type ChangeRecorder,
  isOkStatus,
  type RowOutcome,
  readStatuses,
  STATUS_TEXT,
  writeOutcomes,
} from "./row-writer";
import { indicesIn, URL_STATE, type UrlState, withStates } from "./url-states";
import { type DistinctUrls, distinctUrls, fingerprint } from "./urls";
import { refusedUrl, writeOrStop } from "./write-refused";

export interface StepContext {
  /** Tells the change history what a write is about to change (absent: no history). */
  record?: ChangeRecorder;
  /** The cells written so far in this step (row-writer bridges gaps with them). */
  written?: CellChanges;
  /**
   * The header row was just read (the step's start, or the last chunk's read before writing its
   * rows): the next chunk need not read it again before sending. Each chunk reads it once, after
   * its fetch and before writing (a fetch may take a minute: the user may move a column meanwhile);
   * that read follows the chunk before's writes, and Sheets commits queued writes before any read
   * (a flush, G6): one a chunk, the least that still follows a column the user moves.
   */
  headersJustRead?: boolean;
  /** The URL states as the store holds them (saveJob then sends only the parts that changed). */
  saved?: string;
  /** Whether Cancel was pressed (cancel.ts cancelWatcher): checked before every group. */
  stopAsked?: () => boolean;
  /**
   * The URL column as the step read it, its fingerprint the job's (the states' order): the step's
   * end counts the failed rows with it instead of reading the column again (two reads, G6).
   */
  urls?: DistinctUrls;
  /**
   * The URL column changed while paid bulk jobs were out (bulk/drain.ts): where a profile URL is
   * now, for writing their answers; and no more submits.
   */
  relocate?: (url: string) => number[];
  draining?: boolean;
  /** The columns to write while draining with a column gone (0 for it); absent: job.layout. */
  layout?: ColumnLayout;
  job: EnrichJob;
  states: string;
  grid: Grid;
  deps: JobDeps;
  limits: JobLimits;
}

/**
 * A fresh run's step answers the sidebar once it has run this long: in production after every
 * group (fresh lookups take 5 to 60 s), so the bar moves with each (issue 23.1); groups answered
 * at once (cached by the API, a test's fakes) stay in the step.
 */
export const FRESH_PROGRESS_MS = 1_000;

function readUrls(grid: Grid, job: EnrichJob): DistinctUrls {
  const height = job.lastRow - job.firstRow + 1;
  const column = grid.read(job.firstRow, job.urlColumn, height, 1).map((row) => row[0] ?? "");
  return distinctUrls(column, job.firstRow);
}

/**
 * Re-reads the header row and moves the job's columns to where their headers are now (one block
 * read). When a column it needs is gone, the run stops and keeps its last known columns (so
 * putting the header back lets it resume); the layout returned then has 0 for the gone columns,
 * for writing what was already paid for without them.
 */
export function followMovedColumns(context: StepContext): ColumnLayout | null {
  const { job, grid } = context;
  if (!job.columnHeaders) return null;
  const width = Math.max(grid.lastColumn(), job.urlColumn);
  const followed = followColumns(job, grid.read(job.layout.headerRow, 1, 1, width)[0] ?? []);
  if (followed.gone.length > 0) {
    const tracked = Object.keys(job.columnHeaders).length;
    stop(context, goneMessage(followed.gone, { row: job.layout.headerRow, tracked }));
    return followed.layout;
  }
  job.layout = followed.layout;
  job.urlColumn = followed.urlColumn;
  job.columnHeaders = followed.columnHeaders;
  return null;
}

export function stop(context: StepContext, message: JobMessage): void {
  context.job.state = "stopped";
  context.job.message = message;
}

/** Every row of these URL indices gets the same outcome. */
export function rowsOutcome(
  urls: DistinctUrls,
  indices: readonly number[],
  outcome: RowOutcome,
): Map<number, RowOutcome> {
  const byRow = new Map<number, RowOutcome>();
  for (const index of indices) for (const row of urls.rows[index] ?? []) byRow.set(row, outcome);
  return byRow;
}

/**
 * In-flight URLs found at the start of a step were sent by an execution that was cut off. The
 * sheet is the durable record: a row this run wrote (its enriched_at is not older than the run)
 * is done; otherwise the URL may have been charged without being written, so it is reported as
 * interrupted and never re-sent by itself.
 */
function settleInFlight(context: StepContext, urls: DistinctUrls): void {
  const inFlight = indicesIn(context.states, URL_STATE.inFlight);
  if (inFlight.length === 0) return;
  const { job, grid } = context;
  // Enriched At keeps whole seconds; read as a time, whether a date cell or older ISO text.
  const runStart = toSecond(job.createdAt);
  const firstRows = inFlight.map((index) => urls.rows[index]![0]!);
  const seen = readStatuses(grid, job.layout, firstRows);
  const settled: Record<UrlState, number[]> = { ".": [], f: [], o: [], n: [], e: [], i: [], s: [], j: [] };
  for (const index of inFlight) {
    const [status, at] = seen.get(urls.rows[index]![0]!) ?? ["", null];
    // Only enriched rows carry this run's time; a "not found" or "error" row has none, and may
    // be an earlier run's: its URL may have been charged now, so it counts as interrupted.
    const writtenByThisRun = at !== null && at >= runStart;
    if (writtenByThisRun && isOkStatus(status)) settled.o.push(index);
    else settled.i.push(index);
  }
  writeOutcomes(
    grid,
    job.layout,
    rowsOutcome(urls, settled.i, { kind: "status", status: STATUS_TEXT.interrupted }),
    job.options.mode,
    isoSecond(context.deps.clock.now()),
    undefined,
    context.record,
  );
  let states = context.states;
  states = withStates(states, settled.o, URL_STATE.ok);
  states = withStates(states, settled.n, URL_STATE.notFound);
  states = withStates(states, settled.e, URL_STATE.failed);
  states = withStates(states, settled.i, URL_STATE.interrupted);
  context.states = states;
  // Answered and written by the cut-off execution, whose spend was never saved: paid answers, at
  // the lookup's price (before, they counted nowhere: spent 20 for 24 in the ledger, and the cap
  // let that many more go out).
  job.spent += settled.o.length * lookupCreditsPerUrl(job);
  // Sent by the cut-off execution and never read: each may have been charged in full.
  countMaybeCharged(job, settled.i.length);
  saveJob(context.deps.store, job, states);
}

/**
 * Adds `urls` lookups that may have been charged without an answer read to what the cap counts.
 * At the lookup's price: a finder row sent for them is counted in emailCredits before it is sent.
 */
export function countMaybeCharged(job: EnrichJob, urls: number): void {
  if (urls > 0) job.maybeCharged = (job.maybeCharged ?? 0) + urls * lookupCreditsPerUrl(job);
}

/** Credits this run may have been charged: answers read, lookups never read, finder rows sent. */
function mayHaveSpent(job: EnrichJob): number {
  return job.spent + (job.maybeCharged ?? 0) + (job.emailCredits ?? 0);
}

/** Headers of the appended columns, and the status of rows whose cell is no profile URL. */
function prepare(context: StepContext, urls: DistinctUrls): void {
  const { job, grid } = context;
  if (job.prepared) return;
  const { appended, headerRow, firstNewColumn } = job.layout;
  if (appended.length > 0) {
    // Labels or field names as the Headers setting says, like the Leads sheet's; the text is kept
    // so that the columns are followed, and the history names them, by what the sheet shows.
    const style = context.deps.settings.headers ?? "api";
    const list = job.layout.list ?? "";
    job.layout.appendedHeaders = appended.map((field) => appendedHeaderText(field, style, list));
    // Appended columns lie right of every existing one: their header cells were empty.
    context.record?.(
      job.layout.appendedHeaders.map((text, offset) => ({
        row: headerRow,
        column: firstNewColumn + offset,
        before: "",
        after: text,
      })),
    );
    writeHeaderCells(grid, firstNewColumn, appended, LEAD_LABELS, style, headerRow, list);
    if (job.columnHeaders) job.columnHeaders = withAppendedHeaders(job);
  }
  const invalid = new Map<number, RowOutcome>(
    urls.invalidRows.map((row) => [row, { kind: "status", status: STATUS_TEXT.invalid }]),
  );
  writeOutcomes(
    grid,
    job.layout,
    invalid,
    job.options.mode,
    isoSecond(context.deps.clock.now()),
    undefined,
    context.record,
  );
  // Saved with the first chunk's URLs in flight (runChunk), or at the step's end: one store write
  // fewer (62 ms, G6). A cut-off before that save only prepares again (the same headers and
  // statuses, nothing sent), the history then holding the header cells twice, with the same before.
  job.prepared = true;
}

/** Pending rows get a status saying why they were not enriched, so no row is left unexplained. */
export function markPending(context: StepContext, urls: DistinctUrls, status: string): void {
  const pending = indicesIn(context.states, URL_STATE.pending);
  writeOutcomes(
    context.grid,
    context.job.layout,
    rowsOutcome(urls, pending, { kind: "status", status }),
    context.job.options.mode,
    isoSecond(context.deps.clock.now()),
    undefined,
    context.record,
  );
}

/**
 * Where the extras appear in an answer is not shown in the spec: inside the lead (as the sandbox
 * does) or beside it. Either way they end up in the lead's columns.
 */
export function withExtras(response: LeadLookupResponse): Lead {
  const beside = response as LeadLookupResponse & Partial<Record<(typeof EXTRA_FIELDS)[number], unknown>>;
  const lead: Lead = { ...response.lead };
  for (const field of EXTRA_FIELDS) {
    if (lead[field] === undefined && beside[field] !== undefined) lead[field] = beside[field];
  }
  return lead;
}

export function stopMessage(error: ApiError): JobMessage {
  return { kind: error.kind, message: error.message, next: error.next };
}

/** Sends one chunk and writes its rows. Returns false when the step must end. */
function runChunk(context: StepContext, urls: DistinctUrls, chunk: number[], deadline: number): boolean {
  const { job, deps } = context;
  // Made before anything is marked in flight: a missing key must not leave URLs "interrupted".
  const client = deps.client();
  if (!context.headersJustRead) followMovedColumns(context);
  context.headersJustRead = false;
  if (job.state !== "running") return false;
  context.states = withStates(context.states, chunk, URL_STATE.inFlight);
  // One store write before sending (62 ms, G6): these URLs in flight, with the job and what the
  // chunk before settled (its rows are written by now). A cut-off before it leaves that chunk in
  // flight, which the next step settles from the sheet (settleInFlight), as after any cut-off.
  saveJob(deps.store, job, context.states, context.saved);
  context.saved = context.states;

  // Retries inside the batch are fetchAlls too: a Cancel pressed meanwhile stops them.
  const stopAsked = context.stopAsked ?? (() => false);
  const batch = client.lookupLeads(
    chunk.map((index) => lookupRequest(urls.urls[index]!, job.options.extras)),
    job.pace === undefined
      ? { deadline, stop: stopAsked }
      : { deadline, startParallel: job.pace, stop: stopAsked },
  );
  if (batch.parallel !== undefined) job.pace = batch.parallel;

  const outcomes = new Map<number, RowOutcome>();
  const next: Record<UrlState, number[]> = { ".": [], f: [], o: [], n: [], e: [], i: [], s: [], j: [] };
  let notAttempted = false;
  let maybeCharged = 0;
  let refused: ApiError | null = batch.stoppedBy;
  chunk.forEach((index, position) => {
    const outcome = batch.outcomes[position] ?? null;
    const rows = urls.rows[index] ?? [];
    if (outcome === null) {
      notAttempted = true;
      next["."].push(index);
      return;
    }
    if (outcome.ok) {
      next.o.push(index);
      const lead = withExtras(outcome.value);
      // What was asked for decides: production answers source "lead_by_link" fresh or not
      // (PRODUCTION.md A2), so the answer's source says nothing about freshness.
      const cached = !askedFresh(job.options.extras);
      for (const row of rows) outcomes.set(row, { kind: "ok", lead, cached });
      return;
    }
    const error = outcome.error;
    if (refusesEveryUrl(error)) {
      // Refused before any charge, and every other URL would be refused too: the URL stays
      // pending for after the user acts (tops up, fixes the key, gets the plan) or, for Apps
      // Script's daily URL Fetch quota (thrown before anything is sent), for the next day.
      if (error.kind === "forbidden") refused ??= error;
      next["."].push(index);
      return;
    }
    const status = errorStatus(error);
    (error.kind === "not_found" ? next.n : next.e).push(index);
    if (error.charged === "maybe") maybeCharged += 1;
    for (const row of rows) outcomes.set(row, { kind: "status", status });
  });

  // The work email of each lead found, written with its row (email-pass.ts; off: nothing).
  findWorkEmails(context, urls, next.o, outcomes);
  // The fetch may have taken a minute: write where the columns are now. A column deleted in the
  // meantime loses only its own cells of this paid chunk; the run stops after writing the rest.
  const degraded = followMovedColumns(context);
  const refusedRows = writeOrStop(context, outcomes, degraded ?? job.layout);
  const written = refusedRows.size === 0;
  // Paid and not written: failed (their rows say so), never enriched, never sent again.
  if (!written) {
    const kept: number[] = [];
    for (const index of next.o) (refusedUrl(urls.rows, index, refusedRows) ? next.e : kept).push(index);
    next.o = kept;
  }
  let states = context.states;
  for (const state of [URL_STATE.pending, URL_STATE.ok, URL_STATE.notFound, URL_STATE.failed] as const) {
    states = withStates(states, next[state], state);
  }
  context.states = states;
  job.spent += batch.spent;
  countMaybeCharged(job, maybeCharged);
  job.throttled = (job.throttled ?? 0) + (batch.throttled ?? 0);
  job.updatedAt = deps.clock.now();
  // Saved with the next chunk's URLs in flight, or by the step's end (runSteps).
  // The header row read above precedes only this chunk's own writes: the next chunk trusts it.
  context.headersJustRead = true;

  if (degraded || !written) return false;
  if (refused) {
    stop(context, stopMessage(refused));
    const why = pendingBecause(refused);
    markPending(context, urls, why);
    return false;
  }
  return !notAttempted;
}

/** The spend cap leaves no room for another URL: the run stops and the pending rows say why. */
export function stopAtCap(context: StepContext, urls: DistinctUrls): void {
  const cap = capReached(context.job);
  stop(context, cap.message);
  markPending(context, urls, cap.status);
}

/** Hands each write's changes, with their rows' profile URLs, to the change history. */
export function changeRecorder(context: StepContext, urls: DistinctUrls): ChangeRecorder | undefined {
  const log = context.deps.changes;
  if (!log) return undefined;
  const { job, grid } = context;
  let urlOfRow: Map<number, string> | null = null;
  return (edits) => {
    if (!urlOfRow) {
      urlOfRow = new Map();
      urls.rows.forEach((rows, index) => {
        for (const row of rows) urlOfRow!.set(row, urls.urls[index]!);
      });
    }
    const byRow = urlOfRow;
    // The headers as the run follows them now (columns move between writes; follow-columns.ts).
    const run = {
      runId: job.id,
      sheetName: job.sheetName,
      sheetId: job.sheetId,
      headerRow: job.layout.headerRow,
      ...(job.columnHeaders ? { headers: job.columnHeaders } : {}),
    };
    log.record(
      run,
      grid,
      edits.map((edit) => ({ ...edit, url: byRow.get(edit.row) ?? "" })),
    );
  };
}

/**
 * URLs handed to the client at once: what it sends in one fetchAll (the pace the last batch ended
 * at, else the chunk size, at most FRESH_MAX_PARALLEL for fresh lookups). So the cancel, time and
 * cap checks of the loop below, and the progress the step answers, come after every group of
 * requests, not after hundreds of URLs sent 4 at a time (issue 23.1).
 */
function groupSize(job: EnrichJob, chunkSize: number): number {
  const setting = Math.max(1, Math.min(500, Math.floor(chunkSize)));
  const ceiling = askedFresh(job.options.extras) ? Math.min(setting, FRESH_MAX_PARALLEL) : setting;
  return Math.max(1, Math.min(ceiling, job.pace ?? ceiling));
}

/**
 * The stop at the run's cap, naming that cap: a scheduled run's is the schedule's own, raised by
 * its owner under Scheduled refresh, never the Settings cap (issue 23.2). What it counts says
 * what may have been charged beyond the answers read (issue 18.2).
 */
function capReached(job: EnrichJob): { message: JobMessage; status: string } {
  const maybe = (job.maybeCharged ?? 0) + (job.emailCredits ?? 0);
  const spent = `(${job.spent} spent in this run${maybe > 0 ? `, up to ${maybe} more may have been charged` : ""})`;
  if (job.capSource === "schedule") {
    const before = job.capSpentBefore ?? 0;
    const reached =
      before > 0
        ? `The schedule's cap of ${job.cap + before} credits a run is reached for this period: ${before} spent by its earlier runs, which ended when the list changed under them ${spent}.`
        : `The schedule's cap of ${job.cap} credits a run is reached ${spent}.`;
    return {
      message: {
        kind: "spend_cap",
        message: reached,
        next: "The schedule's owner can raise it under Scheduled refresh (Continue shows what the rest may cost); or cancel to keep what is done.",
      },
      status:
        "not enriched yet: the schedule's cap per run was reached; its owner can raise it, then Continue",
    };
  }
  return {
    message: {
      kind: "spend_cap",
      message: `The spend cap of ${job.cap} credits is reached ${spent}.`,
      next: "Raise the spend cap in Settings, then Resume; or cancel to keep what is done.",
    },
    status: "not enriched yet: the spend cap was reached; raise it in Settings, then Resume",
  };
}

/** Runs chunks until the budget, the cap or the URLs end; returns the URL states after. */
export function runSteps(context: StepContext): string {
  const { job, deps, grid, limits } = context;
  const started = deps.clock.now();
  // "throttled: slowing down" describes this step only.
  job.throttled = 0;
  const degraded = followMovedColumns(context);
  context.headersJustRead = true;
  // A run that stops here is saved by the caller (job.ts stepJob), with its failures and charges;
  // paid bulk jobs still out are written first, without the gone column (bulk/drain.ts).
  if (job.state !== "running") {
    if (degraded && job.bulk?.jobs.length) {
      const read = readUrls(grid, job);
      drainWithoutGoneColumns(context, degraded, read, fingerprint(read.keys) !== job.fingerprint, started);
    }
    return context.states;
  }
  const urls = readUrls(grid, job);
  if (fingerprint(urls.keys) !== job.fingerprint) {
    // Paid bulk jobs still out are polled and written where their URLs are now, first.
    if (drainPaidBulkJobs(context, urls, started)) return context.states;
    if (job.state !== "running") return context.states;
    stop(context, {
      kind: "changed",
      message: "The profile URLs in the selected rows changed since this run was estimated.",
      next: "Cancel this run and start a new one on the current rows (rows already enriched keep their values).",
    });
    return context.states;
  }
  // Paid bulk jobs still out are polled whatever the rights: their write is caught if refused.
  const protectedRange = job.bulk?.jobs.length ? null : protectedStop(grid, job, deps.changes);
  if (protectedRange) {
    stop(context, protectedRange);
    return context.states;
  }
  context.urls = urls;
  context.record = changeRecorder(context, urls);
  settleInFlight(context, urls);
  settleCutOffEmails(context);
  prepare(context, urls);
  // What the store holds now: loaded with the job, or just saved by the two above.
  context.saved = context.states;
  context.stopAsked = cancelWatcher(deps.store, job.id, deps.clock, deps.cancelSignal);
  // The current generation's bulk jobs, when the run uses them (bulk/run.ts); false: lookups.
  if (job.state === "running" && runBulk(context, urls, started)) return context.states;

  const deadline = Math.min(started + limits.hardBudgetMs, limits.deadline ?? Number.POSITIVE_INFINITY);
  while (
    job.state === "running" &&
    deps.clock.now() - started < limits.softBudgetMs &&
    deps.clock.now() < deadline
  ) {
    // Cancel pressed while this step was fetching: stop before sending more (job.ts ends the run).
    if (context.stopAsked()) break;
    // What may have been charged counts, not only the answers read: a timed-out lookup may still
    // be billed, and the ledger must stay under the cap whatever the API did with it.
    const affordable = Math.floor((job.cap - mayHaveSpent(job)) / job.creditsPerUrl);
    const size = Math.min(groupSize(job, deps.settings.chunkSize), Math.max(0, affordable));
    const chunk = indicesIn(context.states, URL_STATE.pending, size);
    if (indicesIn(context.states, URL_STATE.pending, 1).length === 0) {
      job.state = "done";
      break;
    }
    if (chunk.length === 0) {
      stopAtCap(context, urls);
      break;
    }
    const chunkStart = deps.clock.now();
    if (!runChunk(context, urls, chunk, deadline)) break;
    // A slow API: answer after this chunk so the sidebar's progress moves, rather than after the
    // budget. Fresh lookups take seconds to a minute each: their progress moves after every group
    // that took a second. Groups that answer at once stay in the step: each step re-reads the URL
    // column, so a step per group of 4 made a 25,000-row run quadratic (6,250 steps of 25,000).
    const now = deps.clock.now();
    if (now - chunkStart > limits.slowChunkMs) break;
    if (askedFresh(job.options.extras) && now - started >= FRESH_PROGRESS_MS) break;
  }
  job.updatedAt = deps.clock.now();
  // A run that goes on is saved here; one that ended or stopped, once by the caller (job.ts
  // stepJob), with its failed rows and what the ledger charged.
  if (job.state === "running") saveJob(deps.store, job, context.states, context.saved);
  return context.states;
}
