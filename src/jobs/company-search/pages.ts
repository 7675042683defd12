/**
 * The pages of one search: the window [offset, offset + total) of the match list, cut into pages
 * sent in parallel (one fetchAll of at most the endpoint's 20), within the first 1,600 matches.
 */
import { companyPageRequests, estimateCompanySearchesCost } from "../../api/index";
import { COMPANIES_SEARCHED } from "../../api/pagination";
import type { CompanySearchRequest } from "../../api/wire";

/** The smallest page: the spec's paging example (offsets 0, 25, 50). */
export const MIN_PAGE = 25;

export interface PagePlan {
  pages: CompanySearchRequest[];
  pageSize: number;
  /** Companies asked for after the 1,600 cut: offset + total never passes it. */
  total: number;
  /** The most the pages can cost (the client's estimate: limit_by per page, at least 3). */
  maxCredits: number;
}

/** Pages of at least 25 companies, few enough that all go in one fetchAll of `parallel`. */
export function pagePlan(
  filters: CompanySearchRequest,
  offset: number,
  total: number,
  parallel: number,
): PagePlan {
  const reachable = Math.max(0, Math.min(total, COMPANIES_SEARCHED - offset));
  const pageSize = Math.max(MIN_PAGE, Math.ceil(reachable / Math.max(1, parallel)));
  const pages =
    reachable === 0 ? [] : companyPageRequests({ ...filters, offset_by: offset }, reachable, pageSize);
  return { pages, pageSize, total: reachable, maxCredits: estimateCompanySearchesCost(pages) };
}

/** The largest total whose pages stay within `credits` (for "fetch N instead" at the spend cap). */
export function largestTotalWithin(
  filters: CompanySearchRequest,
  offset: number,
  credits: number,
  parallel: number,
): number {
  let low = 0;
  let high = Math.max(0, Math.min(COMPANIES_SEARCHED - offset, Math.floor(credits)));
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (pagePlan(filters, offset, mid, parallel).maxCredits <= credits) low = mid;
    else high = mid - 1;
  }
  return low;
}
