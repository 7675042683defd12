/**
 * The sandbox Prospecting Data API: an HTTP server over the synthetic data set. It does, in order:
 * route, count, authenticate, apply the parallel limits (in-flight requests per key and endpoint,
 * latency included) and the account's daily search limit (a search counts once accepted, before
 * its latency, and gives its place back if it ends without a 200), wait the configured latency,
 * apply faults, run the endpoint, then charge (402 when the balance is short). Failed requests
 * never charge.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { accountMe } from "./account-me.ts";
import { accountV1 } from "./account-v1.ts";
import type { Reservation } from "./accounts.ts";
import { bulkStatus, bulkSubmitDatabase, bulkSubmitRealtime } from "./bulk-enrich.ts";
import { companySearch } from "./company-search.ts";
import { applyConfig, control } from "./control-routes.ts";
import { Dataset } from "./dataset.ts";
import { emailFinder, emailValidator } from "./emails.ts";
import type { Endpoint } from "./endpoint.ts";
import { ApiFailure } from "./failure.ts";
import { chooseFault, errorBody, faultAnswer } from "./faults.ts";
import { hostileAnswer, hostileDetail } from "./hostile-text.ts";
import { leadLookup } from "./lead-lookup.ts";
import { leadSearch } from "./lead-search.ts";
import { type AdmittedSearch, isSearch, NO_ACCOUNT_LIMITS } from "./limits.ts";
import { bulkJobIdOf, API_PATHS as PATHS, V1_PATHS } from "./paths.ts";
import { READING_PRESETS, type ReadingPreset, type Readings } from "./readings.ts";
import { NeutralField, type ServedNameOptions, ServedNames } from "./served-names.ts";
import {
  BULK_DEFAULTS,
  type BulkSettings,
  DEFAULT_KEYS,
  type FaultRule,
  type SandboxConfig,
  type SandboxConfigInput,
  SandboxState,
  type SandboxStats,
} from "./state.ts";
import { listTransactions } from "./transactions.ts";

export interface SandboxOptions extends ServedNameOptions, Partial<BulkSettings> {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  seed?: number;
  /** One latency for every endpoint, or per path ("*" for the rest). */
  latencyMs?: number | Record<string, number>;
  lookupErrorRate?: number;
  faults?: FaultRule[];
  refineSearch?: boolean;
  /** Every answer's display text made hostile (hostile-text.ts). */
  hostileText?: boolean;
  /** Extra latency of lookups with up_to_the_second_fresh (default 0). */
  freshLatencyMs?: number;
  /** "fixed" (default): latencyMs and freshLatencyMs; "production": the model of latency-model.ts. */
  latencyModel?: "fixed" | "production";
  /** Seed of the latency model's draws (default: the data seed). */
  latencySeed?: number;
  /** Multiplies the model's latencies (default 1; 0.01 for fast tests of the model's shape). */
  latencyScale?: number;
  /**
   * How the sandbox reads the facts PRODUCTION.md lists: "production" (default), "spec" (the
   * spec's first reading, before PRODUCTION.md), or single readings over production's.
   */
  readings?: ReadingPreset | Partial<Readings>;
  /** Account limits (PRODUCTION.md A10): parallel searches per key (429 past it). */
  accountParallel?: number | null;
  /** Searches per key per UTC day; past it, dailyLimitStatus (default 429). */
  dailySearches?: number | null;
  dailyLimitStatus?: number;
  /** API keys and their credits; defaults to the demo (10,000) and empty (0) keys. */
  keys?: Record<string, number>;
  /** Fewer companies start faster (tests of the server itself); default 20,000. */
  companyCount?: number;
  /** The clock (epoch ms), for tests of the 30-day order cache; in-thread only. */
  now?: () => number;
}

export interface Sandbox {
  url: string;
  /** The words it serves under for `network` and `company_db` (served-names.ts). */
  names: { network: string; companyDb: string };
  keys: Record<string, number>;
  close(): Promise<void>;
  stats(): SandboxStats;
  reset(): void;
  configure(config: SandboxConfigInput): SandboxConfig;
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
  // The current generation (PRODUCTION.md A19): bulk jobs have no parallel cap (its limits page).
  [V1_PATHS.bulkRealtime]: { method: "POST", endpoint: bulkSubmitRealtime },
  [V1_PATHS.bulkDatabase]: { method: "POST", endpoint: bulkSubmitDatabase },
  [V1_PATHS.bulkStatus]: { method: "GET", endpoint: bulkStatus },
  [V1_PATHS.accountMe]: { method: "GET", endpoint: accountV1 },
  [PATHS.account]: { method: "GET", endpoint: accountMe },
  // Not documented for the email endpoints: the sandbox allows as many as company search.
  [PATHS.emailFinder]: { method: "POST", endpoint: emailFinder, parallel: 20 },
  [PATHS.emailValidator]: { method: "POST", endpoint: emailValidator, parallel: 20 },
};

const MAX_BODY = 1_000_000;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.setHeader("Content-Type", "application/json");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.writeHead(status);
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

