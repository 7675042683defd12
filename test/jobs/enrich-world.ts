/**
 * The enrichment as the sidebar drives it, in the emulated Apps Script runtime over the built
 * dist/Code.js, against the sandbox API on a worker thread. Shared by the runtime tests and the
 * benchmark (bench/enrich.ts).
 */

import type { SandboxControl } from "../../sandbox/api/control";
import type { RuntimeClock } from "../../sandbox/gas/clock";
import type { RunOptions, Runtime } from "../../sandbox/gas/runtime";
import { normalizeProfileUrl } from "../../src/api/profile-url";
import type { EnrichProgress, EnrichRequest } from "../../src/rpc/enrich";
import { type AddonRuntime, startAddonRuntime } from "../runtime/support";

export const SHEET = "CRM";
export const USER = "user@example.com";

export type EnrichWorld = AddonRuntime;

export interface WorldOptions {
  latencyMs?: number;
  rows: Array<Array<string | number | boolean | null>>;
  userProperties?: Record<string, string>;
  clock?: RuntimeClock;
  /** The runtime's cost model (sandbox/gas/cost-model.ts): service calls take production's time. */
  costModel?: boolean;
}

/** The add-on over the sandbox (test/runtime/support.ts), with one sheet named CRM. */
export function startEnrichWorld(options: WorldOptions): Promise<EnrichWorld> {
  return startAddonRuntime({
    sandbox: { latencyMs: options.latencyMs ?? 0 },
    ...(options.userProperties ? { userProperties: options.userProperties } : {}),
    runtime: {
      spreadsheet: { sheets: [{ name: SHEET, rows: options.rows, maxRows: options.rows.length + 10 }] },
      user: USER,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.costModel ? { costModel: true } : {}),
    },
  });
}

/** A clean slate between tests: the sandbox's ledger reset, no document property, these sheets gone. */
export async function freshDocument(world: EnrichWorld, sheets: readonly string[]): Promise<void> {
  await world.control.reset();
  world.runtime.properties.document.clear();
  for (const name of sheets)
    if (world.runtime.sheets().some((sheet) => sheet.name === name)) world.runtime.deleteSheet(name);
}

type RpcAnswer<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };

export function rpcValue<T>(runtime: Runtime, method: string, arg: unknown, options?: RunOptions): T {
  const answer = runtime.rpc(method, arg, options) as RpcAnswer<T>;
  if (!answer.ok) throw new Error(`${method}: ${answer.error.kind}: ${answer.error.message}`);
  return answer.value;
}

export const DEFAULT_REQUEST: EnrichRequest = {
  options: { fields: ["full_name", "job_title", "company_name", "location"], extras: {}, mode: "refresh" },
};

/** Select, estimate and confirm, as the Enrich tab does. */
export function estimateAndConfirm(
  runtime: Runtime,
  a1: string,
  request = DEFAULT_REQUEST,
  sheet = SHEET,
): string {
  runtime.select(sheet, a1);
  const estimate = rpcValue<{ progress: EnrichProgress }>(runtime, "enrichEstimate", request);
  rpcValue<EnrichProgress>(runtime, "enrichConfirm", { jobId: estimate.progress.jobId });
  return estimate.progress.jobId;
}

/**
 * Steps a run whose steps send one group each (Fresh data: 4 lookups), and presses Cancel in the
 * sidebar (another execution) as group `group` goes out; answers the step that ends the run.
 */
export function cancelAsGroupGoesOut(runtime: Runtime, jobId: string, group: number): EnrichProgress {
  // Groups are counted across steps: a step holds as many groups as answer within its few
  // seconds (FRESH_PROGRESS_MS), so the sandbox's quick answers may all come in the first.
  let sent = 0;
  let cancelled = false;
  const interrupt = (call: { method: string }) => {
    if (call.method === "UrlFetchApp.fetchAll" && !cancelled) {
      sent += 1;
      if (sent === group) {
        cancelled = true;
        rpcValue(runtime, "enrichCancel", { jobId });
      }
    }
    return false;
  };
  let progress = rpcValue<EnrichProgress>(runtime, "enrichStep", { jobId }, { interrupt });
  while (!cancelled && progress.state === "running") {
    progress = rpcValue<EnrichProgress>(runtime, "enrichStep", { jobId }, { interrupt });
  }
  return progress;
}

/** Steps until the run is no longer running (the sidebar's loop). */
export function driveSteps(runtime: Runtime, jobId: string, maxSteps = 200): EnrichProgress {
  let progress = rpcValue<EnrichProgress>(runtime, "enrichStep", { jobId });
  for (let step = 1; step < maxSteps && progress.state === "running"; step += 1) {
    progress = rpcValue<EnrichProgress>(runtime, "enrichStep", { jobId });
  }
  return progress;
}

/** Enrichment charges (lookups and bulk jobs) per person (normalized URL) in the sandbox's own ledger. */
export async function chargesPerPerson(control: SandboxControl): Promise<Map<string, number>> {
  const stats = await control.stats();
  const charges = new Map<string, number>();
  for (const entry of stats.ledger) {
    // A lookup's charge, or a bulk job's for one lead (PRODUCTION.md A19).
    const enrichment = entry.path.includes("/leads/by_link/") || entry.path.includes("/leads/bulk/");
    if (!enrichment || entry.amount === 0 || !entry.url) continue;
    const key = normalizeProfileUrl(entry.url) ?? entry.url;
    charges.set(key, (charges.get(key) ?? 0) + 1);
  }
  return charges;
}

/** A CRM export: header, then rows of URL, old title, old company; `duplicates` rows repeat earlier URLs. */
export function crmRows(urls: readonly string[], duplicates: number): Array<Array<string>> {
  const rows = urls.map((url) => [url, "Old title", "Old Co"]);
  for (let i = 0; i < duplicates; i += 1) {
    const source = urls[(i * 7) % urls.length]!;
    rows.splice(Math.min(rows.length, 10 + i * 9), 0, [source, "", ""]);
  }
  return [["Profile URL", "Title", "Company"], ...rows];
}
