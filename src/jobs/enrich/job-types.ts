/** The job record kept in the cursor, and the progress the sidebar shows. Plain JSON. */
import type { BillingUnit, BulkMode } from "../../api/bulk-enrich";
import type { StatusField } from "../../sheet/columns";
import type { LeadField } from "../../sheet/lead-fields";
import type { LedgerMark, RunCharges } from "../ledger/run-charges";
import type { EnrichOptions } from "./options";

/** Where everything goes, as 1-based column numbers on the sheet. */
export interface ColumnLayout {
  headerRow: number;
  /** Field -> column, for the fields to fill (existing or appended). */
  fields: Array<[LeadField, number]>;
  /** The status columns (`enrichment_status`, `enriched_at`, `job_changed`, `previous_job`). */
  status: Record<StatusField, number>;
  /** Existing columns holding the earlier job_title / company_name (0 when there is none). */
  previous: { job_title: number; company_name: number };
  /** Fields (and status columns) appended at the right, starting at `firstNewColumn`, in order. */
  appended: string[];
  /**
   * The header text the first step wrote for `appended` (labels or field names, by the Headers
   * setting then). Absent before the first step, and in runs saved before this existed, whose
   * first step wrote the field names themselves: appendedHeaders() answers those.
   */
  appendedHeaders?: string[];
  firstNewColumn: number;
  /** Fields the user chose whose column is the URL column itself: never overwritten. */
  skipped: LeadField[];
  /** The work-email pass's columns (options.workEmail); absent when it is off. */
  email?: EmailColumns;
  /**
   * The rows hold other lists of people too: this run's columns are those headed with this name,
   * its URL column's header (src/sheet/list-headers.ts). Absent for a sheet's only list.
   */
  list?: string;
}

/**
 * Where the work-email pass writes (Email, Email status: found by header or appended) and reads a
 * company website when the answer carries none (0: the sheet has no such column).
 */
export interface EmailColumns {
  email: number;
  email_status: number;
  website: number;
}

/** What the work-email pass did in a run, counted in rows (email-pass.ts). */
export interface EmailCounts {
  valid: number;
  catchAll: number;
  notFound: number;
  /** Filled emails kept in fill mode although the job changed: marked outdated. */
  outdated: number;
  /** Not looked up or not answered: their Email status says why. */
  failed: number;
}

export type JobState = "planned" | "running" | "paused" | "stopped" | "done" | "cancelled";

export interface JobMessage {
  kind: string;
  message: string;
  next?: string;
}

/**
 * Distinct URLs a run does not send, and why: "no empty cell to fill" (fill mode), "did not fail"
 * (Retry failed rows), "refreshed within the period" (a scheduled run). Counted when the run is
 * planned; skipped URLs stay skipped.
 */
export interface SkipCount {
  reason: string;
  urls: number;
}

/**
 * A bulk job the run submitted and has not written yet. Its URLs are the distinct URLs from
 * `first` to `last` in the state `j` (a job takes a run of pending URLs in order, and all of them
 * stay `j` until its results are written), `count` of them; kept this small so that 40 jobs fit
 * in the job record's 9 KB.
 */
export interface SubmittedBulkJob {
  id: string;
  first: number;
  last: number;
  count: number;
  submittedAt: number;
  /** When to ask for its status next (epoch ms; polling backs off, across steps and triggers). */
  nextPollAt: number;
  polls: number;
  /** Leads the API has worked on so far (the status's `processed`): the progress moves with it. */
  processed?: number;
  /** Status answers in a row that could not be read (bulk/poll.ts); absent: none. */
  unreadable?: number;
}

/** The run's use of the current generation's bulk jobs (bulk/), decided at its first step. */
export interface BulkRun {
  mode: BulkMode;
  jobs: SubmittedBulkJob[];
  /**
   * [first, last] of each job of the submit in flight, saved before it is sent: found at a step's
   * start, the execution was cut off before the job ids were saved; those URLs are never resubmitted.
   */
  sending: Array<[number, number]>;
  /** When the submit in flight was sent (epoch ms): names its note of job ids (bulk/submit.ts). */
  sendingAt?: number;
  /** Cancel pressed: nothing more is submitted; submitted jobs are polled and written, then the run ends. */
  cancelling?: boolean;
  /** USD the completed jobs say they charged (`meta.amount_charged`, A19). Absent: none yet. */
  usdCharged?: number;
  /** Since when, over how many rounds of polls, no job of the run moved on (bulk/stalled.ts). */
  idle?: { since: number; rounds: number };
  /** The jobs' statuses are read one a fetchAll from now on (bulk/poll.ts readStatuses). */
  readApart?: boolean;
}

