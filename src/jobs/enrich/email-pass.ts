/**
 * The Enrich run's work-email pass (issue 21.4): after a chunk of lookups (or a bulk job) is read
 * and before its rows are written, the lead's own first and last name and current company domain
 * go to the email finder, and each row's outcome gets its Email and Email status. Written with the
 * lookup's cells in the same block write, so the change history records an email like any other
 * cell, and a job change's old email is there for the digest.
 *
 * Which rows are sent:
 * - a row whose Email is empty: found (fill or refresh);
 * - a row whose answer shows a job change: in refresh mode, its new work email replaces the old
 *   one (dead with the old job; the history keeps it), emptied when none is found; in fill mode
 *   the filled email stays and its Email status says it is outdated, nothing sent;
 * - a row with an email and no job change: left alone, nothing sent (a weekly refresh does not
 *   buy the same email again).
 *
 * Never paying twice: before the finder call, a mark (its own store key, so the job record as the
 * store holds it is left alone) names the URL indices sent and the job's pass count; the caller's
 * save after the write counts the pass. A mark whose pass was never counted follows an execution
 * cut off after the call: its rows are never sent to the finder again (`job.emailing`; a bulk job
 * polled again finds them there) and its rows count against the cap. The client itself never
 * re-sends a call that may have been charged (a 5xx, a timeout, an unreadable answer).
 * What the calls may have charged (a credit per distinct row sent: the answers carry no amount)
 * is counted in `job.emailCredits` before sending, so the cap holds whatever the API charged.
 * Addresses never reach a message: statuses are the add-on's own words, API text is redacted.
 */
import type { Outcome } from "../../api/batch";
import type { EmailFinding } from "../../api/email-answers";
import { personKey } from "../../api/email-names";
import type { ApiError } from "../../api/errors";
import { redactEmails } from "../../api/redact-emails";
import { validateEmailFinder } from "../../api/validate";
import type { EmailFinderRequest, Lead } from "../../api/wire";
import { finderRequestOf, holdsAddress } from "../emails/person";
import { NOT_A_DOMAIN, notCheckedText } from "../emails/rows";
import { sharedSiteNote, sharedSiteOf } from "../emails/shared-sites";
import { extent } from "../extent";
import { jobMoved } from "../job-text";
import { callWindow } from "./call-window";
import { cancelRequested } from "./cancel";
import { saveJob } from "./cursor";
import type { EmailCounts, EnrichJob } from "./job-types";
import type { Grid } from "./ports";
import { type EmailWrite, type RowOutcome, spans } from "./row-writer";
import type { StepContext } from "./step";
import type { DistinctUrls } from "./urls";
import { cellText } from "./urls";

/** The store key of the mark saved before a finder call (one run per document). */
const EMAILING_KEY = "enrich.emailing";

interface EmailingMark {
  jobId: string;
  /** job.emailPasses when the call was sent: counted by the save that follows the write. */
  pass: number;
  runs: Array<[number, number]>;
  credits: number;
}

function readMark(context: StepContext): EmailingMark | null {
  try {
    const text = context.deps.store.get(EMAILING_KEY);
    return text ? (JSON.parse(text) as EmailingMark) : null;
  } catch {
    return null;
  }
}

/**
 * A mark left by a finder call whose pass the job never counted: the execution was cut off after
 * sending it. Its rows are never sent to the finder again and what it may have charged counts;
 * the job is saved before the mark is removed. A counted pass's mark is only removed.
 */
export function settleCutOffEmails(context: StepContext): void {
  const { job, deps } = context;
  if (!job.options.workEmail) return;
  const mark = readMark(context);
  if (!mark) return;
  if (mark.jobId === job.id && mark.pass === (job.emailPasses ?? 0)) {
    job.emailing = [...(job.emailing ?? []), ...mark.runs];
    job.emailCredits = (job.emailCredits ?? 0) + mark.credits;
    job.emailPasses = mark.pass + 1;
    saveJob(deps.store, job, context.states);
  }
  deps.store.remove(EMAILING_KEY);
}

/** How long the finder's calls may take after the lookups they follow (well inside the 6 minutes). */
const EMAIL_PASS_MS = 60_000;

/** What a row that may have been charged says to do next: the pass never sends it again itself. */
const RUN_AGAIN = "not asked again by itself: select the row and run again to retry";

/**
 * Email status texts the pass writes besides the finder's own (valid, catch-all, not found), in
 * the Emails action's words (emails/rows.ts): "not checked: ..." for a row nothing was written
 * for, with "(may have been charged; ...)" when its call may have cost.
 */
