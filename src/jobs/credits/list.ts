/** One page of the transaction list for the Credits tab: newest first, limit/offset paging. */
import type { ApiError } from "../../api/errors";
import { checkTransactionQuery, type FilterProblems, type TransactionFilterForm } from "./filters";
import { ignoredFilters, ignoredFiltersText } from "./ignored-filters";
import type { TransactionClient } from "./ports";
import { type TransactionRow, transactionRow } from "./rows";

/** The spec's sample max_limit: a bigger page is cut to this by the API anyway. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

export interface TransactionPageView {
  /** Matching transactions in all. */
  count: number;
  offset: number;
  /** The page size the API used. */
  limit: number;
  rows: TransactionRow[];
  /** Filters the rows show the API did not apply (ignored-filters.ts), in words; null when none. */
  ignored: string | null;
  hasPrevious: boolean;
  hasNext: boolean;
}

export type ListResult =
  | { status: "ok"; page: TransactionPageView }
  | { status: "invalid"; problems: FilterProblems }
  | { status: "failed"; error: ApiError };

/** A page size within 1..100 and an offset of 0 or more, whatever the sidebar sent. */
export function pageBounds(limit: unknown, offset: unknown): { limit: number; offset: number } {
  const size = Number.isFinite(Number(limit)) ? Math.floor(Number(limit)) : DEFAULT_PAGE_SIZE;
  const start = Number.isFinite(Number(offset)) ? Math.floor(Number(offset)) : 0;
  return { limit: Math.min(MAX_PAGE_SIZE, Math.max(1, size)), offset: Math.max(0, start) };
}

export function listTransactionPage(
  client: TransactionClient,
  form: TransactionFilterForm,
  page: { limit: number; offset: number },
): ListResult {
  const checked = checkTransactionQuery(form, page);
  if (!checked.ok) return { status: "invalid", problems: checked.problems };
  let answer = client.listTransactions(checked.query);
  if (!answer.ok) return { status: "failed", error: answer.error };
  // The list shrank below the page on show (a Refresh after refused requests' pending rows left
  // the ledger): its last page, not an empty one under "0–80 of 75".
  const { count: total, results: found } = answer.value;
  if (found.length === 0 && page.offset > 0 && total > 0) {
    const last = Math.floor((total - 1) / page.limit) * page.limit;
    answer = client.listTransactions({ ...checked.query, offset: String(last) });
    if (!answer.ok) return { status: "failed", error: answer.error };
  }
  const { count, offset, limit, results, next, previous } = answer.value;
  return {
    status: "ok",
    page: {
      count,
      offset,
      limit,
      rows: results.map(transactionRow),
      ignored: ignoredFiltersText(ignoredFilters(checked.query, results)),
      hasPrevious: previous !== null || offset > 0,
      hasNext: next !== null || offset + results.length < count,
    },
  };
}
