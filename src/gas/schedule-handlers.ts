/**
 * Scheduled refresh: the Enrich tab's methods (make, show, change, remove a schedule) and the
 * installable time-driven trigger that runs it (hourly, the most an add-on may; one per document
 * per user). The work is src/jobs/schedule's.
 *
 * Who may do what (issue 18.1): a schedule belongs to the user who saved it. Its trigger runs as
 * them and spends their key, so only they may change or remove it; every other editor sees it
 * read-only, with its owner named. The terms the owner saved are kept again in their own user
 * properties, and the trigger runs only when the spreadsheet's copy matches them. There is one
 * trigger per schedule: the owner's, found again by the id kept with their terms.
 */
import { JobError } from "../jobs/enrich/deps";
import { cancelJob, currentJob } from "../jobs/enrich/job";
import type { JobMessage } from "../jobs/enrich/job-types";
import { checkOptions } from "../jobs/enrich/options";
import { planEnrichment } from "../jobs/enrich/plan";
import { columnLetters } from "../jobs/enrich/progress";
import { jobChangesOfRun } from "../jobs/history/digest";
import { spentBefore } from "../jobs/schedule/period-spending";
import {
  MIN_TRIGGER_RUN_MS,
  runScheduled,
  type ScheduledOutcome,
  TRIGGER_BUDGET_MS,
  TRIGGER_OVERRUN_MS,
} from "../jobs/schedule/run";
import {
  loadSchedule,
  removeSchedule,
  type ScheduleConfig,
  type ScheduledRunSummary,
  type ScheduleOwner,
  type ScheduleState,
  saveSchedule,
} from "../jobs/schedule/schedule";
import { loadTerms, removeTerms, saveTerms, termsDiffer } from "../jobs/schedule/terms";
import {
  addTriggerTime,
  RUN_OVERHEAD_MS,
  recentTriggerTime,
  triggerTimeFreesAt,
} from "../jobs/schedule/trigger-time";
import type { RpcHandlers } from "../rpc";
import type { ScheduledRunView, ScheduleEstimate, ScheduleRequest, ScheduleView } from "../rpc/schedule";
import { isoSecond } from "../sheet/sheet-time";
import { type BackgroundOutcome, stepBackgroundRun } from "./background-handlers";
import { jobDeps, selectionFor } from "./enrich-handlers";
import { sheetGrid, sheetNameNow } from "./grid";
import { historyDeps } from "./history-deps";
import { hourlyTrigger, releaseTrigger, spreadsheetId } from "./hourly-trigger";
import { appsScriptClock } from "./http";
import { activeUser, claimRun, ownerOf } from "./job-owner";
import { documentStore, userStore } from "./job-store";
import { continueOwnRun, endOwnRun } from "./schedule-own-run";
import { hasApiKey, savedKeyBalance } from "./settings-client";
import { readSettings } from "./settings-store";
import { spreadsheetZoneOffset } from "./zone-offset";

/** Stops only the schedule's owner can clear: their key, their credits, their plan, their cap. */
const OWNERS_TO_ACT = new Set(["auth", "insufficient_funds", "forbidden", "spend_cap"]);

/**
 * A stop as another editor should read it: its next step was written for the owner ("Open
 * Settings, paste your API key", "Top up your credits"), which the editor's own key or credits
 * would not change; they are told whose it is instead.
 */
function forViewer(message: JobMessage | null, owner: ScheduleOwner | undefined): JobMessage | null {
  if (!message || !owner || owner.userKey === activeUser().userKey || !OWNERS_TO_ACT.has(message.kind))
    return message;
  return {
    ...message,
    next: `Only ${owner.label} can act on this: the schedule's runs spend their key and credits. You can still refresh rows yourself with Enrich (your key).`,
  };
}

function runView(run: ScheduledRunSummary | null, owner?: ScheduleOwner): ScheduledRunView | null {
  if (!run) return null;
  return {
    ...run,
    stopped: forViewer(run.stopped, owner),
    startedAt: isoSecond(run.startedAt),
    finishedAt: run.finishedAt === null ? null : isoSecond(run.finishedAt),
  };
}

