/**
 * A scheduled refresh's world for runtime tests: the built add-on in the emulated runtime on a
 * manual clock, a CRM sheet of sandbox URLs, and optionally a latency every fetchAll adds to the
 * clock (the sandbox answers at once; the runtime's clock moves as if the answers took that long).
 */
import { afterEach } from "vitest";
import { type ManualClock, manualClock } from "../../sandbox/gas/clock";
import type { RunOptions, RuntimeOptions } from "../../sandbox/gas/runtime";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { ScheduleView } from "../../src/rpc/schedule";
import { crmRows, DEFAULT_REQUEST, SHEET, USER } from "../jobs/enrich-world";
import { type AddonRuntime, DEMO_KEY, startAddonRuntime } from "./support";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** An editor of the shared spreadsheet with a key of their own. */
export const COLLEAGUE = "colleague@example.com";

export interface ScheduleWorld extends AddonRuntime {
  clock: ManualClock;
  urls: string[];
}

export interface ScheduleWorldOptions {
  urls: number;
  /** Time each fetchAll takes on the runtime's clock (ms). */
  fetchMs?: number;
  userProperties?: Record<string, string>;
  quotas?: RuntimeOptions["quotas"];
  /** Start of the clock (default 21 Nov 2026, 09:00 UTC). */
  start?: number;
  /** The spreadsheet's time zone (default Etc/UTC). */
  timeZone?: string;
  runtime?: Partial<Omit<RuntimeOptions, "codeJs" | "sidebarHtml" | "files" | "timeouts">>;
  /** The runtime's timeouts (a short fetch timeout: answers that come later are billed, never read). */
  timeouts?: RuntimeOptions["timeouts"];
}

export async function startScheduleWorld(options: ScheduleWorldOptions): Promise<ScheduleWorld> {
  const clock = manualClock(options.start ?? Date.UTC(2026, 10, 21, 9, 0, 0));
  const probe = await startAddonRuntime({});
  const urls = await probe.control.sampleUrls(options.urls, 900);
  await probe.close();
  const fetchMs = options.fetchMs ?? 0;
  const world = await startAddonRuntime({
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    // The schedule's tests count lookups and inject faults into them: the lookup path (issue 24's
    // bulk path: bulk-enrich.test.ts).
    userProperties: {
      CHUNK_SIZE: "10",
      SPEND_CAP: "500",
      API_GENERATION: "legacy",
      ...options.userProperties,
    },
    runtime: {
      spreadsheet: {
        sheets: [{ name: SHEET, rows: crmRows(urls, 0), maxRows: options.urls + 20 }],
        ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      },
      user: USER,
      clock,
      ...(options.quotas ? { quotas: options.quotas } : {}),
      ...(fetchMs > 0
        ? {
            fetchAll: (requests, fetchOptions) => {
              const outcomes = fetchAllSync(requests, fetchOptions);
              clock.advance(fetchMs);
              return outcomes;
            },
          }
        : {}),
      ...options.runtime,
    },
  });
  world.runtime.properties.user(COLLEAGUE).setAll({ API_BASE_URL: world.sandboxUrl, API_KEY: COLLEAGUE_KEY });
  await world.control.setCredits(COLLEAGUE_KEY, 10_000);
  return { ...world, clock, urls };
}

/** Starts one world per test of the calling file, closed after each test. */
export function scheduleWorlds(): (options: ScheduleWorldOptions) => Promise<ScheduleWorld> {
  let open: ScheduleWorld | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });
  return async (options) => {
    open = await startScheduleWorld(options);
    return open;
  };
}

/** The colleague's own key (the sandbox knows it after startScheduleWorld). */
export const COLLEAGUE_KEY = "sandbox-colleague-key";
export { DEMO_KEY };

type Answer<T> =
  | { ok: true; value: T }
  | { ok: false; error: { kind: string; message: string; next?: string } };

export function rpc<T>(world: AddonRuntime, method: string, arg: unknown, options?: RunOptions): Answer<T> {
  return world.runtime.rpc(method, arg, options) as Answer<T>;
}

export function value<T>(answer: Answer<T>): T {
  if (!answer.ok) throw new Error(`${answer.error.kind}: ${answer.error.message}`);
  return answer.value;
}

export const scheduleStatus = (world: AddonRuntime, user?: string) =>
  value(rpc<ScheduleView | null>(world, "scheduleStatus", null, user ? { user } : undefined));

/** Selects the list (header and URLs) and saves a weekly schedule with `cap`. */
export function saveSchedule(
  world: ScheduleWorld,
  cap: number,
  user?: string,
  options = { ...DEFAULT_REQUEST.options, extras: { up_to_the_second_fresh: true } },
) {
  world.runtime.select(SHEET, `A1:A${world.urls.length + 1}`);
  return rpc<ScheduleView>(
    world,
    "scheduleSave",
    { request: { options }, period: "week", cap },
    user ? { user } : undefined,
  );
}

/** Lookup credits the sandbox charged, per key. */
export async function chargedByKey(world: AddonRuntime): Promise<Record<string, number>> {
  const stats = await world.control.stats();
  const out: Record<string, number> = {};
  for (const entry of stats.ledger) {
    if (!entry.path.includes("/leads/by_link/")) continue;
    out[entry.key] = (out[entry.key] ?? 0) + Math.abs(entry.amount);
  }
  return out;
}

/** The enrichment status of every data row below the header row `headerRow` (by its header). */
export function statuses(world: ScheduleWorld, headerRow = 1): string[] {
  const cells = world.runtime.getSheetCells(SHEET);
  const column = (cells[headerRow - 1] ?? []).findIndex((cell) => /status/i.test(cell.display));
  if (column < 0) return [];
  return cells
    .slice(headerRow)
    .map((row) => row[column]?.display ?? "")
    .filter((text) => text !== "");
}
