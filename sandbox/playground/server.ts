/**
 * Starts the playground: the sandbox API on its own thread, the emulated Apps Script runtime on a
 * worker (it blocks its thread during UrlFetchApp), and the page's HTTP server on this thread.
 * dist/ must be built first (`npm start` does it; tests get it from vitest's globalSetup).
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startSandboxThread } from "../api/thread";
import { startTsWorkerKeepingUrls } from "../ts-worker";
import { EngineClient } from "./engine-client";
import type { EngineSetup } from "./engine-setup";
import { createHandler } from "./http-handler";
import { buildPageAssets } from "./page-assets";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");

/** The sandbox key every first visit uses (10,000 credits). */
export const DEMO_API_KEY = "sandbox-demo-key";
/** Example profile URLs seeded into a new playground spreadsheet. */
const SEED_URL_COUNT = 5;

export interface PlaygroundOptions {
  /** Playground HTTP port; 0 picks a free one. Default 5173. */
  port?: number;
  /** Sandbox API port; 0 (default) picks a free one. */
  sandboxPort?: number;
  /** Latency the sandbox API adds to each request. */
  latencyMs?: number;
  /** Where playground.json lives. Default <repo>/.data. */
  dataDir?: string;
  /** Where the built add-on is. Default <repo>/dist. */
  distDir?: string;
}

export interface Playground {
  url: string;
  sandboxUrl: string;
  statePath: string;
  close(): Promise<void>;
}

async function sampleUrls(sandboxUrl: string): Promise<string[]> {
  const response = await fetch(new URL(`/__sandbox/sample-urls?count=${SEED_URL_COUNT}`, sandboxUrl));
  if (!response.ok) throw new Error(`The sandbox gave no sample URLs (${response.status}).`);
  const body = (await response.json()) as { urls: string[] };
  return body.urls;
}

export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  const distDir = options.distDir ?? join(root, "dist");
  const dataDir = options.dataDir ?? join(root, ".data");
  const statePath = join(dataDir, "playground.json");
  const codePath = join(distDir, "Code.js");
  const sidebarPath = join(distDir, "sidebar.html");
  if (!existsSync(codePath) || !existsSync(sidebarPath)) {
    throw new Error(`The add-on is not built: ${codePath} is missing. Run npm run build.`);
  }
  const codeJs = readFileSync(codePath, "utf8");
  const sidebarHtml = readFileSync(sidebarPath, "utf8");
  const manifestPath = join(distDir, "appsscript.json");
  const manifest = existsSync(manifestPath) ? readFileSync(manifestPath, "utf8") : undefined;

  const assetsReady = buildPageAssets(join(here, "page"));
  const sandbox = await startSandboxThread({
    ...(options.sandboxPort !== undefined && { port: options.sandboxPort }),
    ...(options.latencyMs !== undefined && { latencyMs: options.latencyMs }),
  });
  const closers: Array<() => Promise<void>> = [() => sandbox.close()];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  };
  try {
    const setup: EngineSetup = {
      codeJs,
      sidebarHtml,
      ...(manifest !== undefined && { manifest }),
      statePath,
      sandboxUrl: sandbox.url,
      apiKey: DEMO_API_KEY,
      seedUrls: existsSync(statePath) ? [] : await sampleUrls(sandbox.url),
    };
    const engine = new EngineClient(
      await startTsWorkerKeepingUrls(join(here, "engine-worker.ts"), { workerData: setup }),
    );
    closers.push(() => engine.close());
    await engine.ready;
    const assets = await assetsReady;
    const handler = createHandler(engine, assets, sidebarHtml);
    const server = createServer((request, response) => void handler(request, response));
    await new Promise<void>((done, fail) => {
      server.once("error", fail);
      server.listen(options.port ?? 5173, "127.0.0.1", () => done());
    });
    closers.push(
      () =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
    );
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/`, sandboxUrl: sandbox.url, statePath, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
