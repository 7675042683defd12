/**
 * One run of the scheduled-refresh trigger (hourly at most, G9): starts the period's run when it
 * is due, then drives the enrichment job in steps for a bounded time, and leaves the rest to the
 * next hourly run. The job itself keeps each URL's state, so a URL is fetched and charged at most
 * once per period however many trigger runs it takes.
 *
 * - The trigger runs as the schedule's owner, with their key, and only on the terms they saved
 *   (terms.ts): a document copy an editor changed is refused and reported, nothing sent (18.1).
 *   A run someone took over in their sidebar is theirs: the trigger no longer steps it.
 * - Every step's deadline comes from this execution's start, so no request is sent that could
 *   end after the execution's time (18.3); the time a run may take is also bounded by what is
 *   left of the trigger-time budget of the last 24 hours (trigger-time.ts, G10): when too little
 *   is left, the run waits and says when it goes on.
 * - Apps Script's daily URL Fetch quota stops a step before anything is sent: the next trigger
 *   runs try again (nothing was charged), and after the day turns the run continues.
 * - A refused key (401), no credits (402), a plan without lookups (403) or the run's spend cap
 *   stop the run until the owner acts; the Enrich tab shows why the next time the sidebar opens.
 * - Rows whose `enriched_at` is within the period (a manual refresh, last period's run) are skipped.
 * - A run the user started by hand (one run per document) is never disturbed: the trigger waits.
 * - Whatever goes wrong is caught and recorded on the schedule: the period's run ends with the
 *   reason, and the schedule goes on (18.10). A list whose URLs changed under a run ends that run
 *   and starts again on the current rows at the next trigger run (rows already refreshed within
 *   the period are skipped, so nothing is bought twice; rows that may have been charged are held
 *   back), with what is left of the period's cap (period-spending.ts), not a cap of its own.
 * - Without the owner's key nothing is sent and the run waits; a run by hand that holds the
 *   document's one run is named on the panel while the schedule waits for it.
 * - Periods come at the schedule's slots (schedule.ts slotAfter), not from the random moment
 *   within its hour at which the trigger last fired.
 */

import type { Clock } from "../../api/ports";
import { toSecond } from "../../sheet/sheet-time";
import type { JobDeps } from "../enrich/deps";
import { cancelJob, confirmJob, currentJob, resumeJob, saveEstimate, stepJob } from "../enrich/job";
import type { EnrichProgress, JobMessage } from "../enrich/job-types";
import { MAYBE_CHARGED } from "../enrich/maybe-charged";
import { planEnrichment, skipCounts } from "../enrich/plan";
import type { Store } from "../enrich/ports";
import { isOkStatus, readStatuses } from "../enrich/row-writer";
import { creditsReported } from "../ledger/charges-text";
import { followList } from "./follow-list";
import { idleStep } from "./idle-step";
import { foldRuns, hadRun, periodAt, runCost, spentBefore } from "./period-spending";
import {
  freshSince,
  loadSchedule,
  type ScheduledRunSummary,
  type ScheduleOwner,
  type ScheduleState,
  saveSchedule,
  slotAfter,
  type ZoneOffset,
} from "./schedule";
import { type ScheduleTerms, termsDiffer } from "./terms";

