/**
 * Sidebar <-> server methods of the Enrich tab: preview the selection, estimate (nothing charged),
 * confirm, then steps driven by the sidebar, with pause, resume and cancel.
 */
import type { EnrichProgress } from "../jobs/enrich/job-types";
import type { EnrichOptions } from "../jobs/enrich/options";

export type { EnrichProgress } from "../jobs/enrich/job-types";
export type { EnrichMode, EnrichOptions } from "../jobs/enrich/options";

export interface EnrichRequest {
  options: EnrichOptions;
  /**
   * 1-based column of the URLs, picked by the user. Inside the selection: the selected rows of that
   * column; outside it: the whole column. Omitted: the selected column holding the most URLs.
   */
  urlColumn?: number;
}

/** Where one field goes. */
export interface FieldTarget {
  field: string;
  /** Column letters, e.g. "C". */
  column: string;
  /** The existing header it matched, or "" for a new column. */
  header: string;
  /** A new column's header as the run will write it (the Headers setting: label or field name); "" for an existing one. */
  newHeader: string;
}

/** What the selection holds, as the tab shows it before the estimate. */
export interface EnrichPreview {
  sheetName: string;
  /** The selection, e.g. "B1:B2001". */
  selection: string;
  /** The URL cells that will be read, e.g. "B2:B2001". */
  range: string;
  urlColumn: number;
  headerRow: number;
  rows: number;
  distinct: number;
  invalidRows: number;
  targets: FieldTarget[];
  /** The status columns' headers, existing or as the run will write them. */
  statusHeaders: string[];
  /** The header row's columns, for picking the URL column by hand. */
  columns: Array<{ column: number; letter: string; header: string }>;
  /** Fields not written because the URL column already is that field (e.g. network_url). */
  skipped: string[];
  /**
   * The rows hold other lists of people: the columns of their profile URLs (letters), and the name
   * heading this list's own columns (its URL column's header). `first`: this list is the sheet's
   * first, which keeps the plain columns (name ""). Absent for a sheet's only list.
   */
  lists?: { others: string[]; name: string; first: boolean };
  creditsPerUrl: number;
  /** Distinct URLs the run will fetch: all in refresh mode; in fill mode those with an empty chosen cell. */
  toFetch: number;
  maxCredits: number;
  /**
   * The work-email pass (options.workEmail): the most its finder rows can cost (in maxCredits too),
   * a sentence for the estimate, and the Email / Email status headers (existing or as written).
   */
  workEmail?: { maxCredits: number; text: string; headers: string[] };
}

export interface EnrichEstimate {
  preview: EnrichPreview;
  progress: EnrichProgress;
  /** Credits left, or null when the balance could not be read (balanceError says why). */
  balance: number | null;
  balanceError: string | null;
  cap: number;
  /**
   * Apps Script's daily URL Fetch quota (Settings) and what is left of it today by the add-on's
   * own count; `since`: epoch ms the counted 24 hours started.
   */
  fetches: { quota: number; left: number; since: number };
  /** Bulk jobs or lookups (the API generation setting), with what it costs and about how long it takes. */
  path?: { kind: "bulk" | "lookups"; text: string; requests: number };
}

/** Who confirmed a run: only they drive it (their key pays); others see it read-only. */
export interface RunOwner {
  /** True when the current user confirmed it (or took it over). */
  mine: boolean;
  /** The owner's address, or "another editor" when Apps Script does not give it. */
  label: string;
}

/** What taking over someone's run would cost the current user: the rest of it, at most. */
export interface TakeOverEstimate {
  progress: EnrichProgress;
  /** Remaining distinct URLs x credits per URL. */
  maxCredits: number;
  balance: number | null;
  balanceError: string | null;
  cap: number;
  /** The current owner's label. */
  owner: string;
}

/** A run sent to the background (issue 23.16): the hourly trigger steps it as its owner. */
export interface BackgroundView {
  jobId: string;
  /** True when the current user sent it (their key pays); only they may cancel or bring it back. */
  mine: boolean;
  /** The owner's address, or "another editor". */
  owner: string;
  /** When it was sent to the background and last stepped by the trigger (ISO UTC; null: not yet). */
  sentAt: string;
  steppedAt: string | null;
  /** The trigger-time budget is used up: it goes on after this time (ISO UTC). */
  waitUntil: string | null;
  /** When the trigger finished it, or stopped it for the user (ISO UTC); null while it goes on. */
  endedAt: string | null;
}

export interface EnrichStartup {
  job: EnrichProgress | null;
  /** The job goes on in the background through the hourly trigger; null when it does not. */
  background: BackgroundView | null;
  /** The job finished (or stopped) in the background: the tab says so once reopened. */
  endedInBackground: BackgroundView | null;
  /** The job's owner; null when nobody confirmed it yet. */
  owner: RunOwner | null;
  /** True once after the menu item "Enrich selected profile URLs" opened the sidebar. */
  focus: boolean;
  /**
   * From the menu while a run is unfinished: the selection the menu was used on ("Sheet!A7:A11")
   * when it is not that run's cells, so the tab can offer to finish the run, or cancel it and plan
   * this selection; null otherwise.
   */
  newSelection: string | null;
}

export interface EnrichMethods {
  enrichPreview: { arg: EnrichRequest; result: EnrichPreview };
  enrichEstimate: { arg: EnrichRequest; result: EnrichEstimate };
  enrichConfirm: { arg: { jobId: string }; result: EnrichProgress };
  enrichStep: { arg: { jobId: string }; result: EnrichProgress };
  enrichPause: { arg: { jobId: string }; result: EnrichProgress };
  enrichResume: { arg: { jobId: string }; result: EnrichProgress };
  enrichCancel: { arg: { jobId: string }; result: EnrichProgress };
  enrichStartup: { arg: null; result: EnrichStartup };
  /** Free: what taking over someone else's run would cost (nothing changes). */
  enrichTakeOverEstimate: { arg: { jobId: string }; result: TakeOverEstimate };
  /** The run becomes the current user's; refused when the rest now costs more than confirmed. */
  enrichTakeOver: { arg: { jobId: string; confirmedCredits: number }; result: EnrichProgress };
  /** The owner only: the hourly trigger steps the run on, under the cap it was confirmed with. */
  enrichBackground: { arg: { jobId: string }; result: BackgroundView };
  /** The owner only: out of the background, to be driven by this sidebar again. */
  enrichBringBack: { arg: { jobId: string }; result: EnrichProgress };
  /** Selects, in the sheet, the URL cells of the rows the run did not enrich; answers how many. */
  enrichSelectFailed: { arg: { jobId: string }; result: { rows: number } };
}
