/**
 * The lead search answer's `status` in a user's words. The spec leaves its values unshown; what
 * arrives is the API's own vocabulary ("no_exact_company_match" when no company has exactly the
 * name searched, spec target rule 1; "No leads match with input criteria", PRODUCTION.md A6).
 * Known codes get plain words and what to do; any other status is shown as the API wrote it.
 */
const PLAIN: Record<string, (company: string | undefined) => string> = {
  no_exact_company_match: (company) =>
    `No company is named exactly ${company ? `"${company}"` : "that"}: check the spelling, or search by the company's profile link or id.`,
  "No leads match with input criteria": () => "No lead matches these filters.",
};

/** Plain words for a status, given the company name searched (when the search named one). */
export function leadSearchStatusText(status: string, company?: string): string {
  const plain = PLAIN[status.trim()];
  return plain ? plain(company?.trim() || undefined) : `status: ${status}`;
}
