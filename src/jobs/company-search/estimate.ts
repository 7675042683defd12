/** The estimate the tab shows before anything is spent: nothing is sent but a free balance read. */
import { COMPANIES_SEARCHED } from "../../api/pagination";
import { type CompanySearchForm, hasProblems, planSearch } from "./form";
import { largestTotalWithin, pagePlan } from "./pages";
import type { CompanyEstimate } from "./types";

export interface BalanceReading {
  balance: number | null;
  balanceError: string | null;
}

export function estimateCompanySearch(
  form: CompanySearchForm,
  settings: { parallel: number; spendCap: number },
  balance: () => BalanceReading,
  /** Companies already in the Companies sheet: the run excludes them (exclude_ids). */
  knownExcluded = 0,
): CompanyEstimate {
  const planned = planSearch(form);
  const base = { problems: planned.problems, offset: planned.offset, cap: settings.spendCap };
  if (hasProblems(planned.problems)) {
    return {
      ...base,
      total: 0,
      cut: false,
      pages: 0,
      pageSize: 0,
      maxCredits: 0,
      balance: null,
      balanceError: null,
      withinCap: 0,
    };
  }
  const plan = pagePlan(planned.filters, planned.offset, planned.total, settings.parallel);
  return {
    ...base,
    total: plan.total,
    cut: planned.offset + planned.total > COMPANIES_SEARCHED,
    pages: plan.pages.length,
    pageSize: plan.pageSize,
    maxCredits: plan.maxCredits,
    ...balance(),
    withinCap: largestTotalWithin(planned.filters, planned.offset, settings.spendCap, settings.parallel),
    knownExcluded,
  };
}
