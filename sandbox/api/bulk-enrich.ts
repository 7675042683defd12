/**
 * The current generation's bulk lead enrichment (PRODUCTION.md A19):
 * `POST /api/v1/enrich/{realtime,database}/leads/bulk/` (at most 50 leads, each by exactly one of
 * `id`, `network_url`, `email`) answers 202 at once with `meta.job_id` and `status: pending`;
 * `GET /api/v1/enrich/leads/bulk/{job_id}/` answers the job's progress and, once completed, one
 * `{input, lead}` per input in order (`lead: null` when no one was found: free). Found leads are
 * charged as they complete (bulk-jobs.ts), 1 credit each in the ledger, as a lookup is (the
 * migration guide: pricing is unchanged); `meta.amount_charged` is in USD ($0.04 real-time,
 * $0.02 database per lead found). A key whose plan is not entitled gets 403 (`bulkEntitled`).
 */
import { BodyReader, parseJsonObject } from "./body-reader.ts";
import { type BulkJob, type BulkMode, type BulkSubmission, jobStatus } from "./bulk-jobs.ts";
import { bulkLead } from "./bulk-lead.ts";
import type { Endpoint, EndpointRequest } from "./endpoint.ts";
import { ApiFailure } from "./failure.ts";
import { buildLead } from "./lead-record.ts";
import { API_PATHS, V1_PATHS } from "./paths.ts";
import { isNetworkHost, readProfileUrl } from "./profile-url.ts";

/** Most leads one bulk request takes (A19; a larger array is a 400). */
export const BULK_MAX_LEADS = 50;
/** USD per lead found (A19). */
export const USD_PER_LEAD: Record<BulkMode, number> = { realtime: 0.04, database: 0.02 };
const IDENTIFIERS = ["id", "network_url", "email"] as const;

function forbiddenUnlessEntitled(request: EndpointRequest): void {
  if (!request.state.config.bulkEntitled)
    throw new ApiFailure(403, "You do not have permission to perform this action.");
}

/** The lead's index a bulk input names, or null when no one matches it. */
function findIndex(request: EndpointRequest, input: Record<string, unknown>): number | null {
  const { data, state } = request;
  if (typeof input.network_url === "string") {
    const ref = readProfileUrl(input.network_url);
    if (ref === null) return null;
    if (state.config.lookupNotFound === "bad_url" && !isNetworkHost(input.network_url)) return null;
    return data.findLead(ref)?.index ?? null;
  }
  if (typeof input.id === "string") return data.findLead({ kind: "sales", salesId: input.id })?.index ?? null;
  // By email: the sandbox's leads carry no email, so no one is found (free).
  return null;
}

function readInputs(body: string): Array<Record<string, unknown>> {
  const reader = new BodyReader(parseJsonObject(body), ["leads"]);
  const leads = reader.raw("leads");
  if (leads === undefined) throw new ApiFailure(400, { leads: ["This field is required."] });
  if (!Array.isArray(leads)) throw new ApiFailure(400, { leads: ["Expected a list of items."] });
  if (leads.length === 0) throw new ApiFailure(400, { leads: ["This list may not be empty."] });
  if (leads.length > BULK_MAX_LEADS)
    throw new ApiFailure(400, { leads: [`Ensure this field has no more than ${BULK_MAX_LEADS} elements.`] });
  leads.forEach((item, position) => {
    const given =
      item !== null && typeof item === "object" && !Array.isArray(item)
        ? IDENTIFIERS.filter((name) => typeof (item as Record<string, unknown>)[name] === "string")
        : [];
    if (given.length !== 1)
      throw new ApiFailure(400, {
        leads: [`Item ${position}: provide exactly one of ${IDENTIFIERS.join(", ")}.`],
      });
  });
  return leads as Array<Record<string, unknown>>;
}

function submitter(mode: BulkMode, path: string): Endpoint {
  return (request) => {
    forbiddenUnlessEntitled(request);
    const { state, key } = request;
    const inputs = readInputs(request.body);
    // Credits are reserved for the whole batch on submit (A19): a balance that cannot hold it is refused.
    // What the key may spend (less what requests in flight reserved), less what running jobs hold.
    if (state.accounts.spendable(key) - state.bulk.reserved(key) < inputs.length)
      throw new ApiFailure(400, "Insufficient funds in the account.");
    const submissions: BulkSubmission[] = inputs.map((input) => {
      const label = String(input.network_url ?? input.id ?? input.email);
      // Each lead takes what one lookup of it would (the latency model's lookup draw).
      const lookupBody = JSON.stringify({ url: label, up_to_the_second_fresh: mode === "realtime" });
      const extra =
        mode === "realtime" && state.config.latencyModel === "fixed" ? state.config.freshLatencyMs : 0;
      return {
        input,
        leadIndex: findIndex(request, input),
        label,
        latencyMs: state.latencyFor(API_PATHS.leadLookup, lookupBody) + extra,
      };
    });
    const job = state.bulk.submit(key, mode, path, submissions, state.now(), state.config.bulkWorkers);
    return {
      status: 202,
      body: {
        data: null,
        meta: {
          job_id: job.id,
          status: "pending",
          total: job.items.length,
          processed: 0,
          amount_charged: 0,
          error: null,
        },
      },
    };
  };
}

export const bulkSubmitRealtime = submitter("realtime", V1_PATHS.bulkRealtime);
export const bulkSubmitDatabase = submitter("database", V1_PATHS.bulkDatabase);

function itemsOf(request: EndpointRequest, job: BulkJob): unknown[] {
  const { data, state } = request;
  return job.items.map((item) => {
    if (item.leadIndex === null) return { input: item.input, lead: null };
    const lead = buildLead(data.seed, data.companies, data.lead(item.leadIndex), {
      variant: "lookup",
      fresh: job.mode === "realtime",
      fullExperience: false,
    });
    return { input: item.input, lead: bulkLead(lead, state.config.bulkLeadShape) };
  });
}

export const bulkStatus: Endpoint = (request) => {
  forbiddenUnlessEntitled(request);
  const { state, key } = request;
  const job = state.bulk.find(request.params?.job_id ?? "", key, state.now());
  if (job === null) throw new ApiFailure(404, "Job not found");
  const { status, processed, found } = jobStatus(job, state.now());
  const completed = status === "completed";
  return {
    status: 200,
    body: {
      data: completed ? itemsOf(request, job) : null,
      meta: {
        job_id: job.id,
        status,
        total: job.items.length,
        processed,
        ...(completed ? { found, not_found: job.items.length - found } : {}),
        amount_charged: Math.round(found * USD_PER_LEAD[job.mode] * 100) / 100,
        error: null,
      },
    },
  };
};
