/**
 * What a run really cost, read from the API's ledger (the transaction list, free) instead of
 * added up from the answers the add-on managed to read: a timeout, a gateway's 5xx or a cut body
 * after a paid call leaves a charge no answer shows (issues 18.4 and 23.4).
 *
 * The window is marked with the ledger's own clock: before the run, the newest row's time (and
 * id); after it, every row from that time on, less that row. The add-on's clock is never compared
 * with the API's, so a skewed (or, in the emulation, advanced) clock cannot move the window.
 * The rows are the run's endpoint's only (by balance type); anything else the same key spent in
 * the window on that endpoint (a formula recalculating meanwhile) is in the figure too.
 */
import type { Outcome, TransactionPages } from "../../api/client";
import { ledgerTotals } from "../../api/ledger";
import type { Transaction, TransactionListResponse, TransactionQuery } from "../../api/wire";

/** The part of the API client that reads the ledger. */
export interface LedgerReader {
  listTransactions(query: TransactionQuery): Outcome<TransactionListResponse>;
  listAllTransactions(
    query: TransactionQuery,
    options: { deadline: number; expectedRows?: number },
  ): TransactionPages;
}

/** Where a run's window starts: the newest ledger row before it (none: the ledger was empty). */
export interface LedgerMark {
  after: string | null;
  id: string | null;
}

/** The endpoints a run spends on, by the balance types their rows carry. */
export type ChargeKind = "lookup" | "lead_search" | "company_search" | "email_finder" | "email_validator";

const BALANCE_TYPES: Record<ChargeKind, RegExp> = {
  // Spec and sandbox: leads_by_link; production's account counter says lead_by_link (A9).
  lookup: /^leads?_by_link$/,
  lead_search: /^leads_by_icp$/,
  company_search: /^companies_by_icp$/,
  // The sandbox's names (PRODUCTION.md A16 does not give production's): one per endpoint; the
  // validator's account counter is balance_email_verifier in production (A9), so that name too.
  email_finder: /^email_?finder$/,
  email_validator: /^email_?(validator|verifier)$/,
};

/** What the ledger says a run charged. */
export interface RunCharges {
  /** Credits of the run's rows the API kept (countsAsSpent, src/api/ledger.ts). */
  charged: number;
  /** Credits of rows still pending: requests the API has not settled yet. */
  pending: number;
  /** False when some pages of the ledger could not be read: `charged` is then "at least". */
  complete: boolean;
}

/**
 * Reads the list again after a passing failure (429, 5xx, no answer): the list is free, and a lost
 * read would lose the run's figure. A few quick tries, not the batch's backoff: the user waits.
 */
function readWithRetry<T>(read: () => T, failed: (result: T) => boolean): T {
  let result = read();
  for (let tries = 1; tries < LEDGER_TRIES && failed(result); tries += 1) result = read();
  return result;
}

const LEDGER_TRIES = 3;

/** Reads the newest row's time before a run; null when the ledger cannot be read (no figure then). */
export function markLedger(reader: LedgerReader): LedgerMark | null {
  const page = readWithRetry(
    () => reader.listTransactions({ limit: "1" }),
    (answer) => !answer.ok,
  );
  if (!page.ok) return null;
  const newest: Transaction | undefined = page.value.results[0];
  if (!newest) return { after: null, id: null };
  // Sent back as a filter in the spec's own format (a zone suffix would be refused).
  const at = TIMESTAMP.exec(String(newest.created_at))?.[0] ?? null;
  return at === null ? null : { after: at, id: newest.id };
}

/** yyyy-mm-ddTHH:MM:SS.ssssss, the spec's timestamp, at the start of a row's created_at. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?/;

/** A row's time as text that sorts as time does (fraction padded to 6 digits); null when unreadable. */
function sortableTime(createdAt: unknown): string | null {
  const at = TIMESTAMP.exec(String(createdAt))?.[0];
  if (at === undefined) return null;
  const [seconds = "", fraction = ""] = at.split(".");
  return `${seconds}.${fraction.padEnd(6, "0")}`;
}

/**
 * Whether a row is in the window, read here too: production drops a filter value it cannot read
 * and answers the list unfiltered (PRODUCTION.md A11), which would add the key's whole history to
 * the run. A row whose time cannot be read stays (the API put it in the window).
 */
function inWindow(row: Transaction, mark: LedgerMark): boolean {
  if (row.id === mark.id) return false;
  const from = sortableTime(mark.after);
  const at = sortableTime(row.created_at);
  return from === null || at === null || at >= from;
}

/**
 * The run's charges on each of `kinds`' endpoints since `mark`, from one read of the window;
 * null when the ledger cannot be read. `expectedRows` (about how many rows the run charged) lets
 * the read ask for all its pages at once (client.ts).
 */
export function chargesByKindSince<K extends ChargeKind>(
  reader: LedgerReader,
  mark: LedgerMark,
  kinds: readonly K[],
  deadline: number,
  expectedRows = 0,
): Record<K, RunCharges> | null {
  const query: TransactionQuery = { amount__lt: "0" };
  if (mark.after !== null) query.created_at__gte = mark.after;
  const pages = readWithRetry(
    // The window holds the mark's own row too (created_at__gte), left out below.
    () =>
      reader.listAllTransactions(query, {
        deadline,
        expectedRows: expectedRows + (mark.id === null ? 0 : 1),
      }),
    (answer) => answer.error !== null && answer.results.length === 0,
  );
  if (pages.error !== null && pages.results.length === 0) return null;
  const rows = pages.results.filter((row) => inWindow(row, mark));
  const charges = {} as Record<K, RunCharges>;
  for (const kind of kinds) {
    // Which rows are spent is the one rule of src/api/ledger.ts (pending and error rows are not).
    const totals = ledgerTotals(rows.filter((row) => BALANCE_TYPES[kind].test(String(row.balance_type))));
    charges[kind] = { charged: totals.spent, pending: totals.pending.credits, complete: pages.complete };
  }
  return charges;
}

/** The run's charges on `kind`'s endpoint since `mark`; null when the ledger cannot be read. */
export function chargesSince(
  reader: LedgerReader,
  mark: LedgerMark,
  kind: ChargeKind,
  deadline: number,
  expectedRows = 0,
): RunCharges | null {
  return chargesByKindSince(reader, mark, [kind], deadline, expectedRows)?.[kind] ?? null;
}