/**
 * The key of a valid `Authorization: Token <key>` header, or an ApiFailure 401. A header without
 * the scheme (a raw key) is refused as production refuses it (PRODUCTION.md A15): "Invalid token
 * header. No credentials provided.", never read as a key.
 */
function authenticate(req: IncomingMessage, state: SandboxState): string {
  const header = req.headers.authorization;
  if (header === undefined || header.trim() === "") {
    throw new ApiFailure(401, "Authentication credentials were not provided.");
  }
  const match = /^Token\s+(\S+)\s*$/.exec(header);
  if (match === null) throw new ApiFailure(401, "Invalid token header. No credentials provided.");
  if (state.accounts.get(match[1]!) === undefined) throw new ApiFailure(401, "Invalid token.");
  return match[1]!;
}

/** The 402 (or, by the A8 control, 400) answer of a balance that cannot pay. */
function insufficientFunds(state: SandboxState): ApiFailure {
  return new ApiFailure(state.config.insufficientFundsStatus, "Insufficient funds in the account.");
}

/** Whether `balance` may pay `credits`: in full, or (A9 control) while it is above 0 at all. */
function canPay(state: SandboxState, balance: number, credits: number): boolean {
  return state.config.negativeBalance ? balance > 0 : balance >= credits;
}

const PAID_OPTIONS = ["people_also_viewed", "posts", "comments", "reactions"] as const;

