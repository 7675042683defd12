/**
 * Cost estimates: the most credits a planned operation can spend, shown before spending.
 * Upper bounds, from the spec's billing rules: company search 1 credit per company output (and a
 * refine answer a fixed 3); lead search 1 per lead returned; lead lookup 1 per URL plus 1 per paid
 * option (people_also_viewed, posts, comments); ValidationErrors and the transaction list are free.
 */
import { COMPANIES_SEARCHED } from "./pagination";
import { LEAD_LIMIT_DEFAULT, LEAD_LIMIT_REDUCED } from "./validate";
import {
  type CompanySearchRequest,
  type LeadLookupRequest,
  type LeadSearchRequest,
  PAID_LOOKUP_OPTIONS,
} from "./wire";

/** The fixed price of the refine-search answer (spec, company search rule 9). */
export const REFINE_ANSWER_COST = 3;

/** Lookup options that cost an extra credit each. */
export function paidOptionCount(options: Omit<LeadLookupRequest, "url">): number {
  return PAID_LOOKUP_OPTIONS.filter((option) => options[option] === true).length;
}

/** Lead lookup: each distinct URL costs 1 plus 1 per paid option (duplicates are sent once). */
export function estimateLookupCost(
  distinctUrls: number,
  options: Omit<LeadLookupRequest, "url"> = {},
): number {
  return Math.max(0, Math.floor(distinctUrls)) * (1 + paidOptionCount(options));
}

/**
 * Company search: up to limit_by companies (without it, everything the filters match within the
 * first 1600 from the offset), and never less than the refine answer's 3.
 */
export function estimateCompanySearchCost(request: CompanySearchRequest): number {
  const offset = Math.max(0, request.offset_by ?? 0);
  const reachable = Math.max(0, COMPANIES_SEARCHED - offset);
  const companies = request.limit_by === undefined ? reachable : Math.min(request.limit_by, reachable);
  return Math.max(companies, REFINE_ANSWER_COST);
}

/** Several company searches (for example the pages of one search). */
export function estimateCompanySearchesCost(requests: CompanySearchRequest[]): number {
  return requests.reduce((sum, request) => sum + estimateCompanySearchCost(request), 0);
}

/** Lead search: up to limit_by leads, else the most the target allows (2500, or 2400). */
export function estimateLeadSearchCost(request: LeadSearchRequest): number {
  const reduced = request.without_company === true || Boolean(request.network_filter_link);
  const max = reduced ? LEAD_LIMIT_REDUCED : LEAD_LIMIT_DEFAULT;
  return request.limit_by === undefined ? max : Math.min(request.limit_by, max);
}
