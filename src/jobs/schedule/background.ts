/**
 * An Enrich run sent to the background (issue 23.16): closing the sidebar no longer pauses it; the
 * hourly trigger the scheduled refresh uses (one per document per user, G9) steps it on, as its
 * owner, until it is done.
 *
 * Who may make the trigger spend: the run's owner (whose key pays) sends it to the background.
 * Two copies say so. The document's (every editor's sidebar sees it and shows where the run
 * stands) and the owner's own, in their user properties, which no other editor's execution can
 * write: the trigger steps a run only when both name it and the run is still the owner's (nobody
 * took it over). The run keeps the cap it was confirmed under, and the trigger-time budget (G10)
 * bounds the time each trigger run gives it.
 *
 * A passing stop (the day's URL Fetch quota, the lock) is tried again at the next trigger run;
 * any other end (done, cancelled, stopped by the cap, the key or the credits) takes the run out
 * of the background: the sidebar shows it as it shows any run, with Resume where it applies.
 */
import type { Clock } from "../../api/ports";
import type { JobDeps } from "../enrich/deps";
import { currentJob, resumeJob, stepJob } from "../enrich/job";
import type { EnrichProgress } from "../enrich/job-types";
import type { Store } from "../enrich/ports";
import { idleStep } from "./idle-step";
import type { ScheduleOwner } from "./schedule";

/** The document's copy: which run goes on in the background, for whom, and how far it got. */
export interface BackgroundRun {
  jobId: string;
  owner: ScheduleOwner;
  /** When it was sent to the background (epoch ms). */
  sentAt: number;
  /** The latest trigger run that stepped it (epoch ms); null before the first. */
  steppedAt: number | null;
  /** The trigger-time budget is used up: the run goes on after this time (epoch ms). */
  waitUntil: number | null;
  /**
   * When the trigger took it out of the background (done, or stopped for the user): kept so the
   * reopened sidebar says the run finished there. Absent while it goes on.
   */
  endedAt?: number;
}

/** The owner's copy (their user properties, one per spreadsheet): the run and the trigger. */
export interface OwnBackground {
  jobId: string;
  triggerId: string | null;
}

const KEY = "enrich.background";
const OWN_PREFIX = "background.own.";

function parsed<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export const loadBackground = (store: Store) => parsed<BackgroundRun>(store.get(KEY));
export const saveBackground = (store: Store, run: BackgroundRun) => store.set(KEY, JSON.stringify(run));
export const removeBackground = (store: Store) => store.remove(KEY);

export const loadOwnBackground = (userStore: Store, spreadsheetId: string) =>
  parsed<OwnBackground>(userStore.get(OWN_PREFIX + spreadsheetId));
export const saveOwnBackground = (userStore: Store, spreadsheetId: string, own: OwnBackground) =>
  userStore.set(OWN_PREFIX + spreadsheetId, JSON.stringify(own));
export const removeOwnBackground = (userStore: Store, spreadsheetId: string) =>
  userStore.remove(OWN_PREFIX + spreadsheetId);

/** Stops that clear by themselves: the next trigger run tries again. */
const PASSING = new Set(["quota", "busy"]);

/** Still to be stepped by the trigger: running, paused, or stopped by something that passes. */
export function goesOn(progress: EnrichProgress): boolean {
  if (progress.state === "running" || progress.state === "paused") return true;
  return progress.state === "stopped" && PASSING.has(progress.message?.kind ?? "");
}

export interface BackgroundDeps {
  store: Store;
  clock: Clock;
  /** The job's ports, with `cap` as the spend cap and `deadline` (epoch ms) for every request. */
  job(cap: number, capSource: EnrichProgress["capSource"], deadline?: number): JobDeps;
  /** The trigger's user. */
  me: ScheduleOwner;
  /** The owner's copy, in the trigger's user's properties. */
  own: { load(): OwnBackground | null; remove(): void };
  /** Who owns a run now (take-over moves it): null when nobody claimed it. */
  runOwner(jobId: string): { mine: boolean } | null;
  /** Time this trigger run may drive steps (the execution's and the trigger-time budget's). */
  budgetMs: number;
  /** Less than this: not worth a run; wait until `freesAt` says enough trigger time is free. */
  minRunMs: number;
  freesAt(): number;
}

/** none: no background run of this user; ran / budget: it goes on; ended: out of the background. */
export type BackgroundOutcome = "none" | "ran" | "budget" | "ended";

/**
 * Takes the run out of the background: the owner's copy goes; the document's (when it names this
 * run) is marked ended, for the sidebar to say so.
 */
function end(deps: BackgroundDeps, jobId: string): BackgroundOutcome {
  deps.own.remove();
  const record = loadBackground(deps.store);
  if (record?.jobId === jobId && !record.endedAt) {
    saveBackground(deps.store, { ...record, endedAt: deps.clock.now() });
  }
  return "ended";
}

/** True while the run goes on in the background (sent, and not ended or brought back). */
export function isInBackground(record: BackgroundRun | null, jobId: string): record is BackgroundRun {
  return record !== null && record.jobId === jobId && !record.endedAt;
}

/**
 * The trigger's share of the background run: one bounded slice of steps, as its owner. Never
 * throws: whatever goes wrong takes the run out of the background, where the sidebar shows it.
 */
export function runBackground(deps: BackgroundDeps): BackgroundOutcome {
  try {
    return stepBackground(deps);
  } catch {
    const own = deps.own.load();
    return own ? end(deps, own.jobId) : "none";
  }
}

function stepBackground(deps: BackgroundDeps): BackgroundOutcome {
  const own = deps.own.load();
  if (!own) return "none";
  const started = deps.clock.now();
  const record = loadBackground(deps.store);
  const probe = currentJob(deps.job(0, undefined));
  const agreed =
    isInBackground(record, own.jobId) &&
    record.owner.userKey === deps.me.userKey &&
    probe !== null &&
    probe.jobId === own.jobId &&
    deps.runOwner(own.jobId)?.mine === true;
  if (!agreed || !goesOn(probe)) return end(deps, own.jobId);

  if (deps.budgetMs < deps.minRunMs) {
    const until = deps.freesAt();
    if (record.waitUntil !== until) saveBackground(deps.store, { ...record, waitUntil: until });
    return "budget";
  }
  // The cap the run was confirmed under, whatever Settings says now.
  const jobDeps = deps.job(probe.cap, probe.capSource, started + deps.budgetMs);
  let progress = probe.state === "running" ? probe : resumeJob(jobDeps, own.jobId);
  const stillHere = () => isInBackground(loadBackground(deps.store), own.jobId);
  // Each step checks the run is still in the background: once brought back, only the sidebar steps it.
  while (progress.state === "running" && deps.clock.now() - started < deps.budgetMs && stillHere()) {
    const [before, at] = [progress, deps.clock.now()];
    try {
      progress = stepJob(jobDeps, own.jobId);
    } catch (error) {
      if ((Object(error) as { kind?: string }).kind === "busy") break;
      throw error;
    }
    // Bulk jobs whose next poll is past this run's deadline: the next trigger run polls them.
    if (idleStep(before, progress, deps.clock.now() - at)) break;
  }
  if (!goesOn(progress) || !stillHere()) return end(deps, own.jobId);
  saveBackground(deps.store, {
    ...loadBackground(deps.store)!,
    steppedAt: deps.clock.now(),
    waitUntil: null,
  });
  return "ran";
}
