/**
 * "Leave out the leads already in" another sheet (a CRM export, issue 23.17): the cells of one of
 * its columns, read as what lead search can exclude. The endpoint skips leads by sales id only
 * (exclude_ids, PRODUCTION.md A7), so
 * - a sales id, or a profile or sales link that carries one, is excluded before sending: never charged;
 * - a vanity profile URL (/in/jane-doe) or a network id names the lead, but the API cannot skip it:
 *   a search that finds it pays for it, and it is not written (the estimate says how many);
 * - anything else (a name, an email) names no lead: counted, and the estimate says so.
 */
import { normalizeProfileUrl, salesIdOfUrl } from "../../api/profile-url";
import { linkTarget } from "../../sheet/hyperlink";
import type { GridValue } from "../enrich/ports";
import {
  type LeaveOutFields,
  type LeaveOutProblems,
  leaveOutCells,
  type SheetsByName,
} from "../sheet-choice";
import { leadKeys } from "./leads-sheet";

/**
 * A cell that is a sales id as a whole (a Sales ID column of an export). Production's are about 39
 * characters (profile-url.ts asks that much of a link's slug, where a vanity slug could look
 * alike); a cell the user named as an id column is taken from the `ACwAA` prefix on.
 */
const SALES_ID = /^AC[a-zA-Z]AA[A-Za-z0-9_-]{2,}$/;

export type LeadLeaveOutKey = { salesId: string; keys: string[] } | { keys: string[] } | null;

/** What one cell can leave out: a sales id to exclude, and the keys a found lead is known by. */
export function leadLeaveOutKey(value: GridValue): LeadLeaveOutKey {
  const text = linkTarget(
    String(value ?? "")
      .replace(/^'/, "")
      .trim(),
  );
  if (text === "") return null;
  if (SALES_ID.test(text)) return { salesId: text, keys: [`url:in/${text}`] };
  if (/^\d{1,20}$/.test(text)) return { keys: leadKeys(text, "") };
  if (normalizeProfileUrl(text) === null) return null;
  const salesId = salesIdOfUrl(text);
  const keys = leadKeys("", text);
  return salesId === null ? { keys } : { salesId, keys };
}

export interface LeadLeaveOut {
  sheet: string;
  column: string;
  /** Distinct sales ids: sent as exclude_ids, never charged. */
  salesIds: string[];
  /** Keys (leads-sheet.ts's id:/url:) of every lead the column names: never written. */
  keys: string[];
  /** Leads named by a vanity URL or network id only: a search that finds them pays for them. */
  unexcludable: number;
  /** Non-empty cells that name no lead (names, emails). */
  unmatched: number;
}

/** The leads one column's cells leave out. */
export function leadLeaveOutOf(cells: readonly GridValue[]): Omit<LeadLeaveOut, "sheet" | "column"> {
  const salesIds = new Set<string>();
  const keys = new Set<string>();
  const unexcludable = new Set<string>();
  let unmatched = 0;
  for (const cell of cells) {
    if (String(cell ?? "").trim() === "") continue;
    const key = leadLeaveOutKey(cell);
    if (key === null) {
      unmatched++;
      continue;
    }
    for (const k of key.keys) keys.add(k);
    if ("salesId" in key) salesIds.add(key.salesId);
    else unexcludable.add(key.keys.join(" "));
  }
  return { salesIds: [...salesIds], keys: [...keys], unexcludable: unexcludable.size, unmatched };
}

/** The form's leave-out column, read; null when it names none; its problems at their fields. */
export function leadLeaveOut(
  form: LeaveOutFields,
  sheets: SheetsByName,
): LeadLeaveOut | { problems: LeaveOutProblems } | null {
  const read = leaveOutCells(form, sheets, {
    things: "leads",
    column:
      "Name the column of profile URLs, sales ids or network ids (its header), for example Profile URL.",
  });
  if (read === null || "problems" in read) return read;
  return { sheet: read.sheet, column: read.column, ...leadLeaveOutOf(read.cells) };
}
