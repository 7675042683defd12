/**
 * The lead search answer's `status` in a user's words. The spec leaves its values unshown; what
 * arrives is the API's own vocabulary ("no_exact_company_match" when no company has exactly the
 * name searched, spec target rule 1; "No leads match with input criteria", PRODUCTION.md A6).
 * Known codes get plain words and what to do; any other status is shown as the API wrote it.
 */

/** The leads a search left out before sending (exclude_ids, exclude_names), and where they are. */
export interface LeftOut {
  count: number;
  /** "the Leads sheet", "the Prospects sheet and CRM". */
  where: string;
}

const NO_MATCH = "No leads match with input criteria";

/** What to do when a search found no new lead. */
const WIDEN = "widen the filters (more functions, seniorities or locations) or search a different company.";

/**
 * No match among the leads not already held: said as what happened (no new lead; the sheet's
 * leads were left out so none is paid twice; nothing else matches) and what to do. "No lead
 * matches these filters" alone tells a user whose leads are all in the sheet that the filters are
 * wrong; the earlier "No lead outside the Leads sheet matches these filters: the 32 leads already
 * there were left out" left both the reason and the next step to be guessed.
 */
function noMatchText(leftOut: LeftOut | undefined): string {
  if (!leftOut || leftOut.count <= 0) {
    return `No lead matches these filters. To find some, ${WIDEN.replace("the filters", "them")}`;
  }
  const leads = leftOut.count === 1 ? "The 1 lead" : `The ${leftOut.count.toLocaleString("en-US")} leads`;
  return `No new lead found. ${leads} already in ${leftOut.where} ${leftOut.count === 1 ? "was" : "were"} left out of the search (so none is paid for twice), and no other lead matches these filters. To find more, ${WIDEN}`;
}

/** Whether a status has plain words of its own (a sentence, said on its own line). */
export function isExplainedStatus(status: string): boolean {
  const code = status.trim();
  return code === NO_MATCH || code === "no_exact_company_match";
}

/** Plain words for a status, given the company name searched and the leads left out. */
export function leadSearchStatusText(status: string, company?: string, leftOut?: LeftOut): string {
  const code = status.trim();
  if (code === NO_MATCH) return noMatchText(leftOut);
  if (code === "no_exact_company_match") {
    const name = company?.trim();
    return `No company is named exactly ${name ? `"${name}"` : "that"}: check the spelling, or search by the company's profile link or id.`;
  }
  return `status: ${status}`;
}
