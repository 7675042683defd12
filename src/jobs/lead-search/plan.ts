/**
 * The searches a form asks for and the most they can cost: one search, or one per selected
 * company with the same personas and filters. The estimate is the client's (per search up to
 * limit_by, else the target's cap), summed.
 */

import { estimateLeadSearchCost } from "../../api/cost";
import type { Problem } from "../../api/errors";
import type { SelectedCompany } from "./companies";
import { formToRequest, type LeadSearchForm } from "./form";
import type { PlannedSearch } from "./run";

export interface SearchPlan {
  searches: PlannedSearch[];
  problems: Problem[];
  maxCredits: number;
}

export function planSearches(form: LeadSearchForm, companies: readonly SelectedCompany[]): SearchPlan {
  if (form.target.kind !== "selected_companies") {
    const { request, problems } = formToRequest(form);
    return problems.length > 0
      ? { searches: [], problems, maxCredits: 0 }
      : { searches: [{ label: "Search", request }], problems, maxCredits: estimateLeadSearchCost(request) };
  }
  if (companies.length === 0) {
    return {
      searches: [],
      problems: [
        {
          path: "selected_companies",
          message: "no company rows are selected",
          hint: "Select rows of the Companies sheet (they need network_id or network_link), then press Use selection.",
        },
      ],
      maxCredits: 0,
    };
  }
  const searches: PlannedSearch[] = [];
  const problems: Problem[] = [];
  for (const company of companies) {
    const built = formToRequest(form, company.target);
    // The filters are the same for every company: report their problems once.
    if (built.problems.length > 0) {
      if (problems.length === 0) for (const problem of built.problems) problems.push(problem);
      continue;
    }
    searches.push({ label: company.label, request: built.request });
  }
  if (problems.length > 0) return { searches: [], problems, maxCredits: 0 };
  const maxCredits = searches.reduce((sum, s) => sum + estimateLeadSearchCost(s.request), 0);
  return { searches, problems, maxCredits };
}
