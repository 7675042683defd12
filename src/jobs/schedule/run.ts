/**
 * One run of the scheduled-refresh trigger (hourly at most, G9): starts the period's run when it
 * is due, then drives the enrichment job in steps until about 4.5 minutes are used (an execution
 * may run 6), and leaves the rest to the next hourly run. The job itself keeps each URL's state,
 * so a URL is fetched and charged at most once per period however many trigger runs it takes.
 *
 * - Apps Script's daily URL Fetch quota stops a step before anything is sent: the next trigger
 *   runs try again (nothing was charged), and after the day turns the run continues.
 * - A refused key (401), no credits (402), a plan without lookups (403) or the run's spend cap
 *   stop the run until the user acts; the Enrich tab shows why the next time the sidebar opens.
 * - Rows whose `enriched_at` is within the period (a manual refresh, last period's run) are skipped.
 * - A run the user started by hand (one run per document) is never disturbed: the trigger waits.
 */

import type { Clock } from "../../api/ports";
import type { JobDeps } from "../enrich/deps";
import { confirmJob, currentJob, resumeJob, saveEstimate, stepJob } from "../enrich/job";
import type { EnrichProgress, JobMessage } from "../enrich/job-types";
import { planEnrichment, skipCounts } from "../enrich/plan";
import type { Store } from "../enrich/ports";
import { isOkStatus, readStatuses } from "../enrich/row-writer";
import {
  addPeriod,
  freshSince,
  loadSchedule,
  type ScheduledRunSummary,
  type ScheduleState,
  saveSchedule,
} from "./schedule";

export interface ScheduleDeps {
  store: Store;
  clock: Clock;
  /** The enrichment job's ports, with the schedule's cap as the spend cap. */
  job(cap: number): JobDeps;
  /** Job changes the change history recorded for a run (0 without history). */
  jobChanges(jobId: string): number;
  /** Time one trigger run may spend driving steps. */
  budgetMs?: number;
  /**
   * Records the trigger's user as the run's owner: the run spends their key, so only their
   * sidebar may drive or cancel it (issue 12.6).
   */
  claimRun?(jobId: string): void;
}

export type ScheduledOutcome = "none" | "waiting" | "busy" | "ran" | "stopped" | "done";

const UNFINISHED = new Set(["running", "paused", "stopped"]);
/** Well under the 6 minutes of an execution: a step may take up to a minute more than planned. */
export const TRIGGER_BUDGET_MS = 270_000;
/** Stops that clear by themselves (the platform's day turns): the next trigger run tries again. */
const PASSING = new Set(["quota", "busy"]);

const EMPTY_RUN: ScheduledRunSummary = {
  jobId: "",
  startedAt: 0,
  finishedAt: null,
  ok: 0,
  notFound: 0,
  failed: 0,
  skipped: 0,
  credits: 0,
  jobChanges: 0,
  stopped: null,
};

function summary(progress: EnrichProgress, startedAt: number): ScheduledRunSummary {
  return {
    jobId: progress.jobId,
    startedAt,
    finishedAt: null,
    ok: progress.ok,
    notFound: progress.notFound,
    failed: progress.failed + progress.interrupted,
    skipped: progress.skipped,
    skips: progress.skips,
    // The ledger's figure once the run has read it (issue 23.4), else the answers read.
    credits: progress.charges?.charged ?? progress.spent,
    jobChanges: 0,
    stopped: null,
  };
}

/** A scheduled run's reason to skip a URL (besides fill mode's). */
const REFRESHED_WITHIN_PERIOD = "refreshed within the period";

