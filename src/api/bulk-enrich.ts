/**
 * The current generation's bulk lead enrichment (PRODUCTION.md A19), as pure readers and request
 * builders: a submit of up to 50 profile URLs answers 202 with a job id at once; the job's status
 * answers `meta.status`, `processed`, `total` and, once completed, one `{input, lead}` per input
 * in order (`lead: null`: no one found, free). Answers are `{data, meta}` (meta.amount_charged in
 * USD); errors the usual `{status, status_code, detail}` envelope (request.ts reads those).
 */
import { leadFromCurrent } from "./current-lead";
import type { Problem } from "./errors";
import type { Lead } from "./wire";

/** Most leads one bulk request takes (a larger array is a 400). */
export const BULK_MAX_LEADS = 50;
/** How long the API keeps a job; after it the status answers 404 `Job not found`. */
export const BULK_JOB_RETENTION_MS = 24 * 3_600_000;
/** USD per lead found (A19): what `meta.amount_charged` adds up. */
export const BULK_USD_PER_LEAD = { realtime: 0.04, database: 0.02 } as const;

/** Fresh data: real-time jobs; otherwise the database's stored data. */
export type BulkMode = keyof typeof BULK_USD_PER_LEAD;

export interface BulkJobState {
  jobId: string;
  /** pending, processing, completed, error (or any other word the API sends). */
  status: string;
  total: number;
  processed: number;
  /** USD (A19); informative: the add-on counts credits from the leads found. */
  amountCharged: number;
  /** The job's failure reason when status is error. */
  error: string | null;
}

export interface BulkJobItem {
  input: Record<string, unknown>;
  lead: Lead | null;
}

export interface BulkJobResult extends BulkJobState {
  /** One per input, in order, once completed; null before. */
  items: BulkJobItem[] | null;
}

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function count(value: unknown): number {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : 0;
}

function readMeta(body: unknown): BulkJobState | null {
  if (!isRecord(body) || !isRecord(body.meta)) return null;
  const meta = body.meta;
  const jobId = typeof meta.job_id === "string" || typeof meta.job_id === "number" ? String(meta.job_id) : "";
  if (jobId === "") return null;
  return {
    jobId,
    status: typeof meta.status === "string" ? meta.status : "pending",
    total: count(meta.total),
    processed: count(meta.processed),
    amountCharged: count(meta.amount_charged),
    error: typeof meta.error === "string" && meta.error !== "" ? meta.error : null,
  };
}

/** The 202 of a submit: the job id is all that must be there. */
export function readBulkSubmit(body: unknown): BulkJobState | null {
  return readMeta(body);
}

/**
 * A status answer. A completed job's list is read whatever its length: one of another length than
 * the inputs cannot be lined up by position, and the job's reader (jobs/enrich/bulk/poll.ts) asks
 * again, then keeps the answers that name their URLs; refused here, their paid leads were lost.
 */
export function readBulkStatus(body: unknown): BulkJobResult | null {
  const state = readMeta(body);
  if (state === null || !isRecord(body)) return null;
  if (state.status !== "completed") return { ...state, items: null };
  const data = body.data;
  if (!Array.isArray(data)) return null;
  const items: BulkJobItem[] = [];
  for (const item of data) {
    if (!isRecord(item)) return null;
    const input = isRecord(item.input) ? item.input : {};
    items.push({ input, lead: isRecord(item.lead) ? leadFromCurrent(item.lead) : null });
  }
  return { ...state, items };
}

/** The submit body: each URL as the one identifier of its lead (`<name>_url` on the wire). */
export function bulkSubmitBody(urls: readonly string[]): { leads: Array<{ network_url: string }> } {
  return { leads: urls.map((network_url) => ({ network_url })) };
}

/** Problems of one submit's URLs, found before sending (free). */
export function validateBulkSubmit(urls: readonly string[]): Problem[] {
  if (urls.length === 0)
    return [{ path: "leads", message: "no profile URL to send", hint: "Select rows with profile URLs." }];
  if (urls.length > BULK_MAX_LEADS)
    return [
      {
        path: "leads",
        message: `${urls.length} leads, more than the ${BULK_MAX_LEADS} one bulk job takes`,
        hint: `Send at most ${BULK_MAX_LEADS} leads a job.`,
      },
    ];
  const blank = urls.findIndex((url) => url.trim() === "");
  return blank < 0 ? [] : [{ path: `leads[${blank}]`, message: "empty URL", hint: "Remove the empty URL." }];
}

/** The unit an account is billed in: the spec's credits, or US dollars (the current generation, A19). */
export type BillingUnit = "credits" | "usd";

/** GET /api/v1/accounts/me/ (A19): the balance and plan, in the unit the account is billed in. */
export interface AccountProfile {
  balance: number | null;
  plan: string | null;
  unit: BillingUnit;
}

/**
 * The account's unit: what its profile names (`credits.unit`, `currency`), else USD, since the
 * current generation holds the balance in USD (A19) and its pages name no unit field.
 */
function unitOf(data: Fields, credits: Fields): BillingUnit {
  const named = [credits.unit, credits.currency, data.currency, data.billing_unit].find(
    (value): value is string => typeof value === "string" && value.trim() !== "",
  );
  if (named === undefined) return "usd";
  return /credit/i.test(named) ? "credits" : "usd";
}

export function readAccountProfile(body: unknown): AccountProfile | null {
  if (!isRecord(body) || !isRecord(body.data)) return null;
  const credits = isRecord(body.data.credits) ? body.data.credits : {};
  const balance = typeof credits.balance === "number" ? credits.balance : Number(credits.balance);
  return {
    balance: Number.isFinite(balance) ? balance : null,
    plan: typeof body.data.plan === "string" ? body.data.plan : null,
    unit: unitOf(body.data, credits),
  };
}
