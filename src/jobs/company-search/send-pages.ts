/**
 * Sending a search's pages. The API may answer a search that matches more than 1,600 companies
 * with its refine-search message instead of companies, for a fixed 3 credits (spec rule 9), and it
 * answers so for every page of that search: pages sent together paid 3 credits each for the same
 * message (a search of 100 in 4 pages of 25: 12 credits). So the first page goes alone, and the
 * others follow in one parallel batch only when it brought companies or an ordinary answer.
 * Cancel, seen before a fetchAll, leaves that batch's pages unsent.
 */
import type { BatchResult } from "../../api/batch";
import { isRefineAnswer } from "../../api/responses";
import type { CompanySearchRequest, CompanySearchResponse } from "../../api/wire";
import type { CompanySearchClient } from "./deps";

/** The pages' outcomes in order; pages not sent (after a refine answer or a stop) are null. */
export function sendCompanyPages(
  client: CompanySearchClient,
  pages: CompanySearchRequest[],
  deadline: number,
  /** Cancel pressed: asked before every fetchAll; the pages not sent after it are null. */
  stop?: () => boolean,
): BatchResult<CompanySearchResponse> {
  const options = stop ? { deadline, stop } : { deadline };
  if (pages.length <= 1) return client.searchCompanies(pages, options);
  const first = client.searchCompanies(pages.slice(0, 1), options);
  const answer = first.outcomes[0] ?? null;
  const refine = answer?.ok === true && isRefineAnswer(answer.value);
  if (refine || answer === null || first.stoppedBy !== null) {
    return { ...first, outcomes: [answer, ...pages.slice(1).map(() => null)] };
  }
  const rest = client.searchCompanies(pages.slice(1), options);
  return {
    outcomes: [answer, ...rest.outcomes],
    stoppedBy: rest.stoppedBy,
    spent: first.spent + rest.spent,
    throttled: (first.throttled ?? 0) + (rest.throttled ?? 0),
    ...(rest.parallel === undefined ? {} : { parallel: rest.parallel }),
  };
}
