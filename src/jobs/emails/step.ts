/**
 * One step of an Emails run: from the cursor, rows are planned, the distinct people (or addresses)
 * not answered yet in this run are sent in batches through the client, and every row of the batch
 * gets its Email, Email status and Checked at, recorded in the change history before it is written;
 * then the cursor moves past them and is saved. A row asking what an earlier row of the run asked
 * copies its answer (nothing is sent twice for one person or address). Within the spend cap (1
 * credit per distinct item sent, the most either charge rule takes) and the step's time; a call the
 * deadline did not let start stays for the next step, unsent and uncharged. A failed call's rows
 * say "not checked" (and whether it may have been charged): nothing is re-sent blindly; Retry
 * failed rows sends them again, with an estimate first.
 */
import type { EmailFinding } from "../../api/email-answers";
import type { EmailBatchResult } from "../../api/emails";
import { type ApiError, apiError, stopsBatch } from "../../api/errors";
import { redactEmails } from "../../api/redact-emails";
import { writtenLiteral } from "../../sheet/cell-literal";
import { toCellValue } from "../../sheet/cell-value";
import { timeOfCell, toSecond } from "../../sheet/sheet-time";
import { refusedWriteMessage } from "../edit-rights";
import type { CellChange, Grid, GridValue } from "../enrich/ports";
import { type CellChanges, cheapestRectangles } from "../enrich/rectangles";
import { readLiterals } from "../enrich/row-writer";
import { formattedRows, formatWrittenTimes } from "../enrich/time-formats";
import { writeErrorText } from "../paid-rows";
import { type EmailJobDeps, limitsOf } from "./deps";
import { protectedColumns } from "./edit-rights";
import { anchorsOf, MOVED, moreThanEstimated, passedMoved } from "./follow";
import type { EmailPort } from "./formula";
import { type EmailCounts, type EmailJob, historyRun } from "./job-types";
import { cellText } from "./person";
import {
  keyOfRow,
  MAY_HAVE_BEEN_CHARGED,
  NOT_CHECKED,
  notCheckedText,
  planRow,
  type RowPlan,
  statusOf,
} from "./rows";

type Answer = { ok: true; finding: EmailFinding } | { ok: false; error: ApiError };

/** A failed row's status: why, in the client's words (no address in them), and whether it may have cost. */
export function failureText(error: ApiError): string {
  const why = redactEmails(error.message).slice(0, 200);
  return notCheckedText(
    why,
    error.charged === "maybe" ? "Retry failed rows sends it again only if you tick it" : undefined,
  );
}

const COUNT_OF: Record<EmailFinding["status"], keyof EmailCounts> = {
  valid: "valid",
  "catch-all": "catchAll",
  invalid: "invalid",
  "not found": "notFound",
  unknown: "unknown",
};

/**
 * The row's Checked At was written by this run: later than the second it was confirmed in (a row
 * of the same second counts as an earlier run's, such as the run a Retry follows; the cursor is
 * saved after every batch, so only a batch cut off minutes later is ever re-read).
 */
function writtenThisRun(job: EmailJob, cells: readonly GridValue[]): boolean {
  // A date cell (issue 23.10) or the ISO text of earlier runs, compared as times, never as text.
  const at = timeOfCell(cells[job.out.checkedAt - 1]);
  const started = job.startedAt === undefined ? null : timeOfCell(job.startedAt);
  return started !== null && at !== null && at > started;
}

/**
 * Answers rows of the run already hold: rows before the cursor (this run wrote them, or they were
 * skipped holding one) and rows after it that this run wrote before a cut-off lost the saved cursor.
 */
function earlierAnswers(job: EmailJob, rows: GridValue[][]): Map<string, Answer> {
  const answers = new Map<string, Answer>();
  for (let row = job.top; row <= job.bottom; row += 1) {
    const cells = rows[row - job.top] ?? [];
    if (row >= job.cursor && !writtenThisRun(job, cells)) continue;
    const status = statusOf(cellText(cells[job.out.status - 1]));
    const key = status === null ? null : keyOfRow(job.kind, cells, job.sources);
    if (key === null || status === null || answers.has(key)) continue;
    const email =
      job.kind === "find" ? cellText(cells[job.out.email - 1]) : cellText(cells[job.sources.email - 1]);
    answers.set(key, { ok: true, finding: { status, email: email === "" ? null : email } });
  }
  return answers;
}

