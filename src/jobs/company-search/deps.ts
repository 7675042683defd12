/** What a company search needs from outside: ports and settings (Apps Script's in src/gas/). */

import type { BatchResult } from "../../api/batch";
import type { CallWindow } from "../../api/client-core";
import type { Clock } from "../../api/ports";
import type { CompanySearchRequest, CompanySearchResponse } from "../../api/wire";
import type { SheetFormat } from "../../sheet/sheet-format";
import type { Lock, Store } from "../enrich/ports";
import type { LedgerReader } from "../ledger/run-charges";
import type { SheetRoom } from "../paid-rows";
import type { CompanySheet } from "./sheet";

/** The part of the API client a search uses. */
export interface CompanySearchClient {
  searchCompanies(requests: CompanySearchRequest[], options: CallWindow): BatchResult<CompanySearchResponse>;
}

export interface CompanySearchDeps {
  client(): CompanySearchClient;
  /** The sheet the search writes to (the form's, else the Companies sheet), created when missing. */
  sheet(): CompanySheet;
  /** Its name, for the report; absent: the Companies sheet. */
  sheetName?: string;
  /** The room appending `rows` rows `width` wide to the Companies sheet needs, and has. */
  room?(rows: number, width: number): SheetRoom;
  /**
   * The network_ids already in the Companies sheet (without creating it): sent as exclude_ids so
   * they are not charged again. Absent: nothing is excluded.
   */
  knownIds?(): string[];
  /** Domains of companies to leave out too (a leave-out sheet's websites): sent as exclude_domains. */
  knownDomains?(): string[];
  /** A new sheet for paid rows the Companies sheet could not take. */
  spareSheet?(): { name: string; sheet: CompanySheet };
  /** Headers and list cells: readable (the default) or the API's forms (settings). */
  format?: SheetFormat;
  store: Store;
  lock: Lock;
  clock: Clock;
  settings: {
    /** Requests per fetchAll: the chunk size setting, at most the endpoint's 20. */
    parallel: number;
    /** Credits one run may spend at most (SPEND_CAP). */
    spendCap: number;
  };
  /** The client's deadline within one execution (default 240 s, well under the 6 minutes). */
  budgetMs?: number;
  /**
   * Whether Cancel was pressed (another execution's request, search-cancel.ts): asked before every
   * fetchAll. Absent: the search cannot be cancelled.
   */
  cancelAsked?(): boolean;
  /** The API's ledger: the run's total is read from it (absent or null: the answers read). */
  ledger?(): LedgerReader | null;
}
