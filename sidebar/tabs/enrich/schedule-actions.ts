/**
 * What the schedule panel offers, from the schedule as the server shows it to this user: Continue
 * (a run stopped by its cap, the key or the credits, estimated first), Save again (a schedule the
 * trigger refuses between periods, whose message tells its owner to save it again: there is no run
 * to continue, and Remove would start the period's cap and slot over), Remove; none of them to an
 * editor who does not own it (its runs spend the owner's key).
 */
import type { ScheduleView } from "../../../src/rpc/schedule";

/** Refusals that clear by themselves once the owner saves their key or the run by hand ends. */
const WAITS = new Set(["auth", "busy"]);

export interface ScheduleActions {
  /** The run under way is stopped, and this user may continue it under a new cap. */
  continueRun: boolean;
  /** The trigger refuses the schedule and no run is under way: this user may save it again. */
  saveAgain: boolean;
  /** This user may remove the schedule. */
  remove: boolean;
}

/** Waiting for the owner's key or for a run by hand: it goes on by itself, nothing to continue. */
export const isWaiting = (schedule: ScheduleView): boolean =>
  schedule.refused !== null && WAITS.has(schedule.refused.kind);

/** Someone else's schedule: read-only here. */
export const isOthers = (schedule: ScheduleView): boolean => schedule.owner !== null && !schedule.owner.mine;

export function scheduleActions(schedule: ScheduleView): ScheduleActions {
  const stopped = schedule.refused ?? schedule.current?.stopped ?? schedule.last?.stopped ?? null;
  const mine = !isOthers(schedule);
  return {
    continueRun: stopped !== null && !isWaiting(schedule) && schedule.current !== null && mine,
    saveAgain: schedule.refused !== null && !isWaiting(schedule) && schedule.current === null && mine,
    remove: mine,
  };
}