export interface ScheduleDeps {
  store: Store;
  clock: Clock;
  /**
   * The enrichment job's ports, with the schedule's cap as the spend cap, and `deadline` (epoch
   * ms) as the time after which no request may be sent. `spentBefore`: what the period's earlier
   * runs spent (`cap` is then what they left; JobSettings.capSpentBefore).
   */
  job(cap: number, deadline?: number, spentBefore?: number): JobDeps;
  /** Job changes the change history recorded for a run (0 without history). */
  jobChanges(jobId: string): number;
  /** Time one trigger run may spend driving steps. */
  budgetMs?: number;
  /**
   * Records the trigger's user as the run's owner: the run spends their key, so only their
   * sidebar may drive or cancel it (issue 12.6).
   */
  claimRun?(jobId: string): void;
  /** Who owns a run: null when nobody claimed it; `mine` when it is the trigger's user's. */
  runOwner?(jobId: string): { mine: boolean; label: string } | null;
  /** The trigger's user. */
  me?: ScheduleOwner;
  /** The terms the trigger's user saved for this spreadsheet (their user properties). */
  terms?: { load(): ScheduleTerms | null; save(terms: ScheduleTerms): void };
  /**
   * The trigger-time budget (trigger-time.ts): what is left of it (ms), and when a run needing
   * `neededMs` fits again; absent: no budget.
   */
  triggerTime?: { leftMs: number; freesAt(neededMs: number): number };
  /** The spreadsheet's time zone, whose clock the slots keep (schedule.ts slotAfter); absent: UTC. */
  zoneOffset?: ZoneOffset;
  /**
   * Whether the trigger's user (the owner) has an API key saved. Without one nothing is sent: the
   * run is kept as it is and goes on by itself once the key is saved again; absent: not checked.
   */
  hasKey?(): boolean;
}

export type ScheduledOutcome =
  | "none"
  | "waiting"
  | "busy"
  | "ran"
  | "stopped"
  | "done"
  | "refused"
  | "budget";

const UNFINISHED = new Set(["running", "paused", "stopped"]);
/**
 * Time one trigger run drives steps, and the deadline of every request it sends, from the
 * execution's start: a request started just before it may take one fetch timeout (about 60 s)
 * more, and writing its answers a few seconds: well inside the 6 minutes of an execution.
 */
export const TRIGGER_BUDGET_MS = 240_000;
/** Beyond the budget a run may take: the last fetch's timeout, writing its rows, loading the code. */
export const TRIGGER_OVERRUN_MS = 75_000;
/** Less than this left of the day's trigger time: not worth a run (one slow chunk takes 60 s). */
export const MIN_TRIGGER_RUN_MS = 60_000;
/**
 * Time a trigger run may drive steps: the execution's `budgetMs`, less when the trigger-time budget
 * has only `leftMs` left (the last fetch may overrun the slice by TRIGGER_OVERRUN_MS). Under
 * MIN_TRIGGER_RUN_MS it is not worth a run.
 */
export function triggerSlice(budgetMs: number, leftMs: number): number {
  return Math.min(budgetMs, leftMs - TRIGGER_OVERRUN_MS);
}
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
    credits: creditsReported(progress.charges, progress.spent),
    jobChanges: 0,
    stopped: null,
  };
}

/** A scheduled run's reasons to skip a URL (besides fill mode's). */
const REFRESHED_WITHIN_PERIOD = "refreshed within the period";
const HELD_THIS_PERIOD = "may have been charged already this period (the next period sends it again)";

function messageOf(error: unknown): JobMessage {
  const { kind, next } = Object(error) as { kind?: unknown; next?: unknown };
  return {
    kind: typeof kind === "string" ? kind : "error",
    message: error instanceof Error ? error.message : String(error),
    ...(typeof next === "string" ? { next } : {}),
  };
}

/**
 * Finds the list where it is now (rows or columns inserted before it) and keeps the schedule,
 * and its owner's terms, in step with it.
 */
function followSchedule(deps: ScheduleDeps, state: ScheduleState, jobDeps: JobDeps): void {
  const { config } = state;
  const grid = jobDeps.grid(config.box.sheetId);
  if (!grid) {
    throw Object.assign(new Error(`The sheet "${config.box.sheetName}" is gone.`), {
      kind: "changed",
      next: "Remove this schedule and make a new one on the list.",
    });
  }
  const place = followList(grid, config);
  if (!place) {
    throw Object.assign(
      new Error(`The list's header "${config.header}" is no longer on the sheet "${config.box.sheetName}".`),
      { kind: "changed", next: "Put the header back, or make the schedule again on the list." },
    );
  }
  const { top, height } = place.box;
  if (top === config.box.top && height === config.box.height && place.urlColumn === config.urlColumn) return;
  state.config = { ...config, ...place };
  const terms = deps.terms?.load();
  if (terms) deps.terms!.save({ ...terms, config: state.config });
}

