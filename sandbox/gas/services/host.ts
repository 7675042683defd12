/**
 * What every emulated service object holds: the execution it belongs to and the runtime's shared
 * state. `enter` is the one door of every service call: it checks the deadline (Execution), the
 * authorization mode, and counts the call.
 */
import type { HttpOutcome, HttpRequest } from "../../../src/api/ports";
import type { RuntimeClock } from "../clock";
import type { Counters } from "../counters";
import { countMethod } from "../counters";
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

/** Passes one service call: deadline, authorization, counters. */
export function enter(host: ServiceHost, method: string, kind: CallKind = "other"): void {
  host.exec.checkpoint(method);
  checkAuthorization(host, method);
  const counters = host.state.counters;
  countMethod(counters, method);
  if (kind === "read") counters.spreadsheetReads++;
  if (kind === "write") counters.spreadsheetWrites++;
  // A modelled round trip to Sheets: it spends the execution's time like the real one.
  if ((kind === "read" || kind === "write") && host.state.spreadsheetCallMs > 0) {
    host.state.clock.sleep(Math.min(host.state.spreadsheetCallMs, host.exec.timeLeft()));
  }
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
