/**
 * `npm run sandbox -- --port 8787 --latency-ms 0 --seed 1` (each optional; PORT works too): serves
 * the sandbox API until stopped and prints its base URL and keys.
 */
import { parseArgs } from "node:util";
import { startSandbox } from "./server.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "latency-ms": { type: "string" },
    seed: { type: "string" },
    host: { type: "string" },
    "lookup-error-rate": { type: "string" },
  },
});

function numberOption(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name} must be a non-negative number, got ${text}`);
    process.exit(2);
  }
  return value;
}

const started = performance.now();
const sandbox = await startSandbox({
  port: numberOption("port", values.port ?? process.env.PORT, 8787),
  host: values.host ?? "127.0.0.1",
  latencyMs: numberOption("latency-ms", values["latency-ms"], 0),
  seed: numberOption("seed", values.seed, 1),
  lookupErrorRate: numberOption("lookup-error-rate", values["lookup-error-rate"], 0),
});
const ms = Math.round(performance.now() - started);
console.log(`Sandbox Prospecting Data API listening on ${sandbox.url} (ready in ${ms} ms)`);
console.log(`  ${sandbox.data.companies.companies.length} companies, ${sandbox.data.leadCount} leads`);
console.log("  API keys (header Authorization: Token <key>):");
for (const [key, credits] of Object.entries(sandbox.keys)) console.log(`    ${key}  ${credits} credits`);
console.log(`  Controls: ${sandbox.url}/__sandbox/stats (see sandbox/README.md). Ctrl+C stops.`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
