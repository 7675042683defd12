/**
 * Benchmark runner: `npm run bench` runs every benchmark, `npm run bench -- <name> [args]` one.
 * Each benchmark prints its figures and their ratios to a baseline or an ideal.
 * To add one: write bench/<name>.ts exporting `run(args: string[]): Promise<void>` and register
 * it below with one line.
 */

import { build } from "../scripts/build";

interface BenchmarkModule {
  run(args: string[]): Promise<void>;
}

const BENCHMARKS: Record<string, () => Promise<BenchmarkModule>> = {
  batch: () => import("./batch"),
  enrich: () => import("./enrich"),
  production: () => import("./production"),
  "lookup-formula": () => import("./lookup-formula"),
  "company-search": () => import("./company-search"),
  "bundle-load": () => import("./bundle-load"),
  "wire-read": () => import("./wire-read"),
};

async function main(): Promise<void> {
  // A sandbox build (its manifest allows the local sandbox API), as the tests use.
  await build(undefined, { sandbox: true });
  const [name, ...args] = process.argv.slice(2);
  const names = name === undefined ? Object.keys(BENCHMARKS) : [name];
  for (const each of names) {
    const load = BENCHMARKS[each];
    if (!load) {
      console.error(`Unknown benchmark "${each}". Known: ${Object.keys(BENCHMARKS).join(", ")}.`);
      process.exitCode = 2;
      return;
    }
    console.log(`\n== ${each} ==`);
    await (await load()).run(name === undefined ? [] : args);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
