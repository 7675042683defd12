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

/**
 * No match among the leads not already held: said as such, as the Companies tab does, because
 * "No lead matches these filters" tells a user whose leads are all in the sheet that the filters
 * are wrong.
 */
function noMatchText(leftOut: LeftOut | undefined): string {
  if (!leftOut || leftOut.count <= 0) return "No lead matches these filters.";
  const leads = leftOut.count === 1 ? "1 lead" : `${leftOut.count.toLocaleString("en-US")} leads`;
  return `No lead outside ${leftOut.where} matches these filters: the ${leads} already there ${leftOut.count === 1 ? "was" : "were"} left out of the search.`;
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
