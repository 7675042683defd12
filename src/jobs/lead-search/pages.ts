/**
 * Lead search pages (issue 10.4): UrlFetchApp gives up at about 60 s and one failed request fails
 * its whole fetchAll, so a search asking for more leads than one request can return in time goes
 * out as several requests of at most LEAD_PAGE_SIZE leads, paged with offset_by.
 */
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
 * A search within one page (or without limit_by) is sent once, unchanged. Pages start at the
 * search's own offset_by, so Next page keeps working, and together never ask past its limit_by.
 */
export function nextPageRequest(request: LeadSearchRequest, asked: number): LeadSearchRequest | null {
  const { limit_by: limit, offset_by: offset = 0 } = request;
  if (limit === undefined || limit <= LEAD_PAGE_SIZE) return asked === 0 ? request : null;
  const left = limit - asked;
  if (left <= 0) return null;
  const { offset_by: _, ...rest } = request;
  const at = offset + asked;
  // The form leaves offset_by out at 0 (the first lead); the pages do the same.
  return at > 0
    ? { ...rest, limit_by: Math.min(LEAD_PAGE_SIZE, left), offset_by: at }
    : { ...rest, limit_by: Math.min(LEAD_PAGE_SIZE, left) };
}