interface Batch {
  plans: RowPlan[];
  /** Distinct items to send, in order of their first row. */
  items: Map<string, RowPlan & { kind: "send" }>;
  /** The gathering stopped at a row needing a new item: no room was left. */
  full: boolean;
}

/** Rows from the cursor until `room` new distinct items are gathered (or the run's rows end). */
function gather(job: EmailJob, rows: GridValue[][], known: Map<string, Answer>, room: number): Batch {
  const batch: Batch = { plans: [], items: new Map(), full: false };
  for (let row = job.cursor; row <= job.bottom; row += 1) {
    const cells = rows[row - job.top] ?? [];
    if (writtenThisRun(job, cells)) {
      batch.plans.push({ kind: "skip", valid: false, written: true });
      continue;
    }
    const plan = planRow(job.kind, cells, job.sources, job.out, {
      onlyFailed: job.onlyFailed,
      maybeCharged: job.retryMaybeCharged === true,
    });
    if (plan.kind === "send" && !known.has(plan.key) && !batch.items.has(plan.key)) {
      if (batch.items.size >= room) {
        batch.full = true;
        break;
      }
      batch.items.set(plan.key, plan);
    }
    batch.plans.push(plan);
  }
  return batch;
}

function send(
  client: EmailPort,
  job: EmailJob,
  batch: Batch,
  options: { deadline: number; stop: () => boolean },
): EmailBatchResult {
  const items = [...batch.items.values()];
  return job.kind === "find"
    ? client.findEmails(
        items.map((item) => item.finder!),
        options,
      )
    : client.validateEmails(
        items.map((item) => item.address!),
        options,
      );
}

/** The cells a row's plan and answer write: column -> value (already escaped). */
function rowCells(
  job: EmailJob,
  plan: RowPlan,
  answer: Answer | undefined,
  now: Date,
): Map<number, GridValue> {
  const cells = new Map<number, GridValue>();
  if (plan.kind === "incomplete") {
    cells.set(job.out.status, toCellValue(plan.note));
    return cells;
  }
  if (plan.kind !== "send" || !answer) return cells;
  if (!answer.ok) {
    // Checked At says when it was tried: a step that re-reads the row after a cut-off does not
    // send it again (it may have been charged).
    cells.set(job.out.status, toCellValue(failureText(answer.error)));
    cells.set(job.out.checkedAt, now);
    return cells;
  }
  // The address comes from the API: escaped like any text that did (a leading = is no formula).
  if (job.out.email > 0) cells.set(job.out.email, toCellValue(answer.finding.email ?? ""));
  cells.set(job.out.status, toCellValue(answer.finding.status));
  cells.set(job.out.checkedAt, now);
  return cells;
}

/** A row this run wrote before a cut-off lost its count: counted by what its status says. */
function countWritten(job: EmailJob, cells: readonly GridValue[]): void {
  const text = cellText(cells[job.out.status - 1]);
  const status = statusOf(text);
  if (status !== null) job.counts[COUNT_OF[status]] += 1;
  else if (text.startsWith(NOT_CHECKED)) {
    job.counts.failed += 1;
    if (text.includes(MAY_HAVE_BEEN_CHARGED)) job.counts.maybeCharged += 1;
  }
}

function count(job: EmailJob, plan: RowPlan, answer: Answer | undefined, copied: boolean): void {
  const counts = job.counts;
  if (plan.kind === "skip" && plan.written) return;
  if (plan.kind === "skip") counts.skipped += 1;
  else if (plan.kind === "incomplete") counts.incomplete += 1;
  if (plan.kind !== "send" || !answer) return;
  if (copied) counts.copied += 1;
  if (answer.ok) counts[COUNT_OF[answer.finding.status]] += 1;
  else {
    counts.failed += 1;
    if (answer.error.charged === "maybe" && !copied) counts.maybeCharged += 1;
  }
}

