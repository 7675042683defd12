/**
 * `npm start`: builds the add-on, starts the sandbox API, the emulated runtime and the playground
 * server, and prints the page's URL with the sandbox API's address and demo keys. Options: --port / PORT (default 5173), --sandbox-port / SANDBOX_PORT
 * (default: any free port), --latency-ms (sandbox latency per request), --latency production (the
 * sandbox's production latency model), --account-parallel N and --daily-searches N (account
 * limits), --readings spec (the spec's first reading instead of production's), --network-name WORD
 * and --company-db-name WORD (the sandbox serves production's names under those words, and the
 * add-on is built with them unless API_NETWORK_NAME / API_COMPANY_DB_NAME say otherwise, which is
 * how to see a mismatch). Ctrl-C stops everything.
 * A busy default port moves to the next free one; a busy chosen port, or any other failure to start,
 * is one line on stderr (no stack trace) and exit code 1. PLAYGROUND_DATA_DIR moves .data/.
 */
import { parseArgs } from "node:util";
import * as esbuild from "esbuild";
import { build, wireNamesFromEnv } from "../../scripts/build";
import { DEFAULT_KEYS } from "../api/state";
import { readyText } from "./ready-text";
import { checkPortFree, type PlaygroundOptions, startPlayground } from "./server";

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
    latency: { type: "string" },
    "account-parallel": { type: "string" },
    "daily-searches": { type: "string" },
    readings: { type: "string" },
    "network-name": { type: "string" },
    "company-db-name": { type: "string" },
  },
});

/** The sandbox flags beyond latency: see sandbox/README.md. */
function sandboxOptions(): NonNullable<PlaygroundOptions["sandbox"]> {
  const options: NonNullable<PlaygroundOptions["sandbox"]> = {};
  if (values.latency !== undefined) {
    if (values.latency !== "production" && values.latency !== "fixed")
      throw new Error(`--latency must be production or fixed, not "${values.latency}".`);
    options.latencyModel = values.latency;
  }
  const parallel = numberOption(values["account-parallel"], "--account-parallel");
  if (parallel !== undefined) options.accountParallel = parallel;
  const daily = numberOption(values["daily-searches"], "--daily-searches");
  if (daily !== undefined) options.dailySearches = daily;
  if (values["network-name"] !== undefined) options.networkName = values["network-name"];
  if (values["company-db-name"] !== undefined) options.companyDbName = values["company-db-name"];
  if (values.readings !== undefined) {
    if (values.readings !== "production" && values.readings !== "spec")
      throw new Error(`--readings must be production or spec, not "${values.readings}".`);
    options.readings = values.readings;
  }
  return options;
}
/** What went wrong, in one line: a person starting a tool needs the cause, not a stack. */
function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`playground: ${message.split("\n")[0]}`);
  process.exit(1);
}

async function start() {
  const chosenPort = values.port ?? process.env.PORT;
  const port = numberOption(chosenPort, "PORT") ?? 5173;
  const sandboxPort = numberOption(values["sandbox-port"] ?? process.env.SANDBOX_PORT, "SANDBOX_PORT");
  const latencyMs = numberOption(values["latency-ms"], "--latency-ms");
  const dataDir = process.env.PLAYGROUND_DATA_DIR;
  const portIsDefault = chosenPort === undefined || chosenPort === "";
  // A chosen port that is taken fails now, not after the build.
  if (!portIsDefault && port !== 0) await checkPortFree(port);
  // The add-on speaks the sandbox's names unless the environment sets its own (wireNamesFromEnv).
  const fromEnv = wireNamesFromEnv();
  const wireNames = {
    network: process.env.API_NETWORK_NAME?.trim()
      ? fromEnv.network
      : (values["network-name"] ?? fromEnv.network),
    companyDb: process.env.API_COMPANY_DB_NAME?.trim()
      ? fromEnv.companyDb
      : (values["company-db-name"] ?? fromEnv.companyDb),
  };
  await build(undefined, { sandbox: true, wireNames });
  const served = values["network-name"] ?? "network";
  if (served !== "network" || wireNames.network !== "network")
    networkNames = { sandbox: served, addon: wireNames.network };
  return startPlayground({
    port,
    portIsDefault,
    ...(sandboxPort !== undefined && { sandboxPort }),
    ...(latencyMs !== undefined && { latencyMs }),
    sandbox: sandboxOptions(),
    ...(dataDir ? { dataDir } : {}),
  });
}

/** Said in the ready text when either side does not use the spec's word. */
let networkNames: { sandbox: string; addon: string } | undefined;
const playground = await start().catch(fail);
const usedPort = Number(new URL(playground.url).port);
if (!(values.port ?? process.env.PORT) && usedPort !== 5173) {
  console.log(`port 5173 is in use: the playground took port ${usedPort}`);
}
// The bundles are built: end this thread's esbuild service rather than keep it idle (about 25 MB).
await esbuild.stop();
console.log(
  readyText({
    url: playground.url,
    sandboxUrl: playground.sandboxUrl,
    keys: DEFAULT_KEYS,
    elapsedMs: performance.now() - started,
    ...(networkNames ? { networkNames } : {}),
  }),
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await playground.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
