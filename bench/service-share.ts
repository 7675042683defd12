/**
 * With the runtime's cost model on (sandbox/gas/cost-model.ts), the time service calls other than
 * fetches take: properties, cache, spreadsheet calls and the flushes of queued writes. The issue's
 * yardstick: what share of a run is spent there rather than waiting for the API.
 */
import type { Counters } from "../sandbox/gas/counters";

export function serviceShare(counters: Counters, wallMs: number): string {
  const { properties, cache, sheets, flush, fetch, files } = counters.costMs;
  const other = properties + cache + sheets + flush + files;
  const share = wallMs > 0 ? (100 * other) / wallMs : 0;
  const ms = (n: number) => `${Math.round(n)} ms`;
  return (
    `service calls other than fetches: ${ms(other)} = ${share.toFixed(1)}% of ${ms(wallMs)} ` +
    `(properties ${ms(properties)}, cache ${ms(cache)}, sheet calls ${ms(sheets)}, flushes ${ms(flush)}, project files ${ms(files)}); ` +
    `UrlFetch overhead ${ms(fetch)}`
  );
}
