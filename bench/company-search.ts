/**
 * Company search of 200 companies as the Companies tab runs it (estimate, then the run writing the
 * Companies sheet), with the runtime's cost model on and the API answering in --latency ms
 * (default 2,000: production's real-time calls take seconds). Reports the time, the rows written
 * and the share of time in service calls other than fetches. Options: --limit 200 --latency 2000
 */
import { emptyForm } from "../src/jobs/company-search/form";
import type { CompanyEstimate, CompanyRunResult } from "../src/rpc/companies";
import { rpcValue } from "../test/jobs/enrich-world";
import { startAddonRuntime } from "../test/runtime/support";
import { numberOption } from "./options";
import { serviceShare } from "./service-share";

const PATH = "/api/network/companies/by_icp/";

export async function run(args: string[]): Promise<void> {
  const limit = numberOption(args, "limit", 200);
  const latency = numberOption(args, "latency", 2000);
  const addon = await startAddonRuntime({
    sandbox: { latencyMs: { [PATH]: latency, "*": 0 } },
    userProperties: { SPEND_CAP: String(limit * 5) },
    runtime: { costModel: true },
  });
  try {
    const rt = addon.runtime;
    const form = { ...emptyForm(), headcounts: ["51-200", "201-500", "501-1000"], limit_by: limit };
    rt.resetCounters();
    const started = performance.now();
    const estimate = rpcValue<CompanyEstimate>(rt, "companyEstimate", form);
    const result = rpcValue<CompanyRunResult>(rt, "companyRun", {
      form,
      confirmedCredits: estimate.maxCredits,
    });
    const wall = performance.now() - started;
    const sheet = rt.sheets().find((s) => s.name === "Companies");
    const stats = await addon.control.stats();
    console.log(
      `${limit} companies at ${latency} ms latency, cost model on: estimate + run ${(wall / 1000).toFixed(2)} s ` +
        `in ${rt.counters.executions} executions (longest ${(Math.max(...rt.executions.map((e) => e.durationMs)) / 1000).toFixed(2)} s of 6 min)`,
    );
    console.log(
      `Companies sheet rows: ${(sheet?.lastRow ?? 1) - 1}; credits charged ${stats.creditsCharged}; ` +
        `${rt.counters.spreadsheetReads} sheet reads, ${rt.counters.spreadsheetWrites} writes, ${rt.counters.requests} requests; ` +
        `result: ${JSON.stringify(result).slice(0, 120)}`,
    );
    console.log(serviceShare(rt.counters, wall));
  } finally {
    await addon.close();
  }
}