/** A row a batch settles: its plan, the answer it got, and whether an earlier row asked the same. */
type DoneRow = { row: number; plan: RowPlan; answer: Answer | undefined; copied: boolean };

/** Counts the rows and answers the cells they write. */
function settle(job: EmailJob, done: readonly DoneRow[], now: Date): CellChanges {
  const changes: CellChanges = new Map();
  for (const { row, plan, answer, copied } of done) {
    count(job, plan, answer, copied);
    const cells = rowCells(job, plan, answer, now);
    if (cells.size > 0) changes.set(row, cells);
  }
  return changes;
}

/**
 * The sheet refused a batch's write after its answers were paid (../edit-rights.ts): each answered
 * row counts as not checked, may have been charged (so Retry failed rows asks before sending it
 * again), says so when its status cell takes it, and the run stops saying what the sheet said.
 */
function refuseRows(
  deps: EmailJobDeps,
  job: EmailJob,
  grid: Grid,
  done: readonly DoneRow[],
  now: Date,
  reason: string,
): void {
  const refused = apiError("server", {
    charged: "maybe",
    message: `The sheet refused the write (${reason}).`,
  });
  const paid = done.filter(({ answer }) => answer?.ok === true).length;
  const rows = done.map((row) =>
    row.answer?.ok ? { ...row, answer: { ok: false, error: refused } as Answer } : row,
  );
  const changes = settle(job, rows, now);
  job.message = refusedWriteMessage(paid, reason, "the Emails action");
  try {
    write(deps, job, grid, rows[0]?.row ?? job.cursor, changes);
  } catch {
    // The status column refuses too: the run's message is all that says it.
  }
}

/**
 * Writes each row alone, after the batch's write was refused, without recording it in the history
 * again (the batch's write recorded it). Answers the rows the sheet refused and why.
 */
function writeRowByRow(
  deps: EmailJobDeps,
  job: EmailJob,
  grid: Grid,
  done: readonly DoneRow[],
  now: Date,
): { rows: DoneRow[]; reason: string } {
  const rows: DoneRow[] = [];
  let reason = "";
  for (const row of done) {
    const counted = { ...job.counts };
    try {
      write(deps, job, grid, row.row, settle(job, [row], now), false);
    } catch (error) {
      job.counts = counted;
      rows.push(row);
      reason = writeErrorText(error);
    }
  }
  return { rows, reason };
}

/** Records the rows' changes in the history (unless `record` is false), then writes them (only the cells that change). */
function write(
  deps: EmailJobDeps,
  job: EmailJob,
  grid: Grid,
  from: number,
  changes: CellChanges,
  record = true,
): void {
  if (changes.size === 0) return;
  const columns = [job.out.email, job.out.status, job.out.checkedAt].filter((c) => c > 0);
  const left = columns.reduce((a, b) => Math.min(a, b));
  const width = columns.reduce((a, b) => Math.max(a, b)) - left + 1;
  const last = [...changes.keys()].reduce((a, b) => Math.max(a, b));
  const before = readLiterals(grid, from, left, last - from + 1, width);
  const keys = job.rowKey > 0 ? readLiterals(grid, from, job.rowKey, last - from + 1, 1) : [];
  // Checked At cells showing the date-time format already (rows checked again) are not formatted
  // again; a column this run appended has none yet: nothing to read.
  const appendedHere = job.appended.some((added) => added.column === job.out.checkedAt);
  const known = appendedHere ? null : formattedRows(grid, from, job.out.checkedAt, last - from + 1);
  const formatted = known && new Set(known);
  const logged: CellChange[] = [];
  // A cell already showing what the run writes (a status found again) is no change: neither
  // recorded nor written, though it may fill a gap between cells that change (rectangles.ts).
  const must: CellChanges = new Map();
  const may: CellChanges = new Map();
  for (const [row, cells] of changes) {
    for (const [column, value] of cells) {
      const was = before[row - from]?.[column - left] ?? "";
      const after = writtenLiteral(value, grid.wallClock?.bind(grid));
      const into = was === after ? may : must;
      into.set(row, (into.get(row) ?? new Map()).set(column, value));
      if (was !== after) logged.push({ row, column, before: was, after, url: keys[row - from]?.[0] ?? "" });
    }
  }
  if (record) deps.changes?.record(historyRun(job), grid, logged);
  for (const rectangle of cheapestRectangles(must, may)) {
    grid.write(rectangle.top, rectangle.left, rectangle.values);
    // Checked At is a Sheets date (a date-time format, so "within the last 7 days" filters work).
    formatWrittenTimes(grid, rectangle, job.out.checkedAt, formatted);
  }
}

