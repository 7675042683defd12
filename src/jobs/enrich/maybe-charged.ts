/**
 * Rows whose last lookup may have been charged (sent, no answer read: a timeout, a cut-off, a 502
 * after the API charged) are not bought again by a run over the whole list without asking, as
 * Retry failed rows and the Emails action already hold them back. A colleague's inserted rows stop
 * a run ("the profile URLs changed"), and the way on is a new run over the list: it used to send
 * those rows again silently. The estimate names them as skipped; the Enrich form's "Also send rows
 * that may have been charged" sends them. A run over nothing but such rows is the status's own
 * advice ("select the row and run again"): they are sent.
 */
import type { EnrichPlan } from "./plan";
import { skipCounts } from "./plan";
import type { Grid } from "./ports";
import { readStatuses } from "./row-writer";

/** What a status says of a URL whose last request may have been charged (outcome-text.ts, row-writer.ts). */
export const MAYBE_CHARGED = "may have been charged";
/** The skip reason a run shows for them. */
export const HELD_MAYBE_CHARGED =
  "may have been charged already (tick Also send rows that may have been charged)";

/** The plan without the URLs a row of which says its last request may have been charged. */
export function holdMaybeCharged(grid: Grid, plan: EnrichPlan): EnrichPlan {
  // Without a status column among the sheet's own, nothing was sent from here yet.
  if (plan.layout.status.enrichment_status >= plan.layout.firstNewColumn) return plan;
  const statuses = readStatuses(
    grid,
    plan.layout,
    plan.toFetch.flatMap((index) => plan.urls.rows[index]!),
  );
  const held = (index: number) =>
    plan.urls.rows[index]!.some((row) => (statuses.get(row)?.[0] ?? "").includes(MAYBE_CHARGED));
  const toFetch = plan.toFetch.filter((index) => !held(index));
  const skipped = plan.toFetch.length - toFetch.length;
  if (skipped === 0 || toFetch.length === 0) return plan;
  return {
    ...plan,
    toFetch,
    maxCredits: toFetch.length * plan.creditsPerUrl,
    skips: skipCounts([
      ...plan.skips.map((skip) => [skip.reason, skip.urls] as const),
      [HELD_MAYBE_CHARGED, skipped],
    ]),
  };
}
