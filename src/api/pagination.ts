/**
 * Pagination plans. Company search pages with `limit_by`/`offset_by` (spec rule 4: page size 25
 * means offsets 0, 25, 50) inside the first 1600 companies; the transaction list pages with
 * `limit`/`offset` text parameters up to `max_limit` per page.
 */
import type { ApiError } from "./errors";
import type { CompanySearchRequest, Transaction, TransactionQuery } from "./wire";

/** Only the first 1600 matching companies are searched (spec, company search rule 1). */
export const COMPANIES_SEARCHED = 1600;
/** limit_by is greater than 1 and less than 1600. */
export const MIN_PAGE_SIZE = 2;
export const MAX_PAGE_SIZE = 1599;

/** offset_by must stay below 1599. */
export const MAX_OFFSET = 1598;

/**
 * A last page starting at 1599 (one company left) is invalid: fold it into the page before when
 * that stays under the limit, else start it one earlier (one company fetched twice).
 */
function fixLastOffset(pages: CompanySearchRequest[]): CompanySearchRequest[] {
  const last = pages[pages.length - 1];
  if (!last || (last.offset_by ?? 0) <= MAX_OFFSET) return pages;
  const before = pages[pages.length - 2];
  const extra = (last.offset_by ?? 0) - MAX_OFFSET;
  if (before && (before.limit_by ?? 0) + extra <= MAX_PAGE_SIZE) {
    return [...pages.slice(0, -2), { ...before, limit_by: (before.limit_by ?? 0) + extra }];
  }
  return [...pages.slice(0, -1), { ...last, offset_by: MAX_OFFSET, limit_by: MIN_PAGE_SIZE }];
}

/**
 * Requests for `total` companies from `request.offset_by` (default 0) in pages of `pageSize`,
 * never past the 1600th. A last page of 1 is sent as 2 (limit_by must exceed 1): at most one
 * extra company, which the estimate already allows for.
 */
export function companyPageRequests(
  request: CompanySearchRequest,
  total: number,
  pageSize: number,
): CompanySearchRequest[] {
  const size = Math.min(MAX_PAGE_SIZE, Math.max(MIN_PAGE_SIZE, Math.floor(pageSize)));
  const start = Math.max(0, Math.floor(request.offset_by ?? 0));
  const end = Math.min(COMPANIES_SEARCHED, start + Math.max(0, Math.floor(total)));
  const pages: CompanySearchRequest[] = [];
  for (let offset = start; offset < end; offset += size) {
    const limit = Math.max(MIN_PAGE_SIZE, Math.min(size, end - offset));
    pages.push({ ...request, limit_by: limit, offset_by: offset });
  }
  return fixLastOffset(pages);
}

export interface TransactionPages {
  /** Every transaction fetched, in the API's order (page by page). */
  results: Transaction[];
  /** The API's count of matching transactions. */
  count: number;
  /** False when a page failed or the deadline left pages unfetched. */
  complete: boolean;
  error: ApiError | null;
}

/** A page of the transaction list as read, at the offset it was asked for. */
export interface PageRead {
  offset: number;
  results: readonly Transaction[];
}

/**
 * Queries for the rows of [start, count) that no page read holds, in pages of `pageSize`. Pages
 * asked for ahead of the first answer (expectedRows, client.ts) may have used another size than
 * the API's: whatever they left uncovered is asked for here, and rows read twice are dropped by id.
 */
export function uncoveredPageQueries(
  query: TransactionQuery,
  read: readonly PageRead[],
  start: number,
  count: number,
  pageSize: number,
): TransactionQuery[] {
  if (pageSize <= 0) return [];
  const queries: TransactionQuery[] = [];
  const ask = (from: number, to: number) => {
    for (let offset = from; offset < to; offset += pageSize)
      queries.push({ ...query, limit: String(pageSize), offset: String(offset) });
  };
  let next = start;
  for (const page of [...read].sort((a, b) => a.offset - b.offset)) {
    if (page.results.length === 0) continue;
    if (page.offset > next) ask(next, Math.min(page.offset, count));
    next = Math.max(next, page.offset + page.results.length);
  }
  ask(next, count);
  return queries;
}

/** The rows of pages read, in the list's order (by offset), each row once (pages may overlap). */
export function inPageOrder(pages: readonly PageRead[]): Transaction[] {
  const seen = new Set<string>();
  const rows: Transaction[] = [];
  for (const page of [...pages].sort((a, b) => a.offset - b.offset)) {
    for (const row of page.results) {
      const id = row.id === undefined || row.id === null ? null : String(row.id);
      if (id !== null && seen.has(id)) continue;
      if (id !== null) seen.add(id);
      rows.push(row);
    }
  }
  return rows;
}
