/**
 * Batch benchmark: N lead lookups through the real client, the blocking Node fetchAll and the
 * sandbox on its own thread with a fixed latency. Prints the wall time against the ideal
 * ceil(N / limit) x latency, and the peak concurrency the sandbox saw against the limit (which
 * must never be exceeded). Options: --n 2000 --latency 200 --chunk 500 (repeatable: --chunk 100).
 */

import { sandboxControl } from "../sandbox/api/control";
import { startSandboxThread } from "../sandbox/api/thread";
import { createNodeHttp } from "../sandbox/sync-http";
import { createClient } from "../src/api/client";
import type { Clock } from "../src/api/ports";
import { PARALLEL_LIMITS, PATHS } from "../src/api/wire";

const BENCH_KEY = "bench-key";

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

export async function run(args: string[]): Promise<void> {
  const n = Number(option(args, "n")[0] ?? 2000);
  const latency = Number(option(args, "latency")[0] ?? 200);
  const limit = PARALLEL_LIMITS[PATHS.leadLookup];
  const chunks = option(args, "chunk").map(Number);
  const sizes = chunks.length > 0 ? chunks : [limit, 100];

  const sandbox = await startSandboxThread({ latencyMs: { [PATHS.leadLookup]: latency }, seed: 1 });
  const control = sandboxControl(sandbox.url);
  try {
    const urls = await control.sampleUrls(n);
    const http = createNodeHttp();
    console.log(`${urls.length} lookups, sandbox latency ${latency} ms, spec limit ${limit} in parallel`);
    // Warm-up (not measured): starts the fetch worker, opens the kept-alive sockets, warms the JIT.
    await control.setCredits(BENCH_KEY, n * 10);
    const warm = performance.now();
    createClient({ baseUrl: sandbox.url, apiKey: BENCH_KEY, http, clock: realClock }).lookupLeads(
      urls.slice(0, limit).map((url) => ({ url })),
      { deadline: Date.now() + 60_000 },
    );
    console.log(
      `warm-up: ${Math.min(limit, urls.length)} lookups in ${(performance.now() - warm).toFixed(0)} ms`,
    );
    for (const size of sizes) {
      await control.reset();
      await control.setCredits(BENCH_KEY, n * 10);
      const client = createClient({
        baseUrl: sandbox.url,
        apiKey: BENCH_KEY,
        http,
        clock: realClock,
        chunkSize: size,
      });
      const started = performance.now();
      const result = client.lookupLeads(
        urls.map((url) => ({ url })),
        { deadline: Date.now() + 10 * 60_000 },
      );
      const wall = performance.now() - started;
      const stats = await control.stats();
      const chunkLimit = Math.min(size, limit);
      const ideal = Math.ceil(urls.length / chunkLimit) * latency;
      const ok = result.outcomes.filter((o) => o?.ok).length;
      const peak = stats.peakConcurrency[PATHS.leadLookup] ?? 0;
      const throttled = stats.throttled[PATHS.leadLookup] ?? 0;
      console.log(
        [
          `chunk ${chunkLimit}: wall ${wall.toFixed(0)} ms vs ideal ${ideal} ms (x${(wall / ideal).toFixed(2)})`,
          `peak concurrency ${peak} vs limit ${chunkLimit} (${peak <= chunkLimit ? "never exceeded" : "EXCEEDED"})`,
          `ok ${ok}/${urls.length}, throttled ${throttled}, spent ${result.spent} (ledger ${stats.creditsCharged})`,
          `${((urls.length / wall) * 1000).toFixed(0)} lookups/s`,
        ].join("; "),
      );
      if (peak > limit) process.exitCode = 1;
    }
    // The floor: the same work with no sandbox latency is this machine's own HTTP and JSON cost
    // (both threads share 2 cores); wall time minus this floor is what latency costs.
    await control.reset();
    await control.setCredits(BENCH_KEY, n * 10);
    await control.configure({ latencyMs: 0 });
    const floorClient = createClient({ baseUrl: sandbox.url, apiKey: BENCH_KEY, http, clock: realClock });
    const floorStart = performance.now();
    floorClient.lookupLeads(
      urls.map((url) => ({ url })),
      { deadline: Date.now() + 10 * 60_000 },
    );
    const floor = performance.now() - floorStart;
    console.log(`floor: the same ${urls.length} lookups at 0 ms latency take ${floor.toFixed(0)} ms here`);
  } finally {
    await sandbox.close();
  }
}
