/**
 * Production-like benchmark: the built add-on in the emulated Apps Script runtime against the
 * sandbox with its production latency model (sandbox/api/latency-model.ts: per endpoint, a long
 * tail, some answers past Apps Script's 60 s fetch timeout) and an account limit of 5 parallel
 * searches (PRODUCTION.md A4, A10), instead of a flat 200 ms.
 *
 * Two cases, each printing wall time against the ideal for its parallelism, throttled requests
 * (429) and credits the add-on counted against the sandbox's ledger:
 * - enrichment of N distinct profile URLs with the add-on's defaults (Fresh data on), as the
 *   sidebar drives it step by step, through bulk jobs (API generation auto/current) and through
 *   lookups (legacy) side by side against issue 24's targets; lookups allow 500 in flight, the
 *   sandbox works on 500 bulk leads at once;
 * - "find leads at these companies" for C companies of the Companies sheet (Max 5 leads each),
 *   with the account's parallel-search limit.
 *
 * The ideal: each request's modelled latency (the model is a pure function of the request body,
 * so the bench draws the same latencies the sandbox does), capped at the 60 s fetch timeout, laid
 * out on `parallelism` slots back to back (greedy, in the order sent): nothing waits but the API.
 * Options: --urls 500 --companies 100 --account-parallel 5 --scale 1 (latency scale; 0.1 for a
 * quick look at the same shape) --generation both|current|legacy --legacy-urls 100 (legacy's
 * subset at scale >= 0.5: 500 fresh lookups take about an hour) --fresh 1 (0: cached lookups) --only enrich|leads --cost-model 0
 * (1: service calls take production's time too, sandbox/gas/cost-model.ts)
 */

import { generateCompanies, recordOf } from "../sandbox/api/companies";
import { modelLatency } from "../sandbox/api/latency-model";
import { PATHS } from "../src/api/wire";
import { DEFAULT_ENRICH_OPTIONS, lookupRequest } from "../src/jobs/enrich/options";
import { emptyForm, formToRequest, type LeadSearchForm } from "../src/jobs/lead-search/form";
import type { EnrichProgress, EnrichRequest } from "../src/rpc/enrich";
import type { LeadsCompanySelection, LeadsEstimate, LeadsRunResult } from "../src/rpc/leads";
import { COMPANY_FIELDS } from "../src/sheet/lead-fields";
import { driveSteps, rpcValue } from "../test/jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "../test/runtime/support";
import { serviceShare } from "./service-share";

/** Apps Script's UrlFetchApp gives up after about 60 s (PRODUCTION.md G2). */
const FETCH_TIMEOUT_MS = 60_000;
/** Lead lookup's parallel limit (spec). */
const LOOKUP_PARALLEL = 500;

