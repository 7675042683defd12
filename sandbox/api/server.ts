/**
 * The sandbox Prospecting Data API: an HTTP server over the synthetic data set. It does, in order:
 * route, count, authenticate, apply the parallel limit (in-flight requests per key and endpoint,
 * latency included), wait the configured latency, apply faults, run the endpoint, then charge
 * (402 when the balance is short). Failed requests never charge.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { companySearch } from "./company-search.ts";
import { applyConfig, control } from "./control-routes.ts";
import { Dataset } from "./dataset.ts";
import type { Endpoint } from "./endpoint.ts";
import { ApiFailure } from "./failure.ts";
import { chooseFault, errorBody, faultAnswer } from "./faults.ts";
import { leadLookup } from "./lead-lookup.ts";
import { leadSearch } from "./lead-search.ts";
import { API_PATHS as PATHS } from "./paths.ts";
import {
  DEFAULT_KEYS,
  type FaultRule,
  type SandboxConfig,
  SandboxState,
  type SandboxStats,
} from "./state.ts";
import { listTransactions } from "./transactions.ts";

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  seed?: number;
  /** One latency for every endpoint, or per path ("*" for the rest). */
  latencyMs?: number | Record<string, number>;
  lookupErrorRate?: number;
  faults?: FaultRule[];
  refineSearch?: boolean;
  /** Extra latency of lookups with up_to_the_second_fresh (default 0). */
  freshLatencyMs?: number;
  /** API keys and their credits; defaults to the demo (10,000) and empty (0) keys. */
  keys?: Record<string, number>;
  /** Fewer companies start faster (tests of the server itself); default 20,000. */
  companyCount?: number;
  /** The clock (epoch ms), for tests of the 30-day order cache; in-thread only. */
  now?: () => number;
}

export interface Sandbox {
  url: string;
  keys: Record<string, number>;
  close(): Promise<void>;
  stats(): SandboxStats;
  reset(): void;
  configure(config: Partial<SandboxConfig>): SandboxConfig;
  state: SandboxState;
  data: Dataset;
}

interface Route {
  method: "GET" | "POST";
  endpoint: Endpoint;
  /** Parallel requests allowed per key (spec, Limits); none for the transaction list. */
  parallel?: number;
}

const ROUTES: Record<string, Route> = {
  [PATHS.companySearch]: { method: "POST", endpoint: companySearch, parallel: 20 },
  [PATHS.leadSearch]: { method: "POST", endpoint: leadSearch, parallel: 50 },
  [PATHS.leadLookup]: { method: "POST", endpoint: leadLookup, parallel: 500 },
  [PATHS.transactions]: { method: "GET", endpoint: listTransactions },
};

const MAX_BODY = 1_000_000;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new ApiFailure(413, "Request body too large."));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function bump(counter: Record<string, number>, path: string, by = 1): void {
  counter[path] = (counter[path] ?? 0) + by;
}

/** The key of a valid `Authorization: Token <key>` header, or an ApiFailure 401. */
function authenticate(req: IncomingMessage, state: SandboxState): string {
  const header = req.headers.authorization;
  if (header === undefined || header.trim() === "") {
    throw new ApiFailure(401, "Authentication credentials were not provided.");
  }
  const match = /^Token\s+(\S+)\s*$/.exec(header);
  if (match === null || state.accounts.get(match[1]!) === undefined)
    throw new ApiFailure(401, "Invalid token.");
  return match[1]!;
}