/**
 * The terms a schedule's panel shows: to its owner their own (what their trigger runs), not the
 * spreadsheet's copy, which an editor may have changed (the owner used to read an editor's cap and
 * period as theirs, and Continue sent that period back); to anyone else the copy, all they can read.
 */
function shownConfig(state: ScheduleState): ScheduleConfig {
  if (state.owner?.userKey !== activeUser().userKey) return state.config;
  return loadTerms(userStore(), spreadsheetId())?.config ?? state.config;
}

function view(state: ScheduleState | null): ScheduleView | null {
  if (!state) return null;
  const { box, urlColumn, options, period, cap } = shownConfig(state);
  const letters = columnLetters(urlColumn);
  return {
    // By its id: a sheet renamed since keeps its schedule, and the panel names it as it is now.
    sheetName: sheetNameNow(box.sheetId) ?? box.sheetName,
    // The box starts at the header row; the URLs below it.
    range: `${letters}${box.top + 1}:${letters}${box.top + box.height - 1}`,
    period,
    mode: options.mode,
    cap,
    nextRunAt: isoSecond(state.nextRunAt),
    current: runView(state.current, state.owner),
    last: runView(state.last, state.owner),
    owner: state.owner
      ? { mine: state.owner.userKey === activeUser().userKey, label: state.owner.label }
      : null,
    waitUntil: state.waitUntil ? isoSecond(state.waitUntil) : null,
    refused: forViewer(state.refused ?? null, state.owner),
  };
}

/**
 * The hourly trigger's work, as its user: first a slice of their background Enrich run (issue
 * 23.16), then the schedule's period as before (with the schedule's cap), both within this
 * execution's time and the trigger-time budget. The trigger goes when neither needs it.
 */
export function runScheduledRefresh(event?: unknown): ScheduledOutcome {
  const started = appsScriptClock.now();
  const mine = userStore();
  const id = spreadsheetId();
  // Reserve the most this run may take of the trigger-time budget; give back the rest at the end.
  const budgetMs = readSettings().triggerMinutes * 60_000;
  const recent = recentTriggerTime(mine, started);
  const left = budgetMs - recent.reduce((sum, entry) => sum + entry.ms, 0) - RUN_OVERHEAD_MS;
  const reserved = Math.max(0, Math.min(TRIGGER_BUDGET_MS + TRIGGER_OVERRUN_MS, left));
  addTriggerTime(mine, started, reserved + RUN_OVERHEAD_MS);
  const freesAt = (neededMs: number) =>
    triggerTimeFreesAt(recent, started, budgetMs, neededMs + RUN_OVERHEAD_MS);
  const used = () => appsScriptClock.now() - started;
  let outcome: ScheduledOutcome = "none";
  let background: BackgroundOutcome = "none";
  try {
    background = stepBackgroundRun({ started, leftMs: left, freesAt });
    // A background run still under way holds the document's one run: the schedule waits, as
    // it waits for any run started by hand.
    if (background === "ran" || background === "budget") outcome = "busy";
    // The background run just ended and used most of this execution: the schedule's period
    // starts at the next trigger run (not a "trigger time used up" wait it would report now).
    else if (
      background === "ended" &&
      TRIGGER_BUDGET_MS - used() < MIN_TRIGGER_RUN_MS &&
      loadSchedule(documentStore())
    )
      outcome = "busy";
    else outcome = runSchedulePeriod(id, left - used(), TRIGGER_BUDGET_MS - used(), freesAt);
  } finally {
    addTriggerTime(mine, started, used() - reserved);
  }
  if (outcome === "none") {
    // No schedule here, or another user's: this trigger is left over, and goes, unless a
    // background run of this user still needs it.
    const uid = (Object(event) as { triggerUid?: unknown }).triggerUid;
    if (loadTerms(mine, id)?.triggerId === uid) removeTerms(mine, id);
    if (typeof uid === "string") releaseTrigger([uid]);
  }
  return outcome;
}

