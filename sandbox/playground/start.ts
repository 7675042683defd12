/**
 * `npm start`: builds the add-on, starts the sandbox API, the emulated runtime and the playground
 * server, and prints one URL. Options: --port / PORT (default 5173), --sandbox-port / SANDBOX_PORT
 * (default: any free port), --latency-ms (sandbox latency per request). Ctrl-C stops everything.
 */
import { parseArgs } from "node:util";
import * as esbuild from "esbuild";
import { build } from "../../scripts/build";
import { startPlayground } from "./server";

function numberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number, not "${value}".`);
  return parsed;
}

const started = performance.now();
const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "sandbox-port": { type: "string" },
    "latency-ms": { type: "string" },
  },
});
const port = numberOption(values.port ?? process.env.PORT, "PORT") ?? 5173;
const sandboxPort = numberOption(values["sandbox-port"] ?? process.env.SANDBOX_PORT, "SANDBOX_PORT");
const latencyMs = numberOption(values["latency-ms"], "--latency-ms");

await build(undefined, { sandbox: true });
const playground = await startPlayground({
  port,
  ...(sandboxPort !== undefined && { sandboxPort }),
  ...(latencyMs !== undefined && { latencyMs }),
});
// The bundles are built: end this thread's esbuild service rather than keep it idle (about 25 MB).
await esbuild.stop();
// One URL on purpose: the page is the way in (the sandbox's own address is in the add-on's settings).
console.log(`Playground ready in ${Math.round(performance.now() - started)} ms: ${playground.url}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await playground.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
