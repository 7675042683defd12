/**
 * The path an estimated Enrich run takes (issue 24), in the unit the account is billed in: for a
 * run that goes through bulk jobs, the account's profile of the current generation
 * (`/api/v1/accounts/me/`, one free GET) says credits or USD (PRODUCTION.md A19); the run keeps
 * the unit, so its summary shows the same one. Lookups are the spec's endpoints, in credits.
 */

import type { BillingUnit } from "../api/bulk-enrich";
import { type RunPath, runPath, takesBulk } from "../jobs/enrich/bulk/estimate";
import { loadJob, saveJob } from "../jobs/enrich/cursor";
import { type JobDeps, JobError } from "../jobs/enrich/deps";
import type { EnrichExtras } from "../jobs/enrich/options";

/**
 * The unit the account's profile names; undefined when it cannot be read (an editor without a
 * key, a plan without the current generation, a network fault): the estimate then says credits.
 */
function profileUnit(deps: JobDeps): BillingUnit | undefined {
  try {
    const profile = deps.client().accountProfile?.();
    return profile?.ok ? profile.value.unit : undefined;
  } catch (error) {
    if (error instanceof JobError) return undefined;
    throw error;
  }
}

export function estimatedPath(
  deps: JobDeps,
  jobId: string,
  toFetch: number,
  extras: EnrichExtras,
  workEmail = false,
): RunPath {
  const generation = deps.settings.apiGeneration ?? "auto";
  const seen = deps.settings.bulkWebsitesSeen ?? false;
  const rows = deps.settings.emailRowsPerCall;
  if (toFetch === 0 || !takesBulk(extras, generation, workEmail, seen))
    return runPath(toFetch, extras, generation, workEmail, undefined, seen, rows);
  const unit = profileUnit(deps);
  const saved = loadJob(deps.store);
  if (unit && saved?.job.id === jobId) {
    saved.job.billedIn = unit;
    saveJob(deps.store, saved.job, saved.states);
  }
  return runPath(toFetch, extras, generation, workEmail, unit, seen, rows);
}
