/**
 * Sidebar <-> server methods of the Companies tab: estimate (nothing charged), run the confirmed
 * search into the Companies sheet, the last search for "Next page", and saved ICP presets.
 */
import type { CompanySearchForm } from "../jobs/company-search/form";
import type { Presets } from "../jobs/company-search/saved";
import type { CompanyEstimate, CompanyRunResult, LastCompanySearch } from "../jobs/company-search/types";
import type { SearchCancelAnswer } from "../jobs/search-cancel";

export type { CompanySearchForm, FieldProblems, FormField } from "../jobs/company-search/form";
export type { Presets } from "../jobs/company-search/saved";
export type {
  CompanyEstimate,
  CompanyRunResult,
  LastCompanySearch,
  PageError,
} from "../jobs/company-search/types";
export type { SearchCancelAnswer } from "../jobs/search-cancel";

export interface CompanyMethods {
  companyEstimate: { arg: CompanySearchForm; result: CompanyEstimate };
  /**
   * `confirmedCredits`: the estimate's maxCredits the user confirmed; a costlier form is refused.
   * `runId`: the sidebar's id for this run, which its Cancel names.
   */
  companyRun: {
    arg: { form: CompanySearchForm; confirmedCredits: number; runId?: string };
    result: CompanyRunResult;
  };
  /** Another execution: the run `runId` sends nothing further (its owner only). */
  companyCancel: { arg: { runId: string }; result: SearchCancelAnswer };
  companyLastSearch: { arg: null; result: LastCompanySearch | null };
  companyPresets: { arg: null; result: Presets };
  companySavePreset: { arg: { name: string; form: CompanySearchForm }; result: Presets };
  companyDeletePreset: { arg: { name: string }; result: Presets };
}
