/**
 * `npm run sandbox -- --port 8787 --latency-ms 0 --seed 1` (each optional; PORT works too): serves
 * the sandbox API until stopped and prints its base URL and keys. `--network-name WORD` and
 * `--company-db-name WORD` serve production's names instead of the spec's (served-names.ts). Production's behaviour
 * (PRODUCTION.md) is the default; the flags below choose the other readings and the account limits.
 */
import { parseArgs } from "node:util";
import { READING_PRESETS, type Readings } from "./readings.ts";
import { type SandboxOptions, startSandbox } from "./server.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "latency-ms": { type: "string" },
    latency: { type: "string" },
    "latency-seed": { type: "string" },
    "latency-scale": { type: "string" },
    seed: { type: "string" },
    host: { type: "string" },
    "lookup-error-rate": { type: "string" },
    "account-parallel": { type: "string" },
    "daily-searches": { type: "string" },
    "daily-limit-status": { type: "string" },
    readings: { type: "string" },
    "insufficient-funds-status": { type: "string" },
    "negative-balance": { type: "boolean" },
    "ledger-statuses": { type: "boolean" },
    "network-name": { type: "string" },
    "company-db-name": { type: "string" },
    "after-balance": { type: "string" },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function numberOption(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) fail(`--${name} must be a non-negative number, got ${text}`);
  return value;
}

function wholeOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) fail(`--${name} must be a whole number, got ${text}`);
  return Number(text);
}

function choice<T extends string>(
  name: string,
  text: string | undefined,
  choices: readonly T[],
): T | undefined {
  if (text === undefined) return undefined;
  if (!(choices as readonly string[]).includes(text))
    fail(`--${name} must be one of ${choices.join(", ")}, got ${text}`);
  return text as T;
}

const readings: Partial<Readings> = {};
const preset = choice("readings", values.readings, ["production", "spec"] as const);
const funds = choice("insufficient-funds-status", values["insufficient-funds-status"], [
  "402",
  "400",
] as const);
if (funds !== undefined) readings.insufficientFundsStatus = Number(funds) as 402 | 400;
if (values["negative-balance"]) readings.negativeBalance = true;
if (values["ledger-statuses"]) readings.ledgerStatuses = true;
const afterBalance = choice("after-balance", values["after-balance"], ["per_operation", "balance"] as const);
if (afterBalance !== undefined) readings.afterBalance = afterBalance;

const options: SandboxOptions = {
  port: numberOption("port", values.port ?? process.env.PORT, 8787),
  host: values.host ?? "127.0.0.1",
  latencyMs: numberOption("latency-ms", values["latency-ms"], 0),
  latencyModel: choice("latency", values.latency, ["fixed", "production"] as const) ?? "fixed",
  latencyScale: numberOption("latency-scale", values["latency-scale"], 1),
  seed: numberOption("seed", values.seed, 1),
  lookupErrorRate: numberOption("lookup-error-rate", values["lookup-error-rate"], 0),
  accountParallel: wholeOption("account-parallel", values["account-parallel"]) ?? null,
  dailySearches: wholeOption("daily-searches", values["daily-searches"]) ?? null,
  dailyLimitStatus: wholeOption("daily-limit-status", values["daily-limit-status"]) ?? 429,
  readings: { ...READING_PRESETS[preset ?? "production"], ...readings },
};
const word = (name: string, text: string | undefined): string | undefined => {
  if (text === undefined) return undefined;
  if (!/^[a-z][a-z0-9_]*$/.test(text)) fail(`--${name} must be one lower-case word, got ${text}`);
  return text;
};
const networkName = word("network-name", values["network-name"]);
if (networkName !== undefined) options.networkName = networkName;
const companyDbName = word("company-db-name", values["company-db-name"]);
if (companyDbName !== undefined) options.companyDbName = companyDbName;
const latencySeed = wholeOption("latency-seed", values["latency-seed"]);
if (latencySeed !== undefined) options.latencySeed = latencySeed;

const started = performance.now();
const sandbox = await startSandbox(options);
const ms = Math.round(performance.now() - started);
console.log(`Sandbox Prospecting Data API listening on ${sandbox.url} (ready in ${ms} ms)`);
console.log(`  ${sandbox.data.companies.companies.length} companies, ${sandbox.data.leadCount} leads`);
console.log(
  `  Paths and fields under the network name "${sandbox.names.network}" (/api/${sandbox.names.network}/leads/by_link/, ${sandbox.names.network}_id) and ${sandbox.names.companyDb}_urn`,
);
console.log("  API keys (header Authorization: Token <key>):");
for (const [key, credits] of Object.entries(sandbox.keys)) console.log(`    ${key}  ${credits} credits`);
const config = sandbox.state.config;
console.log(
  `  Readings: ${preset ?? "production"}; latency ${config.latencyModel}; account limits: ${config.accountParallel ?? "no"} parallel searches, ${config.dailySearches ?? "no"} daily searches`,
);
console.log(`  Controls: ${sandbox.url}/__sandbox/stats (see sandbox/README.md). Ctrl+C stops.`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