async function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
  state: SandboxState,
  data: Dataset,
) {
  const route = ROUTES[path];
  if (route === undefined) return send(res, 404, errorBody(404, "Not found."));
  bump(state.requests, path);
  if (req.method !== route.method)
    return send(res, 405, errorBody(405, `Method "${req.method}" not allowed.`));
  const body = await readBody(req);
  const key = authenticate(req, state);
  const slot = `${key} ${path}`;
  const inFlight = state.inFlightByKey.get(slot) ?? 0;
  if (route.parallel !== undefined && inFlight >= route.parallel) {
    bump(state.throttled, path);
    return send(res, 429, errorBody(429, "Request was throttled."));
  }
  state.inFlightByKey.set(slot, inFlight + 1);
  const pathInFlight = (state.inFlightByPath.get(path) ?? 0) + 1;
  state.inFlightByPath.set(path, pathInFlight);
  state.peakConcurrency[path] = Math.max(state.peakConcurrency[path] ?? 0, pathInFlight);
  try {
    const header = req.headers["x-sandbox-fault"];
    const delayHeader = req.headers["x-sandbox-delay-ms"];
    const fault = chooseFault(
      state,
      path,
      typeof header === "string" ? header : undefined,
      typeof delayHeader === "string" ? delayHeader : undefined,
    );
    const delay = state.latencyFor(path) + (fault?.kind === "slow" ? fault.delayMs : 0);
    if (delay > 0) await sleep(delay);
    const forced = fault === null ? null : faultAnswer(fault.kind);
    if (forced !== null) {
      if (forced.status === 429) bump(state.throttled, path);
      return send(res, forced.status, forced.text);
    }
    const answer = route.endpoint({
      key,
      body,
      query: url.searchParams,
      baseUrl: `http://${req.headers.host ?? "127.0.0.1"}`,
      headers: req.headers,
      data,
      state,
    });
    if (answer.extraDelayMs) await sleep(answer.extraDelayMs);
    const charge = answer.charge;
    if (charge !== undefined && charge.credits > 0) {
      const balance = state.accounts.get(key)?.balance ?? 0;
      if (balance < charge.credits) {
        throw new ApiFailure(
          402,
          `Insufficient funds: this request costs ${charge.credits} credits and the balance is ${balance}.`,
        );
      }
      state.accounts.charge(key, charge.credits, path, charge.balanceType, charge.description, charge.url);
    }
    send(res, answer.status, answer.body);
  } finally {
    state.inFlightByKey.set(slot, (state.inFlightByKey.get(slot) ?? 1) - 1);
    state.inFlightByPath.set(path, (state.inFlightByPath.get(path) ?? 1) - 1);
  }
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  state: SandboxState,
  data: Dataset,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://sandbox.local");
  const path = url.pathname;
  try {
    if (path.startsWith("/__sandbox/")) {
      const answer = control(
        req.method ?? "GET",
        path.slice("/__sandbox/".length),
        url.searchParams,
        await readBody(req),
        state,
        data,
      );
      return answer === null
        ? send(res, 404, errorBody(404, "Unknown control route."))
        : send(res, answer.status, answer.body);
    }
    await serveApi(req, res, path, url, state, data);
  } catch (error) {
    if (res.headersSent) return;
    if (error instanceof ApiFailure) return send(res, error.status, error.body());
    send(
      res,
      500,
      errorBody(500, `Sandbox failure: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const seed = options.seed ?? 1;
  const data = new Dataset(seed, options.companyCount);
  const keys = options.keys ?? DEFAULT_KEYS;
  const config: SandboxConfig = {
    latencyMs: options.latencyMs ?? 0,
    lookupErrorRate: options.lookupErrorRate ?? 0,
    faults: options.faults ?? [],
    refineSearch: options.refineSearch ?? false,
    freshLatencyMs: options.freshLatencyMs ?? 0,
  };
  const state = new SandboxState(config, keys, options.now ?? Date.now, seed);
  const server = createServer({ keepAlive: true, keepAliveTimeout: 65_000 }, (req, res) => {
    void handle(req, res, state, data);
  });
  // Benchmarks hold hundreds of sockets open at once; idle keep-alive sockets must outlive the
  // client's reuse window so that a reused socket is not closed under a request.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.maxHeadersCount = 100;
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port: options.port ?? 0, host, backlog: 2048 }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    keys: { ...keys },
    state,
    data,
    stats: () => state.stats(),
    reset: () => state.reset(),
    configure: (partial) => applyConfig(state, partial),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
