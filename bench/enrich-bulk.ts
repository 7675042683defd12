/**
 * The same rows through bulk jobs, the default generation (API generation "auto"), history on and
 * the cost model on, for comparison with the lookup path the rest of bench/enrich.ts measures:
 * wall time and its ratio to the lookup path's ideal, steps, service time other than fetches per
 * 1,000 rows and where it goes, reads after writes.
 */
import { PATHS } from "../src/api/wire";
import { driveSteps, type EnrichWorld, estimateAndConfirm } from "../test/jobs/enrich-world";
import { serviceShare } from "./service-share";

const SHEET = "Bulk";

export async function runBulk(
  world: EnrichWorld,
  rows: string[][],
  latency: number,
  idealMs: number,
): Promise<void> {
  const runtime = world.runtime;
  runtime.insertSheet(SHEET);
  runtime.setValues(SHEET, "A1", rows);
  await world.control.configure({ latencyMs: { [PATHS.leadLookup]: latency, "*": 0 } });
  runtime.properties.user().setAll({ API_GENERATION: "auto" });
  runtime.setCostModel(true);
  try {
    const jobId = estimateAndConfirm(runtime, `A1:A${rows.length}`, undefined, SHEET);
    runtime.resetCounters();
    const started = performance.now();
    const end = driveSteps(runtime, jobId);
    const ms = performance.now() - started;
    const counters = runtime.counters;
    const { fetch: _overhead, ...services } = counters.costMs;
    const serviceMs = Object.values(services).reduce((sum, each) => sum + each, 0);
    const stats = await world.control.stats();
    console.log(
      `\nbulk jobs (the default generation), same ${rows.length - 1} rows, history on, cost model on: ` +
        `${end.state} in ${counters.executions} step(s), ${end.ok} ok; wall ${(ms / 1000).toFixed(2)} s ` +
        `(x${(ms / idealMs).toFixed(2)} the lookup path's ideal); service time other than fetches ` +
        `${((serviceMs * 1000) / (rows.length - 1) / 1000).toFixed(2)} s per 1,000 rows; ` +
        `${counters.readsAfterWrites} reads after writes; ${stats.creditsCharged} credits`,
    );
    console.log(`  ${serviceShare(counters, ms)}`);
  } finally {
    runtime.setCostModel(false);
    runtime.properties.user().setAll({ API_GENERATION: "legacy" });
  }
}
