/**
 * Batch benchmark: N lead lookups through the real client, the blocking Node fetchAll and the
 * sandbox on its own thread with a fixed latency. Prints the wall time against the ideal
 * ceil(N / limit) x latency, and the peak concurrency the sandbox saw against the limit (which
 * must never be exceeded). Options: --n 2000 --latency 200 --chunk 500 (repeatable: --chunk 100).
 *
 * The ideal counts latency only. This machine also spends time generating, sending and parsing
 * the answers (sandbox, fetch worker and client share 2 cores), so the same lookups are first
 * measured at 0 ms latency (the floor) and each run is also compared with ideal + floor.
 */
import { type SandboxControl, sandboxControl } from "../sandbox/api/control";
import { startSandboxThread } from "../sandbox/api/thread";
import { createNodeHttp } from "../sandbox/sync-http";
import { createClient } from "../src/api/client";
import type { Clock, Http } from "../src/api/ports";
import { PARALLEL_LIMITS, PATHS } from "../src/api/wire";

const BENCH_KEY = "bench-key";
const NO_DEADLINE = 10 * 60_000;

function option(args: string[], name: string): string[] {
  return args.flatMap((arg, i) =>
    arg === `--${name}` && args[i + 1] !== undefined ? [args[i + 1] as string] : [],
  );
}

/** Wall-clock time with a blocking sleep, as Utilities.sleep behaves. */
const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms),
};

interface Run {
  wall: number;
  ok: number;
  spent: number;
  peak: number;
  throttled: number;
  charged: number;
}

async function measure(
  control: SandboxControl,
  baseUrl: string,
  http: Http,
  urls: string[],
  chunkSize: number,
  latencyMs: number,
): Promise<Run> {
  // reset also restores the sandbox's configuration, so the latency is set after it.
  await control.reset();
  await control.configure({ latencyMs: { [PATHS.leadLookup]: latencyMs } });
  await control.setCredits(BENCH_KEY, urls.length * 10);
  const client = createClient({ baseUrl, apiKey: BENCH_KEY, http, clock: realClock, chunkSize });
  const started = performance.now();
  const result = client.lookupLeads(
    urls.map((url) => ({ url })),
    { deadline: Date.now() + NO_DEADLINE },
  );
  const wall = performance.now() - started;
  const stats = await control.stats();
  return {
    wall,
    ok: result.outcomes.filter((o) => o?.ok).length,
    spent: result.spent,
    peak: stats.peakConcurrency[PATHS.leadLookup] ?? 0,
    throttled: stats.throttled[PATHS.leadLookup] ?? 0,
    charged: stats.creditsCharged,
  };
}

export async function run(args: string[]): Promise<void> {
  const n = Number(option(args, "n")[0] ?? 2000);
  const latency = Number(option(args, "latency")[0] ?? 200);
  const limit = PARALLEL_LIMITS[PATHS.leadLookup];
  const chunks = option(args, "chunk").map(Number);
  const sizes = chunks.length > 0 ? chunks : [limit, 100];

  const sandbox = await startSandboxThread({ latencyMs: 0, seed: 1 });
  const control = sandboxControl(sandbox.url);
  try {
    const urls = await control.sampleUrls(n);
    const http = createNodeHttp();
    console.log(`${urls.length} lookups, sandbox latency ${latency} ms, spec limit ${limit} in parallel`);
    // Warm-up (not measured): starts the fetch worker, opens the kept-alive sockets, warms the JIT.
    const warm = await measure(control, sandbox.url, http, urls, limit, 0);
    const runs = [];
    for (const size of sizes)
      runs.push({ size, run: await measure(control, sandbox.url, http, urls, size, latency) });
    // The floor is measured twice (before the runs are printed) and the lower kept: this machine is shared.
    const floorRuns = [
      await measure(control, sandbox.url, http, urls, limit, 0),
      await measure(control, sandbox.url, http, urls, limit, 0),
    ];
    const floor = Math.min(...floorRuns.map((f) => f.wall));
    console.log(
      `warm-up ${warm.wall.toFixed(0)} ms; floor (same lookups at 0 ms latency, chunk ${limit}) ${floor.toFixed(0)} ms`,
    );
    for (const { size, run: r } of runs) {
      const chunk = Math.min(size, limit);
      const ideal = Math.ceil(urls.length / chunk) * latency;
      console.log(
        [
          `chunk ${chunk}: wall ${r.wall.toFixed(0)} ms vs ideal ${ideal} ms (x${(r.wall / ideal).toFixed(2)}; ` +
            `x${(r.wall / (ideal + floor)).toFixed(2)} of ideal + floor)`,
          `peak concurrency ${r.peak} vs limit ${chunk} (${r.peak <= chunk ? "never exceeded" : "EXCEEDED"})`,
          `ok ${r.ok}/${urls.length}, throttled ${r.throttled}, spent ${r.spent} (sandbox ledger ${r.charged})`,
          `${((urls.length / r.wall) * 1000).toFixed(0)} lookups/s`,
        ].join("; "),
      );
      if (r.peak > chunk) process.exitCode = 1;
    }
  } finally {
    await sandbox.close();
  }
}
