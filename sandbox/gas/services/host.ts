/**
 * What every emulated service object holds: the execution it belongs to and the runtime's shared
 * state. `enter` is the one door of every service call: it checks the deadline (Execution), the
 * authorization mode, and counts the call.
 */
import type { HttpOutcome, HttpRequest } from "../../../src/api/ports";
import type { RuntimeClock } from "../clock";
import { type CostCategory, type CostModel, callCost, flushCost } from "../cost-model";
import type { Counters } from "../counters";
import { countMethod } from "../counters";
import type { EditRules } from "../edit-rules";
import type { Execution } from "../execution";
import type { Manifest } from "../manifest";
import type { SpreadsheetModel } from "../spreadsheet-model";
import type { TriggerTable } from "../triggers";
import type { CacheStores } from "./cache";
import type { LockTable } from "./lock";
import type { LogEntry } from "./logging";
import type { PropertyStores } from "./properties";
import type { Quotas } from "./quota";
import type { UiState } from "./ui";

/** sandbox/sync-http's fetchAllSync: blocks the thread while the requests run in parallel. */
export type FetchAllSync = (requests: HttpRequest[], options?: { timeoutMs?: number }) => HttpOutcome[];

export interface RuntimeState {
  model: SpreadsheetModel;
  /** Protected ranges and reject-input validation the owner set (../edit-rules.ts). */
  editRules: EditRules;
  properties: PropertyStores;
  caches: CacheStores;
  locks: LockTable;
  ui: UiState;
  counters: Counters;
  /** appsscript.json, when the runtime was given one (urlFetchWhitelist, oauthScopes). */
  manifest: Manifest | undefined;
  /** Time-driven triggers of this project (../triggers.ts). */
  triggers: TriggerTable;
  /** The project is an editor add-on: one hourly-at-most clock trigger per user per document. */
  addOn: boolean;
  /** The cost model's figures when it is on (../cost-model.ts), else null. */
  costModel: CostModel | null;
  /** Spreadsheet writes queued since the last flush (cost model). */
  pendingWrites: { calls: number; cells: number };
  /**
   * A spreadsheet write since the last read or flush (counted with the cost model on or off): the
   * next read must commit it first, so it counts as a read after writes.
   */
  writtenSinceRead: boolean;
  /** Daily quotas (URL Fetch), per user. */
  quotas: Quotas;
  logs: LogEntry[];
  /** HTML files by name ("sidebar" -> dist/sidebar.html). */
  files: Record<string, string>;
  fetchAll: FetchAllSync;
  clock: RuntimeClock;
  /** Per-request timeout of UrlFetchApp (Apps Script: about 60 s). */
  fetchTimeoutMs: number;
  /** Time each spreadsheet call takes (0 by default; Apps Script's are tens of ms each). */
  spreadsheetCallMs: number;
}

export type CallKind = "read" | "write" | "other";

export interface ServiceHost {
  readonly exec: Execution;
  readonly state: RuntimeState;
}

/** Services that AuthMode.NONE still allows (onOpen before the add-on is enabled). */
const ALLOWED_IN_NONE = new Set(["SpreadsheetApp.getUi", "Logger.log", "console.log"]);

/**
 * Passes one service call: deadline, authorization, counters, and (cost model on) the time the
 * call takes in production. `cells`: how many cells a spreadsheet read or write covers.
 */
export function enter(host: ServiceHost, method: string, kind: CallKind = "other", cells = 0): void {
  host.exec.checkpoint(method);
  checkAuthorization(host, method);
  const counters = host.state.counters;
  countMethod(counters, method);
  if (kind === "read") counters.spreadsheetReads++;
  if (kind === "write") counters.spreadsheetWrites++;
  if (kind === "read" && host.state.writtenSinceRead) counters.readsAfterWrites++;
  if (kind === "read" || method === "SpreadsheetApp.flush") host.state.writtenSinceRead = false;
  if (kind === "write") host.state.writtenSinceRead = true;
  // A modelled round trip to Sheets: it spends the execution's time like the real one.
  if ((kind === "read" || kind === "write") && host.state.spreadsheetCallMs > 0) {
    host.state.clock.sleep(Math.min(host.state.spreadsheetCallMs, host.exec.timeLeft()));
  }
  const model = host.state.costModel;
  if (!model) return;
  // Sheets commits queued writes before any read (and on SpreadsheetApp.flush).
  if (kind === "read" || method === "SpreadsheetApp.flush") flushPendingWrites(host.state, host.exec);
  const cost = callCost(model, method, kind, cells);
  if (cost) charge(host.state, cost.category, cost.ms, host.exec);
  if (kind === "write") {
    host.state.pendingWrites.calls++;
    host.state.pendingWrites.cells += cells;
  }
}

/** Spends `ms` of the execution's time (no further than its deadline) and counts it. */
function charge(state: RuntimeState, category: CostCategory, ms: number, exec?: Execution): void {
  const spent = exec ? Math.min(ms, exec.timeLeft()) : ms;
  if (spent <= 0) return;
  state.clock.sleep(spent);
  state.counters.costMs[category] += spent;
}

/**
 * Charges the commit of queued spreadsheet writes, if any (cost model on). Without an execution
 * (the end of one), the time is spent whatever the deadline: the script's result is in by then.
 */
export function flushPendingWrites(state: RuntimeState, exec?: Execution): void {
  const model = state.costModel;
  if (!model || state.pendingWrites.calls === 0) return;
  const cells = state.pendingWrites.cells;
  state.pendingWrites = { calls: 0, cells: 0 };
  state.counters.committedCells += cells;
  charge(state, "flush", flushCost(model, cells), exec);
}

/**
 * AuthMode.NONE (onOpen before the add-on is enabled in the document) allows building menus and
 * logging only; LIMITED (simple triggers) allows the document but no service that needs the
 * user's authorization, such as UrlFetchApp.
 */
function checkAuthorization(host: ServiceHost, method: string): void {
  const mode = host.exec.authMode;
  const allowed =
    mode === "NONE"
      ? ALLOWED_IN_NONE.has(method) || method.startsWith("Ui.") || method.startsWith("Menu.")
      : mode !== "LIMITED" || !method.startsWith("UrlFetchApp.");
  if (!allowed) {
    throw host.exec.exception(`You do not have permission to call ${method} (AuthMode.${mode}).`);
  }
}

/** Whose authority an execution runs with: a custom function runs as the spreadsheet's owner. */
export function effectiveUser(host: ServiceHost): string {
  return host.exec.isCustomFunction ? host.state.model.owner : host.exec.user;
}

/** Custom functions may read the spreadsheet but not change it or show UI. */
export function forbidInCustomFunction(host: ServiceHost, method: string): void {
  if (host.exec.isCustomFunction) {
    const short = method.slice(method.lastIndexOf(".") + 1);
    throw host.exec.exception(`You do not have permission to call ${short}`);
  }
}
