/**
 * Export to a sheet: every transaction matching the filters, header = TRANSACTION_FIELDS, every
 * value through toCellValue, header frozen. The list is free, so the only confirmation asked is
 * before replacing a sheet that holds data.
 *
 * One execution, bounded: pages are fetched (first page, then the rest in parallel) until a
 * deadline that leaves the 6-minute execution room for writing. If the deadline or an error leaves
 * pages unread, nothing is written: the previous export stays as it was and the answer says how to
 * narrow the export. Only once every row is built does the sheet change, in one write that puts the
 * new content in place of the old (TransactionsSheet.replace): the sheet itself is kept, so
 * formulas, charts and pivot tables built on it keep working, and a cut-off leaves either the
 * previous export or the new one, never half of one.
 */

import type { AccountState } from "../../api/account";
import type { ApiError } from "../../api/errors";
import { type LedgerTotals, ledgerTotals } from "../../api/ledger";
import type { TransactionQuery } from "../../api/wire";
import { toCellValue } from "../../sheet/cell-value";
import { TRANSACTION_FIELDS } from "../../sheet/lead-fields";
import { columnLetters } from "../enrich/progress";
import { writeErrorText } from "../paid-rows";
import { fetchBudgetMs } from "./fetch-budget";
import { checkTransactionQuery, type FilterProblems, type TransactionFilterForm } from "./filters";
import { ignoredFilters, ignoredFiltersText } from "./ignored-filters";
import type { ExportDeps, ExportRecord } from "./ports";
import { readableTime } from "./rows";
import { type CurrentSheet, EXPORT_WIDTH, isExportSheet, planSheet } from "./sheet-plan";
import { apiTimestamp } from "./spending";

/**
 * The most rows one export writes (1.6 million cells, a sixth of a spreadsheet's 10 million): about
 * 2,000 pages to fetch and one write of about 232 s, which fit one execution together when the
 * pages come within the minute left (fetch-budget.ts); else the export says to narrow it.
 */
export const MAX_EXPORT_ROWS = 200_000;

export type ExportResult =
  /**
   * `spent`: what the exported rows add up to, pending and reversed charges left out (A11).
   * `account`: whose transactions they are; `replaced`: the account of the export it replaced,
   * when that was another account's.
   */
  | {
      status: "done";
      sheetName: string;
      written: number;
      spent: string;
      account: string;
      replaced: string | null;
    }
  /**
   * Ask first. "replace": the sheet has data (whose, when the last export recorded it; the user's
   * own columns that stay). "drop": values in the user's columns belong to transactions this
   * export leaves out.
   */
  | {
      status: "confirm";
      reason: "replace";
      sheetName: string;
      existingRows: number;
      account: string;
      listed: ExportRecord | null;
      keptColumns: string[];
    }
  | { status: "confirm"; reason: "drop"; sheetName: string; dropped: number; account: string }
  | { status: "invalid"; problems: FilterProblems }
  | { status: "failed"; error: ApiError; fetched: number; count: number }
  /** The sheet refused the write (protected, deleted meanwhile, full), or is not an export. */
  | { status: "unwritten"; sheetName: string; message: string; next: string };

export function exportTransactions(
  deps: ExportDeps,
  form: TransactionFilterForm,
  options: { replace: boolean; dropNotes?: boolean },
): ExportResult {
  const checked = checkTransactionQuery(form);
  if (!checked.ok) return { status: "invalid", problems: checked.problems };
  const { sheet } = deps;
  const existingRows = sheet.usedRows();
  const before = existingRows > 0 ? sheet.current() : null;
  if (before && !isExportSheet(before.header)) return notAnExport(sheet.name);
  // Whose transactions these are (free): the sheet and the confirmation say it.
  const me = deps.client.account();
  if (!me.ok) return { status: "failed", error: unwritten(me.error), fetched: 0, count: 0 };
  const account = accountName(me.value, deps.exporter);
  if (existingRows > 0 && !options.replace) {
    return {
      status: "confirm",
      reason: "replace",
      sheetName: sheet.name,
      existingRows,
      account,
      listed: deps.records.read(),
      keptColumns: userColumns(before),
    };
  }
  // One cheap request first: a bad key or a too-big export is known before any page is fetched.
  const probe = deps.client.listTransactions({ ...checked.query, limit: "1" });
  if (!probe.ok) return { status: "failed", error: unwritten(probe.error), fetched: 0, count: 0 };
  if (probe.value.count > (deps.maxRows ?? MAX_EXPORT_ROWS)) {
    return {
      status: "failed",
      error: tooMany(probe.value.count, deps.maxRows ?? MAX_EXPORT_ROWS),
      fetched: 0,
      count: probe.value.count,
    };
  }
  const room = sheet.room?.(probe.value.count + 1);
  if (room && room.needed > room.free) {
    return { status: "failed", error: noRoom(room.needed, room.free), fetched: 0, count: probe.value.count };
  }
  const deadline = deps.clock.now() + (deps.fetchBudgetMs ?? fetchBudgetMs(probe.value.count));
  const pages = deps.client.listAllTransactions(checked.query, { deadline, expectedRows: probe.value.count });
  if (!pages.complete) {
    return {
      status: "failed",
      error: pages.error ? unwritten(pages.error) : outOfTime(pages.results.length, pages.count),
      fetched: pages.results.length,
      count: pages.count,
    };
  }
  // A filter the API dropped (A11) would write every transaction under the filters' note.
  const ignored = ignoredFiltersText(ignoredFilters(checked.query, pages.results));
  if (ignored !== null) {
    const error: ApiError = {
      kind: "validation",
      message: ignored,
      next: "Export again with a value the API knows.",
      charged: "no",
    };
    return { status: "failed", error: unwritten(error), fetched: pages.results.length, count: pages.count };
  }
  const rows = pages.results.map((t) => TRANSACTION_FIELDS.map((field) => toCellValue(t[field])));
  // Read again: the user may have added notes (or replaced the sheet) while the pages came.
  const current = sheet.current();
  if (current && !isExportSheet(current.header)) return notAnExport(sheet.name);
  const plan = planSheet(current, rows);
  if (plan.dropped > 0 && !options.dropNotes) {
    return { status: "confirm", reason: "drop", sheetName: sheet.name, dropped: plan.dropped, account };
  }
  try {
    sheet.write(plan.block);
  } catch (error) {
    return {
      status: "unwritten",
      sheetName: sheet.name,
      message: `The ${sheet.name} sheet could not take the export (${writeErrorText(error)}). It is as it was: the previous export, if any, is kept.`,
      next: "Check that the sheet is not protected and that the spreadsheet has room (Sheets allows 10 million cells), then export again.",
    };
  }
  const previous = deps.records.read();
  const record = {
    account,
    by: deps.exporter,
    at: readableTime(apiTimestamp(deps.clock.now())),
    rows: rows.length,
  };
  sheet.finish(exportNote(record, checked.query));
  deps.records.write(record);
  return {
    status: "done",
    sheetName: sheet.name,
    written: rows.length,
    spent: spentSentence(ledgerTotals(pages.results)),
    account,
    replaced: previous && previous.account !== account ? previous.account : null,
  };
}