function option(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? Number(args[index + 1]) : Number.NaN;
  return Number.isFinite(value) ? value : fallback;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Makespan of `latencies` on `slots` parallel slots, each request to the slot free first. */
export function idealMs(latencies: readonly number[], slots: number): number {
  const free = new Array<number>(Math.max(1, slots)).fill(0);
  for (const latency of latencies) {
    let earliest = 0;
    for (let i = 1; i < free.length; i++) if (free[i]! < free[earliest]!) earliest = i;
    free[earliest]! += Math.min(latency, FETCH_TIMEOUT_MS);
  }
  return Math.max(...free);
}

interface Ledger {
  entries: number;
  credits: number;
}

async function ledgerOf(addon: AddonRuntime, path: string): Promise<Ledger & { throttled: number }> {
  const stats = await addon.control.stats();
  const entries = stats.ledger.filter((e) => e.path === path);
  return {
    entries: entries.length,
    credits: entries.reduce((sum, e) => sum + Math.abs(e.amount), 0),
    throttled: stats.throttled[path] ?? 0,
  };
}

async function start(
  args: string[],
  scale: number,
  generation: "current" | "legacy" = "current",
): Promise<AddonRuntime> {
  const accountParallel = option(args, "account-parallel", 5);
  return startAddonRuntime({
    sandbox: { latencyModel: "production", latencyScale: scale, accountParallel },
    userProperties: { SPEND_CAP: "100000", API_GENERATION: generation },
    runtime: {
      costModel: option(args, "cost-model", 0) !== 0,
      spreadsheet: { sheets: [{ name: "CRM", rows: [["Profile URL"]], maxRows: 10 }] },
      user: "user@example.com",
    },
  });
}

/** One enrichment run's figures, for the side-by-side table (issue 24's targets). */
interface EnrichFigures {
  generation: string;
  urls: number;
  wallMs: number;
  idealMs: number;
  steps: number;
  fetchAllCalls: number;
  ok: number;
  notFound: number;
  failed: number;
  interrupted: number;
  state: string;
  spent: number;
  ledgerCredits: number;
  /** Charges in the ledger for URLs whose rows got no answer. */
  chargedWithoutAnswer: number;
}

/** The enrichment charges (lookups and bulk jobs) of the sandbox's ledger. */
const ENRICH_PATHS: readonly string[] = [
  PATHS.leadLookup,
  PATHS.bulkEnrichRealtime,
  PATHS.bulkEnrichDatabase,
];

async function benchEnrichment(
  args: string[],
  scale: number,
  seed: number,
  generation: "current" | "legacy",
  count: number,
): Promise<EnrichFigures> {
  const addon = await start(args, scale, generation);
  try {
    const urls = await addon.control.sampleUrls(count, 0);
    addon.runtime.setValues("CRM", "A1", [
      ["Profile URL", "Title", "Company"],
      ...urls.map((u) => [u, "", ""]),
    ]);
    // --fresh 0: cached answers (Fresh data off), whose latencies stay well under 60 s.
    const fresh = option(args, "fresh", 1) !== 0;
    const request: EnrichRequest = {
      options: { ...DEFAULT_ENRICH_OPTIONS, extras: fresh ? DEFAULT_ENRICH_OPTIONS.extras : {} },
    };
    const latencies = urls.map(
      (url) =>
        modelLatency(
          { path: PATHS.leadLookup, body: JSON.stringify(lookupRequest(url, request.options.extras)) },
          seed,
        ) * scale,
    );
    addon.runtime.select("CRM", `A1:A${urls.length + 1}`);
    const estimate = rpcValue<{ progress: EnrichProgress; preview: { maxCredits: number } }>(
      addon.runtime,
      "enrichEstimate",
      request,
    );
    rpcValue(addon.runtime, "enrichConfirm", { jobId: estimate.progress.jobId });
    const started = performance.now();
    const end = driveSteps(addon.runtime, estimate.progress.jobId, 10_000);
    const wall = performance.now() - started;
    const stats = await addon.control.stats();
    const charges = stats.ledger.filter((e) => ENRICH_PATHS.includes(e.path));
    const statuses = addon.runtime.getValues("CRM", `A2:Z${urls.length + 1}`);
    const header = addon.runtime.getValues("CRM", "A1:Z1")[0]!;
    const statusColumn = header.findIndex((h) => /status/i.test(String(h)));
    const answered = new Set(
      statuses.filter((row) => /^ok/.test(String(row[statusColumn]))).map((row) => String(row[0])),
    );
    const past60 = latencies.filter((l) => l > FETCH_TIMEOUT_MS).length;
    if (generation === "current")
      console.log(
        `enrichment: ${count} distinct URLs, Fresh data ${fresh ? "on (the add-on's default)" : "off (cached answers)"}, latency model x${scale}; modelled latency median ${seconds(median(latencies))}, max ${seconds(Math.max(...latencies))}, ${past60} past the 60 s fetch timeout`,
      );
    return {
      generation,
      urls: count,
      wallMs: wall,
      idealMs: idealMs(latencies, LOOKUP_PARALLEL),
      steps: addon.runtime.counters.executions,
      fetchAllCalls: addon.runtime.counters.fetchAllCalls,
      ok: end.ok,
      notFound: end.notFound,
      failed: end.failed,
      interrupted: end.interrupted,
      state: end.state,
      spent: end.spent,
      ledgerCredits: charges.reduce((sum, e) => sum + Math.abs(e.amount), 0),
      chargedWithoutAnswer: charges.filter((e) => !answered.has(e.url ?? "")).length,
    };
  } finally {
    await addon.close();
  }
}

/** Both paths side by side against issue 24's targets. */
function printEnrichTable(rows: readonly EnrichFigures[]): void {
  const line = (label: string, cell: (f: EnrichFigures) => string, target: string) =>
    console.log(`  ${label.padEnd(40)}${rows.map((f) => cell(f).padEnd(24)).join("")}${target}`);
  line("", (f) => (f.generation === "current" ? "bulk jobs (auto)" : "lookups (legacy)"), "target");
  line("distinct URLs", (f) => String(f.urls), "500");
  line("wall time / ideal", (f) => `${(f.wallMs / f.idealMs).toFixed(2)} (${seconds(f.wallMs)})`, "<= 3");
  line("ideal at 500 in flight", (f) => seconds(f.idealMs), "");
  line("steps (executions)", (f) => String(f.steps), "as few as polling needs");
  line("fetchAll calls", (f) => String(f.fetchAllCalls), "");
  line(
    "rows ok / not found / failed / interr.",
    (f) => `${f.ok} / ${f.notFound} / ${f.failed} / ${f.interrupted}`,
    "",
  );
  line("charged without an answer", (f) => String(f.chargedWithoutAnswer), "0");
  line("reported spend vs ledger", (f) => `${f.spent} vs ${f.ledgerCredits}`, "equal");
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function companiesSheet(addon: AddonRuntime, count: number): void {
  const set = generateCompanies(1);
  const records = set.companies
    .filter((c) => c.leadCount >= 40 && c.leadCount <= 400)
    .slice(0, count)
    .map((c) => recordOf(1, c));
  const rows = records.map((record) =>
    COMPANY_FIELDS.map((field) => {
      const value = record[field];
      return Array.isArray(value) ? JSON.stringify(value) : (value ?? "");
    }),
  );
  addon.runtime.insertSheet("Companies");
  addon.runtime.setValues("Companies", "A1", [[...COMPANY_FIELDS], ...rows]);
  addon.runtime.select("Companies", `A2:C${records.length + 1}`);
}

async function benchLeads(args: string[], scale: number, seed: number): Promise<void> {
  const count = option(args, "companies", 100);
  const parallel = option(args, "account-parallel", 5);
  const addon = await start(args, scale);
  try {
    companiesSheet(addon, count);
    const selection = rpcValue<LeadsCompanySelection>(addon.runtime, "leadsSelection", null);
    const form: LeadSearchForm = {
      ...emptyForm(),
      target: { kind: "selected_companies", value: "" },
      personas: [
        { name: "Marketing leaders", functions: ["marketing", "sales"], seniorities: [], prohibit: [] },
      ],
      limit_by: "5",
    };
    const latencies = selection.companies.map(
      (company) =>
        modelLatency(
          { path: PATHS.leadSearch, body: JSON.stringify(formToRequest(form, company.target).request) },
          seed,
        ) * scale,
    );
    const estimate = rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", { form });
    if (!estimate.ok) throw new Error(JSON.stringify(estimate.problems));
    const started = performance.now();
    const result = rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", {
      form,
      confirmedMaxCredits: estimate.maxCredits,
    });
    const wall = performance.now() - started;
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const ledger = await ledgerOf(addon, PATHS.leadSearch);
    const ideal = idealMs(latencies, parallel);
    const states = { ok: 0, failed: 0, "not run": 0 };
    for (const search of result.searches) states[search.state] += 1;
    const failures = new Map<string, number>();
    for (const search of result.searches) {
      if (search.error) failures.set(search.error.kind, (failures.get(search.error.kind) ?? 0) + 1);
    }
    console.log(
      `leads at ${selection.companies.length} companies (Max 5 each), account limit ${parallel} parallel searches, latency model x${scale}`,
    );
    console.log(
      `  modelled latency: median ${seconds(median(latencies))}, max ${seconds(Math.max(...latencies))}`,
    );
    console.log(
      `  wall ${seconds(wall)}; ideal at ${parallel} in flight ${seconds(ideal)}; ratio ${(wall / ideal).toFixed(2)}; fetchAll calls ${addon.runtime.counters.fetchAllCalls}`,
    );
    console.log(
      `  longest execution ${seconds(Math.max(...addon.runtime.executions.map((e) => e.durationMs)))} of 6 min; ${serviceShare(addon.runtime.counters, wall)}`,
    );
    console.log(
      `  searches: ok ${states.ok}, failed ${states.failed}${
        failures.size > 0 ? ` (${[...failures].map(([k, n]) => `${k} ${n}`).join(", ")})` : ""
      }, not run ${states["not run"]}; throttled (429) ${ledger.throttled}`,
    );
    console.log(
      `  credits: add-on counted ${result.spent} (estimate up to ${estimate.maxCredits}); sandbox ledger ${ledger.credits} in ${ledger.entries} charges; ${result.written} leads written`,
    );
  } finally {
    await addon.close();
  }
}

