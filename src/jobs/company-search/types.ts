/** What the Companies tab's server calls answer (plain JSON for google.script.run). */
import type { RunCharges } from "../ledger/run-charges";
import type { CompanySearchForm, FieldProblems } from "./form";

export interface CompanyEstimate {
  /** Every problem of the form by field; when any, nothing else is meaningful and nothing is sent. */
  problems: FieldProblems;
  /** The flags the search sends as true (website_blacklist, sub_industries); absent in older answers. */
  flags?: string[];
  offset: number;
  /** Companies asked for, after the 1,600 cut. */
  total: number;
  /** True when offset + limit passed the first 1,600 matches and was cut. */
  cut: boolean;
  pages: number;
  pageSize: number;
  /** The most the search can cost (up to limit_by credits; a page's minimum is the refine answer's 3). */
  maxCredits: number;
  /** Credits left, or null when the balance could not be read (balanceError says why). */
  balance: number | null;
  balanceError: string | null;
  cap: number;
  /** The most companies one run can fetch within the spend cap from this offset. */
  withinCap: number;
  /**
   * Companies already in the Companies sheet, sent as exclude_ids: never charged again. Match
   * numbers (offset) count only the others.
   */
  knownExcluded?: number;
  /** Said when the pages need more searches than the account has left today (users/me). */
  searchesLeft?: string | null;
  /** The sheet the companies go to. */
  sheetName: string;
  /** The revenue filter as understood ("$5 million or more a year"); null or absent: none. */
  revenue?: string | null;
  /**
   * The leave-out sheet's column as read: companies left out by id and by domain, and rows that
   * hold neither (names, links by name): those cannot be left out and may be charged.
   */
  leaveOut?: { sheet: string; column: string; ids: number; domains: number; unmatched: number };
}

/** An error a page ended with, as the tab shows it. */
export interface PageError {
  /** Which companies of the match list, e.g. "25-49". */
  companies: string;
  message: string;
  next: string;
  /** The server's detail and Hint, verbatim. */
  hint?: string;
  charged: "no" | "maybe";
}

export interface CompanyRunResult {
  /**
   * done: every page answered; partial: some pages failed or were not reached; stopped: out of
   * credits or key refused; refine: the API asked to refine the search; invalid: the server
   * rejected the filters (serverProblems) or the form had problems (nothing was sent); cancelled:
   * Cancel was seen before every page went out (what was sent is written; pagesNotReached were not).
   */
  state: "done" | "partial" | "stopped" | "refine" | "invalid" | "cancelled";
  /** Problems by field: the form's own, or the server's ValidationError placed at its field. */
  problems: FieldProblems;
  /**
   * The API's results_count: how many companies match the filters; null when unknown (production
   * counts only when asked, and a page may come back without it).
   */
  resultsCount: number | null;
  /** The fewest matches the answers prove (offset of the furthest company returned, plus one). */
  matchesAtLeast: number;
  /** Companies the API returned (and charged). */
  returned: number;
  written: number;
  duplicates: number;
  /** Credits spent, from the answers' amounts. */
  spent: number;
  /**
   * What the API's ledger says this search charged (issue 23.4), pages whose answer was lost
   * included; null or absent when the ledger could not be read.
   */
  charges?: RunCharges | null;
  /** When the order was cached (the API's time_cached), or null when this search cached it. */
  timeCached: string | null;
  refineMessage: string | null;
  errors: PageError[];
  sheetName: string;
  /** Rows written, e.g. "A2:AE26", or "" when none. */
  range: string;
  offset: number;
  total: number;
  /**
   * Where "Next page" starts (its offset_by), or null when the first 1,600 matches (or all matches)
   * are done, or when Cancel came before any page was sent.
   */
  nextOffset: number | null;
  /**
   * The same start in this search's own numbering: the first match not fetched. Above nextOffset
   * when the companies fetched before it are in the sheet now, so the next search leaves them out
   * and counts among those not in the sheet. Absent in results from before it.
   */
  nextMatch?: number | null;
  /** Companies of the Companies sheet this search excluded (exclude_ids), so not charged again. */
  knownExcluded?: number;
  pagesSent: number;
  pagesNotReached: number;
  /** 429 answers met: the account allows fewer parallel searches, so pages went fewer at a time. */
  throttled: number;
}

/** The last search of this document (document properties), for "Next page". */
export interface LastCompanySearch {
  form: CompanySearchForm;
  nextOffset: number | null;
  /** See CompanyRunResult.nextMatch; absent in a search saved before it. */
  nextMatch?: number | null;
  resultsCount: number | null;
  /** ISO time of the run. */
  at: string;
}
