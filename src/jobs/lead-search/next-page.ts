/**
 * Where Next page starts when the run's leads went into the Leads sheet. Every search sends the
 * sheet's sales ids as exclude_ids (PRODUCTION.md A7), so the leads just returned drop out of the
 * matches and the first lead not fetched yet moves up by as many: a full page of `limit` from
 * `offset` leaves the next unfetched lead at `offset` again. With several searches (one a company)
 * the form's offset and limit are the same for each, and every full search returned `limit`, so
 * Next page starts at nextOffset minus the most any search returned; offering `offset + limit`
 * there (as before) skipped that many leads at every company without fetching them.
 * Rows that went to a spare sheet are not excluded: then the run's own nextOffset stands.
 */
import type { LeadSearchSummary } from "./run";

export function nextUnfetchedOffset(
  summary: Pick<LeadSearchSummary, "nextOffset" | "stoppedBy" | "searches">,
): number | null {
  if (summary.nextOffset === null || summary.stoppedBy?.kind === "sheet") return summary.nextOffset;
  const most = summary.searches.reduce((max, search) => Math.max(max, search.leads), 0);
  return Math.max(0, summary.nextOffset - most);
}
