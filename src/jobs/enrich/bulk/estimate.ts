/**
 * What the estimate says of a run's path (issue 24): bulk jobs or lookups, what it costs and about
 * how long it takes. The durations come from the sandbox's production latency model
 * (sandbox/README.md; `npm run bench -- production`): a real-time lead takes 9 s at the median and
 * a minute or more in its tail, a stored one 1.5 s; bulk jobs work on hundreds at once, while
 * fresh lookups go 4 to a fetchAll (FRESH_MAX_PARALLEL) and wait on the slowest of each group.
 */
import { type BillingUnit, BULK_MAX_LEADS, BULK_USD_PER_LEAD } from "../../../api/bulk-enrich";
import type { ApiGeneration } from "../deps";
import { askedFresh, type EnrichExtras } from "../options";
import { webRequestsNeeded } from "../web-requests";
import { bulkServes, emailNeedsLookup } from "./decide";

export interface RunPath {
  kind: "bulk" | "lookups";
  /** One sentence for the Enrich tab's estimate. */
  text: string;
  /** About how many web requests the run needs (web-requests.ts), against the daily quota. */
  requests: number;
}

/** Minutes as a person says them: "about 2 min", "under a minute". */
function about(seconds: number): string {
  if (seconds < 60) return "under a minute";
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `about ${minutes} min` : `about ${Math.round(minutes / 6) / 10} h`;
}

/** Whether a run with these options goes through bulk jobs under `generation` (unless a 403 says no). */
export function takesBulk(
  extras: EnrichExtras,
  generation: ApiGeneration,
  workEmail = false,
  websitesSeen = false,
): boolean {
  return (
    generation !== "legacy" &&
    bulkServes(extras) &&
    !emailNeedsLookup({ workEmail }, generation, websitesSeen)
  );
}

/**
 * What a run of `toFetch` URLs costs in the unit the account is billed in (A19): dollars at the
 * current generation's price when its profile says USD; else credits, with the dollar figure beside.
 */
function costText(toFetch: number, fresh: boolean, unit: BillingUnit | undefined): string {
  const price = BULK_USD_PER_LEAD[fresh ? "realtime" : "database"];
  const usd = (toFetch * price).toFixed(2);
  if (unit === "usd")
    return `$${price.toFixed(2)} per profile found (up to $${usd}; your account is billed in USD), not found free`;
  return `1 credit per profile found (about $${usd} at the API's price), not found free`;
}

export function runPath(
  toFetch: number,
  extras: EnrichExtras,
  generation: ApiGeneration,
  workEmail = false,
  unit?: BillingUnit,
  websitesSeen = false,
  emailRows?: number,
): RunPath {
  const fresh = askedFresh(extras);
  const emailLookups = emailNeedsLookup({ workEmail }, generation, websitesSeen);
  const bulk = takesBulk(extras, generation, workEmail, websitesSeen);
  const requests = webRequestsNeeded({
    toFetch,
    bulk,
    fresh,
    workEmail,
    ...(emailRows === undefined ? {} : { emailRows }),
  });
  if (bulk) {
    const jobs = Math.ceil(toFetch / BULK_MAX_LEADS);
    // Hundreds at once: the slowest lead sets the pace (about 90 s fresh, 15 s stored) per 500.
    const seconds = Math.ceil(toFetch / 500) * (fresh ? 90 : 15);
    const fallback = generation === "auto" ? "; if your plan lacks them, lookups instead (said once)" : "";
    return {
      kind: "bulk",
      requests,
      text: `Bulk jobs (${jobs} of up to ${BULK_MAX_LEADS}, ${fresh ? "real-time" : "stored"} data): ${about(seconds)}; ${costText(toFetch, fresh, unit)}${fallback}.`,
    };
  }
  // Fresh lookups: 4 at a time, each group as slow as its slowest (about 30 s); stored: 500 at once.
  const seconds = fresh ? Math.ceil(toFetch / 4) * 30 : Math.ceil(toFetch / 500) * 10;
  const why =
    generation === "legacy"
      ? "the API generation setting"
      : emailLookups && bulkServes(extras)
        ? "Work email needs the company website a lookup answers"
        : "the extras chosen need the lookup";
  return { kind: "lookups", text: `One lookup per URL (${why}): ${about(seconds)}.`, requests };
}
