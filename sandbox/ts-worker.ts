/**
 * Starts worker threads from TypeScript entry files.
 *
 * Why: a synchronous fetchAll (Apps Script's model) blocks its thread in Atomics.wait, so the
 * sandbox API and the fetching itself must live on other threads. Node 20 cannot load .ts in a
 * worker, and tsx's loader does not reach workers started under Vitest, so the entry is bundled
 * by esbuild into one ES module and evaluated.
 */
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";
import * as esbuild from "esbuild";

type StartOptions = Omit<WorkerOptions, "eval">;

const BUNDLE = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  write: false,
  packages: "external",
} as const satisfies esbuild.BuildOptions;

const bundles = new Map<string, string>();

/**
 * Synchronous start (callers that are themselves synchronous, such as the first fetchAll). The
 * bundle has no file location: this worker's code must not read files relative to
 * import.meta.url; pass paths in workerData, or use startTsWorkerKeepingUrls.
 */
export function startTsWorker(entry: string, options: StartOptions = {}): Worker {
  let code = bundles.get(entry);
  if (code === undefined) {
    code = esbuild.buildSync({ ...BUNDLE, entryPoints: [entry] }).outputFiles[0]!.text;
    bundles.set(entry, code);
  }
  return new Worker(code, { ...options, eval: true });
}

/** Spelled in pieces: this file is itself bundled through the plugin below, which rewrites the phrase. */
const META_URL = ["import", "meta", "url"].join(".");

/** Gives every bundled module its own module URL (esbuild's synchronous API takes no plugins). */
const keepModuleUrls: esbuild.Plugin = {
  name: "keep-module-urls",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll(META_URL, url), loader: "ts" };
    });
  },
};

/**
 * Like startTsWorker, but modules in the worker keep their own import.meta.url, so code that finds
 * files next to itself (sandbox/sync-http finds its worker that way) works inside the worker.
 */
export async function startTsWorkerKeepingUrls(entry: string, options: StartOptions = {}): Promise<Worker> {
  const result = await esbuild.build({ ...BUNDLE, entryPoints: [entry], plugins: [keepModuleUrls] });
  return new Worker(result.outputFiles[0]!.text, { ...options, eval: true });
}
