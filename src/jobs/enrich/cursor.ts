/**
 * The job's cursor in the document's key-value store: what the run is, where it stands, and the
 * per-URL states. One job per document. Values are kept under the store's 9 KB limit by
 * splitting the state string over numbered keys; the whole cursor of a 50,000-URL run is ~55 KB,
 * well within the 500 KB a document store holds.
 */

import type { EnrichJob } from "./job-types";
import type { Store } from "./ports";

const JOB_KEY = "enrich.job";
const STATES_KEY = "enrich.states.";
/** Characters per state key: under 9 KB with room for the key itself. */
export const STATES_PER_KEY = 8000;

export function loadJob(store: Store): { job: EnrichJob; states: string } | null {
  const text = store.get(JOB_KEY);
  if (text === null) return null;
  let job: EnrichJob;
  try {
    job = JSON.parse(text) as EnrichJob;
  } catch {
    return null;
  }
  let states = "";
  for (let part = 0; part < job.stateParts; part += 1) states += store.get(STATES_KEY + part) ?? "";
  if (states.length !== job.distinct) return null;
  return { job, states };
}

/**
 * Saves the states and the job in one store call (setProperties: the price of one write, G6, and
 * no cut-off between the two can leave a job record that does not match its states). `saved`:
 * the states as the store holds them already; the parts it shows unchanged are not sent again.
 */
export function saveJob(store: Store, job: EnrichJob, states: string, saved?: string): void {
  const parts = Math.max(1, Math.ceil(states.length / STATES_PER_KEY));
  const entries: Record<string, string> = {};
  for (let part = 0; part < parts; part += 1) {
    const slice = states.slice(part * STATES_PER_KEY, (part + 1) * STATES_PER_KEY);
    const unchanged =
      saved !== undefined &&
      part < job.stateParts &&
      saved.slice(part * STATES_PER_KEY, (part + 1) * STATES_PER_KEY) === slice;
    if (!unchanged) entries[STATES_KEY + part] = slice;
  }
  for (let part = parts; part < job.stateParts; part += 1) store.remove(STATES_KEY + part);
  job.stateParts = parts;
  entries[JOB_KEY] = JSON.stringify(job);
  store.setMany(entries);
}

export function removeJob(store: Store): void {
  const loaded = store.get(JOB_KEY);
  let parts = 1;
  if (loaded !== null) {
    try {
      parts = (JSON.parse(loaded) as EnrichJob).stateParts ?? 1;
    } catch {
      parts = 1;
    }
  }
  for (let part = 0; part < parts; part += 1) store.remove(STATES_KEY + part);
  store.remove(JOB_KEY);
}
