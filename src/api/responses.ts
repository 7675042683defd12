/**
 * Shape checks of successful bodies. Lenient on purpose: only what the client relies on is
 * required (the record list, or the lead object); unknown extra fields pass through untouched and
 * a missing `amount` counts as 0. Anything else is `null`, which request.ts turns into `malformed`.
 */
import type { HttpOutcome } from "./ports";
import type {
  CompanySearchResponse,
  LeadLookupResponse,
  LeadSearchResponse,
  TransactionListResponse,
} from "./wire";

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isRecordArray(value: unknown): boolean {
  return Array.isArray(value) && value.every(isRecord);
}

function numberOr(value: unknown, fallback: number): number {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return Number(value);
  return fallback;
}

export function readCompanySearch(body: unknown): CompanySearchResponse | null {
  if (!isRecord(body) || !isRecordArray(body.companies)) return null;
  // No count is not the page's length: production counts only when asked (PRODUCTION.md A1).
  const count = numberOr(body.results_count, Number.NaN);
  const { results_count: _sent, ...rest } = body;
  return {
    ...rest,
    companies: body.companies,
    ...(Number.isNaN(count) ? {} : { results_count: count }),
    amount: numberOr(body.amount, 0),
    time_cached: typeof body.time_cached === "string" ? body.time_cached : null,
  } as CompanySearchResponse;
}

export function readLeadSearch(body: unknown): LeadSearchResponse | null {
  if (!isRecord(body) || !isRecordArray(body.leads)) return null;
  return {
    ...body,
    amount: numberOr(body.amount, 0),
    results_count: body.results_count === undefined ? "" : String(body.results_count),
    status: body.status === undefined ? "" : String(body.status),
  } as LeadSearchResponse;
}

export function readLeadLookup(body: unknown): LeadLookupResponse | null {
  if (!isRecord(body) || !isRecord(body.lead)) return null;
  return { ...body, amount: numberOr(body.amount, 0) } as LeadLookupResponse;
}

export function readTransactions(body: unknown): TransactionListResponse | null {
  if (!isRecord(body) || !isRecordArray(body.results)) return null;
  const results = body.results as unknown[];
  return {
    ...body,
    count: numberOr(body.count, results.length),
    next: typeof body.next === "string" ? body.next : null,
    previous: typeof body.previous === "string" ? body.previous : null,
    limit: numberOr(body.limit, results.length),
    max_limit: numberOr(body.max_limit, 100),
    offset: numberOr(body.offset, 0),
  } as TransactionListResponse;
}

/** Credits a successful answer cost: charges are negative amounts, the refine answer a positive 3. */
export function creditsSpent(amount: number): number {
  return Math.abs(amount);
}

/**
 * Production's answer to a lead search that matches no one (PRODUCTION.md A6): status 200,
 * `{amount: -1, leads: [], status: "No leads match with input criteria"}`. The -1 marks "no
 * match"; no lead came back, and production bills no empty answer.
 */
export function isNoLeadMatch(response: LeadSearchResponse): boolean {
  return response.leads.length === 0 && (response.amount === -1 || /no leads match/i.test(response.status));
}

/** Credits a lead search answer cost: its amount, except the no-match answer's -1 (free). */
export function leadSearchCredits(response: LeadSearchResponse): number {
  return isNoLeadMatch(response) ? 0 : creditsSpent(response.amount);
}

/**
 * The refine-search answer (spec, company search rule 9): no companies, a message asking to refine,
 * 3 credits spent, and results_count holding how many companies matched.
 */
export function isRefineAnswer(response: CompanySearchResponse): boolean {
  return typeof response.message === "string" && response.message !== "" && response.companies.length === 0;
}

/**
 * Production's answer to a lookup that matches no one, or a URL on another host (PRODUCTION.md
 * A3): status 400, `{amount: 0, detail: "Bad url", input_url, status: "error", status_code: 400}`.
 * Free, and final: sending it again finds no one again.
 */
export function isBadUrlAnswer(outcome: HttpOutcome): boolean {
  if (outcome.kind !== "response" || outcome.status !== 400) return false;
  try {
    const body: unknown = JSON.parse(outcome.body);
    return isRecord(body) && typeof body.detail === "string" && /^\s*bad url\s*\.?\s*$/i.test(body.detail);
  } catch {
    return false;
  }
}
