/**
 * Starts the playground: the sandbox API on its own thread, the emulated Apps Script runtime on a
 * worker (it blocks its thread during UrlFetchApp), and the page's HTTP server on this thread.
 * dist/ must be built first (`npm start` does it; tests get it from vitest's globalSetup).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { SandboxOptions } from "../api/server";
import { startSandboxThread } from "../api/thread";
import { htmlFiles } from "../gas/project-files";
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
  /** The port was not chosen by the user: when it is busy, take the next free one. */
  portIsDefault?: boolean;
  /** Sandbox API port; 0 (default) picks a free one. */
  sandboxPort?: number;
  /** Latency the sandbox API adds to each request. */
  latencyMs?: number;
  /** More sandbox API options: the production latency model, account limits, readings. */
  sandbox?: Omit<SandboxOptions, "now" | "port" | "latencyMs">;
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

/** How many ports after a busy default one are tried. */
const PORT_TRIES = 20;

/** A busy port, said in one line with what to do (npm start prints only this). */
export class PortInUseError extends Error {
  constructor(port: number) {
    super(`port ${port} is in use: set PORT to a free port (PORT=${port + 1} npm start)`);
    this.name = "PortInUseError";
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise<void>((done, fail) => {
    const onError = (error: NodeJS.ErrnoException) =>
      fail(error.code === "EADDRINUSE" ? new PortInUseError(port) : error);
    server.once("error", onError);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", onError);
      done();
    });
  });
}

/** Fails with PortInUseError when `port` is taken (checked before a build, to fail fast). */
export async function checkPortFree(port: number): Promise<void> {
  const probe = createServer();
  await listen(probe, port);
  await new Promise<void>((done) => probe.close(() => done()));
}

/** Listens on `port`, or on the next free port after it when `tryNext` (the port was not chosen). */
async function listenFrom(server: Server, port: number, tryNext: boolean): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await listen(server, port + attempt);
    } catch (error) {
      if (!(error instanceof PortInUseError) || !tryNext || port === 0 || attempt >= PORT_TRIES) {
        throw error instanceof PortInUseError ? new PortInUseError(port) : error;
      }
    }
  }
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
  const files = htmlFiles(distDir);
  const manifestPath = join(distDir, "appsscript.json");
  const manifest = existsSync(manifestPath) ? readFileSync(manifestPath, "utf8") : undefined;

  // The port first: a busy one must fail before anything starts or touches the saved state.
  let handler: RequestListener | null = null;
  const server = createServer((request, response) => {
    if (handler) handler(request, response);
    else response.writeHead(503).end("The playground is starting.");
  });
  await listenFrom(server, options.port ?? 5173, options.portIsDefault === true);
  const closeServer = () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  // A start that fails later leaves the saved spreadsheet as it was (the runtime saves on start).
  const savedBefore = existsSync(statePath) ? readFileSync(statePath) : null;

  const assetsReady = buildPageAssets(join(here, "page"));
  const sandbox = await startSandboxThread({
    ...options.sandbox,
    ...(options.sandboxPort !== undefined && { port: options.sandboxPort }),
    ...(options.latencyMs !== undefined && { latencyMs: options.latencyMs }),
  }).catch(async (error: unknown) => {
    await closeServer();
    if (!/EADDRINUSE/.test(String((error as Error)?.message ?? error))) throw error;
    throw new Error(
      `sandbox port ${options.sandboxPort} is in use: set SANDBOX_PORT to a free port, or leave it unset for any free one`,
    );
  });
  const closers: Array<() => Promise<void>> = [closeServer, () => sandbox.close()];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  };
  try {
    const setup: EngineSetup = {
      codeJs,
      sidebarHtml,
      files,
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
    const handle = createHandler(engine, assets, sidebarHtml);
    handler = (request, response) => void handle(request, response);
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/`, sandboxUrl: sandbox.url, statePath, close: closeAll };
  } catch (error) {
    await closeAll();
    if (savedBefore !== null) writeFileSync(statePath, savedBefore);
    else rmSync(statePath, { force: true });
    throw error;
  }
}
