/**
 * Apps Script lets all of a user's triggers together run 90 minutes a day (consumer accounts) or
 * 6 hours (Workspace); past that they fail until the next day (PRODUCTION.md G10). Hourly runs of
 * up to 4.5 minutes could use 108 minutes a day, so the add-on keeps its own budget of trigger time
 * (a Settings value, well under Google's limit) in the user's properties, shared by the user's
 * schedules in every spreadsheet, and a trigger run stops before the budget runs out.
 *
 * Google does not say when its day starts for a user, so the budget holds over every 24 hours,
 * whenever they start: the runs of the last 24 hours are kept (start and time used), and a run
 * starts only when they and its own longest time fit. Any 24-hour window then holds at most the
 * budget: the last run that started in it checked everything before it in the window.
 *
 * A run reserves its longest possible time when it starts and settles to what it used when it
 * ends, so a run cut off before it could settle still counts in full.
 */
import type { Store } from "../enrich/ports";

const KEY = "schedule.triggerTime";
const WINDOW_MS = 86_400_000;
/** What a trigger run costs before and after the add-on's own code (loading Code.js and the server module). */
export const RUN_OVERHEAD_MS = 3_000;

/** One trigger run of the last 24 hours: when it started, and the time it used (or reserved). */
export interface TriggerTimeEntry {
  at: number;
  ms: number;
}

/** The runs of the 24 hours before `now`, oldest first. */
export function recentTriggerTime(store: Store, now: number): TriggerTimeEntry[] {
  try {
    const saved = JSON.parse(store.get(KEY) ?? "[]") as unknown;
    if (!Array.isArray(saved)) return [];
    return saved
      .filter(
        (entry): entry is TriggerTimeEntry =>
          typeof entry?.at === "number" && typeof entry?.ms === "number" && entry.at > now - WINDOW_MS,
      )
      .sort((a, b) => a.at - b.at);
  } catch {
    // Unreadable: counted from zero (the platform's own quota still holds).
    return [];
  }
}

const total = (entries: readonly TriggerTimeEntry[]) => entries.reduce((sum, entry) => sum + entry.ms, 0);

/** Trigger time used in the 24 hours before `now` (ms). */
export function triggerTimeUsed(store: Store, now: number): number {
  return total(recentTriggerTime(store, now));
}

/** Adds `ms` (negative to give back a reservation's unused part) to the run that started at `at`. */
export function addTriggerTime(store: Store, at: number, ms: number): void {
  const entries = recentTriggerTime(store, at);
  const run = entries.find((entry) => entry.at === at);
  if (run) run.ms = Math.max(0, run.ms + ms);
  else entries.push({ at, ms: Math.max(0, ms) });
  store.set(KEY, JSON.stringify(entries));
}

/**
 * When a run needing `neededMs` fits in `budgetMs` again: once enough of `entries` (the last 24
 * hours' runs) are more than 24 hours old.
 */
export function triggerTimeFreesAt(
  entries: readonly TriggerTimeEntry[],
  now: number,
  budgetMs: number,
  neededMs: number,
): number {
  let used = total(entries);
  for (const entry of entries) {
    if (used + neededMs <= budgetMs) break;
    used -= entry.ms;
    if (used + neededMs <= budgetMs) return entry.at + WINDOW_MS;
  }
  return used + neededMs <= budgetMs ? now : now + WINDOW_MS;
}