export interface EnrichJob {
  id: string;
  sheetId: number;
  sheetName: string;
  /** Data rows firstRow..lastRow; URLs in urlColumn. */
  firstRow: number;
  lastRow: number;
  urlColumn: number;
  layout: ColumnLayout;
  /**
   * Column (1-based, as text) -> its header, for every column the run touches: each step re-reads
   * the header row and follows a column that moved (follow-columns.ts). Absent in runs saved
   * before this existed.
   */
  columnHeaders?: Record<string, string>;
  options: EnrichOptions;
  /** Of the distinct URL keys in order: a changed URL column is detected, never silently mixed up. */
  fingerprint: string;
  distinct: number;
  rowsWithUrl: number;
  invalidRows: number;
  creditsPerUrl: number;
  cap: number;
  /** "schedule": `cap` is the schedule's cap per run, kept on resume (issue 23.2). */
  capSource?: "schedule";
  /** Spent by the schedule's earlier runs of this period: `cap` is what they left (JobSettings). */
  capSpentBefore?: number;
  /** Credits the answers read say were charged. */
  spent: number;
  /**
   * Credits that may have been charged without an answer read (a timeout, a gateway's 5xx, a cut
   * body or a cut-off execution after sending), at the URL's full price: the cap counts them, so
   * the ledger stays under it whatever the API did. Absent in runs saved before this existed.
   */
  maybeCharged?: number;
  /** The ledger's newest row when the run was confirmed: where its window starts (run-charges.ts). */
  ledgerMark?: LedgerMark | null;
  /** What the ledger says the run charged, read when it ended, stopped or was cancelled. */
  charges?: RunCharges | null;
  state: JobState;
  message: JobMessage | null;
  createdAt: number;
  updatedAt: number;
  /** Headers and the statuses of rows that need no lookup (bad URLs) are written by the first step. */
  prepared: boolean;
  stateParts: number;
  /** Rows not enriched, by reason, counted when the run ended or stopped (failures.ts). */
  failures?: Array<{ reason: string; rows: number }>;
  /** Why the skipped URLs are not sent. Absent in runs saved before this existed. */
  skips?: SkipCount[];
  /** 429 answers met by the latest step: the progress says "throttled: slowing down". */
  throttled?: number;
  /**
   * Lookups per parallel call the latest batch ended at (lowered after 429s, slow chunks or
   * timeouts; lead lookup is the one endpoint a run calls): the next batch, in this step or a later
   * one, starts there instead of at full parallelism. Absent: the client's own start.
   */
  pace?: number;
  /** Bulk jobs (the current generation) carry this run; absent: lookups. */
  bulk?: BulkRun;
  /**
   * Credits the work-email pass's finder calls may have charged: a credit per distinct row sent
   * (the answers carry no amount), counted before the call is sent. The cap counts them.
   */
  emailCredits?: number;
  /**
   * URL indices (as [first, last] runs) whose finder call an execution cut off may have sent
   * (email-pass.ts): never sent to the finder again by this run.
   */
  emailing?: Array<[number, number]>;
  /** Finder calls whose rows were written and saved: tells a cut-off call's mark from a finished one. */
  emailPasses?: number;
  /** A finder refusal that refuses every row (a key, funds, a plan): later rows are not sent. */
  emailStop?: string;
  emails?: EmailCounts;
  /** What the ledger says the finder charged in the run's window (part of `charges`). */
  emailCharges?: RunCharges | null;
  /** Set when the run was decided to go through lookups (the setting, options bulk jobs lack, or a 403). */
  lookups?: true;
  /** The unit the account is billed in, read from its profile at the estimate of a bulk run (A19). */
  billedIn?: BillingUnit;
}

export interface EnrichProgress {
  jobId: string;
  state: JobState;
  sheetName: string;
  /** The data rows, as A1 text of the URL column (e.g. "A2:A2001"). */
  range: string;
  rows: number;
  distinct: number;
  invalidRows: number;
  ok: number;
  notFound: number;
  failed: number;
  interrupted: number;
  /** Distinct URLs the run does not fetch (free): `skips` says why. */
  skipped: number;
  /** The skipped URLs by reason (their counts add up to `skipped`). */
  skips: SkipCount[];
  remaining: number;
  spent: number;
  /** Credits that may have been charged without an answer read (EnrichJob.maybeCharged). */
  maybeCharged: number;
  /** What the API's ledger says the run charged (read when it ended or stopped); null: not read. */
  charges: RunCharges | null;
  /**
   * The work-email pass (options.workEmail): rows by outcome, the credits its calls may have
   * charged at most, and what the ledger says they charged (part of `charges`). Absent: off.
   */
  emails?: EmailCounts & { creditsAtMost: number; charged: number | null };
  cap: number;
  /** "schedule": the cap is the schedule's own per run; Resume never swaps it for Settings'. */
  capSource?: "schedule";
  creditsPerUrl: number;
  message: JobMessage | null;
  /** Rows not enriched, by reason and counted in rows, once the run ended or stopped. */
  failures: Array<{ reason: string; rows: number }>;
  /** The latest step met 429s and sent fewer lookups at a time (batch.ts): "throttled: slowing down". */
  throttled: boolean;
  /**
   * Distinct URLs in the API's bulk jobs now (the current generation): submitted, paid as they
   * complete, written when their job is. Counted in `remaining` too. Absent: none.
   */
  inJobs?: number;
  /** Of `inJobs`, the leads the API has worked on by the latest poll (they are paid as they complete). */
  processedInJobs?: number;
  /**
   * Set when the account is billed in USD (its profile said so at the estimate): the summary shows
   * `usdCharged`, the bulk jobs' own figure, instead of credits.
   */
  billedIn?: BillingUnit;
  usdCharged?: number;
  /** With `usdCharged`: what the profiles that may have been charged without an answer read cost at most, in USD. */
  usdMaybeCharged?: number;
  /**
   * The run asked for real-time answers (up_to_the_second_fresh). Without them a job change it
   * saw may be the cache lagging (PRODUCTION.md A2): the digest says so.
   */
  fresh: boolean;
}
