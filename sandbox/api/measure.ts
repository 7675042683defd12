/**
 * `npx tsx sandbox/api/measure.ts`: start-up time, memory and lookup throughput of the sandbox.
 * The server runs in its own Node process (the CLI, bundled by esbuild so that no TypeScript
 * loader sits in the measured process); this process is the client: 5,000 lookups from 100
 * concurrent lanes (fetch's keep-alive pool opens one socket per lane) at 0 latency, then more
 * until 10,000 lookups were served.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { sandboxControl } from "./control.ts";

const CONCURRENCY = 100;

function bundleCli(): string {
  const out = join(tmpdir(), `sandbox-cli-${process.pid}.mjs`);
  const result = buildSync({
    entryPoints: [fileURLToPath(new URL("./cli.ts", import.meta.url))],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
  });
  writeFileSync(out, result.outputFiles[0]!.text);
  return out;
}

async function startServer(
  file: string,
): Promise<{ url: string; readyMs: number; spawnToReadyMs: number; stop(): void }> {
  const started = performance.now();
  const child = spawn(process.execPath, [file, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (\S+) \(ready in (\d+) ms\)/.exec(output);
      if (match) {
        resolve({
          url: match[1]!,
          readyMs: Number(match[2]),
          spawnToReadyMs: Math.round(performance.now() - started),
          stop: () => child.kill("SIGTERM"),
        });
      }
    });
    child.once("exit", (code) => reject(new Error(`sandbox exited with ${code}: ${output}`)));
  });
}

async function lookups(url: string, urls: string[], count: number): Promise<number> {
  let next = 0;
  let failures = 0;
  const started = performance.now();
  async function lane(): Promise<void> {
    while (next < count) {
      const target = urls[next++ % urls.length];
      const response = await fetch(`${url}/api/network/leads/by_link/`, {
        method: "POST",
        headers: { Authorization: "Token sandbox-demo-key", "Content-Type": "application/json" },
        body: JSON.stringify({ url: target }),
      });
      await response.arrayBuffer();
      if (response.status !== 200) failures++;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  if (failures > 0) throw new Error(`${failures} lookups failed`);
  return count / ((performance.now() - started) / 1000);
}

const server = await startServer(bundleCli());
try {
  const control = sandboxControl(server.url);
  const atStart = await control.info();
  await control.setCredits("sandbox-demo-key", 1_000_000);
  const urls = await control.sampleUrls(10_000, 20_000);
  await lookups(server.url, urls, 500); // warm-up
  const cpuBefore = (await control.info()).cpuMs;
  const perSecond = await lookups(server.url, urls, 5_000);
  const serverCpuMs = (await control.info()).cpuMs - cpuBefore;
  await lookups(server.url, urls, 4_500);
  const after = await control.info();
  const stats = await control.stats();
  console.log(
    JSON.stringify(
      {
        readyMs: server.readyMs,
        spawnToReadyMs: server.spawnToReadyMs,
        rssMbAtStart: atStart.memory.rssMb,
        heapMbAtStart: atStart.memory.heapUsedMb,
        rssMbAfter10kLookups: after.memory.rssMb,
        heapMbAfter10kLookups: after.memory.heapUsedMb,
        lookupsServed: stats.requests["/api/network/leads/by_link/"],
        lookupsPerSecond: Math.round(perSecond),
        // What the server alone could sustain on one core: the client is usually the bottleneck.
        serverCpuMsPer1000Lookups: Math.round(serverCpuMs / 5),
        concurrency: CONCURRENCY,
      },
      null,
      2,
    ),
  );
} finally {
  server.stop();
}
