/**
 * Rows refreshed a moment ago are not bought again: a plan leaves out every distinct URL whose
 * rows all show an `ok` status enriched at or after a time (issue 23.5). The scheduled refresh
 * skips what was refreshed within its period the same way; a manual run, by default, what was
 * refreshed within the last day (the Enrich tab's "Skip rows refreshed within" choice).
 */
import { toSecond } from "../../sheet/sheet-time";
import type { EnrichPlan } from "./plan";
import { skipCounts } from "./plan";
import type { Grid } from "./ports";
import { isOkStatus, readStatuses } from "./row-writer";

const DAY_MS = 86_400_000;

/** The skip reason a run shows for its recently refreshed URLs. */
export function refreshedWithin(days: number): string {
  return `refreshed within the last ${days === 1 ? "day" : `${days} days`}`;
}

/** The plan without the URLs whose every row was enriched `ok` at or after `since` (epoch ms). */
export function skipRefreshedSince(grid: Grid, plan: EnrichPlan, since: number, reason: string): EnrichPlan {
  // Without an Enriched At column among the sheet's own, nothing was refreshed here yet.
  if (plan.layout.status.enriched_at >= plan.layout.firstNewColumn) return plan;
  // Enriched At keeps whole seconds (sheet-time.ts).
  const after = toSecond(since);
  const statuses = readStatuses(
    grid,
    plan.layout,
    plan.toFetch.flatMap((index) => plan.urls.rows[index]!),
  );
  const fresh = (row: number) => {
    const [status, at] = statuses.get(row) ?? ["", null];
    return isOkStatus(status) && at !== null && at >= after;
  };
  const toFetch = plan.toFetch.filter((index) => !plan.urls.rows[index]!.every(fresh));
  const skipped = plan.toFetch.length - toFetch.length;
  if (skipped === 0) return plan;
  return {
    ...plan,
    toFetch,
    maxCredits: toFetch.length * plan.creditsPerUrl,
    skips: skipCounts([...plan.skips.map((skip) => [skip.reason, skip.urls] as const), [reason, skipped]]),
  };
}

/** A manual run's choice: URLs refreshed within the last `days` days are skipped (0: none). */
export function skipRecentlyRefreshed(grid: Grid, plan: EnrichPlan, days: number, now: number): EnrichPlan {
  if (!(days > 0)) return plan;
  return skipRefreshedSince(grid, plan, now - days * DAY_MS, refreshedWithin(days));
}