/** The schedule's share of a trigger run: `leftMs` of trigger time, `budgetMs` of this execution. */
function runSchedulePeriod(
  id: string,
  leftMs: number,
  budgetMs: number,
  freesAt: (neededMs: number) => number,
): ScheduledOutcome {
  const mine = userStore();
  return runScheduled({
    store: documentStore(),
    clock: appsScriptClock,
    job: (cap, deadline, spentBefore) => {
      const deps = jobDeps(deadline === undefined ? undefined : { deadline });
      return {
        ...deps,
        settings: {
          ...deps.settings,
          spendCap: cap,
          capSource: "schedule",
          capSpentBefore: spentBefore ?? 0,
        },
      };
    },
    claimRun,
    runOwner: ownerOf,
    me: activeUser(),
    terms: { load: () => loadTerms(mine, id), save: (terms) => saveTerms(mine, id, terms) },
    budgetMs,
    triggerTime: { leftMs, freesAt },
    hasKey: () => hasApiKey(readSettings()),
    zoneOffset: spreadsheetZoneOffset(),
    jobChanges: (jobId) => {
      try {
        return jobChangesOfRun(historyDeps(), jobId).length;
      } catch {
        return 0;
      }
    },
  });
}

type ListConfig = Pick<ScheduleConfig, "box" | "urlColumn" | "options" | "header">;

/**
 * The list to refresh: the selection, planned now (a selection without URLs is refused here, not
 * an hour later), or without a request (Continue) the list its owner saved: their own terms, never
 * the spreadsheet's copy, which may have been changed behind their back (continuing under a "no
 * longer matches" refusal used to make an editor's paid extras the owner's terms).
 */
function listOf(
  request: ScheduleRequest["request"],
  existing: ScheduleState | null,
  own: ScheduleConfig | null,
): ListConfig {
  if (!request) {
    if (!existing) throw new JobError("bad_request", "Select the list to refresh first.");
    if (!own) return existing.config;
    const { box, urlColumn, options, header } = own;
    return { box, urlColumn, options, ...(header ? { header } : {}) };
  }
  const { sheet, box } = selectionFor(request);
  const options = checkOptions(request.options);
  const plan = planEnrichment(sheetGrid(sheet), box, options);
  const top = plan.layout.headerRow;
  const header = plan.headers[plan.urlColumn - 1] ?? "";
  return {
    box: { ...box, top, left: plan.urlColumn, width: 1, height: plan.lastRow - top + 1 },
    urlColumn: plan.urlColumn,
    options,
    ...(header ? { header } : {}),
  };
}

function noKeyToSchedule(): JobError {
  return new JobError(
    "auth",
    "No API key is saved for you: a scheduled refresh spends the key of whoever schedules it.",
    "Open Settings, paste your API key and press Save, or ask a colleague with a key to schedule it.",
  );
}

/** Refuses to change someone else's schedule: its trigger spends their key. */
function checkScheduleOwner(state: ScheduleState | null): void {
  const owner = state?.owner;
  if (!owner || owner.userKey === activeUser().userKey) return;
  throw new JobError(
    "not_owner",
    `This schedule belongs to ${owner.label}: its runs spend their key, so only they can change or remove it.`,
    `Ask ${owner.label} to change it. You can still refresh rows yourself with Enrich (your key).`,
  );
}

/** Ends the period's run: its list was replaced, or the rows it planned changed. */
function endCurrent(state: ScheduleState, now: number, message: string): void {
  const current = state.current;
  if (!current) return;
  const deps = jobDeps();
  if (currentJob(deps)?.jobId === current.jobId) cancelJob(deps, current.jobId);
  state.last = { ...current, finishedAt: now, stopped: { kind: "changed", message } };
  state.current = null;
  state.nextRunAt = now;
}

function estimateOf(state: ScheduleState, cap: number): ScheduleEstimate {
  const progress = state.current ? currentJob(jobDeps()) : null;
  if (!state.current || !progress || progress.jobId !== state.current.jobId) {
    throw new JobError("gone", "No scheduled run is under way.", "The next one starts at its time.");
  }
  const rest = progress.remaining * progress.creditsPerUrl;
  // The cap is the period's: runs that ended when the list changed count (period-spending.ts).
  const kept = loadTerms(userStore(), spreadsheetId())?.period;
  const before = kept ? spentBefore(kept, progress.jobId) : 0;
  return {
    remaining: progress.remaining,
    creditsPerUrl: progress.creditsPerUrl,
    spent: progress.spent,
    spentBefore: before,
    cap,
    maxCredits: Math.max(0, Math.min(rest, cap - before - progress.spent)),
    ...savedKeyBalance(),
  };
}