export const EMAIL_STATUS_TEXT = {
  outdated:
    "outdated: the job changed; this email is from the previous job (fill mode keeps it; refresh finds the new one)",
  noDomain: notCheckedText("needs a company website or domain (the profile names none)"),
  badDomain: notCheckedText(NOT_A_DOMAIN),
  noName: notCheckedText("needs a first name and a last name (the profile lacks one)"),
  interrupted: notCheckedText("the run was cut off while the email finder was asked", RUN_AGAIN),
  notSent: notCheckedText("the run ran out of time before the email finder; select the row and run again"),
  cancelled: notCheckedText("the run was cancelled before the email finder"),
  unavailable: notCheckedText("this API client has no email finder"),
} as const;

/** A failed finder row's status: the client's words (no address in them), and whether it may have cost. */
function failedText(error: ApiError): string {
  return notCheckedText(
    redactEmails(error.message).slice(0, 200),
    error.charged === "maybe" ? RUN_AGAIN : undefined,
  );
}

/** The row's cells the pass decides on. */
interface RowCells {
  email: string;
  title: string;
  company: string;
  website: string;
}

/** One finder request and the rows (with whether their job changed) that share its answer. */
interface Asked {
  request: EmailFinderRequest;
  rows: Array<{ row: number; changed: boolean }>;
}

const NO_CELLS: RowCells = { email: "", title: "", company: "", website: "" };

/** The cells of `rows` the pass needs, one block read per span of nearby rows. */
function readCells(grid: Grid, job: EnrichJob, rows: readonly number[]): Map<number, RowCells> {
  const email = job.layout.email!;
  const { job_title: title, company_name: company } = job.layout.previous;
  const columns = [email.email, email.website, title, company].filter((column) => column > 0);
  const cells = new Map<number, RowCells>();
  if (columns.length === 0) return cells;
  const { min: left, max: right } = extent(columns);
  const width = right - left + 1;
  for (const span of spans(rows)) {
    const block = grid.read(span.top, left, span.bottom - span.top + 1, width);
    const at = (row: number, column: number) =>
      column > 0 ? cellText(block[row - span.top]?.[column - left]) : "";
    for (const row of rows) {
      if (row < span.top || row > span.bottom) continue;
      cells.set(row, {
        email: at(row, email.email),
        title: at(row, title),
        company: at(row, company),
        website: at(row, email.website),
      });
    }
  }
  return cells;
}

/**
 * The rule of row-writer.ts (job-text.ts): another spelling of the same job is no move, so a filled
 * email is not found again (and charged) for it.
 */
const jobChanged = (cells: RowCells, lead: Lead) => jobMoved(lead, cells.title, cells.company);

/** Runs of consecutive indices, kept small in the job record. */
function runsOf(indices: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const index of [...indices].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last[1] + 1 === index) last[1] = index;
    else runs.push([index, index]);
  }
  return runs;
}

const within = (runs: ReadonlyArray<[number, number]>, index: number) =>
  runs.some(([first, last]) => index >= first && index <= last);

/** What a finder outcome writes into the rows that asked for it. */
function writeOf(
  outcome: Outcome<EmailFinding> | null,
  stop: ApiError | null,
  cancelled: boolean,
): EmailWrite {
  if (outcome === null) {
    if (stop) return { status: notCheckedText(redactEmails(stop.message)) };
    return { status: cancelled ? EMAIL_STATUS_TEXT.cancelled : EMAIL_STATUS_TEXT.notSent };
  }
  if (outcome.ok) {
    // "catch-all" stays catch-all: the finder's "valid" at such a domain proves nothing.
    const status = outcome.value.status === "invalid" ? "not found" : outcome.value.status;
    return { email: outcome.value.email ?? "", status };
  }
  const error = outcome.error;
  if (error.kind === "validation") return { status: EMAIL_STATUS_TEXT.noName };
  return { status: failedText(error) };
}

function count(counts: EmailCounts, write: EmailWrite): void {
  if (write.status === "valid") counts.valid += 1;
  else if (write.status === "catch-all") counts.catchAll += 1;
  else if (write.status.startsWith("not found")) counts.notFound += 1;
  else if (write.status === EMAIL_STATUS_TEXT.outdated) counts.outdated += 1;
  else counts.failed += 1;
}

/** Sets a row's email write (refresh mode empties a changed job's dead email when none is found). */
function settle(
  byRow: Map<number, RowOutcome>,
  counts: EmailCounts,
  row: number,
  changed: boolean,
  mode: string,
  write: EmailWrite,
): void {
  const outcome = byRow.get(row);
  if (outcome?.kind !== "ok") return;
  const email = write.email ?? (changed && mode === "refresh" ? "" : undefined);
  outcome.email = email === undefined ? { status: write.status } : { email, status: write.status };
  count(counts, outcome.email);
}

/**
 * Adds the work email to the `ok` outcomes of `indices` (distinct URL indices) in `byRow` (row ->
 * outcome, written next by the caller), sending the finder what they need. Does nothing when the
 * run's options leave the pass off.
 */
