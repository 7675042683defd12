/**
 * Starts the runtime worker from engine-worker.ts. Like sandbox/ts-worker.ts it bundles the entry
 * with esbuild and evaluates it, but it also gives every bundled module its own `import.meta.url`:
 * modules reached from the runtime (sandbox/sync-http) find their own worker files from it, and in
 * an evaluated bundle it would otherwise name a file that does not exist ("<cwd>/[eval1]").
 */
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import * as esbuild from "esbuild";

const keepModuleUrls: esbuild.Plugin = {
  name: "keep-module-urls",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll("import.meta.url", url), loader: "ts" };
    });
  },
};

export async function startEngineThread(entry: string, workerData: unknown): Promise<Worker> {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    packages: "external",
    plugins: [keepModuleUrls],
  });
  return new Worker(result.outputFiles[0]!.text, { eval: true, workerData });
}
