/**
 * The add-on's own URL Fetch calls of the day, counted per user (PRODUCTION.md G1: 20,000 a day
 * for consumer accounts, 100,000 for Workspace, thrown as "Service invoked too many times for one
 * day" past that). Apps Script does not tell a script how many it has left, so the add-on counts
 * what it sends, in the user's properties (one read and one write per fetchAll), and Enrich's
 * estimate warns when a run needs more than are left. Other scripts of the same account count
 * against the same quota and are not seen here: the figure is what this add-on used.
 */

/** User property: "<start of the 24 h window, epoch ms>:<calls in it>". */
export const FETCH_COUNT_KEY = "URL_FETCH_COUNT";
/** Google's daily quotas refresh within 24 hours of the first call (the exact time varies by user). */
const WINDOW_MS = 24 * 60 * 60 * 1000;

export interface FetchCount {
  /** Epoch ms of the first call counted in this window. */
  since: number;
  count: number;
}

/** The saved count, or a fresh window when there is none or it is over. */
export function currentCount(saved: string | null, now: number): FetchCount {
  const match = /^(\d+):(\d+)$/.exec(saved ?? "");
  const since = match ? Number(match[1]) : Number.NaN;
  if (!match || !(now - since < WINDOW_MS) || since > now) return { since: now, count: 0 };
  return { since, count: Number(match[2]) };
}

/** After `calls` more; `exhausted` (Apps Script refused) marks the whole quota used. */
export function countAfter(count: FetchCount, calls: number, quota: number, exhausted: boolean): FetchCount {
  return { since: count.since, count: exhausted ? Math.max(count.count, quota) : count.count + calls };
}

export function formatCount(count: FetchCount): string {
  return `${count.since}:${count.count}`;
}

/** What the estimate shows: the quota, what is left of it by this add-on's count, since when. */
export interface FetchBudget {
  quota: number;
  left: number;
  /** Epoch ms the counted window started; the quota is back within 24 hours of it. */
  since: number;
}

export function budgetOf(count: FetchCount, quota: number): FetchBudget {
  return { quota, left: Math.max(0, quota - count.count), since: count.since };
}

function userProperties(): GoogleAppsScript.Properties.Properties | null {
  try {
    return PropertiesService.getUserProperties();
  } catch {
    return null;
  }
}

/** Writes `calls` more (or the quota as used up) to the count. Never throws. */
export function writeFetchCount(calls: number, quota: number, exhausted: boolean): void {
  try {
    const store = userProperties();
    if (store === null) return;
    const now = Date.now();
    const next = countAfter(currentCount(store.getProperty(FETCH_COUNT_KEY), now), calls, quota, exhausted);
    store.setProperty(FETCH_COUNT_KEY, formatCount(next));
  } catch {
    // A custom function may not write the owner's properties: the count misses these calls.
  }
}

type CountSink = (calls: number, quota: number, exhausted: boolean) => void;
/** Where counts go instead of the store, while the server module defers them (fetch-count-deferred.ts). */
let sink: CountSink | null = null;
/** Calls the sink holds and has not written yet: the estimate counts them too. */
let unwritten: () => number = () => 0;

export function setFetchCountSink(next: CountSink | null, pending: () => number = () => 0): void {
  sink = next;
  unwritten = pending;
}

/** Counts `calls` sent (or the quota as used up). Never throws: a lost count only weakens a warning. */
export function recordFetches(calls: number, quota: number, exhausted: boolean): void {
  (sink ?? writeFetchCount)(calls, quota, exhausted);
}

/** What is left today of `quota` by this add-on's count. */
export function fetchBudget(quota: number): FetchBudget {
  const now = Date.now();
  let saved: string | null = null;
  try {
    saved = userProperties()?.getProperty(FETCH_COUNT_KEY) ?? null;
  } catch {
    saved = null;
  }
  const count = currentCount(saved, now);
  return budgetOf({ ...count, count: count.count + unwritten() }, quota);
}
