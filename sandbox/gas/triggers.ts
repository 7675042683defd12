/**
 * Time-driven (clock) triggers, G9 of PRODUCTION.md (Google's "Installable triggers" guide and the
 * editor add-on trigger restrictions):
 * - created by `ScriptApp.newTrigger(fn).timeBased()...create()` (services/script-app.ts), owned by
 *   the user who created them, run as that user with the full 6-minute limit (kind "clock");
 * - an add-on may have ONE time-driven trigger per user per document, running at most once an hour
 *   (everyMinutes is refused);
 * - `runtime.advanceClock(ms)` moves the runtime's clock and runs each trigger that falls due on
 *   the way, in time order, as its own execution (the clock stands at the due time while it runs).
 *
 * Schedules: everyMinutes(1|5|10|15|30) and everyHours(1|2|4|6|8|12) first run one interval after
 * creation; everyDays(n) and everyWeeks(n) run at atHour(h):nearMinute(m) (UTC, the emulation's
 * time zone; onWeekDay for weeks) when given, else one interval after creation; at(date) and
 * after(ms) run once and are then removed. Missed runs (the clock moved more than an interval) run
 * once, not once per interval, as Google does not catch up.
 *
 * A time-driven trigger fires at a random moment within its hour (G10): each run of a recurring
 * trigger comes at a random time within the hour that ends at its nominal time (one interval after
 * the last nominal time, at most an hour before it), from a seeded sequence, so "advance an hour"
 * still sees every run due by then. `jitter: false` runs on the nominal times (tests of exact times).
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;

export const ADD_ON_TOO_MANY_TRIGGERS =
  "This add-on has created too many time-based triggers in this document for this Google user account.";
export const ADD_ON_TOO_FREQUENT =
  "Add-ons may not create time-based triggers that run more than once an hour.";
export const SCRIPT_TOO_MANY_TRIGGERS =
  "This script has too many triggers. Triggers must be deleted from the script before more can be added.";
/** Installable triggers a user may have per script (Google's quotas page). */
export const TRIGGERS_PER_USER = 20;

export const WEEK_DAYS = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"];

export interface TriggerSchedule {
  /** Recurring interval (ms); absent for a one-time trigger. */
  everyMs?: number;
  /** UTC hour and minute of a daily or weekly run. */
  atHour?: number;
  nearMinute?: number;
  /** 0 = Sunday, for everyWeeks. */
  weekDay?: number;
  /** One-time trigger: when (epoch ms). */
  at?: number;
}

/** A trigger as saved with the runtime's data (JSON). */
export interface TriggerData {
  id: string;
  handler: string;
  /** Who created it: it runs as them. */
  user: string;
  schedule: TriggerSchedule;
  createdAt: number;
  /** When it runs next (epoch ms): its nominal time, less the random part within its hour. */
  nextRunAt: number;
  /** The nominal time of the next run (the schedule's own); absent in data saved before jitter. */
  slotAt?: number;
  lastRunAt?: number;
  lastOutcome?: "completed" | "failed" | "timed out";
  lastError?: string;
}

/** When a new trigger first runs. */
export function firstRun(schedule: TriggerSchedule, now: number): number {
  if (schedule.at !== undefined) return schedule.at;
  const every = schedule.everyMs ?? HOUR_MS;
  if (schedule.atHour === undefined) return now + every;
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  let next = day + schedule.atHour * HOUR_MS + (schedule.nearMinute ?? 0) * MINUTE_MS;
  if (schedule.weekDay !== undefined) {
    const weekDayOf = (t: number) => new Date(t).getUTCDay();
    while (weekDayOf(next) !== schedule.weekDay) next += DAY_MS;
  }
  while (next <= now) next += schedule.weekDay !== undefined ? WEEK_MS : DAY_MS;
  return next;
}

