/**
 * Lead search pages (issue 10.4): UrlFetchApp gives up at about 60 s and one failed request fails
 * its whole fetchAll, so a search asking for more leads than one request can return in time goes
 * out as several requests of at most LEAD_PAGE_SIZE leads, paged with offset_by.
 */
import { estimateLeadSearchCost } from "../../api/cost";
import type { LeadSearchRequest } from "../../api/wire";

/**
 * Leads per request. By the production latency model (sandbox/README.md, `--latency production`)
 * limit_by 100 takes 5.6 s median and 26 s at p99, none of 5,000 past 60 s; 500 already has 1.9%
 * past 60 s, which across a 50-request fetchAll fails most of them. Cost is per lead returned, so
 * more, smaller requests cost the same.
 */
export const LEAD_PAGE_SIZE = 100;

/**
 * The request for a search's next page, `asked` leads into it; null when nothing is left to ask.
 * A search within one page is sent once, unchanged. One without limit_by asks for up to the
 * target's cap (2,500, or 2,400), which the model puts mostly past 60 s: it is paged up to that cap.
 * Pages start at the search's own offset_by, so Next page keeps working, and together never ask
 * past its limit.
 */
export function nextPageRequest(request: LeadSearchRequest, asked: number): LeadSearchRequest | null {
  const { offset_by: offset = 0 } = request;
  // Without limit_by the API answers up to the target's cap: the same count the estimate charges.
  const limit = request.limit_by ?? estimateLeadSearchCost(request);
  if (limit <= LEAD_PAGE_SIZE) return asked === 0 ? request : null;
  const left = limit - asked;
  if (left <= 0) return null;
  const { offset_by: _, ...rest } = request;
  const at = offset + asked;
  // The form leaves offset_by out at 0 (the first lead); the pages do the same.
  return at > 0
    ? { ...rest, limit_by: Math.min(LEAD_PAGE_SIZE, left), offset_by: at }
    : { ...rest, limit_by: Math.min(LEAD_PAGE_SIZE, left) };
}
