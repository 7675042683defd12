/**
 * Whether a run goes through the current generation's bulk jobs (PRODUCTION.md A19), decided at
 * its first step and kept in the job: the API generation setting, a client that has them, and
 * options they can serve. Bulk jobs enrich by profile URL only: the lookup's paid extras, full
 * experience and inexact company exist on the spec's lookup alone, so such a run uses lookups.
 */
import type { ApiGeneration } from "../deps";
import type { EnrichJob } from "../job-types";
import { askedFresh, type EnrichExtras } from "../options";
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

/** Sets job.bulk (or job.lookups) the first time; answers whether this run uses bulk jobs. */
export function decideBulk(job: EnrichJob, generation: ApiGeneration, client: LookupClient): boolean {
  if (job.bulk) return true;
  if (job.lookups) return false;
  const able = client.submitBulkEnrich !== undefined && client.bulkEnrichStatus !== undefined;
  if (generation === "legacy" || !able || !bulkServes(job.options.extras)) {
    job.lookups = true;
    return false;
  }
  // Fresh data is the real-time jobs; without it, the database's stored data.
  job.bulk = { mode: askedFresh(job.options.extras) ? "realtime" : "database", jobs: [], sending: [] };
  return true;
}