/** Why a row sent by a step that was cut off before writing it says "not checked". */
const CUT_OFF = apiError("timeout", {
  charged: "maybe",
  message: "The run was cut off while this row's call was out.",
});

/**
 * Rows whose call was out when an execution was cut off (job.inFlight, saved before sending): each
 * not written since says "not checked ... may have been charged" and is never sent again by itself
 * (Retry failed rows asks first), as Enrich's interrupted URLs are. Then the cursor moves past them.
 */
function settleInFlight(
  deps: EmailJobDeps,
  job: EmailJob,
  grid: Grid,
  rows: GridValue[][],
  known: Map<string, Answer>,
  save: () => void,
): void {
  const flight = job.inFlight;
  if (!flight) return;
  const now = new Date(toSecond(deps.clock.now()));
  const changes: CellChanges = new Map();
  const from = Math.max(job.cursor, flight.top);
  for (let row = from; row <= Math.min(flight.bottom, job.bottom); row += 1) {
    const cells = rows[row - job.top] ?? [];
    if (writtenThisRun(job, cells)) {
      countWritten(job, cells);
      continue;
    }
    const plan = planRow(job.kind, cells, job.sources, job.out, {
      onlyFailed: job.onlyFailed,
      maybeCharged: job.retryMaybeCharged === true,
    });
    let answer: Answer | undefined;
    let copied = false;
    if (plan.kind === "send") {
      // What the cap counts: each person (or address) of the call once, and later rows asking
      // the same copy this answer rather than send it again.
      copied = known.has(plan.key);
      answer = known.get(plan.key) ?? { ok: false, error: CUT_OFF };
      if (!copied) {
        known.set(plan.key, answer);
        job.sent += 1;
      }
    }
    count(job, plan, answer, copied);
    const written = rowCells(job, plan, answer, now);
    if (written.size > 0) changes.set(row, written);
  }
  write(deps, job, grid, from, changes);
  job.cursor = Math.max(job.cursor, Math.min(flight.bottom, job.bottom) + 1);
  delete job.inFlight;
  save();
}

export type StepEnd = "more" | "done" | "cap" | "stopped";

/**
 * Works from the cursor until the rows end, the step's time is up, the cap is reached, the API
 * stops the batch (no key, no credits) or `cancelled()` says Cancel was pressed. Mutates `job` (cursor, counts, sent, message); the caller saves it.
 */