export async function run(args: string[]): Promise<void> {
  const scale = option(args, "scale", 1);
  const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
  // The latency model draws from the data seed unless told otherwise (sandbox default seed 1).
  const seed = 1;
  if (only !== "leads") {
    // --generation current|legacy: one path only.
    const which = args.includes("--generation") ? args[args.indexOf("--generation") + 1] : "both";
    const urls = option(args, "urls", 500);
    // Legacy at scale 1 takes about an hour for 500 URLs (fresh lookups 4 at a time, each group
    // as slow as its slowest): it runs a subset unless told otherwise, and the table says so.
    const legacyUrls = Math.min(urls, option(args, "legacy-urls", scale >= 0.5 ? 100 : urls));
    const figures: EnrichFigures[] = [];
    if (which === "both" || which === "current")
      figures.push(await benchEnrichment(args, scale, seed, "current", urls));
    if (which === "both" || which === "legacy")
      figures.push(await benchEnrichment(args, scale, seed, "legacy", legacyUrls));
    printEnrichTable(figures);
    if (figures.some((f) => f.urls < urls))
      console.log(
        `  (legacy ran a subset: the first ${legacyUrls} of the ${urls} URLs, as --legacy-urls; the ratio compares each to its own ideal. --legacy-urls ${urls} runs them all: about an hour at scale 1)`,
      );
  }
  if (only !== "enrich") await benchLeads(args, scale, seed);
}
