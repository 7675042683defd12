/**
 * Whether a run goes through the current generation's bulk jobs (PRODUCTION.md A19), decided at
 * its first step and kept in the job: the API generation setting, a client that has them, and
 * options they can serve. Bulk jobs enrich by profile URL only: the lookup's paid extras, full
 * experience and inexact company exist on the spec's lookup alone, so such a run uses lookups.
 * Work email under `auto` uses lookups too: the finder needs the current company's website, which
 * the spec's lookup answers and the bulk job's lead may not (PRODUCTION.md A19: its pages disagree;
 * the endpoint's sample has none, the migration guide's `company.domain` has it). Once a bulk
 * answer has named a company website on this API (noteBulkWebsites, src/gas/settings-store.ts), Work email under `auto` takes
 * bulk jobs too: fresh lookups wait on the slowest of each 4 and lose a group past 60 s, charged
 * (120 URLs under the production latency model: 14 min and 15 lookups lost, against 2 min and
 * none in bulk jobs). `current` keeps bulk jobs always (email-pass.ts then falls back to the
 * sheet's own Website column, and says so of a row it cannot look up).
 */
import type { ApiGeneration } from "../deps";
import type { EnrichJob } from "../job-types";
import { askedFresh, type EnrichExtras, type EnrichOptions } from "../options";
import type { LookupClient } from "../ports";

const LOOKUP_ONLY: ReadonlyArray<keyof EnrichExtras> = [
  "posts",
  "comments",
  "people_also_viewed",
  "reactions",
  "get_full_experience",
  "inexact_company",
];

export function bulkServes(extras: EnrichExtras): boolean {
  return LOOKUP_ONLY.every((option) => extras[option] !== true);
}

/**
 * Work email under `auto`: the lookup's answer names the company website the finder needs, unless
 * bulk answers on this API have been seen to name it (`websitesSeen`).
 */
export function emailNeedsLookup(
  options: Pick<EnrichOptions, "workEmail">,
  generation: ApiGeneration,
  websitesSeen = false,
): boolean {
  return options.workEmail === true && generation === "auto" && !websitesSeen;
}

/** Sets job.bulk (or job.lookups) the first time; answers whether this run uses bulk jobs. */
export function decideBulk(
  job: EnrichJob,
  generation: ApiGeneration,
  client: LookupClient,
  websitesSeen = false,
): boolean {
  if (job.bulk) return true;
  if (job.lookups) return false;
  const able = client.submitBulkEnrich !== undefined && client.bulkEnrichStatus !== undefined;
  const lookupsNeeded =
    !bulkServes(job.options.extras) || emailNeedsLookup(job.options, generation, websitesSeen);
  if (generation === "legacy" || !able || lookupsNeeded) {
    job.lookups = true;
    return false;
  }
  // Fresh data is the real-time jobs; without it, the database's stored data.
  job.bulk = { mode: askedFresh(job.options.extras) ? "realtime" : "database", jobs: [], sending: [] };
  return true;
}