export function runStep(
  deps: EmailJobDeps,
  job: EmailJob,
  grid: Grid,
  save: () => void,
  cancelled: () => boolean = () => false,
): StepEnd {
  const limits = limitsOf(deps);
  const start = deps.clock.now();
  const width = Math.max(grid.lastColumn(), job.out.email, job.out.status, job.out.checkedAt);
  const rows = grid.read(job.top, 1, job.bottom - job.top + 1, width) as GridValue[][];
  const lastRow = grid.lastRow();
  // Sorted (or rows moved across the cursor) since the last step: nothing is sent (follow.ts).
  if (passedMoved(job, (row) => rows[row - job.top])) {
    job.message = MOVED;
    return "stopped";
  }
  // A protected range the user may not edit: stopped before anything is sent (../edit-rights.ts).
  const blocked = protectedColumns(job, grid, deps.changes);
  if (blocked) {
    job.message = blocked;
    return "stopped";
  }
  const known = earlierAnswers(job, rows);
  settleInFlight(deps, job, grid, rows, known, save);
  // What is left to send may not take the run past the most its confirmer accepted.
  if (job.sent + gather(job, rows, known, Number.POSITIVE_INFINITY).items.size > job.maxCredits) {
    job.message = moreThanEstimated(job.maxCredits);
    return "stopped";
  }
  let client: EmailPort | null = null;
  while (job.cursor <= job.bottom) {
    if (deps.clock.now() - start > limits.softBudgetMs) return "more";
    // Cancel pressed during the last batch: nothing more is sent (job.ts ends the run).
    if (cancelled()) return "stopped";
    const room = Math.min(limits.batch, job.cap - job.sent);
    const batch = gather(job, rows, known, Math.max(0, room));
    let sentUpTo = batch.plans.length;
    let stoppedBy: ApiError | null = null;
    if (batch.items.size > 0) {
      client ??= deps.client();
      // Recorded before sending: a cut-off before the rows are written must not send them again.
      job.inFlight = { top: job.cursor, bottom: job.cursor + batch.plans.length - 1 };
      save();
      // Cancel pressed while a throttled call waits to go again: it is not sent (rows stay unsent, free).
      const result = send(client, job, batch, { deadline: start + limits.hardBudgetMs, stop: cancelled });
      stoppedBy = result.stoppedBy;
      const keys = [...batch.items.keys()];
      let unsent: string | null = null;
      result.outcomes.forEach((outcome, index) => {
        const key = keys[index]!;
        // Not sent (no call made), or refused for every row and free (the day's URL Fetch quota,
        // the key, the credits): not charged, so not counted against the cap and not written off;
        // the rows wait, and Resume sends them once the user acted or the day turned.
        if (outcome === null || refusedFree(outcome)) {
          unsent ??= key;
          return;
        }
        job.sent += 1;
        known.set(
          key,
          outcome.ok ? { ok: true, finding: outcome.value } : { ok: false, error: outcome.error },
        );
      });
      // Rows from the first whose item was not sent wait for the next step (nothing charged for them).
      if (unsent !== null) {
        const firstUnsent = batch.plans.findIndex((plan) => plan.kind === "send" && !known.has(plan.key));
        sentUpTo = firstUnsent < 0 ? batch.plans.length : firstUnsent;
      }
    }
    const now = new Date(toSecond(deps.clock.now()));
    const firstOfKey = new Set<string>();
    const counted = { ...job.counts };
    const done: DoneRow[] = batch.plans.slice(0, sentUpTo).map((plan, index) => {
      const row = job.cursor + index;
      const answer = plan.kind === "send" ? known.get(plan.key) : undefined;
      const copied = plan.kind === "send" && (firstOfKey.has(plan.key) || !batch.items.has(plan.key));
      if (plan.kind === "send") firstOfKey.add(plan.key);
      if (plan.kind === "skip" && plan.written) countWritten(job, rows[row - job.top] ?? []);
      return { row, plan, answer, copied };
    });
    try {
      write(deps, job, grid, job.cursor, settle(job, done, now));
    } catch {
      // A cell refused the batch's write (a column's validation rejects an answer): row by row,
      // so that only the refusing rows lose their paid answers; those are never sent again.
      job.counts = counted;
      const refused = writeRowByRow(deps, job, grid, done, now);
      if (refused.rows.length > 0) refuseRows(deps, job, grid, refused.rows, now, refused.reason);
    }
    job.cursor += sentUpTo;
    delete job.inFlight;
    job.anchors = anchorsOf(job, (row) => rows[row - job.top], lastRow);
    if (job.message?.kind === "write_refused") {
      save();
      return "stopped";
    }
    // Written, then saved: a cut-off from here on loses nothing and sends nothing twice.
    save();
    if (stoppedBy) {
      job.message = {
        kind: stoppedBy.kind,
        message: stoppedBy.message,
        ...(stoppedBy.next ? { next: stoppedBy.next } : {}),
      };
      return "stopped";
    }
    if (job.cursor <= job.bottom && batch.full && job.sent >= job.cap) return "cap";
    if (sentUpTo < batch.plans.length) return "more";
  }
  return "done";
}

/** An answer that refuses every row of the run and charged nothing: its rows were not checked. */
function refusedFree(outcome: { ok: true } | { ok: false; error: ApiError }): boolean {
  return !outcome.ok && stopsBatch(outcome.error) && outcome.error.charged === "no";
}
