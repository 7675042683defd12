/**
 * Scheduled refresh: the Enrich tab's methods (make, show, remove a schedule) and the installable
 * time-driven trigger that runs it (hourly, the most an add-on may; one per document per user).
 * The work is src/jobs/schedule's.
 */
import { JobError } from "../jobs/enrich/deps";
import { checkOptions } from "../jobs/enrich/options";
import { planEnrichment } from "../jobs/enrich/plan";
import { columnLetters } from "../jobs/enrich/progress";
import { jobChangesOfRun } from "../jobs/history/digest";
import { runScheduled, type ScheduledOutcome } from "../jobs/schedule/run";
import {
  loadSchedule,
  removeSchedule,
  type ScheduledRunSummary,
  type ScheduleState,
  saveSchedule,
} from "../jobs/schedule/schedule";
import type { RpcHandlers } from "../rpc";
import type { ScheduledRunView, ScheduleRequest, ScheduleView } from "../rpc/schedule";
import { jobDeps, selectionFor } from "./enrich-handlers";
import { sheetGrid } from "./grid";
import { historyDeps } from "./history-deps";
import { appsScriptClock } from "./http";
import { claimRun } from "./job-owner";
import { documentStore } from "./job-store";

/** The global the trigger calls (src/main.ts). */
export const SCHEDULE_HANDLER = "scheduledRefresh";

const iso = (time: number) => new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");

function runView(run: ScheduledRunSummary | null): ScheduledRunView | null {
  if (!run) return null;
  return {
    ...run,
    startedAt: iso(run.startedAt),
    finishedAt: run.finishedAt === null ? null : iso(run.finishedAt),
  };
}

function view(state: ScheduleState | null): ScheduleView | null {
  if (!state) return null;
  const { box, urlColumn, options, period, cap } = state.config;
  const letters = columnLetters(urlColumn);
  return {
    sheetName: box.sheetName,
    // The box starts at the header row; the URLs below it.
    range: `${letters}${box.top + 1}:${letters}${box.top + box.height - 1}`,
    period,
    mode: options.mode,
    cap,
    nextRunAt: iso(state.nextRunAt),
    current: runView(state.current),
    last: runView(state.last),
  };
}

function deleteTrigger(id: string | null): void {
  if (!id) return;
  for (const trigger of ScriptApp.getProjectTriggers()) {
    if (trigger.getUniqueId() === id) ScriptApp.deleteTrigger(trigger);
  }
}

/** The trigger's work, with the schedule's cap as the run's spend cap. */
export function runScheduledRefresh(event?: unknown): ScheduledOutcome {
  const store = documentStore();
  const outcome = runScheduled({
    store,
    clock: appsScriptClock,
    job: (cap) => {
      const deps = jobDeps();
      return { ...deps, settings: { ...deps.settings, spendCap: cap } };
    },
    claimRun,
    jobChanges: (jobId) => {
      try {
        return jobChangesOfRun(historyDeps(), jobId).length;
      } catch {
        return 0;
      }
    },
  });
  if (outcome === "none") {
    // A schedule removed where its trigger could not be (another user's): the trigger goes too.
    const uid = (Object(event) as { triggerUid?: unknown }).triggerUid;
    if (typeof uid === "string") deleteTrigger(uid);
  }
  return outcome;
}

/**
 * The list to refresh: the selection, planned now (a selection without URLs is refused here, not
 * an hour later), or without a request the schedule's own list.
 */
function listOf(
  request: ScheduleRequest["request"],
  existing: ScheduleState | null,
): Pick<ScheduleState["config"], "box" | "urlColumn" | "options"> {
  if (!request) {
    if (!existing) throw new JobError("bad_request", "Select the list to refresh first.");
    return existing.config;
  }
  const { sheet, box } = selectionFor(request);
  const options = checkOptions(request.options);
  const plan = planEnrichment(sheetGrid(sheet), box, options);
  const top = plan.layout.headerRow;
  return {
    box: { ...box, top, left: plan.urlColumn, width: 1, height: plan.lastRow - top + 1 },
    urlColumn: plan.urlColumn,
    options,
  };
}

export const scheduleHandlers: Pick<RpcHandlers, "scheduleStatus" | "scheduleSave" | "scheduleRemove"> = {
  scheduleStatus: () => view(loadSchedule(documentStore())),
  scheduleSave: (arg) => {
    const cap = Number(arg.cap);
    if (!Number.isInteger(cap) || cap < 1) {
      throw new JobError(
        "bad_request",
        "Give the credits one scheduled run may spend (a whole number, 1 or more).",
      );
    }
    if (arg.period !== "week" && arg.period !== "month")
      throw new JobError("bad_request", "Pick week or month.");
    const store = documentStore();
    const now = appsScriptClock.now();
    const existing = loadSchedule(store);
    const state: ScheduleState = {
      config: { ...listOf(arg.request, existing), period: arg.period, cap },
      createdAt: existing?.createdAt ?? now,
      nextRunAt: existing?.nextRunAt ?? now,
      // A run stopped by the cap or the key continues with the new settings.
      current: existing?.current ? { ...existing.current, stopped: null } : null,
      last: existing?.last ?? null,
      triggerId: existing?.triggerId ?? null,
    };
    const known = ScriptApp.getProjectTriggers().some((trigger) => trigger.getUniqueId() === state.triggerId);
    if (!known) {
      state.triggerId = ScriptApp.newTrigger(SCHEDULE_HANDLER)
        .timeBased()
        .everyHours(1)
        .create()
        .getUniqueId();
    }
    saveSchedule(store, state);
    return view(state)!;
  },
  scheduleRemove: () => {
    const store = documentStore();
    deleteTrigger(loadSchedule(store)?.triggerId ?? null);
    removeSchedule(store);
    return null;
  },
};