/** The nominal time of the run after one at `ranAt`; null for a one-time trigger. Missed runs are not caught up. */
export function nextRunAfter(trigger: TriggerData, ranAt: number): number | null {
  const every = trigger.schedule.everyMs;
  if (every === undefined) return null;
  let next = (trigger.slotAt ?? trigger.nextRunAt) + every;
  while (next <= ranAt) next += every;
  return next;
}

/** How much earlier than its nominal time a run may come: within the hour (or its shorter interval). */
function jitterWindow(schedule: TriggerSchedule): number {
  if (schedule.at !== undefined) return 0;
  return Math.min(schedule.everyMs ?? HOUR_MS, HOUR_MS);
}

export class TriggerTable {
  private readonly triggers: TriggerData[];
  private nextId = 1;

  /** `random`: the sequence runs draw their moment within the hour from; absent: nominal times. */
  constructor(
    saved: TriggerData[] = [],
    private readonly random?: () => number,
  ) {
    this.triggers = saved.map((t) => ({ ...t, schedule: { ...t.schedule } }));
    for (const t of this.triggers) {
      const n = Number(/(\d+)$/.exec(t.id)?.[1] ?? 0);
      if (n >= this.nextId) this.nextId = n + 1;
    }
  }

  /** Every trigger (all users), soonest first. */
  list(): TriggerData[] {
    return [...this.triggers].sort((a, b) => a.nextRunAt - b.nextRunAt);
  }

  ofUser(user: string): TriggerData[] {
    return this.triggers.filter((t) => t.user === user);
  }

  get(id: string): TriggerData | undefined {
    return this.triggers.find((t) => t.id === id);
  }

  /**
   * Adds a trigger, or returns the message Apps Script throws: an add-on gets one time-driven
   * trigger per user per document, at most hourly; any script 20 triggers per user.
   */
  add(
    handler: string,
    user: string,
    schedule: TriggerSchedule,
    now: number,
    addOn: boolean,
  ): TriggerData | string {
    const mine = this.ofUser(user);
    if (addOn) {
      if (schedule.everyMs !== undefined && schedule.everyMs < HOUR_MS) return ADD_ON_TOO_FREQUENT;
      if (mine.length > 0) return ADD_ON_TOO_MANY_TRIGGERS;
    } else if (mine.length >= TRIGGERS_PER_USER) {
      return SCRIPT_TOO_MANY_TRIGGERS;
    }
    const slot = firstRun(schedule, now);
    const trigger: TriggerData = {
      id: `trigger-${this.nextId++}`,
      handler,
      user,
      schedule: { ...schedule },
      createdAt: now,
      nextRunAt: this.moment(schedule, slot, now),
      slotAt: slot,
    };
    this.triggers.push(trigger);
    return trigger;
  }

  remove(id: string): boolean {
    const index = this.triggers.findIndex((t) => t.id === id);
    if (index < 0) return false;
    this.triggers.splice(index, 1);
    return true;
  }

  /** The trigger due soonest at or before `until`, if any. */
  nextDue(until: number): TriggerData | undefined {
    return this.list().find((t) => t.nextRunAt <= until);
  }

  /** Records a run and schedules the next one (a one-time trigger goes). */
  ran(trigger: TriggerData, at: number, outcome: TriggerData["lastOutcome"], error?: string): void {
    trigger.lastRunAt = at;
    trigger.lastOutcome = outcome;
    if (error === undefined) delete trigger.lastError;
    else trigger.lastError = error;
    const next = nextRunAfter(trigger, at);
    if (next === null) this.remove(trigger.id);
    else {
      trigger.slotAt = next;
      trigger.nextRunAt = this.moment(trigger.schedule, next, at);
    }
  }

  /** A run's moment: its nominal time less a random part of its hour, never at or before `after`. */
  private moment(schedule: TriggerSchedule, slot: number, after: number): number {
    const window = this.random ? jitterWindow(schedule) : 0;
    const early = Math.floor((this.random?.() ?? 0) * window);
    return Math.max(slot - early, after + 1);
  }

  toData(): TriggerData[] {
    return this.triggers.map((t) => ({ ...t, schedule: { ...t.schedule } }));
  }
}
