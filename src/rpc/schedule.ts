/** Sidebar <-> server methods of the scheduled refresh (Enrich tab). Times are ISO text (UTC). */
import type { JobMessage } from "../jobs/enrich/job-types";
import type { ScheduledRunSummary, SchedulePeriod } from "../jobs/schedule/schedule";
import type { EnrichMode, EnrichRequest, RunOwner } from "./enrich";

export type { SchedulePeriod } from "../jobs/schedule/schedule";

export interface ScheduleRequest {
  /**
   * The list: the current selection and options, as for an estimate. Left out: the schedule's own
   * list, with only the period and the cap changed (Continue after a stop).
   */
  request?: EnrichRequest;
  period: SchedulePeriod;
  /** Credits one scheduled run may spend. */
  cap: number;
}

export type ScheduledRunView = Omit<ScheduledRunSummary, "startedAt" | "finishedAt"> & {
  startedAt: string;
  finishedAt: string | null;
};

export interface ScheduleView {
  sheetName: string;
  /** The URL cells, e.g. "B2:B200". */
  range: string;
  period: SchedulePeriod;
  mode: EnrichMode;
  cap: number;
  nextRunAt: string;
  current: ScheduledRunView | null;
  last: ScheduledRunView | null;
  /**
   * Who made it (its trigger spends their key); `mine` when it is the caller. Only the owner may
   * change or remove it. Null for a schedule saved before owners were kept.
   */
  owner: RunOwner | null;
  /** The trigger-time budget is used up: the run goes on after this time (ISO, UTC); else null. */
  waitUntil: string | null;
  /** Why the trigger refused to run (its copy here differs from the owner's terms); else null. */
  refused: JobMessage | null;
}

/** What continuing the stopped run under a new cap may cost, before the owner confirms it. */
export interface ScheduleEstimate {
  /** Distinct URLs the run has not reached yet. */
  remaining: number;
  creditsPerUrl: number;
  /** Spent by this run so far. */
  spent: number;
  /** Spent by this period's earlier runs (ended when the list changed): the cap counts them too. */
  spentBefore: number;
  /** The schedule's cap per run it would continue under. */
  cap: number;
  /** At most this much more (the rest, within the cap). */
  maxCredits: number;
  /** The owner's balance (a free call), or why it is unknown. */
  balance: number | null;
  balanceError: string | null;
}

export interface ScheduleMethods {
  scheduleStatus: { arg: null; result: ScheduleView | null };
  scheduleSave: { arg: ScheduleRequest; result: ScheduleView };
  scheduleRemove: { arg: null; result: null };
  scheduleEstimate: { arg: { cap: number }; result: ScheduleEstimate };
}
