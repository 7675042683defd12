/** Company search by ideal-customer profile: form -> pages -> Companies sheet. */
export type { CompanySearchClient, CompanySearchDeps } from "./deps";
export { type BalanceReading, estimateCompanySearch } from "./estimate";
export {
  type CompanySearchForm,
  DEFAULT_LIMIT,
  emptyForm,
  type FieldProblems,
  type FormField,
  planSearch,
  readForm,
} from "./form";
export { runCompanySearch, serverErrorField } from "./run";
export { deletePreset, loadLastSearch, loadPresets, type Presets, savePreset } from "./saved";
export {
  appendCompanies,
  COMPANIES_SHEET,
  type CompanyKeyColumns,
  type CompanyRef,
  type CompanySheet,
  companyKeyColumns,
  networkIdKey,
  readCompanyRefs,
} from "./sheet";
export type { CompanyEstimate, CompanyRunResult, LastCompanySearch, PageError } from "./types";
