/** The sandbox-only control endpoints under /__sandbox/ (never sent by the add-on; no auth). */

import { INDUSTRY_NAMES } from "./companies.ts";
import type { Dataset } from "./dataset.ts";
import { ApiFailure } from "./failure.ts";
import { SUPPORTED_LOCATIONS } from "./geography.ts";
import { profileUrl } from "./lead-core.ts";
import { READING_CHOICES, READING_PRESETS, type ReadingPreset } from "./readings.ts";
import { FAULT_KINDS, type FaultRule, type SandboxConfig, type SandboxState } from "./state.ts";

export interface ControlAnswer {
  status: number;
  body: unknown;
}

function bad(message: string): ApiFailure {
  return new ApiFailure(400, message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isDelay(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

function isRate(value: unknown): value is number {
  return typeof value === "number" && value >= 0 && value <= 1;
}

function readFault(value: unknown): FaultRule {
  if (
    !isRecord(value) ||
    typeof value.kind !== "string" ||
    !(FAULT_KINDS as readonly string[]).includes(value.kind)
  ) {
    throw bad(`each fault needs kind, one of ${FAULT_KINDS.join(", ")}`);
  }
  const rule: FaultRule = { kind: value.kind as FaultRule["kind"] };
  if (value.path !== undefined) {
    if (typeof value.path !== "string") throw bad("fault path must be a string");
    rule.path = value.path;
  }
  if (value.rate !== undefined) {
    if (!isRate(value.rate)) throw bad("fault rate must be between 0 and 1");
    rule.rate = value.rate;
  }
  if (value.count !== undefined) {
    if (typeof value.count !== "number" || !Number.isInteger(value.count) || value.count < 0)
      throw bad("fault count must be a whole number");
    rule.count = value.count;
  }
  if (value.delayMs !== undefined) {
    if (!isDelay(value.delayMs)) throw bad("fault delayMs must be a non-negative number");
    rule.delayMs = value.delayMs;
  }
  if (value.status !== undefined) {
    if (
      typeof value.status !== "number" ||
      !Number.isInteger(value.status) ||
      value.status < 400 ||
      value.status > 499
    )
      throw bad("fault status must be a 4xx status");
    rule.status = value.status;
  }
  return rule;
}

/** Checks and merges a partial configuration (fields left out keep their values). */
export function applyConfig(state: SandboxState, input: unknown): SandboxConfig {
  if (!isRecord(input)) throw bad("config must be a JSON object");
  const next: SandboxConfig = { ...state.config };
  for (const [name, value] of Object.entries(input)) {
    switch (name) {
      case "latencyMs":
        if (isDelay(value)) next.latencyMs = value;
        else if (isRecord(value) && Object.values(value).every(isDelay))
          next.latencyMs = value as Record<string, number>;
        else throw bad("latencyMs must be a number or an object of path -> number");
        break;
      case "lookupErrorRate":
        if (!isRate(value)) throw bad("lookupErrorRate must be between 0 and 1");
        next.lookupErrorRate = value;
        break;
      case "faults":
        if (!Array.isArray(value)) throw bad("faults must be a list");
        next.faults = value.map(readFault);
        break;
      case "freshLatencyMs":
        if (!isDelay(value)) throw bad("freshLatencyMs must be a non-negative number");
        next.freshLatencyMs = value;
        break;
      case "refineSearch":
      case "hostileText":
      case "bulkEntitled":
      case "negativeBalance":
      case "ledgerStatuses":
        if (typeof value !== "boolean") throw bad(`${name} must be a boolean`);
        next[name] = value;
        break;
      case "readings":
        if (typeof value !== "string" || !(value in READING_PRESETS))
          throw bad(`readings must be one of ${Object.keys(READING_PRESETS).join(", ")}`);
        Object.assign(next, READING_PRESETS[value as ReadingPreset]);
        break;
      case "totalCount":
      case "lookupSource":
      case "lookupNotFound":
      case "leadNoMatch":
      case "leadNoMatchCharge":
      case "insufficientFundsStatus":
      case "extrasCharged":
      case "emailCharge":
      case "afterBalance":
      case "statusFilter":
      case "unreadableFilter": {
        const choices = READING_CHOICES[name] as readonly unknown[];
        if (!choices.includes(value)) throw bad(`${name} must be one of ${choices.join(", ")}`);
        Object.assign(next, { [name]: value });
        break;
      }
      case "pendingMs":
        if (!isDelay(value)) throw bad("pendingMs must be a non-negative number");
        next.pendingMs = value;
        break;
      case "accountParallel":
      case "dailySearches":
        if (value !== null && !(typeof value === "number" && Number.isInteger(value) && value >= 0))
          throw bad(`${name} must be a whole number or null (no limit)`);
        next[name] = value as number | null;
        break;
      case "dailyLimitStatus":
        if (!(typeof value === "number" && Number.isInteger(value) && value >= 400 && value <= 599))
          throw bad("dailyLimitStatus must be an HTTP error status (400..599)");
        next.dailyLimitStatus = value;
        break;
      case "bulkWorkers":
        if (!(typeof value === "number" && Number.isInteger(value) && value >= 1))
          throw bad("bulkWorkers must be a whole number of at least 1");
        next.bulkWorkers = value;
        break;
      case "bulkLeadShape":
        if (value !== "sample" && value !== "migration")
          throw bad("bulkLeadShape must be sample or migration");
        next.bulkLeadShape = value;
        break;
      case "billingUnit":
        if (value !== "credits" && value !== "usd") throw bad("billingUnit must be credits or usd");
        next.billingUnit = value;
        break;
      case "latencyModel":
        if (value !== "fixed" && value !== "production")
          throw bad("latencyModel must be fixed or production");
        next.latencyModel = value;
        break;
      case "latencySeed":
        if (typeof value !== "number" || !Number.isInteger(value))
          throw bad("latencySeed must be an integer");
        next.latencySeed = value;
        break;
      case "latencyScale":
        if (!isDelay(value)) throw bad("latencyScale must be a non-negative number");
        next.latencyScale = value;
        break;
      default:
        throw bad(`unknown config field ${name}`);
    }
  }
  state.config = next;
  return next;
}

function mb(bytes: number): number {
  return Math.round(bytes / 1e5) / 10;
}

function parse(text: string): unknown {
  try {
    return text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw bad("body is not JSON");
  }
}

function count(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw bad(`${name} must be a whole number`);
  return Math.min(Number(raw), max);
}

/** Answers a control request, or null when the path is not a control route. */
export function control(
  method: string,
  route: string,
  query: URLSearchParams,
  body: string,
  state: SandboxState,
  data: Dataset,
): ControlAnswer | null {
  const key = `${method} ${route}`;
  switch (key) {
    case "GET stats":
      return { status: 200, body: state.stats() };
    case "POST reset":
      state.reset();
      return { status: 200, body: { ok: true } };
    case "GET config":
      return { status: 200, body: state.config };
    case "POST config":
      return { status: 200, body: applyConfig(state, parse(body)) };
    case "POST keys": {
      const input = parse(body);
      if (!isRecord(input) || typeof input.key !== "string" || input.key === "")
        throw bad("key must be a non-empty string");
      if (typeof input.credits !== "number" || !Number.isInteger(input.credits))
        throw bad("credits must be an integer");
      state.accounts.setCredits(input.key, input.credits);
      return { status: 200, body: { key: input.key, balance: state.accounts.get(input.key)?.balance ?? 0 } };
    }
    case "GET sample-urls": {
      const wanted = count(query, "count", 10, 100_000);
      const offset = count(query, "offset", 0, data.leadCount);
      const urls: string[] = [];
      // Spread over the data set, so that a handful of samples are not all colleagues.
      for (let k = offset; k < Math.min(data.leadCount, offset + wanted); k++) {
        urls.push(profileUrl(data.lead(data.spreadLeadIndex(k))));
      }
      return { status: 200, body: { urls } };
    }
    case "GET lists":
      return {
        status: 200,
        body: {
          locations: SUPPORTED_LOCATIONS,
          industries: INDUSTRY_NAMES.map((industry_name) => ({ industry_name })),
        },
      };
    case "GET info":
      return {
        status: 200,
        body: {
          seed: data.seed,
          companies: data.companies.companies.length,
          leads: data.leadCount,
          keys: Object.fromEntries(
            state.accounts.keys().map((k) => [k, state.accounts.get(k)?.balance ?? 0]),
          ),
          memory: { rssMb: mb(process.memoryUsage().rss), heapUsedMb: mb(process.memoryUsage().heapUsed) },
          cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
        },
      };
    default:
      return null;
  }
}