function parsedBody(body: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed !== null && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The most a request may cost, read leniently from its body: what it reserves when accepted. */
const RESERVES: Record<
  string,
  { balanceType: string; what: string; most: (body: Record<string, unknown>) => number }
> = {
  [PATHS.leadLookup]: {
    balanceType: "leads_by_link",
    what: "Lead lookup",
    most: (body) => 1 + PAID_OPTIONS.filter((option) => body[option] === true).length,
  },
  [PATHS.companySearch]: {
    balanceType: "companies_by_icp",
    what: "Company search",
    most: (body) => Math.min(1_600, limitOf(body) ?? 1_600),
  },
  [PATHS.leadSearch]: {
    balanceType: "leads_by_icp",
    what: "Lead search",
    most: (body) => Math.min(2_500, limitOf(body) ?? 2_500),
  },
};

function limitOf(body: Record<string, unknown>): number | null {
  const limit = body.limit_by;
  return typeof limit === "number" && Number.isFinite(limit) && limit >= 1 ? Math.floor(limit) : null;
}

/**
 * A paid request's pending record while it is in flight (ledger statuses, PRODUCTION.md A11), or
 * null (the reading is off, the path is free, or the key has nothing to reserve).
 */
function reserveFor(state: SandboxState, key: string, path: string, body: string): Reservation | null {
  const paid = RESERVES[path];
  if (!state.config.ledgerStatuses || paid === undefined) return null;
  return state.accounts.reserve(
    key,
    paid.most(parsedBody(body)),
    paid.balanceType,
    `${paid.what}: in flight`,
  );
}

/** How a request that was not charged ends its reservation: refused (4xx) goes, failed stays as error. */
function endUncharged(state: SandboxState, reservation: Reservation, status: number, path: string): void {
  if (status >= 400 && status < 500) state.accounts.release(reservation);
  else state.accounts.fail(reservation, `${RESERVES[path]?.what ?? "Request"}: failed, reversed`);
}

async function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  servedPath: string,
  url: URL,
  state: SandboxState,
  data: Dataset,
  names: ServedNames,
) {
  // Inside, every path and field is the spec's; only what crosses the socket carries the names
  // the sandbox serves under (served-names.ts).
  const path = names.specPath(servedPath);
  const route = path === null ? undefined : ROUTES[path];
  if (path === null || route === undefined) return send(res, 404, errorBody(404, "Not found."));
  bump(state.requests, path);
  // Bulk leads completed since the last request are charged before anything is read.
  state.settleBulk();
  const jobId = bulkJobIdOf(servedPath);
  if (req.method !== route.method)
    return send(res, 405, errorBody(405, `Method "${req.method}" not allowed.`));
  const text = await readBody(req);
  const key = authenticate(req, state);
  const body = names.requestBody(text);
  const slot = `${key} ${path}`;
  const inFlight = state.inFlightByKey.get(slot) ?? 0;
  if (route.parallel !== undefined && inFlight >= route.parallel) {
    bump(state.throttled, path);
    return send(res, 429, errorBody(429, "Request was throttled."));
  }
  let search: AdmittedSearch | null = null;
  if (isSearch(path)) {
    try {
      // Counted now, at acceptance (before the latency), as production counts a request.
      search = state.searches.admit(key, state.config, state.now());
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 429) bump(state.throttled, path);
      throw error;
    }
  }
  let served = false;
  // Reserved now, at acceptance: a pending record for as long as the request is in flight.
  let reservation = reserveFor(state, key, path, body);
  let endStatus = 500;
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
    const delay = state.latencyFor(path, body) + (fault?.kind === "slow" ? fault.delayMs : 0);
    // Sandbox only: the latency chosen for this request, so tests can check the model without timing it.
    res.setHeader("X-Sandbox-Latency-Ms", String(Math.round(delay)));
    if (delay > 0) await sleep(delay);
    const forced =
      fault === null ? null : faultAnswer(fault.kind, state.config.insufficientFundsStatus, fault.status);
    if (forced !== null) {
      if (forced.status === 429) bump(state.throttled, path);
      // A malformed body is a 200 that was not charged: the paid request failed (error record).
      endStatus = forced.status === 200 ? 500 : forced.status;
      return send(res, forced.status, forced.text);
    }
    const answer = route.endpoint({
      key,
      body,
      query: url.searchParams,
      ...(jobId === null ? {} : { params: { job_id: jobId } }),
      baseUrl: `http://${req.headers.host ?? "127.0.0.1"}`,
      headers: req.headers,
      data,
      state,
    });
    if (answer.extraDelayMs) await sleep(answer.extraDelayMs);
    const charge = answer.charge;
    endStatus = answer.status;
    if (charge !== undefined && charge.credits > 0) {
      // What this request may spend: what the key may spend plus what this request reserved.
      const spendable = state.accounts.spendable(key) + (reservation?.credits ?? 0);
      if (!canPay(state, spendable, charge.credits)) {
        endStatus = state.config.insufficientFundsStatus;
        throw insufficientFunds(state);
      }
      const pendingMs = state.config.ledgerStatuses ? state.config.pendingMs : undefined;
      if (reservation === null) {
        state.accounts.charge(
          key,
          charge.credits,
          path,
          charge.balanceType,
          charge.description,
          charge.url,
          pendingMs,
        );
      } else {
        state.accounts.settle(reservation, charge.credits, path, charge.description, charge.url, pendingMs);
        reservation = null;
      }
    }
    served = answer.status === 200;
    const shown = state.config.hostileText ? hostileAnswer(answer.body) : answer.body;
    send(res, answer.status, names.answer(shown as typeof answer.body));
  } catch (error) {
    // A refusal the endpoint threw (validation, not found, out of funds) ends the reservation as a 4xx.
    if (error instanceof ApiFailure) endStatus = error.status;
    throw error;
  } finally {
    // Not charged (refused, failed, free): the reservation goes, or stays as an error record.
    if (reservation !== null) {
      if (served) state.accounts.release(reservation);
      else endUncharged(state, reservation, endStatus, path);
    }
    if (search !== null) state.searches.release(search, served);
    state.inFlightByKey.set(slot, (state.inFlightByKey.get(slot) ?? 1) - 1);
    state.inFlightByPath.set(path, (state.inFlightByPath.get(path) ?? 1) - 1);
  }
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  state: SandboxState,
  data: Dataset,
  names: ServedNames,
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
    await serveApi(req, res, path, url, state, data, names);
  } catch (error) {
    if (res.headersSent) return;
    if (error instanceof NeutralField) return send(res, error.status, error.body());
    if (error instanceof ApiFailure) {
      // The handlers' messages quote fields in the spec's names: production quotes its own.
      const body = error.body();
      const detail =
        typeof body.detail === "string"
          ? names.detailText(state.config.hostileText ? hostileDetail(body.detail) : body.detail)
          : names.answer(body.detail);
      // Production names its scheme on every refusal of the credentials (A15).
      if (error.status === 401) res.setHeader("WWW-Authenticate", "Token");
      return send(res, error.status, { ...body, detail });
    }
    send(
      res,
      500,
      errorBody(500, `Sandbox failure: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}

function readingsOf(readings: SandboxOptions["readings"]): Readings {
  if (readings === undefined) return { ...READING_PRESETS.production };
  if (typeof readings === "string") return { ...READING_PRESETS[readings] };
  return { ...READING_PRESETS.production, ...readings };
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
    latencyModel: options.latencyModel ?? "fixed",
    latencySeed: options.latencySeed ?? seed,
    latencyScale: options.latencyScale ?? 1,
    hostileText: options.hostileText ?? false,
    ...readingsOf(options.readings),
    ...NO_ACCOUNT_LIMITS,
    ...BULK_DEFAULTS,
    ...(options.bulkEntitled !== undefined ? { bulkEntitled: options.bulkEntitled } : {}),
    ...(options.bulkWorkers !== undefined ? { bulkWorkers: options.bulkWorkers } : {}),
    ...(options.bulkLeadShape !== undefined ? { bulkLeadShape: options.bulkLeadShape } : {}),
    ...(options.accountParallel !== undefined ? { accountParallel: options.accountParallel } : {}),
    ...(options.dailySearches !== undefined ? { dailySearches: options.dailySearches } : {}),
    ...(options.dailyLimitStatus !== undefined ? { dailyLimitStatus: options.dailyLimitStatus } : {}),
  };
  const state = new SandboxState(config, keys, options.now ?? Date.now, seed);
  const names = new ServedNames(options);
  const server = createServer({ keepAlive: true, keepAliveTimeout: 65_000 }, (req, res) => {
    void handle(req, res, state, data, names);
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
    names: { network: names.network, companyDb: names.companyDb },
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
