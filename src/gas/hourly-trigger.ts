/**
 * The one hourly trigger an add-on may keep per document per user (PRODUCTION.md G9). The
 * scheduled refresh and a background Enrich run share it: whoever needs it first creates it, the
 * other finds it again by the id kept in the user's own properties, and it goes when neither
 * needs it any more.
 */
import { loadOwnBackground } from "../jobs/schedule/background";
import { loadTerms } from "../jobs/schedule/terms";
import { userStore } from "./job-store";

/** The global the trigger calls (src/main.ts). */
export const SCHEDULE_HANDLER = "scheduledRefresh";

export const spreadsheetId = () => SpreadsheetApp.getActiveSpreadsheet().getId();

/** Deletes this user's trigger of that id (another user's cannot be, and need not be). */
export function deleteTrigger(id: string | null | undefined): void {
  if (!id) return;
  for (const trigger of ScriptApp.getProjectTriggers()) {
    if (trigger.getUniqueId() === id) ScriptApp.deleteTrigger(trigger);
  }
}

/** The ids this user's schedule and background run keep for their trigger here. */
function knownTriggerIds(): Array<string | null> {
  const mine = userStore();
  const id = spreadsheetId();
  return [loadTerms(mine, id)?.triggerId ?? null, loadOwnBackground(mine, id)?.triggerId ?? null];
}

/**
 * This user's hourly trigger here: the one a schedule or background run already keeps (or
 * `extra`, an id the document remembers) when it still exists, else a new one.
 */
export function hourlyTrigger(extra: string | null = null): string {
  const ids = new Set(ScriptApp.getProjectTriggers().map((trigger) => trigger.getUniqueId()));
  const kept = [...knownTriggerIds(), extra].find((id) => id !== null && ids.has(id));
  if (kept) return kept;
  return ScriptApp.newTrigger(SCHEDULE_HANDLER).timeBased().everyHours(1).create().getUniqueId();
}

/** True while this user's schedule or background run here needs the trigger. */
export function triggerNeeded(): boolean {
  const mine = userStore();
  const id = spreadsheetId();
  return loadTerms(mine, id) !== null || loadOwnBackground(mine, id) !== null;
}

/** Deletes the triggers of those ids (one, normally) unless a schedule or background run still needs it. */
export function releaseTrigger(ids: ReadonlyArray<string | null | undefined>): void {
  if (triggerNeeded()) return;
  for (const id of new Set(ids)) deleteTrigger(id);
}
