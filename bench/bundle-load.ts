/**
 * What every execution pays to load the add-on's code (issue 11, G5). Each formula cell is an
 * execution that evaluates Code.js in a fresh context; sidebar calls, menu actions and trigger runs
 * also read and evaluate the server module. The baseline is the add-on as one bundle (entry points
 * and server module together, as Code.js was before the split): what each cell would load otherwise.
 * Measured in the emulated runtime's V8 (node:vm), median of --runs fresh contexts (default 200).
 * Options: --runs 200
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";
import { bundleServer, DEFAULT_API_BASE_URL, urlFetchWhitelist } from "../scripts/build";
import { SPEC_WIRE_NAMES } from "../src/api/wire-names";
import { SERVER_MODULE_FILE, SERVER_MODULE_GLOBAL } from "../src/gas/server-module";
import { numberOption } from "./options";

const root = join(import.meta.dirname, "..");

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Median wall time of evaluating `scripts` in a new context, as an execution's start does. */
function loadMs(scripts: vm.Script[], runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const context = vm.createContext({});
    const started = performance.now();
    for (const script of scripts) script.runInContext(context);
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function run(args: string[]): Promise<void> {
  const runs = numberOption(args, "runs", 200);
  const code = readFileSync(join(root, "dist/Code.js"), "utf8");
  const module = readFileSync(join(root, `dist/${SERVER_MODULE_FILE}.html`), "utf8");
  const kb = (text: string) => `${(Buffer.byteLength(text, "utf8") / 1024).toFixed(1)} KB`;
  const codeScript = new vm.Script(code, { filename: "Code.js" });
  // As src/gas/server-module.ts evaluates it: the module's text as a function body.
  const moduleScript = new vm.Script(
    `new Function(${JSON.stringify(`${module}\nreturn ${SERVER_MODULE_GLOBAL};`)})()`,
  );
  // The baseline: main.ts and server.ts in one bundle, their shared modules once.
  const whole = await bundleServer(
    { contents: 'export * from "./src/main"; export * as server from "./src/server";' },
    "AddOn",
    {
      baseUrl: DEFAULT_API_BASE_URL,
      whitelist: urlFetchWhitelist(DEFAULT_API_BASE_URL),
      wireNames: SPEC_WIRE_NAMES,
    },
  );
  const wholeScript = new vm.Script(whole, { filename: "whole.js" });
  const formula = loadMs([codeScript], runs);
  const server = loadMs([codeScript, moduleScript], runs);
  const baseline = loadMs([wholeScript], runs);
  console.log(
    `Code.js ${kb(code)} (budget: 80,000 bytes), server module ${kb(module)}; the add-on as one bundle ${kb(whole)}`,
  );
  console.log(
    `load per formula cell: ${formula.toFixed(2)} ms against ${baseline.toFixed(2)} ms as one bundle ` +
      `(x${(formula / baseline).toFixed(2)}); per sidebar call, menu action or trigger run: ${server.toFixed(2)} ms ` +
      `(x${(server / baseline).toFixed(2)}), plus one HtmlService file read. Median of ${runs} fresh contexts.`,
  );
}
