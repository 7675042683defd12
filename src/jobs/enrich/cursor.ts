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
 * no cut-off between the two can leave a job record that does not match its states).
 */
export function saveJob(store: Store, job: EnrichJob, states: string): void {
  const parts = Math.max(1, Math.ceil(states.length / STATES_PER_KEY));
  const entries: Record<string, string> = {};
  for (let part = 0; part < parts; part += 1) {
    entries[STATES_KEY + part] = states.slice(part * STATES_PER_KEY, (part + 1) * STATES_PER_KEY);
  }
  for (let part = parts; part < job.stateParts; part += 1) store.remove(STATES_KEY + part);
  job.stateParts = parts;
  entries[JOB_KEY] = JSON.stringify(job);
  store.setMany(entries);
}

/**
 * Saves only the state parts that changed, for the frequent in-flight / done updates, in one store
 * call (a property write costs about 62 ms, G6; a chunk of 500 URLs spread over a large run's
 * states can touch several parts).
 */
export function saveStates(store: Store, before: string, after: string): void {
  const changed: Record<string, string> = {};
  for (let part = 0; part * STATES_PER_KEY < after.length; part += 1) {
    const slice = after.slice(part * STATES_PER_KEY, (part + 1) * STATES_PER_KEY);
    if (slice !== before.slice(part * STATES_PER_KEY, (part + 1) * STATES_PER_KEY))
      changed[STATES_KEY + part] = slice;
  }
  const keys = Object.keys(changed);
  if (keys.length === 1) store.set(keys[0]!, changed[keys[0]!]!);
  else if (keys.length > 1) store.setMany(changed);
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
