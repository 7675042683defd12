/** Mutable state of one sandbox: accounts, test configuration, counters, caches. */
import { Accounts } from "./accounts.ts";
import { BulkJobs } from "./bulk-jobs.ts";
import type { BulkLeadShape } from "./bulk-lead.ts";
import { modelLatency } from "./latency-model.ts";
import { type AccountLimits, SearchCounters } from "./limits.ts";
import { Random } from "./random.ts";
import type { ReadingPreset, Readings } from "./readings.ts";

export const FAULT_KINDS = [
  "server_error",
  "throttle",
  "slow",
  "insufficient_funds",
  "malformed",
  "client_error",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
  /** Endpoint path the rule applies to; every endpoint when absent. */
  path?: string;
  kind: FaultKind;
  /** Probability per request (default 1 when count is given, else 1). */
  rate?: number;
  /** Apply to this many requests, then stop. */
  count?: number;
  /** For "slow": extra delay (default 5,000 ms). */
  delayMs?: number;
  /** For "client_error": the 4xx to answer (default 403, a plan not entitled to the endpoint). */
  status?: number;
}

/** The current generation's bulk jobs (PRODUCTION.md A19; bulk-enrich.ts). */
export interface BulkSettings {
  /** False: the key's plan is not entitled to the current generation (403 on its bulk endpoints). */
  bulkEntitled: boolean;
  /** Leads the server works on at once per key; more wait for a free worker. */
  bulkWorkers: number;
  /** Which of production's lead shapes the status answer carries (bulk-lead.ts). */
  bulkLeadShape: BulkLeadShape;
  /** The unit /api/v1/accounts/me/ says the account is billed in (account-v1.ts). */
  billingUnit: "credits" | "usd";
}

export const BULK_DEFAULTS: BulkSettings = {
  bulkEntitled: true,
  bulkWorkers: 500,
  bulkLeadShape: "sample",
  billingUnit: "credits",
};

export interface SandboxConfig extends Readings, AccountLimits, BulkSettings {
  latencyMs: number | Record<string, number>;
  lookupErrorRate: number;
  faults: FaultRule[];
  refineSearch: boolean;
  /** Extra latency of a lookup with up_to_the_second_fresh (real-time retrieval is slower). */
  freshLatencyMs: number;
  /**
   * "fixed": latencyMs (and freshLatencyMs) as configured. "production": the latency model of
   * latency-model.ts (per endpoint, a long tail, some answers past 60 s), drawn from latencySeed.
   */
  latencyModel: "fixed" | "production";
  latencySeed: number;
  /** Multiplies the production model's latencies (0.01: a hundredth, for fast tests). */
  latencyScale: number;
  /** Every answer's display text made hostile (hostile-text.ts); off by default. */
  hostileText: boolean;
}

/** What POST /__sandbox/config takes: any fields of the configuration, and a readings preset. */
export type SandboxConfigInput = Partial<SandboxConfig> & { readings?: ReadingPreset };

export interface SandboxStats {
  requests: Record<string, number>;
  peakConcurrency: Record<string, number>;
  throttled: Record<string, number>;
  creditsCharged: number;
  ledger: Array<{ key: string; path: string; amount: number; url?: string; at: string }>;
}

/** An order cached by company search: the matching company indices and when they were cached. */
export interface CachedOrder {
  cachedAt: number;
  order: number[];
}

export const DEFAULT_KEYS: Record<string, number> = { "sandbox-demo-key": 10_000, "sandbox-empty-key": 0 };

export class SandboxState {
  readonly accounts: Accounts;
  config: SandboxConfig;
  readonly orderCache = new Map<string, CachedOrder>();
  /** Requests in flight per "key path" (the parallel limits) and per path (peak concurrency). */
  readonly inFlightByKey = new Map<string, number>();
  readonly inFlightByPath = new Map<string, number>();
  requests: Record<string, number> = {};
  peakConcurrency: Record<string, number> = {};
  throttled: Record<string, number> = {};
  readonly faultRandom: Random;
  /** Account limits' counters: searches in flight and served today, per key. */
  readonly searches = new SearchCounters();
  /** Bulk enrich jobs of the current generation, charged as their leads complete. */
  readonly bulk = new BulkJobs();

  constructor(
    private readonly initialConfig: SandboxConfig,
    keys: Record<string, number>,
    readonly now: () => number,
    seed: number,
  ) {
    this.config = structuredClone(initialConfig);
    this.accounts = new Accounts(keys, now, ["sandbox-demo-key"]);
    this.faultRandom = new Random(seed, 99);
  }

  /** Counters, ledger, balances and caches back to the start; configuration back to the options. */
  reset(): void {
    this.accounts.reset();
    this.orderCache.clear();
    this.searches.reset();
    this.bulk.reset();
    this.requests = {};
    this.peakConcurrency = {};
    this.throttled = {};
    this.config = structuredClone(this.initialConfig);
  }

  /** The configured latency of a request (ms): fixed per path, or the production model's draw. */
  latencyFor(path: string, body = ""): number {
    if (this.config.latencyModel === "production")
      return modelLatency({ path, body }, this.config.latencySeed) * this.config.latencyScale;
    const latency = this.config.latencyMs;
    return typeof latency === "number" ? latency : (latency[path] ?? latency["*"] ?? 0);
  }

  /**
   * Charges every bulk lead completed by now (1 credit each, in the ledger as a lookup's): run
   * before any request is served and before the stats are read, so both see the job's progress.
   */
  settleBulk(): void {
    this.bulk.advance(this.now(), (job, item) => {
      this.accounts.charge(
        job.key,
        1,
        job.path,
        "leads_by_link",
        `Bulk enrich (${job.mode}): ${item.label}`,
        item.label,
        this.config.ledgerStatuses ? this.config.pendingMs : undefined,
      );
    });
  }

  stats(): SandboxStats {
    this.settleBulk();
    const ledger = this.accounts.ledger.map((c) => ({ ...c }));
    return {
      requests: { ...this.requests },
      peakConcurrency: { ...this.peakConcurrency },
      throttled: { ...this.throttled },
      creditsCharged: ledger.reduce((sum, c) => sum + c.amount, 0),
      ledger,
    };
  }
}
