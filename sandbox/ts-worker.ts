/**
 * Starts a worker thread from a TypeScript entry file.
 *
 * Why: a synchronous fetchAll (Apps Script's model) blocks its thread in Atomics.wait, so the
 * sandbox API and the fetching itself must live on other threads. Node 20 cannot load .ts in a
 * worker, and tsx's loader does not reach workers started under Vitest, so the entry is bundled
 * by esbuild into one ES module and evaluated. The bundle has no file location: worker code must
 * not read files relative to import.meta.url; pass paths in workerData instead.
 */
import { Worker, type WorkerOptions } from "node:worker_threads";
import { buildSync } from "esbuild";

const bundles = new Map<string, string>();

function bundle(entry: string): string {
  let code = bundles.get(entry);
  if (code === undefined) {
    const result = buildSync({
      entryPoints: [entry],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      write: false,
      packages: "external",
    });
    code = result.outputFiles[0]!.text;
    bundles.set(entry, code);
  }
  return code;
}

/** `entry` is an absolute path to a .ts file whose top level runs in the worker. */
export function startTsWorker(entry: string, options: Omit<WorkerOptions, "eval"> = {}): Worker {
  return new Worker(bundle(entry), { ...options, eval: true });
}