/**
 * The account as people know it: users/me's email, else whose key it is ("the API key of
 * ben@example.com"): keys are per user, so two editors' unnamed accounts are still told apart.
 */
function accountName(account: AccountState, exporter: string): string {
  return account.email?.slice(0, 200) ?? `the API key of ${exporter}`;
}

/** The header cell's note: whose transactions, who exported them, when, and which. */
export function exportNote(record: ExportRecord, query: TransactionQuery): string {
  const filters = Object.entries(query).map(([name, value]) => `${name}=${value}`);
  return [
    `Credit transactions of ${record.account}, exported by ${record.by} on ${record.at}.`,
    filters.length === 0 ? "Every transaction (no filters)." : `Filters: ${filters.join(", ")}.`,
    "Written by the Prospecting add-on's Credits export; columns after H are yours and are kept.",
  ].join("\n");
}

/** The user's columns after the export's, as "I (my notes)", for the confirmation. */
function userColumns(current: CurrentSheet | null): string[] {
  const header = current?.header ?? [];
  const width = (current?.extra ?? []).reduce(
    (widest, row) => Math.max(widest, row.length + EXPORT_WIDTH),
    header.length,
  );
  const columns: string[] = [];
  for (let c = EXPORT_WIDTH; c < width; c += 1) {
    const used =
      (header[c] ?? "") !== "" || (current?.extra ?? []).some((row) => (row[c - EXPORT_WIDTH] ?? "") !== "");
    if (!used) continue;
    const label = (header[c] ?? "").replace(/^'/, "").slice(0, 40);
    columns.push(label === "" ? columnLetters(c + 1) : `${columnLetters(c + 1)} (${label})`);
  }
  return columns;
}

function notAnExport(sheetName: string): ExportResult {
  return {
    status: "unwritten",
    sheetName,
    message: `The ${sheetName} sheet was not made by the Credits export (its first row is not ${TRANSACTION_FIELDS.join(", ")} in columns A to H), so the export does not write over it. Nothing was written.`,
    next: `Rename that sheet (the export then makes a new ${sheetName} sheet) and export again.`,
  };
}

const credits = (n: number) => `${n.toLocaleString("en-US")} credit${n === 1 ? "" : "s"}`;
const rows = (n: number) => `${n.toLocaleString("en-US")} row${n === 1 ? "" : "s"}`;

/**
 * The export's summary: what its rows spent, and what was left out of that sum (pending: reserved
 * for requests still in flight; error: charges reversed), so the sheet's own SUM can be checked.
 */
export function spentSentence(totals: LedgerTotals): string {
  const left = [
    totals.pending.rows > 0
      ? `${rows(totals.pending.rows)} pending (${credits(totals.pending.credits)}, requests still in flight)`
      : "",
    totals.reversed.rows > 0
      ? `${rows(totals.reversed.rows)} with status error (${credits(totals.reversed.credits)}, reversed)`
      : "",
  ].filter(Boolean);
  const spent = `These transactions spent ${credits(totals.spent)}.`;
  return left.length === 0 ? spent : `${spent} Not counted: ${left.join(" and ")}.`;
}

/** The API's error, saying that the sheet was not touched (the user may wonder after a failure). */
function unwritten(error: ApiError): ApiError {
  return { ...error, message: `${error.message} Nothing was written: the sheet is as it was.` };
}

function tooMany(count: number, max: number): ApiError {
  return {
    kind: "validation",
    message: `${count} transactions match: more than the ${max} one export writes, so nothing was written.`,
    next: "Narrow the export with a created_at range (for example one month) and export each part.",
    charged: "no",
  };
}

function noRoom(needed: number, free: number): ApiError {
  const n = (value: number) => Math.max(0, value).toLocaleString("en-US");
  return {
    kind: "validation",
    message: `The spreadsheet is too full for this export: it needs ${n(needed)} more cells and has room for ${n(free)} (Sheets allows 10 million). Nothing was written; the previous export is as it was.`,
    next: "Delete sheets, rows or columns you do not need, or narrow the export with a created_at range.",
    charged: "no",
  };
}

function outOfTime(fetched: number, count: number): ApiError {
  return {
    kind: "timeout",
    message: `Only ${fetched} of ${count} transactions could be read in one run, so nothing was written.`,
    next: "Narrow the export with a created_at range (for example one month) and export each part.",
    charged: "no",
  };
}