export function findWorkEmails(
  context: StepContext,
  urls: DistinctUrls,
  indices: readonly number[],
  byRow: Map<number, RowOutcome>,
): void {
  const { job, deps, grid } = context;
  if (!job.options.workEmail || !job.layout.email) return;
  const rowsOf = (index: number) => (urls.rows[index] ?? []).filter((row) => byRow.get(row)?.kind === "ok");
  const okIndices = indices.filter((index) => rowsOf(index).length > 0);
  if (okIndices.length === 0) return;
  settleCutOffEmails(context);
  const counts: EmailCounts = job.emails ?? { valid: 0, catchAll: 0, notFound: 0, outdated: 0, failed: 0 };
  job.emails = counts;
  const cells = readCells(
    grid,
    job,
    okIndices.flatMap((index) => rowsOf(index)),
  );
  const mode = job.options.mode;
  const cutOff = job.emailing ?? [];
  const asked = new Map<string, Asked>();
  const put = (row: number, changed: boolean, write: EmailWrite) =>
    settle(byRow, counts, row, changed, mode, write);
  const stopped = job.emailStop
    ? notCheckedText(job.emailStop)
    : cancelRequested(deps.store, job.id) || job.bulk?.cancelling
      ? EMAIL_STATUS_TEXT.cancelled
      : null;
  const sendable: number[] = [];
  for (const index of okIndices) {
    for (const row of rowsOf(index)) {
      const outcome = byRow.get(row) as Extract<RowOutcome, { kind: "ok" }>;
      const here = cells.get(row) ?? NO_CELLS;
      const changed = jobChanged(here, outcome.lead);
      // "N/A" or "-" is a placeholder, not an email: found like an empty cell.
      const filled = holdsAddress(here.email);
      if (filled && !changed) continue;
      if (filled && mode === "fill") {
        put(row, changed, { status: EMAIL_STATUS_TEXT.outdated });
        continue;
      }
      if (within(cutOff, index)) {
        put(row, changed, { status: EMAIL_STATUS_TEXT.interrupted });
        continue;
      }
      if (stopped) {
        put(row, changed, { status: stopped });
        continue;
      }
      // The answer's company website; a row whose job did not change may use the sheet's own.
      const website = String(outcome.lead.company_website ?? "") || (changed ? "" : here.website);
      const request = finderRequestOf(outcome.lead.first_name, outcome.lead.last_name, website);
      if (request.domain === "") {
        put(row, changed, { status: EMAIL_STATUS_TEXT.noDomain });
        continue;
      }
      const problems = validateEmailFinder(request);
      if (problems.length > 0) {
        // The sheet's own Website cell may hold a company's name ("Acme Inc"): not the profile's names.
        const domainWrong = problems.some((problem) => problem.path === "domain");
        put(row, changed, { status: domainWrong ? EMAIL_STATUS_TEXT.badDomain : EMAIL_STATUS_TEXT.noName });
        continue;
      }
      const site = sharedSiteOf(website);
      if (site !== null) {
        put(row, changed, { status: sharedSiteNote(site) });
        continue;
      }
      const key = personKey(request);
      const entry = asked.get(key) ?? { request, rows: [] };
      asked.set(key, entry);
      entry.rows.push({ row, changed });
      sendable.push(index);
    }
  }
  if (asked.size === 0) return;
  const client = deps.client();
  if (!client.findEmails) {
    for (const entry of asked.values())
      for (const { row, changed } of entry.rows) put(row, changed, { status: EMAIL_STATUS_TEXT.unavailable });
    return;
  }
  // Saved before sending: which URLs the calls are for, and the most they can charge.
  const before = job.emailCredits ?? 0;
  const pass = job.emailPasses ?? 0;
  const mark: EmailingMark = { jobId: job.id, pass, runs: runsOf(sendable), credits: asked.size };
  deps.store.set(EMAILING_KEY, JSON.stringify(mark));

  const entries = [...asked.values()];
  const deadline = Math.min(
    deps.clock.now() + EMAIL_PASS_MS,
    context.limits.deadline ?? Number.POSITIVE_INFINITY,
  );
  // A Cancel pressed while the finder is throttled stops the pass within one slice of the wait.
  const result = client.findEmails(
    entries.map((entry) => entry.request),
    callWindow(deadline, context.stopAsked),
  );
  // What the calls sent may have charged: the rows of answered calls and of calls that failed
  // after sending; rows never sent (deadline, a refusal of every row) cost nothing.
  job.emailCredits = before + result.rowsAnswered + result.rowsMaybeCharged;
  // Counted by the caller's save after the write: the mark is then a finished pass's.
  job.emailPasses = pass + 1;
  if (result.stoppedBy) job.emailStop = redactEmails(result.stoppedBy.message);
  // Rows not sent because Cancel was seen say so, rather than that time ran out.
  const cancelled = result.outcomes.some((outcome) => outcome === null) && context.stopAsked?.() === true;
  entries.forEach((entry, position) => {
    const write = writeOf(result.outcomes[position] ?? null, result.stoppedBy, cancelled);
    for (const { row, changed } of entry.rows) put(row, changed, write);
  });
}