/**
 * Plans and confirms the period's run, skipping rows refreshed within the period. `restart`: the
 * period's run started again (its list changed under it): rows whose last lookup may have been
 * charged are held back too, as the Enrich tab holds them (enrich/maybe-charged.ts); sent again
 * here they charged those people twice in one period. The next period sends them.
 */
function startRun(
  deps: ScheduleDeps,
  state: ScheduleState,
  jobDeps: JobDeps,
  now: number,
  restart: boolean,
): EnrichProgress {
  followSchedule(deps, state, jobDeps);
  const { config } = state;
  const grid = jobDeps.grid(config.box.sheetId)!;
  const plan = planEnrichment(grid, config.box, config.options, config.urlColumn);
  // Enriched At keeps whole seconds; read as a time (a date cell, or older versions' ISO text).
  const since = toSecond(freshSince(now, config.period));
  const statuses =
    plan.layout.status.enriched_at < plan.layout.firstNewColumn
      ? readStatuses(
          grid,
          plan.layout,
          plan.toFetch.flatMap((index) => plan.urls.rows[index]!),
        )
      : new Map<number, [string, number | null]>();
  const fresh = (row: number) => {
    const [status, at] = statuses.get(row) ?? ["", null];
    return isOkStatus(status) && at !== null && at >= since;
  };
  const maybeCharged = (row: number) => restart && (statuses.get(row)?.[0] ?? "").includes(MAYBE_CHARGED);
  const notFresh = plan.toFetch.filter((index) => !plan.urls.rows[index]!.every(fresh));
  const toFetch = notFresh.filter((index) => !plan.urls.rows[index]!.some(maybeCharged));
  const skips = skipCounts([
    ...plan.skips.map((skip) => [skip.reason, skip.urls] as const),
    [REFRESHED_WITHIN_PERIOD, plan.toFetch.length - notFresh.length],
    [HELD_THIS_PERIOD, notFresh.length - toFetch.length],
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

/**
 * Ends the period's run with `stopped` as its reason. `cancel`: the job is the schedule's and is
 * ended too (it would otherwise block the next run). A "changed" list starts again at the next
 * trigger run, on the rows as they are now; anything else waits for the next period.
 */
function endRun(
  deps: ScheduleDeps,
  state: ScheduleState,
  stopped: JobMessage,
  options: { cancel: boolean },
): ScheduledOutcome {
  const now = deps.clock.now();
  const current = state.current;
  if (current && options.cancel) {
    try {
      const jobDeps = deps.job(state.config.cap);
      if (currentJob(jobDeps)?.jobId === current.jobId) cancelJob(jobDeps, current.jobId);
    } catch {
      // Cancelled or replaced meanwhile: nothing left to end.
    }
  }
  state.last = { ...(current ?? { ...EMPTY_RUN, startedAt: now }), finishedAt: now, stopped };
  state.current = null;
  if (stopped.kind === "changed" && current) state.nextRunAt = now;
  saveSchedule(deps.store, state);
  return "stopped";
}

/** Keeps why the trigger would not run (shown on the panel) without touching the runs. */
function refuse(deps: ScheduleDeps, state: ScheduleState, why: JobMessage): ScheduledOutcome {
  if (JSON.stringify(state.refused ?? null) !== JSON.stringify(why)) {
    state.refused = why;
    saveSchedule(deps.store, state);
  }
  return "refused";
}

/**
 * The period's run waits for an unfinished run by hand (one run per spreadsheet), and says so on
 * the panel: a run an editor left paused used to hold the schedule back with no word, its panel
 * showing a next run hours in the past.
 */
function waitFor(deps: ScheduleDeps, state: ScheduleState, other: EnrichProgress): ScheduledOutcome {
  const owner = deps.runOwner?.(other.jobId);
  const by = owner ? ` by ${owner.label}` : "";
  refuse(deps, state, {
    kind: "busy",
    message: `A run${by} on "${other.sheetName}" ${other.range} is ${other.state}: the scheduled run starts once it is finished or cancelled (one run per spreadsheet).`,
    next: `${owner ? owner.label : "Whoever started it"} can finish or cancel it in the Enrich tab.`,
  });
  return "busy";
}

/** Refuses a schedule whose document copy is not what its owner saved. */
function checkTerms(deps: ScheduleDeps, state: ScheduleState): JobMessage | null {
  if (!deps.terms) return null;
  const terms = deps.terms.load();
  const label = state.owner?.label ?? "its owner";
  if (!state.owner || !terms) {
    return {
      kind: "terms",
      message:
        "This schedule was saved before its owner's terms were kept apart from the spreadsheet: nothing was sent.",
      next: `${label === "its owner" ? "Its owner" : label} can save it again under Scheduled refresh (Enrich tab).`,
    };
  }
  const differ = termsDiffer(state.config, terms.config);
  if (differ.length === 0) return null;
  return {
    kind: "tampered",
    message: `This schedule no longer matches what ${label} saved (${differ.join(", ")}): nothing was sent.`,
    next: `${label} can save it again under Scheduled refresh, or remove it.`,
  };
}

/**
 * Refuses to run without the owner's key. The step would fail before sending anything, and the
 * period's run would end with it: the owner saving the key again would change nothing until the
 * next period. Refused instead, the run (or the period's start) waits and goes on by itself.
 */
function checkKey(deps: ScheduleDeps, state: ScheduleState): JobMessage | null {
  if (!deps.hasKey || deps.hasKey()) return null;
  const label = state.owner?.label ?? "its owner";
  return {
    kind: "auth",
    message: `No API key of ${label} is saved any more (their Settings): nothing was sent.`,
    next: `${label} can save their key again in Settings: the run then goes on at the next hourly run.`,
  };
}

/**
 * The slots are the owner's terms too: the copy's anchor is set back to theirs, so a copy whose
 * anchor moved cannot end a period early (a new period has a fresh cap). Terms saved before the
 * anchor was kept take the copy's, once.
 */
function keepAnchor(deps: ScheduleDeps, state: ScheduleState): void {
  const terms = deps.terms?.load();
  if (!terms) return;
  if (terms.anchor === undefined) deps.terms!.save({ ...terms, anchor: state.createdAt });
  else state.createdAt = terms.anchor;
}

/** The trigger's work; returns what it did (for tests and logs). Never throws: see endRun. */
export function runScheduled(deps: ScheduleDeps): ScheduledOutcome {
  const state = loadSchedule(deps.store);
  if (!state) return "none";
  // Another user's schedule: this trigger is left over from an earlier one, and goes. (Without a
  // user key to compare, the owner's terms below still decide: only the owner's properties hold them.)
  if (deps.me?.userKey && state.owner && state.owner.userKey !== deps.me.userKey) return "none";
  try {
    return runPeriod(deps, state);
  } catch (error) {
    const latest = loadSchedule(deps.store) ?? state;
    try {
      return endRun(deps, latest, messageOf(error), { cancel: true });
    } catch {
      return "stopped";
    }
  }
}

function runPeriod(deps: ScheduleDeps, state: ScheduleState): ScheduledOutcome {
  const refused = checkTerms(deps, state) ?? checkKey(deps, state);
  if (refused) return refuse(deps, state, refused);
  keepAnchor(deps, state);
  // A refusal that no longer holds is cleared on the panel at once, also between two periods.
  const wasRefused = Boolean(state.refused);
  state.refused = null;
  const started = deps.clock.now();
  if (!state.current && started < state.nextRunAt) {
    if (state.waitUntil || wasRefused) {
      state.waitUntil = null;
      saveSchedule(deps.store, state);
    }
    return "waiting";
  }

  // The trigger-time budget: a run that cannot do a useful step waits until enough is free.
  const left = deps.triggerTime?.leftMs ?? Number.POSITIVE_INFINITY;
  const budget = triggerSlice(deps.budgetMs ?? TRIGGER_BUDGET_MS, left);
  if (budget < MIN_TRIGGER_RUN_MS) {
    const until = deps.triggerTime?.freesAt(MIN_TRIGGER_RUN_MS + TRIGGER_OVERRUN_MS) ?? started;
    if (state.waitUntil !== until) {
      state.waitUntil = until;
      saveSchedule(deps.store, state);
    }
    return "budget";
  }
  state.waitUntil = null;
  // The cap is the period's: a run that started again (its list changed) gets what is left of it.
  const terms = deps.terms?.load() ?? null;
  const period = periodAt(
    terms?.period,
    started,
    (since) => slotAfter(state.createdAt, state.config.period, since, deps.zoneOffset),
    state.current?.jobId ?? null,
  );
  const spentEarlier = spentBefore(period, state.current?.jobId ?? null);
  const jobDeps = deps.job(Math.max(0, state.config.cap - spentEarlier), started + budget, spentEarlier);
  // Kept in the owner's terms as the run goes (read again: following the list may have saved them).
  let kept = terms?.period === period;
  const keepSpending = (progress: EnrichProgress) => {
    const cost = Math.max(runCost(progress), period.runs[progress.jobId] ?? 0);
    if (!deps.terms || (kept && period.runs[progress.jobId] === cost)) return;
    period.runs[progress.jobId] = cost;
    const latest = deps.terms.load();
    if (latest) deps.terms.save({ ...latest, period });
    kept = true;
  };

  if (!state.current) {
    const other = currentJob(jobDeps);
    if (other && UNFINISHED.has(other.state)) return waitFor(deps, state, other);
    let progress: EnrichProgress;
    try {
      const restart = hadRun(period);
      foldRuns(period);
      progress = startRun(deps, state, jobDeps, started, restart);
    } catch (error) {
      state.last = { ...EMPTY_RUN, startedAt: started, finishedAt: started, stopped: messageOf(error) };
      state.nextRunAt = slotAfter(state.createdAt, state.config.period, started, deps.zoneOffset);
      saveSchedule(deps.store, state);
      return "stopped";
    }
    deps.claimRun?.(progress.jobId);
    keepSpending(progress);
    state.current = {
      ...summary(progress, started),
      ...(spentEarlier > 0 ? { spentBefore: spentEarlier } : {}),
    };
    state.nextRunAt = slotAfter(state.createdAt, state.config.period, started, deps.zoneOffset);
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
  const owner = deps.runOwner?.(current.jobId);
  if (owner && !owner.mine) {
    // Taken over in someone's sidebar: it spends their key now, and the trigger never steps it.
    return endRun(
      deps,
      state,
      {
        kind: "not_owner",
        message: `${owner.label} took this run over with their own key: the schedule's run of this period ends here.`,
      },
      { cancel: false },
    );
  }
  if (current.stopped) {
    saveSchedule(deps.store, state);
    return "stopped";
  }
  // Stopped with no reason kept: a passing stop (the quota), or the owner acted (raised the
  // schedule's cap), which clears the reason. Either way, go on under the schedule's cap.
  if (progress.state === "stopped" || progress.state === "paused") {
    progress = resumeJob(jobDeps, current.jobId);
  }
  while (progress.state === "running" && deps.clock.now() - started < budget) {
    const [before, at] = [progress, deps.clock.now()];
    try {
      progress = stepJob(jobDeps, current.jobId);
    } catch (error) {
      if ((Object(error) as { kind?: string }).kind === "busy") break;
      throw error;
    }
    // Bulk jobs whose next poll is past this run's deadline: the next trigger run polls them.
    if (idleStep(before, progress, deps.clock.now() - at)) break;
  }
  keepSpending(progress);
  const after = {
    ...summary(progress, current.startedAt),
    jobChanges: current.jobChanges,
    ...(spentEarlier > 0 ? { spentBefore: spentEarlier } : {}),
  };
  if (progress.state === "done") {
    state.last = { ...after, finishedAt: deps.clock.now(), jobChanges: deps.jobChanges(current.jobId) };
    state.current = null;
    saveSchedule(deps.store, state);
    return "done";
  }
  const stopped = stoppedBy(progress);
  state.current = { ...after, stopped };
  if (stopped?.kind === "changed") return endRun(deps, state, stopped, { cancel: true });
  saveSchedule(deps.store, state);
  return stopped ? "stopped" : "ran";
}
