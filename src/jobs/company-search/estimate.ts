/** The estimate the tab shows before anything is spent: nothing is sent but a free balance read. */
import { COMPANIES_SEARCHED } from "../../api/pagination";
import { type CompanySearchForm, type FieldProblems, hasProblems, planSearch } from "./form";
import { destinationSheet, type Exclusions } from "./leave-out";
import { largestTotalWithin, pagePlan } from "./pages";
import type { CompanyEstimate } from "./types";

/** Flags of the request whose meaning the spec does not show: the estimate names those sent. */
const FLAGS = ["website_blacklist", "sub_industries"] as const;

export interface BalanceReading {
  balance: number | null;
  balanceError: string | null;
}

export function estimateCompanySearch(
  form: CompanySearchForm,
  settings: { parallel: number; spendCap: number },
  balance: () => BalanceReading,
  /** What the run leaves out besides the form's exclusions (leave-out.ts); none when absent. */
  exclusions: Exclusions = { known: [], knownDomains: [], leaveOut: null, problems: {} },
): CompanyEstimate {
  const planned = planSearch(form);
  const problems: FieldProblems = { ...planned.problems, ...exclusions.problems };
  const base = {
    problems,
    flags: FLAGS.filter((flag) => planned.filters[flag] === true),
    offset: planned.offset,
    cap: settings.spendCap,
    sheetName: destinationSheet(form.sheet_name),
    revenue: planned.revenue,
  };
  if (hasProblems(problems)) {
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
    knownExcluded: exclusions.known.length + exclusions.knownDomains.length,
    ...(exclusions.leaveOut
      ? {
          leaveOut: {
            sheet: exclusions.leaveOut.sheet,
            column: exclusions.leaveOut.column,
            ids: exclusions.leaveOut.ids.length,
            domains: exclusions.leaveOut.domains.length,
            unmatched: exclusions.leaveOut.unmatched,
          },
        }
      : {}),
  };
}
