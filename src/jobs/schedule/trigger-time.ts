/**
 * Apps Script lets all of a user's triggers together run 90 minutes a day (consumer accounts) or
 * 6 hours (Workspace); past that they fail until the next day (PRODUCTION.md G10). Hourly runs of
 * up to 4.5 minutes could use 108 minutes a day, so the add-on keeps its own daily budget of
 * trigger time (a Settings value, well under Google's limit) in the user's properties, shared by
 * the user's schedules in every spreadsheet, and a trigger run stops before the budget runs out.
 *
 * A run reserves its longest possible time when it starts and settles to what it used when it
 * ends, so a run cut off before it could settle still counts in full. Days are UTC days (Google's
 * window varies by user; the emulation turns at UTC midnight).
 */
import type { Store } from "../enrich/ports";

const KEY = "schedule.triggerTime";
const DAY_MS = 86_400_000;
/** What a trigger run costs before and after the add-on's own code (loading Code.js and the server module). */
export const RUN_OVERHEAD_MS = 3_000;

interface TriggerTimeUse {
  /** The UTC day (days since the epoch) the count is for. */
  day: number;
  usedMs: number;
}

const dayOf = (time: number) => Math.floor(time / DAY_MS);

/** When the next day's budget starts (UTC midnight after `now`). */
export function nextDayStart(now: number): number {
  return (dayOf(now) + 1) * DAY_MS;
}

function load(store: Store, now: number): TriggerTimeUse {
  const today = dayOf(now);
  try {
    const saved = JSON.parse(store.get(KEY) ?? "null") as Partial<TriggerTimeUse> | null;
    if (saved && saved.day === today && typeof saved.usedMs === "number")
      return { day: today, usedMs: saved.usedMs };
  } catch {
    // Unreadable: counted from zero (the platform's own quota still holds).
  }
  return { day: today, usedMs: 0 };
}

/** Trigger time used today (ms). */
export function triggerTimeUsed(store: Store, now: number): number {
  return load(store, now).usedMs;
}

/** Adds `ms` (negative to give back a reservation's unused part) to the day of `at`. */
export function addTriggerTime(store: Store, at: number, ms: number): void {
  const use = load(store, at);
  store.set(KEY, JSON.stringify({ day: use.day, usedMs: Math.max(0, use.usedMs + ms) }));
}
