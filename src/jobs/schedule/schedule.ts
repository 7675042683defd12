/**
 * A scheduled refresh of one list: what to refresh (the sheet's rows, fields, extras, mode), how
 * often (every week or month), the credits one scheduled run may spend, and where it stands (the
 * run under way, the last one, the next one). One per document, in document properties, where
 * every editor can see it; the terms its owner agreed to are kept again in the owner's own user
 * properties (terms.ts), which no editor can change: the trigger runs only what both say.
 */
import type { JobMessage, SkipCount } from "../enrich/job-types";
import type { EnrichOptions } from "../enrich/options";
import type { SelectionBox } from "../enrich/plan";
import type { Store } from "../enrich/ports";

export type SchedulePeriod = "week" | "month";

export interface ScheduleConfig {
  box: SelectionBox;
  urlColumn: number;
  options: EnrichOptions;
  period: SchedulePeriod;
  /** Credits one scheduled run may spend at most. */
  cap: number;
  /**
   * The URL column's header text when saved: the list is found by it when rows or columns were
   * inserted above or left of it (follow-list.ts). Absent in schedules saved before this existed.
   */
  header?: string;
}

/** Who made the schedule: their trigger runs it with their key, and only they may change it. */
export interface ScheduleOwner {
  /** Session's temporary active user key (not the address). */
  userKey: string;
  /** The address when Apps Script gives it, else "another editor". */
  label: string;
}

export interface ScheduledRunSummary {
  jobId: string;
  startedAt: number;
  finishedAt: number | null;
  /** Distinct URLs refreshed, found not found, failed; skipped (refreshed within the period). */
  ok: number;
  notFound: number;
  failed: number;
  skipped: number;
  /** Why they were skipped (refreshed within the period; in fill mode, no empty cell to fill too). */
  skips?: SkipCount[];
  credits: number;
  /**
   * Credits this period's earlier runs spent, when this run started again after its list changed
   * under them: the schedule's cap counts both (period-spending.ts). Absent: none.
   */
  spentBefore?: number;
  jobChanges: number;
  /** Why the run stopped (key refused, out of credits, cap): shown until the user acts. */
  stopped: JobMessage | null;
}

export interface ScheduleState {
  config: ScheduleConfig;
  createdAt: number;
  /** When the next period's run starts (a trigger run at or after it starts it). */
  nextRunAt: number;
  /** The run of the current period, while it is not finished. */
  current: ScheduledRunSummary | null;
  last: ScheduledRunSummary | null;
  /** The installable trigger that drives it (ScriptApp's unique id), to remove with the schedule. */
  triggerId: string | null;
  /** Absent in schedules saved before owners were kept: the trigger asks the owner to save again. */
  owner?: ScheduleOwner;
  /**
   * The trigger-time budget (Apps Script's daily limit for all of a user's triggers, counted by
   * the add-on over the last 24 hours) is used up: the run goes on after this time (epoch ms).
   * Cleared when a trigger run works again.
   */
  waitUntil?: number | null;
  /** Why the trigger refused to run (its owner's terms differ from this copy); null once it runs. */
  refused?: JobMessage | null;
}

const KEY = "schedule";
const DAY_MS = 86_400_000;

export function loadSchedule(store: Store): ScheduleState | null {
  const text = store.get(KEY);
  if (text === null) return null;
  try {
    return JSON.parse(text) as ScheduleState;
  } catch {
    return null;
  }
}

export function saveSchedule(store: Store, state: ScheduleState): void {
  store.set(KEY, JSON.stringify(state));
}

export function removeSchedule(store: Store): void {
  store.remove(KEY);
}

/** The same time one period later: 7 days, or the same day of the next month (UTC). */
export function addPeriod(time: number, period: SchedulePeriod, count = 1): number {
  if (period === "week") return time + count * 7 * DAY_MS;
  const date = new Date(time);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + count);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** A time zone's offset from UTC at an instant (ms): the spreadsheet's, whose clock slots keep. */
export type ZoneOffset = (time: number) => number;

const UTC: ZoneOffset = () => 0;

/** The instant whose wall clock in the zone reads `wall` (a wall clock written as UTC ms). */
function instantOf(wall: number, offset: ZoneOffset): number {
  return wall - offset(wall - offset(wall));
}

/**
 * The schedule's next slot after `time`: its slots are `anchor` (when it was made) and every
 * period after it. A trigger fires at a random moment within its hour (G10), so the next run
 * counted from the moment the last one started drifted later every period (about 40 minutes a
 * week: a Saturday 09:00 schedule ran at 16:51 eleven weeks on); counted from the slots it stays.
 * Slots are counted on the spreadsheet's clock (`offset`): counted in UTC, a Saturday 09:00
 * schedule in New York ran at 08:00 there once the clocks went back, and a monthly one made on
 * the 31st in Tokyo ran on the 1st of the month after a short one (twice in March, none in February).
 */
export function slotAfter(anchor: number, period: SchedulePeriod, time: number, offset = UTC): number {
  const wall = anchor + offset(anchor);
  const slot = (count: number) => instantOf(addPeriod(wall, period, count), offset);
  // Weeks: start a period before the estimate (a daylight-saving change moves a slot an hour).
  let count = period === "week" ? Math.max(1, Math.floor((time - anchor) / (7 * DAY_MS))) : 1;
  while (slot(count) <= time) count += 1;
  return slot(count);
}

/**
 * Rows enriched after this time are skipped by a run starting at `now`: refreshed within the
 * period, less a day, so that last period's run (which may have taken hours) is not skipped.
 */
export function freshSince(now: number, period: SchedulePeriod): number {
  return addPeriod(now, period, -1) + DAY_MS;
}