/** Plans and confirms the period's run, skipping rows refreshed within the period. */
function startRun(deps: ScheduleDeps, state: ScheduleState, now: number): EnrichProgress {
  const { config } = state;
  const jobDeps = deps.job(config.cap);
  const grid = jobDeps.grid(config.box.sheetId);
  if (!grid) {
    throw Object.assign(new Error(`The sheet "${config.box.sheetName}" is gone.`), {
      kind: "changed",
      next: "Remove this schedule and make a new one on the list.",
    });
  }
  const plan = planEnrichment(grid, config.box, config.options, config.urlColumn);
  const since = new Date(freshSince(now, config.period)).toISOString().replace(/\.\d{3}Z$/, "Z");
  const statuses =
    plan.layout.status.enriched_at < plan.layout.firstNewColumn
      ? readStatuses(
          grid,
          plan.layout,
          plan.toFetch.flatMap((index) => plan.urls.rows[index]!),
        )
      : new Map<number, [string, string]>();
  const fresh = (row: number) => {
    const [status, at] = statuses.get(row) ?? ["", ""];
    return isOkStatus(status) && at >= since;
  };
  const toFetch = plan.toFetch.filter((index) => !plan.urls.rows[index]!.every(fresh));
  const skips = skipCounts([
    ...plan.skips.map((skip) => [skip.reason, skip.urls] as const),
    [REFRESHED_WITHIN_PERIOD, plan.toFetch.length - toFetch.length],
  ]);
  const planned = saveEstimate(
    jobDeps,
    { ...plan, toFetch, maxCredits: toFetch.length * plan.creditsPerUrl, skips },
    config.options,
  );
  return confirmJob(jobDeps, planned.jobId);
}

function stoppedBy(progress: EnrichProgress): JobMessage | null {
  if (progress.state !== "stopped" || !progress.message) return null;
  return PASSING.has(progress.message.kind) ? null : progress.message;
}

/** The trigger's work; returns what it did (for tests and logs). */
export function runScheduled(deps: ScheduleDeps): ScheduledOutcome {
  const state = loadSchedule(deps.store);
  if (!state) return "none";
  const started = deps.clock.now();
  const budget = deps.budgetMs ?? TRIGGER_BUDGET_MS;
  const jobDeps = deps.job(state.config.cap);

  if (!state.current) {
    if (started < state.nextRunAt) return "waiting";
    const other = currentJob(jobDeps);
    if (other && UNFINISHED.has(other.state)) return "busy";
    let progress: EnrichProgress;
    try {
      progress = startRun(deps, state, started);
    } catch (error) {
      const { kind, next } = Object(error) as { kind?: string; next?: string };
      state.last = {
        ...EMPTY_RUN,
        startedAt: started,
        finishedAt: started,
        stopped: { kind: kind ?? "error", message: (error as Error).message, ...(next ? { next } : {}) },
      };
      state.nextRunAt = addPeriod(started, state.config.period);
      saveSchedule(deps.store, state);
      return "stopped";
    }
    deps.claimRun?.(progress.jobId);
    state.current = summary(progress, started);
    state.nextRunAt = addPeriod(started, state.config.period);
    saveSchedule(deps.store, state);
  }

  const current = state.current!;
  let progress = currentJob(jobDeps);
  if (!progress || progress.jobId !== current.jobId || progress.state === "cancelled") {
    // Cancelled or replaced by hand: this period's run ends with what it did.
    state.last = { ...current, finishedAt: started };
    state.current = null;
    saveSchedule(deps.store, state);
    return "done";
  }
  if (current.stopped) return "stopped";
  // Stopped with no reason kept: a passing stop (the quota), or the user acted (saved the
  // schedule again, e.g. with a higher cap), which clears the reason. Either way, go on.
  if (progress.state === "stopped" || progress.state === "paused") {
    progress = resumeJob(jobDeps, current.jobId);
  }
  while (progress.state === "running" && deps.clock.now() - started < budget) {
    try {
      progress = stepJob(jobDeps, current.jobId);
    } catch (error) {
      if ((Object(error) as { kind?: string }).kind === "busy") break;
      throw error;
    }
  }
  const after = { ...summary(progress, current.startedAt), jobChanges: current.jobChanges };
  if (progress.state === "done") {
    state.last = { ...after, finishedAt: deps.clock.now(), jobChanges: deps.jobChanges(current.jobId) };
    state.current = null;
    saveSchedule(deps.store, state);
    return "done";
  }
  state.current = { ...after, stopped: stoppedBy(progress) };
  saveSchedule(deps.store, state);
  return state.current.stopped ? "stopped" : "ran";
}