function checkCap(value: unknown): number {
  const cap = Number(value);
  if (!Number.isInteger(cap) || cap < 1) {
    throw new JobError(
      "bad_request",
      "Give the credits one scheduled run may spend (a whole number, 1 or more).",
    );
  }
  return cap;
}

export const scheduleHandlers: Pick<
  RpcHandlers,
  "scheduleStatus" | "scheduleSave" | "scheduleRemove" | "scheduleEstimate"
> = {
  scheduleStatus: () => view(loadSchedule(documentStore())),
  scheduleEstimate: (arg) => {
    const state = loadSchedule(documentStore());
    if (!state) throw new JobError("gone", "There is no schedule here.");
    checkScheduleOwner(state);
    return estimateOf(state, checkCap(arg.cap));
  },
  scheduleSave: (arg) => {
    const cap = checkCap(arg.cap);
    if (arg.period !== "week" && arg.period !== "month")
      throw new JobError("bad_request", "Pick week or month.");
    const store = documentStore();
    const now = appsScriptClock.now();
    const existing = loadSchedule(store);
    checkScheduleOwner(existing);
    // Its trigger spends its maker's key: one who has none would make a schedule that only fails.
    if (!hasApiKey(readSettings())) throw noKeyToSchedule();
    const ownTerms = loadTerms(userStore(), spreadsheetId());
    const own = ownTerms?.config ?? null;
    const list = listOf(arg.request, existing, own);
    // Saved again without a new list (Continue): the period its owner saved too, never the period
    // a panel sent back from a copy an editor changed (a monthly schedule became weekly that way).
    const period = !arg.request && own ? own.period : arg.period;
    const config: ScheduleConfig = { ...list, period, cap };
    const state: ScheduleState = {
      config,
      // The slots the owner agreed to (terms.ts anchor), not an anchor moved in the copy.
      createdAt: ownTerms?.anchor ?? existing?.createdAt ?? now,
      nextRunAt: existing?.nextRunAt ?? now,
      current: existing?.current ?? null,
      last: existing?.last ?? null,
      triggerId: existing?.triggerId ?? null,
      owner: activeUser(),
      waitUntil: existing?.waitUntil ?? null,
      refused: null,
    };
    // Compared with what the owner saved: a copy an editor changed is not the list the run is on.
    const before = own ?? existing?.config;
    const sameList = before !== undefined && termsDiffer({ ...before, cap, period }, config).length === 0;
    if (state.current && (!sameList || state.current.stopped?.kind === "changed")) {
      endCurrent(
        state,
        now,
        "The schedule was saved on another list: this period's run ended, and the list starts at the next hourly run.",
      );
    } else if (state.current) {
      // A run stopped by the cap or the key continues with the new terms, from now on.
      state.current = { ...state.current, stopped: null };
      continueOwnRun(state, cap);
    }
    const mine = userStore();
    const id = spreadsheetId();
    state.triggerId = hourlyTrigger(state.triggerId);
    // What this period's runs spent stays counted against the cap, whatever the owner saves.
    const spending = loadTerms(mine, id)?.period;
    saveTerms(mine, id, {
      config,
      triggerId: state.triggerId,
      anchor: state.createdAt,
      ...(spending ? { period: spending } : {}),
    });
    saveSchedule(store, state);
    return view(state)!;
  },
  scheduleRemove: () => {
    const store = documentStore();
    const existing = loadSchedule(store);
    checkScheduleOwner(existing);
    const mine = userStore();
    const id = spreadsheetId();
    const triggerIds = [existing?.triggerId, loadTerms(mine, id)?.triggerId];
    endOwnRun(existing);
    removeTerms(mine, id);
    removeSchedule(store);
    // A background run of this user keeps the trigger (issue 23.16): it goes with the run.
    releaseTrigger(triggerIds);
    return null;
  },
};
