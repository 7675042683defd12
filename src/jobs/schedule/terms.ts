/**
 * The terms a schedule's owner agreed to: the list, fields, extras, mode, period and cap. The
 * schedule itself lives in document properties, which every editor's sidebar writes; a copy of the
 * terms lives in the owner's user properties (one entry per spreadsheet), which only the owner's
 * executions can read or write. The owner's trigger runs only when both agree, so an editor cannot
 * raise the cap, add paid extras or change the rows the owner pays for (issue 18.1).
 */
import type { Store } from "../enrich/ports";
import type { PeriodSpending } from "./period-spending";
import type { ScheduleConfig } from "./schedule";

const PREFIX = "schedule.terms.";

/** The owner's saved terms for one spreadsheet, with the trigger that runs them. */
export interface ScheduleTerms {
  config: ScheduleConfig;
  triggerId: string | null;
  /** What the current period's runs spent (period-spending.ts); absent before the first run. */
  period?: PeriodSpending;
  /**
   * When the schedule was made (epoch ms): its slots, and so its periods, count from it
   * (schedule.ts slotAfter). Kept here as well as in the copy, whose anchor moved back a period
   * made every trigger run a new period with a fresh cap. Absent in terms saved before.
   */
  anchor?: number;
}

export function loadTerms(userStore: Store, spreadsheetId: string): ScheduleTerms | null {
  const text = userStore.get(PREFIX + spreadsheetId);
  if (text === null) return null;
  try {
    return JSON.parse(text) as ScheduleTerms;
  } catch {
    return null;
  }
}

export function saveTerms(userStore: Store, spreadsheetId: string, terms: ScheduleTerms): void {
  userStore.set(PREFIX + spreadsheetId, JSON.stringify(terms));
}

export function removeTerms(userStore: Store, spreadsheetId: string): void {
  userStore.remove(PREFIX + spreadsheetId);
}

/** JSON with sorted keys: two configs are the same terms whatever order their keys were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** What differs between the document's copy and the owner's terms, in words (empty: the same). */
export function termsDiffer(document: ScheduleConfig, owner: ScheduleConfig): string[] {
  const differ: string[] = [];
  if (document.cap !== owner.cap) differ.push(`the cap (${owner.cap} became ${document.cap})`);
  if (canonical(document.options) !== canonical(owner.options)) differ.push("the fields, extras or mode");
  if (canonical(document.box) !== canonical(owner.box) || document.urlColumn !== owner.urlColumn)
    differ.push("the rows");
  if (document.period !== owner.period) differ.push("the period");
  if (differ.length === 0 && canonical(document) !== canonical(owner)) differ.push("the list's header");
  return differ;
}
