/** Sidebar <-> server methods of the scheduled refresh (Enrich tab). Times are ISO text (UTC). */
import type { ScheduledRunSummary, SchedulePeriod } from "../jobs/schedule/schedule";
import type { EnrichMode, EnrichRequest } from "./enrich";

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
}

export interface ScheduleMethods {
  scheduleStatus: { arg: null; result: ScheduleView | null };
  scheduleSave: { arg: ScheduleRequest; result: ScheduleView };
  scheduleRemove: { arg: null; result: null };
}
