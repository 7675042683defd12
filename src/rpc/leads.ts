/**
 * Sidebar <-> server methods of the Leads tab: lead search by personas (one target, or one search
 * per selected row of the Companies sheet), an estimate before anything is spent, then the run,
 * which appends the leads to the Leads sheet.
 */
import type { Problem } from "../api/errors";
import type { CompanySelection } from "../jobs/lead-search/companies";
import type { CompanyChoice } from "../jobs/lead-search/company-match";
import type { LeadSearchForm } from "../jobs/lead-search/form";
import type { LeadSearchSummary } from "../jobs/lead-search/run";
import type { PersonaPreset } from "../jobs/presets/personas";
import type { SearchCancelAnswer } from "../jobs/search-cancel";

export type { CompanyChoice, ResolvedCompany } from "../jobs/lead-search/company-match";
export type { LeadSearchForm, PersonaForm, TargetKind } from "../jobs/lead-search/form";
export type { LeadSearchSummary, SearchReport } from "../jobs/lead-search/run";

/** The selected rows of a Companies sheet, as the tab shows them ("N companies selected"). */
export interface LeadsCompanySelection extends CompanySelection {
  sheetName: string;
  /** Why nothing usable is selected, or "". */
  note: string;
  /**
   * These rows as the target's value ('Companies'!A2:C4): the sidebar puts it in the form, so the
   * estimate and the run read the rows shown, wherever the user clicks meanwhile. "" when none.
   */
  pin: string;
}

export type LeadsEstimate =
  | { ok: false; problems: Problem[] }
  | ({
      ok: true;
      searches: number;
      /** The most the run can cost: searchCredits + emailCredits. */
      maxCredits: number;
      /** The searches' most: per search up to limit_by, else the target's cap. */
      searchCredits: number;
      /** The emails' most (issue 21.6): one credit a lead, when Find work emails is on; else 0. */
      emailCredits: number;
      /** The sheet the leads go to (the Leads sheet, or the form's, as the spreadsheet spells it). */
      sheetName: string;
      balance: number | null;
      balanceError: string | null;
      cap: number;
      /** Leads already in the Leads sheet (by sales_id): every search excludes them, never charged again. */
      knownExcluded: number;
      /** Searches sent at once: the account's parallel limit (users/me), within Settings' batch size. */
      parallel: number;
      /** Said when the run needs more searches than the account has left today; else null. */
      searchesLeft: string | null;
    } & KnownLeadCounts);

/**
 * The Leads sheet's known leads that a sales id cannot exclude (issue 23.3): excluded by name (a
 * name spelled otherwise on the network is not matched), or not at all before sending.
 */
export interface KnownLeadCounts {
  /** The form's leave-out column (a CRM export), as read; null when it names none. */
  leaveOut: LeaveOutCounts | null;
  /** Known leads without a sales id, left out by name (exclude_names). */
  knownByName: number;
  /** Known leads with neither sales id nor name: a search that finds them pays for them again. */
  knownUnexcludable: number;
}

/** What the leave-out column holds (issue 23.17). */
export interface LeaveOutCounts {
  sheet: string;
  column: string;
  /** Leads named by a sales id (or a link that carries one): excluded before sending. */
  excluded: number;
  /** Leads named by a vanity profile URL or a network id: charged if found, not written. */
  unexcludable: number;
  /** Cells that name no lead (names, emails): not left out. */
  unmatched: number;
}

export interface LeadsRunRequest {
  form: LeadSearchForm;
  /** The estimate the user confirmed: the run refuses when the plan now costs more. */
  confirmedMaxCredits: number;
  /** The sidebar's id for this run, which its Cancel names. */
  runId?: string;
}

export type LeadsRunResult =
  | { ok: false; problems: Problem[] }
  | ({
      ok: true;
      sheetName: string;
      /** A search by company name: the Companies sheet's rows of that name, to search by id instead. */
      companyChoices: CompanyChoice[];
      /** Leads of the Leads sheet the searches excluded (exclude_ids), so not charged again. */
      knownExcluded: number;
      /** The API's ValidationErrors, each at the form field it names (shown under that field). */
      problems: Problem[];
    } & KnownLeadCounts &
      LeadSearchSummary);

/** Saved personas, per document. */
export type { PersonaPreset };

export interface LeadsMethods {
  leadsSelection: { arg: null; result: LeadsCompanySelection };
  leadsEstimate: { arg: { form: LeadSearchForm }; result: LeadsEstimate };
  leadsRun: { arg: LeadsRunRequest; result: LeadsRunResult };
  /** Another execution: the run `runId` sends nothing further (its owner only). */
  leadsCancel: { arg: { runId: string }; result: SearchCancelAnswer };
  leadsPresets: { arg: null; result: PersonaPreset[] };
  leadsSavePreset: { arg: PersonaPreset; result: PersonaPreset[] };
  leadsDeletePreset: { arg: { name: string }; result: PersonaPreset[] };
}
