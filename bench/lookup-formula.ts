/**
 * =LOOKUP_LEAD over 500 profile URLs at 2 s API latency, with the runtime's cost model on: one
 * custom-function execution (30 s at most) that must fill every row. Reports the execution's time,
 * its bundle load, the rows filled and the share of time in service calls other than fetches.
 * Options: --urls 500 --latency 2000
 */
import { PATHS } from "../src/api/wire";
import { startAddonRuntime } from "../test/runtime/support";
import { numberOption } from "./options";
import { serviceShare } from "./service-share";

export async function run(args: string[]): Promise<void> {
  const count = numberOption(args, "urls", 500);
  const latency = numberOption(args, "latency", 2000);
  const addon = await startAddonRuntime({
    sandbox: { latencyMs: { [PATHS.leadLookup]: latency, "*": 0 } },
    // Room for the whole range: the spend cap per run and the daily formula budget (Settings).
    userProperties: {
      SPEND_CAP: String(count * 2),
      FORMULA_DAILY_CREDITS: String(count * 2),
      CHUNK_SIZE: "500",
    },
    runtime: { costModel: true },
  });
  try {
    const urls = await addon.control.sampleUrls(count, 0);
    const rt = addon.runtime;
    rt.setValues("Sheet1", "A1", [["network_url"], ...urls.map((url) => [url])]);
    rt.resetCounters();
    rt.setCell("Sheet1", "B2", `=LOOKUP_LEAD(A2:A${count + 1}, "full_name,job_title")`);
    const execution = rt.executions.filter((e) => e.kind === "custom").at(-1);
    if (!execution) throw new Error("the formula did not run");
    const names = rt.getValues("Sheet1", `B2:B${count + 1}`).map((row) => String(row[0] ?? ""));
    const filled = names.filter((name) => name !== "" && !name.startsWith("not fetched")).length;
    const stats = await addon.control.stats();
    console.log(
      `${count} URLs at ${latency} ms latency, cost model on: one execution, ${execution.outcome}, ` +
        `${(execution.durationMs / 1000).toFixed(2)} s of the 30 s (bundle load ${execution.loadMs.toFixed(1)} ms, ` +
        `${Math.round(rt.bundle.bytes / 1024)} KB compiled once in ${rt.bundle.compileMs.toFixed(1)} ms)`,
    );
    console.log(
      `rows filled: ${filled} of ${count}; fetchAll calls ${rt.counters.fetchAllCalls}, requests ${rt.counters.requests}; credits charged ${stats.creditsCharged}`,
    );
    console.log(serviceShare(rt.counters, execution.durationMs));
  } finally {
    await addon.close();
  }
}
