/**
 * The emulated Apps Script runtime: the BUILT dist/Code.js run in node:vm against emulated
 * services (SpreadsheetApp, UrlFetchApp, PropertiesService, CacheService, LockService,
 * HtmlService, Utilities, Session, ScriptApp, Logger, console), so the add-on is tested and
 * measured as it ships.
 *
 * Model, as in Apps Script:
 * - Every call of a global is an execution: a fresh vm context (Code.js evaluated again) sharing
 *   the runtime's state (spreadsheet, property stores, caches, locks, UI). Deadlines: 6 min for
 *   menu / rpc / direct runs, 30 s for custom functions and simple triggers (onOpen); override per
 *   runtime (`timeouts`) or per run (`deadlineMs`), or cut a run off at a chosen service call
 *   (`interrupt`). A cut-off execution throws ScriptError kind "timeout" ("Exceeded maximum
 *   execution time") and its result is lost; service calls past the deadline throw inside it.
 * - Executions run one at a time (Node has one thread here). Concurrency is simulated two ways:
 *   `runtime.locks.holdExternally("document", { forMs })` (another execution holds the lock), or
 *   an `interrupt` hook that calls `runtime.run(...)` itself: that second execution runs in the
 *   middle of the first one's service call, sharing its state and seeing its locks.
 * - Formulas: `setCell(sheet, a1, "=NAME(A2:A9)")` runs the custom function (kind "custom": read
 *   only, 30 s, owner's user properties), spills 2-D results, and re-runs when an input changes.
 *   Writes by executions mark formulas stale; they are recalculated when the execution ends.
 *   References follow inserted and deleted rows and columns (formula-shift.ts) and renamed
 *   sheets; references to a deleted sheet become #REF! for good, as Sheets rewrites them.
 * - Everything is real time by default (benchmarks measure it); pass a `clock` (see clock.ts's
 *   manualClock) to make sleeps, cache expiry and deadlines move without waiting.
 *
 * Apps Script limits enforced (the Apps Script table G1-G10 of ../shared/PRODUCTION.md; each
 * service file cites its source):
 * - G1 daily URL Fetch quota: 20,000 requests a user a day (`quotas: { urlFetchPerDay }`,
 *   `runtime.quotas.urlFetch.setLimit/setUsed/used/resetsAt`); past it fetch and fetchAll throw
 *   "Service invoked too many times for one day: urlfetch." before sending (services/quota.ts).
 *   Likewise Properties reads and writes: 50,000 calls a user a day (`quotas: { propertiesPerDay }`,
 *   `runtime.quotas.properties`); past it each call throws "... for one day: properties.".
 * - G2 URL Fetch timeout: about 60 s a request; one network failure fails a whole fetchAll
 *   (services/url-fetch.ts).
 * - G3 urlFetchWhitelist: with `manifest` (dist/appsscript.json) given, a URL no prefix matches
 *   throws "Request to <url> failed because the URL has not been whitelisted in the script
 *   manifest." before sending (manifest.ts; sandbox builds add the emulation-only prefix
 *   `http://127.0.0.1:*\/` so the sandbox's ephemeral port is allowed).
 * - G4 CacheService: 1,000 items a cache, then the 900 farthest from expiring are kept; 100 KB a
 *   value, 250 characters a key, 6 h at most; `runtime.caches.dropEarly(share, seed)` drops
 *   entries early as Google's best-effort cache may (services/cache.ts).
 * - G5 custom functions: each formula cell is its own execution that loads the whole Code.js
 *   (`executions[i].loadMs`, `runtime.bundle`); HTML files are read only when a script asks
 *   (`executions[i].filesRead`); Sheets' recalculations at times of its own:
 *   `runtime.recalculateAtRandom(share, seed)` now, or `randomRecalculation: { share, seed }`
 *   after every other execution (recalc.ts).
 * - G6 cost model (`costModel: true` or figures, `runtime.setCostModel`; off by default): each
 *   service call sleeps production's time on the execution's clock, so the 30 s and 6-minute
 *   limits see it; sheet reads pay the flush of queued writes; `counters.costMs` by kind
 *   (cost-model.ts cites each figure).
 * - G7 built-ins: executions run without the built-ins newer than ES2020 (Object.hasOwn,
 *   Array.prototype.at, String.prototype.replaceAll, structuredClone...), listed in builtins.ts.
 * - G8 cell input: strings written by setValue(s)/appendRow or typed are parsed as Sheets does
 *   (`=` formulas, numbers such as 00123 -> 123, booleans, dates, month-name text such as
 *   "Sep 2023" unless `inferMonthNames: false`), except after a leading apostrophe (cells.ts).
 * - G9 time-driven triggers: ScriptApp.newTrigger(fn).timeBased()...create(),
 *   getProjectTriggers, deleteTrigger; an add-on gets one hourly-at-most trigger per user per
 *   document (`addOn: false` lifts it); with a manifest, its oauthScopes must list
 *   script.scriptapp. `runtime.advanceClock(ms)` moves the clock and runs each trigger due on the
 *   way as its own 6-minute execution (kind "clock", as its creator); `runtime.triggers.list()`;
 *   triggers are part of `runtime.data()` (triggers.ts, services/script-app.ts). The playground's
 *   Clock menu calls advanceClock.
 * - G10 trigger runtime: all of a user's trigger runs together may take 90 minutes a day
 *   (`quotas: { triggerRuntimePerDayMs }`, `runtime.quotas.triggerRuntime`, in ms); past it a
 *   trigger run fails at once, and a run that reaches it is stopped there, both with "Service
 *   using too much computer time for one day". Each run of a time-driven trigger comes at a
 *   random moment within its hour (`triggerJitter`, default on, seeded).
 *
 * Sheets' own guards on script writes (edit-rules.ts, with sources): `runtime.protect(sheet, a1 |
 * null, { editors })` and `runtime.requireValueInList(sheet, a1, values)` ("Reject input"); a
 * Range write or appendRow by a user the protection leaves out, or of a value the rule refuses,
 * throws Apps Script's message and writes nothing. Not modelled: warning-only protections, other
 * validation criteria, rules moving with inserted rows, row/column inserts and deletes refused.
 *
 * Values returned to the caller are plain Node data (arrays, objects, Dates copied out of the vm).
 *
 * Known differences from Google's: custom-function cells are evaluated one after another (Sheets
 * runs them concurrently); a formula written by a script reads as its old value until the script
 * ends (no "Loading..."); Sheets' built-in functions other than HYPERLINK are unknown (#NAME?);
 * HTTP response headers are empty; number formats are stored but only "@" (plain text) changes
 * behaviour (dates show as yyyy-mm-dd hh:mm:ss whatever their format). Dates follow the
 * spreadsheet's time zone (`spreadsheet.timeZone`, default Etc/UTC) as Sheets does: a Date
 * written is an instant, shown and typed as its wall clock in that zone (time-zone.ts).
 */
import vm from "node:vm";
import { fetchAllSync } from "../sync-http/index";
import { cellA1, rangeA1 } from "./a1";
import type { CellError, CellScalar } from "./cells";
import { displayText, parseInput, scriptValueToInput } from "./cells";
import { movableClock, type RuntimeClock, realClock } from "./clock";
import { type CostModel, MEASURED_COSTS } from "./cost-model";
import { type Counters, emptyCounters } from "./counters";
import { EditRules } from "./edit-rules";
import {
  type AuthMode,
  Execution,
  type ExecutionKind,
  type FormulaLocation,
  type ServiceCall,
} from "./execution";
import { execute, listGlobalFunctions, ScriptError } from "./executor";
import { parseManifest } from "./manifest";
import { randomSequence } from "./random";
import { type CustomFunctionOutcome, recalculate } from "./recalc";
import { CacheStores } from "./services/cache";
import { type FetchAllSync, flushPendingWrites, type RuntimeState, type ServiceHost } from "./services/host";
import { LockTable } from "./services/lock";
import type { LogEntry } from "./services/logging";
import { type PropertiesData, type PropertyStore, PropertyStores } from "./services/properties";
import { type QuotaOptions, Quotas, TRIGGER_RUNTIME_QUOTA_MESSAGE } from "./services/quota";
import { SpreadsheetObject } from "./services/spreadsheet";
import { UiState } from "./services/ui";
import type { SpreadsheetData } from "./spreadsheet-data";
import { type FormulaCell, keyColumn, keyRow, type SheetModel, SpreadsheetModel } from "./spreadsheet-model";
import { assertTransferable } from "./transfer";
import { type TriggerData, TriggerTable } from "./triggers";

export { manualClock } from "./clock";
export { type CostCategory, type CostModel, MEASURED_COSTS } from "./cost-model";
export type { ServiceCall } from "./execution";
export { ScriptError } from "./executor";
export type { PropertiesData } from "./services/properties";
export {
  DailyQuota,
  type QuotaOptions,
  Quotas,
  TRIGGER_RUNTIME_QUOTA_MESSAGE,
  URL_FETCH_QUOTA_MESSAGE,
} from "./services/quota";
export type { AlertAnswer, MenuData, UiEvent } from "./services/ui";
export type { SpreadsheetData } from "./spreadsheet-data";
export type { TriggerData, TriggerSchedule } from "./triggers";

export interface RuntimeTimeouts {
  /** Menu, rpc and direct runs (Apps Script: 6 minutes). */
  executionMs: number;
  /** Custom functions (30 s). */
  customFunctionMs: number;
  /** Simple triggers such as onOpen (30 s). */
  simpleTriggerMs: number;
  /** UrlFetchApp's per-request timeout (about 60 s). */
  fetchMs: number;
  /**
   * Time each spreadsheet read or write call takes, to model Apps Script's round trips to Sheets
   * in benchmarks (default 0: as fast as the emulation is).
   */
  spreadsheetCallMs: number;
}

export const DEFAULT_TIMEOUTS: RuntimeTimeouts = {
  executionMs: 6 * 60_000,
  customFunctionMs: 30_000,
  simpleTriggerMs: 30_000,
  fetchMs: 60_000,
  spreadsheetCallMs: 0,
};

export const DEFAULT_USER = "user@example.com";

export interface RuntimeOptions {
  /** dist/Code.js */
  codeJs: string;
  /** dist/sidebar.html (HtmlService's file "sidebar"). */
  sidebarHtml: string;
  /**
   * dist/appsscript.json's text. With it, fetches obey its urlFetchWhitelist (G3) and ScriptApp
   * triggers need its script.scriptapp scope; without it, no such checks.
   */
  manifest?: string;
  /** Other HTML files by name. */
  files?: Record<string, string>;
  spreadsheet?: SpreadsheetData;
  /** Property stores to start from (e.g. from a saved state). */
  properties?: Partial<PropertiesData>;
  /** The user running executions (default user@example.com); the owner defaults to the same. */
  user?: string;
  timeouts?: Partial<RuntimeTimeouts>;
  /** Default: real time. */
  clock?: RuntimeClock;
  /** Default: sandbox/sync-http's fetchAllSync (real, parallel, loopback only here). */
  fetchAll?: FetchAllSync;
  /** Time-driven triggers to start from (e.g. from a saved state). */
  triggers?: TriggerData[];
  /**
   * The project is an editor add-on (default true): one time-driven trigger per user per
   * document, at most hourly. False: any script (20 triggers per user, every minute allowed).
   */
  addOn?: boolean;
  /**
   * The cost model (G6, cost-model.ts): each service call takes production's time on the
   * runtime's clock. `true` for the measured figures, or figures of your own. Default off.
   */
  costModel?: boolean | Partial<CostModel>;
  /**
   * Read month-name text written into cells ("Sep 2023") as a date, as Sheets does (G8, inferred;
   * default true). False: only the numeric date forms convert.
   */
  inferMonthNames?: boolean;
  /**
   * G5: Sheets also recalculates custom functions at times of its own (reopening, some edits), so
   * a cached answer can be asked for again at any time. With this on, after every execution other
   * than a formula's, each formula cell runs again with chance `share` (from a seeded sequence).
   */
  randomRecalculation?: { share: number; seed?: number };
  /**
   * Daily quotas: `{ urlFetchPerDay: 20_000, triggerRuntimePerDayMs: 90 min }` by default (G1,
   * G10; Workspace accounts: 100,000 and 6 hours).
   */
  quotas?: QuotaOptions;
  /**
   * G10: each run of a time-driven trigger comes at a random moment within its hour (a seeded
   * sequence; default on, seed 1). False: on the nominal times, for tests of exact times.
   */
  triggerJitter?: boolean | { seed: number };
  /** Recalculate stale formulas after each execution and each setCell (default true). */
  autoRecalculate?: boolean;
}

export interface RunOptions {
  kind?: ExecutionKind;
  /** Time allowed for this execution in ms (default by kind from `timeouts`). */
  deadlineMs?: number;
  /** Who runs it (default: the runtime's user). */
  user?: string;
  /** Default: CUSTOM_FUNCTION for custom functions, LIMITED for triggers, FULL otherwise. */
  authMode?: AuthMode;
  /**
   * Called before each service call. Return true to cut the execution off there,
   * deterministically ("Exceeded maximum execution time", as if the deadline had passed):
   * `interrupt: (c) => c.method === "UrlFetchApp.fetchAll" && c.count === 2`. Return false to go
   * on; the hook may run another execution meanwhile (a concurrent one).
   */
  interrupt?: (call: ServiceCall) => boolean;
  /** For kind "custom": the formula's cell (the active range inside the function). */
  formula?: FormulaLocation;
  /** What running out of time says (default: Exceeded maximum execution time). */
  deadlineMessage?: string;
}

export interface ExecutionRecord {
  id: number;
  name: string;
  kind: ExecutionKind;
  user: string;
  startedAt: number;
  durationMs: number;
  outcome: "completed" | "failed" | "timed out";
  /** Wall time of loading Code.js (running its top level) at the start of this execution (ms). */
  loadMs: number;
  /**
   * The project's HTML files it read (HtmlService.createHtmlOutputFromFile): the add-on's server
   * module is one, read only by the executions that run it (formula cells do not).
   */
  filesRead: string[];
  error?: string;
  /** What this execution did (interleaved executions inside it included). */
  calls: Pick<
    Counters,
    "spreadsheetReads" | "spreadsheetWrites" | "fetchCalls" | "fetchAllCalls" | "requests"
  >;
}

const CALL_COUNTS = [
  "spreadsheetReads",
  "spreadsheetWrites",
  "fetchCalls",
  "fetchAllCalls",
  "requests",
] as const;

function callCounts(counters: Counters): ExecutionRecord["calls"] {
  return {
    spreadsheetReads: counters.spreadsheetReads,
    spreadsheetWrites: counters.spreadsheetWrites,
    fetchCalls: counters.fetchCalls,
    fetchAllCalls: counters.fetchAllCalls,
    requests: counters.requests,
  };
}

/** One cell as the playground shows it. */
export interface CellView {
  value: CellScalar;
  /** What Sheets shows. */
  display: string;
  /** What the formula bar shows and an edit starts from. */
  input: string;
  formula?: string;
  error?: CellError;
  note?: string;
  /** The number format set on the cell (Range.setNumberFormat), when one is. */
  numberFormat?: string;
  /** A1 of the formula cell whose result spilled here. */
  spillOf?: string;
}

export interface SheetInfo {
  name: string;
  id: number;
  maxRows: number;
  maxColumns: number;
  frozenRows: number;
  frozenColumns: number;
  hidden: boolean;
  lastRow: number;
  lastColumn: number;
}

/** Everything to save (JSON): the spreadsheet, the property stores and the triggers. */
export interface RuntimeData {
  spreadsheet: SpreadsheetData;
  properties: PropertiesData;
  triggers: TriggerData[];
}

/** One run of a time-driven trigger, as advanceClock reports it. */
export interface TriggerRun {
  triggerId: string;
  handler: string;
  user: string;
  /** When it ran (the runtime's clock, epoch ms). */
  at: number;
  outcome: "completed" | "failed" | "timed out";
  error?: string;
  executionId: number;
}

export interface PropertyStoresView {
  /** A user's store (default: the runtime's user). */
  user(email?: string): PropertyStore;
  document: PropertyStore;
  script: PropertyStore;
}

export interface Runtime {
  /** One execution of a global; returns its result or throws ScriptError. */
  run(name: string, args?: unknown[], options?: RunOptions): unknown;
  /**
   * What google.script.run.rpc(method, arg) does from the sidebar: an "rpc" execution whose
   * argument and result must be what google.script.run can carry (plain JSON: no Date, no
   * functions, no undefined in arrays); anything else throws here, as it would fail there.
   */
  rpc(method: string, arg: unknown, options?: RunOptions): unknown;
  /** Opens the spreadsheet: onOpen({ authMode }) as a simple trigger (default AuthMode.NONE). */
  open(options?: { authMode?: AuthMode }): void;
  /** Installs the add-on: onInstall({ authMode: FULL }), which builds the menu at once. */
  install(): void;
  /** Clicks an item of a menu built by onOpen (by caption); runs its function as kind "menu". */
  clickMenu(caption: string, options?: RunOptions): unknown;
  /** Typing into a cell: a value, or a formula that is evaluated (and spilled) at once. */
  setCell(sheet: string, a1: string, input: string): void;
  /**
   * Pasting plain text from `a1` (Ctrl+V of lines of tab-separated text, or Delete over a block
   * with empty strings): each string is read as if typed into its cell, one edit for the block,
   * formulas recalculated once after it. Rows may differ in length; a missing cell is left as it is.
   */
  pasteCells(sheet: string, a1: string, inputs: readonly (readonly string[])[]): void;
  /** Typing a block from `a1` (host-side seeding; not counted, not an execution). */
  setValues(sheet: string, a1: string, values: Array<Array<string | number | boolean | Date | null>>): void;
  getValues(sheet: string, a1Range: string): CellScalar[][];
  getDisplayValues(sheet: string, a1Range: string): string[][];
  getFormulas(sheet: string, a1Range: string): string[][];
  getCell(sheet: string, a1: string): CellView;
  /** A sheet's cells from A1 to its last row and column (empty array for an empty sheet). */
  getSheetCells(sheet: string): CellView[][];
  /** Sets the active sheet and range (what getActiveRange() answers). */
  select(sheet: string, a1Range: string): void;
  /**
   * The owner protects a range (`a1`) or the whole sheet (null): only the owner and `editors` may
   * edit it; other users' script writes there throw (edit-rules.ts).
   */
  protect(sheet: string, a1: string | null, options?: { editors?: readonly string[] }): void;
  /** A "Reject input" list rule on `a1`: script writes of any other value throw (edit-rules.ts). */
  requireValueInList(sheet: string, a1: string, values: readonly string[]): void;
  activeSheet(): string;
  /** A1 of the active range on the active sheet. */
  activeRange(): string;
  /** A1 of every selected range (several after RangeList.activate). */
  activeRangeList(): string[];
  /**
   * What a user does by hand between executions (or inside an interrupt hook, mid-execution);
   * formulas are recalculated at once, as Sheets does: references to a deleted sheet become #REF!
   * for good, references to a renamed one follow its new name, and formulas naming a sheet that
   * did not exist read it once it does.
   */
  insertSheet(name: string): void;
  deleteSheet(name: string): void;
  renameSheet(name: string, newName: string): void;
  /** Deletes (or, with insertColumns, inserts) `count` columns from the 1-based `at`, as a user would. */
  deleteColumns(sheet: string, at: number, count: number): void;
  insertColumns(sheet: string, at: number, count: number): void;
  /** Inserts `count` empty rows before the 1-based row `at`, as a user would (right-click > Insert rows above). */
  insertRows(sheet: string, at: number, count: number): void;
  sheets(): SheetInfo[];
  /** Runs stale formulas (all formulas with `all: true`, as when the file is reopened). */
  recalculate(options?: { all?: boolean }): void;
  /**
   * Sheets' recalculation at a time of its own (G5): each formula cell runs again with chance
   * `share` (default 0.5), each cell its own execution. Returns how many ran.
   */
  recalculateAtRandom(share?: number, seed?: number): number;
  snapshot(): SpreadsheetData;
  /** Spreadsheet and property stores, JSON-serializable (load with createRuntime's options). */
  data(): RuntimeData;
  /** Called when cells, sheets or the selection change. */
  onChange(
    listener: (change: { kind: "cells" | "sheets" | "selection"; sheet?: string }) => void,
  ): () => void;
  readonly ui: UiState;
  readonly properties: PropertyStoresView;
  readonly caches: CacheStores;
  readonly locks: LockTable;
  readonly counters: Counters;
  resetCounters(): void;
  /**
   * Daily quotas per user (G1): `quotas.urlFetch` (and `quotas.properties`) `.setLimit(n)`, `.setUsed(n, user?)`, `.used(user?)`,
   * `.remaining(user?)`, `.resetsAt()` (the next day boundary of the runtime's clock).
   */
  readonly quotas: Quotas;
  /** Logger and console output, per execution. */
  readonly logs: LogEntry[];
  /** The last 1,000 executions. */
  readonly executions: ExecutionRecord[];
  /**
   * Time-driven triggers (G9): `list()` (every user's, soonest first), `get(id)`, `remove(id)`.
   * Scripts make them with ScriptApp.newTrigger(fn).timeBased()...create().
   */
  readonly triggers: Pick<TriggerTable, "list" | "get" | "remove">;
  /**
   * Moves the runtime's clock ahead by `ms` and runs every trigger that falls due on the way, in
   * time order, each as its own execution (kind "clock": 6 minutes, AuthMode.FULL, as the user
   * who created it) with the clock at its due time. Works on the real clock too (an offset).
   */
  advanceClock(ms: number): TriggerRun[];
  /** Runs the triggers due now (the clock does not move). */
  runDueTriggers(): TriggerRun[];
  /** Switches the cost model on (true or figures) or off (false) from now on. */
  setCostModel(model: boolean | Partial<CostModel>): void;
  /** Mutable: shorten for a test, restore after. */
  readonly timeouts: RuntimeTimeouts;
  /** The user executions run as (mutable). */
  user: string;
  readonly clock: RuntimeClock;
  /** dist/Code.js's size and compile time; each execution's load time is in `executions[i].loadMs`. */
  readonly bundle: BundleInfo;
}

export interface BundleInfo {
  bytes: number;
  /** Wall time of compiling Code.js once (ms); every execution then runs its top level again. */
  compileMs: number;
}

const MAX_RECORDS = 1000;

export function createRuntime(options: RuntimeOptions): Runtime {
  const clock = movableClock(options.clock ?? realClock);
  const jitter = options.triggerJitter ?? true;
  const triggers = new TriggerTable(
    options.triggers,
    jitter === false ? undefined : randomSequence(jitter === true ? 1 : jitter.seed),
  );
  const user = options.user ?? DEFAULT_USER;
  const model = new SpreadsheetModel(options.spreadsheet, user);
  model.parseOptions = { monthNames: options.inferMonthNames ?? true, timeZone: model.timeZone };
  const timeouts: RuntimeTimeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const state: RuntimeState = {
    model,
    editRules: new EditRules(),
    properties: new PropertyStores(options.properties),
    caches: new CacheStores(() => clock.now()),
    locks: new LockTable(clock),
    ui: new UiState(),
    counters: emptyCounters(),
    triggers,
    addOn: options.addOn ?? true,
    costModel: costModelOf(options.costModel),
    pendingWrites: { calls: 0, cells: 0 },
    writtenSinceRead: false,
    manifest: options.manifest === undefined ? undefined : parseManifest(options.manifest),
    quotas: new Quotas(clock, () => runtime.user, options.quotas),
    logs: [],
    files: { ...options.files, sidebar: options.sidebarHtml },
    fetchAll: options.fetchAll ?? fetchAllSync,
    clock,
    fetchTimeoutMs: timeouts.fetchMs,
    spreadsheetCallMs: timeouts.spreadsheetCallMs,
  };
  const compileStarted = performance.now();
  const script = new vm.Script(options.codeJs, { filename: "Code.js" });
  const bundle: BundleInfo = {
    bytes: Buffer.byteLength(options.codeJs, "utf8"),
    compileMs: performance.now() - compileStarted,
  };
  const functionNames = listGlobalFunctions(script);
  const executions: ExecutionRecord[] = [];
  const autoRecalculate = options.autoRecalculate ?? true;
  const randomRecalc = options.randomRecalculation
    ? {
        share: options.randomRecalculation.share,
        random: randomSequence(options.randomRecalculation.seed ?? 1),
      }
    : null;
  let nextExecutionId = 1;
  let recalculating = false;
  /** Executions under way: more than one when a test interleaves them (see RunOptions.interrupt). */
  let running = 0;

  function budgetFor(kind: ExecutionKind): number {
    if (kind === "custom") return timeouts.customFunctionMs;
    if (kind === "trigger") return timeouts.simpleTriggerMs;
    // "clock" (time-driven trigger runs) and the rest: the full execution time.
    return timeouts.executionMs;
  }

  function defaultAuthMode(kind: ExecutionKind): AuthMode {
    if (kind === "custom") return "CUSTOM_FUNCTION";
    if (kind === "trigger") return "LIMITED";
    return "FULL";
  }

  function runExecution(
    name: string,
    args: unknown[] | ((host: ServiceHost) => unknown[]),
    opts: RunOptions,
  ): unknown {
    const kind = opts.kind ?? "direct";
    state.fetchTimeoutMs = timeouts.fetchMs;
    state.spreadsheetCallMs = timeouts.spreadsheetCallMs;
    const exec = new Execution({
      id: nextExecutionId++,
      name,
      kind,
      user: opts.user ?? runtime.user,
      authMode: opts.authMode ?? defaultAuthMode(kind),
      clock,
      budgetMs: opts.deadlineMs ?? budgetFor(kind),
      ...(opts.interrupt ? { interrupt: opts.interrupt } : {}),
      ...(opts.formula ? { formula: opts.formula } : {}),
      ...(opts.deadlineMessage ? { deadlineMessage: opts.deadlineMessage } : {}),
    });
    state.counters.executions++;
    const record: ExecutionRecord = {
      id: exec.id,
      name,
      kind,
      user: exec.user,
      startedAt: exec.startedAt,
      durationMs: 0,
      outcome: "completed",
      loadMs: 0,
      filesRead: [],
      calls: callCounts(state.counters),
    };
    const countersAtStart = state.counters;
    running++;
    try {
      return execute({
        script,
        state,
        exec,
        name,
        args,
        clockDate: options.clock !== undefined || clock.offsetMs !== 0,
      });
    } catch (error) {
      const scriptError = error as ScriptError;
      record.outcome = scriptError.kind === "timeout" ? "timed out" : "failed";
      record.error = scriptError.message;
      throw error;
    } finally {
      running--;
      // Apps Script commits the script's queued writes when it ends.
      if (running === 0) {
        flushPendingWrites(state);
        state.writtenSinceRead = false;
      }
      record.durationMs = clock.now() - exec.startedAt;
      record.loadMs = exec.loadMs;
      record.filesRead = [...exec.filesRead];
      const atStart = record.calls;
      const atEnd = callCounts(state.counters);
      // resetCounters() during the execution starts the count again from zero.
      const reset = state.counters !== countersAtStart;
      record.calls = { ...atEnd };
      for (const key of CALL_COUNTS) record.calls[key] = atEnd[key] - (reset ? 0 : atStart[key]);
      executions.push(record);
      if (executions.length > MAX_RECORDS) executions.splice(0, executions.length - MAX_RECORDS);
      // Sheets recalculates once the script's changes are in: after the outermost execution.
      if (kind !== "custom" && running === 0) {
        recalcIfAuto();
        recalcAtRandom();
      }
    }
  }

  /** With `randomRecalculation` on: a random share of formula cells runs again (G5). */
  function recalcAtRandom(): void {
    if (!randomRecalc || recalculating) return;
    recalc({ pick: () => randomRecalc.random() < randomRecalc.share });
  }

  function recalcIfAuto(): void {
    if (autoRecalculate && model.hasPending()) recalc({});
  }

  function recalc(opts: { all?: boolean; pick?: (cell: FormulaCell) => boolean }): void {
    if (recalculating) return;
    recalculating = true;
    try {
      recalculate(
        {
          model,
          resolveFunction: (name) => functionNames.get(name.toUpperCase()) ?? null,
          callCustomFunction: (name, args, location): CustomFunctionOutcome => {
            try {
              return { ok: true, value: runExecution(name, args, { kind: "custom", formula: location }) };
            } catch (error) {
              if (error instanceof ScriptError) return { ok: false, message: error.message };
              throw error;
            }
          },
        },
        opts,
      );
    } finally {
      recalculating = false;
    }
  }

  /** Runs the triggers due by `until`, moving the clock to each one's time; then to `until`. */
  function runTriggersUntil(until: number): TriggerRun[] {
    const runs: TriggerRun[] = [];
    for (let due = triggers.nextDue(until); due; due = triggers.nextDue(until)) {
      if (due.nextRunAt > clock.now()) clock.advance(due.nextRunAt - clock.now());
      const at = clock.now();
      const run: TriggerRun = {
        triggerId: due.id,
        handler: due.handler,
        user: due.user,
        at,
        outcome: "completed",
        executionId: nextExecutionId,
      };
      // G10: the user's trigger time today; past it the run fails at once, and a run that reaches
      // it is stopped there with the same failure.
      const quota = state.quotas.triggerRuntime;
      const left = quota.remaining(due.user);
      try {
        if (left <= 0) throw new ScriptError(TRIGGER_RUNTIME_QUOTA_MESSAGE, "exception", 0, "Exception");
        runExecution(due.handler, [clockEvent(due.id, at)], {
          kind: "clock",
          user: due.user,
          authMode: "FULL",
          ...(left < timeouts.executionMs
            ? { deadlineMs: left, deadlineMessage: TRIGGER_RUNTIME_QUOTA_MESSAGE }
            : {}),
        });
      } catch (error) {
        if (!(error instanceof ScriptError)) throw error;
        const byQuota = error.message === TRIGGER_RUNTIME_QUOTA_MESSAGE;
        run.outcome = error.kind === "timeout" && !byQuota ? "timed out" : "failed";
        run.error = error.message;
      } finally {
        quota.setUsed(quota.used(due.user) + (clock.now() - at), due.user);
      }
      triggers.ran(due, at, run.outcome, run.error);
      runs.push(run);
    }
    if (until > clock.now()) clock.advance(until - clock.now());
    return runs;
  }

  function sheetNamed(name: string): SheetModel {
    const sheet = model.sheetByName(name);
    if (!sheet) throw new Error(`No sheet named "${name}".`);
    return sheet;
  }

  function resolve(sheetName: string, a1: string) {
    const sheet = sheetNamed(sheetName);
    const resolved = model.resolve(a1, sheet);
    if (!resolved || !model.inBounds(resolved.sheet, resolved.range)) {
      throw new Error(`Not a range on "${sheetName}": ${a1}`);
    }
    return resolved;
  }

  function cellView(sheet: SheetModel, row: number, column: number): CellView {
    const cell = model.cell(sheet, row, column);
    if (!cell) return { value: "", display: "", input: "" };
    const display = displayText(cell, model.timeZone);
    const view: CellView = {
      value: cell.value,
      display,
      input: cell.formula ?? (cell.spillOf !== undefined ? display : cell.quoted ? `'${display}` : display),
    };
    if (cell.formula !== undefined) view.formula = cell.formula;
    if (cell.error) view.error = cell.error;
    if (cell.note !== undefined) view.note = cell.note;
    if (cell.numberFormat !== undefined) view.numberFormat = cell.numberFormat;
    if (cell.spillOf !== undefined) {
      view.spillOf = cellA1(keyRow(cell.spillOf), keyColumn(cell.spillOf));
    }
    return view;
  }

  const runtime: Runtime = {
    user,
    clock,
    timeouts,
    bundle,
    ui: state.ui,
    caches: state.caches,
    locks: state.locks,
    quotas: state.quotas,
    logs: state.logs,
    executions,
    get counters() {
      return state.counters;
    },
    properties: {
      user: (email) => state.properties.user(email ?? runtime.user),
      document: state.properties.document,
      script: state.properties.script,
    },

    run: (name, args = [], opts = {}) => runExecution(name, args, opts),

    rpc: (method, arg, opts = {}) => {
      assertTransferable(arg, "argument");
      const result = runExecution("rpc", [method, arg], { kind: "rpc", ...opts });
      assertTransferable(result, "result");
      return result === undefined ? null : JSON.parse(JSON.stringify(result));
    },

    open: (opts = {}) => {
      const authMode = opts.authMode ?? "NONE";
      runExecution(
        "onOpen",
        (host) => [{ authMode, source: new SpreadsheetObject(host), user: host.exec.user }],
        { kind: "trigger", authMode },
      );
    },

    install: () => {
      runExecution("onInstall", (host) => [{ authMode: "FULL", source: new SpreadsheetObject(host) }], {
        kind: "trigger",
        authMode: "FULL",
      });
    },

    clickMenu: (caption, opts = {}) => {
      const item = state.ui.menuItems().find((i) => i.caption === caption);
      if (!item)
        throw new Error(`No menu item "${caption}" (menus: ${JSON.stringify(state.ui.menuItems())}).`);
      return runExecution(item.functionName, [], { kind: "menu", ...opts });
    },

    setCell: (sheetName, a1, input) => runtime.pasteCells(sheetName, a1, [[input]]),

    pasteCells: (sheetName, a1, inputs) => {
      const { sheet, range } = resolve(sheetName, a1);
      inputs.forEach((line, r) => {
        line.forEach((input, c) => {
          const row = range.row + r;
          const column = range.column + c;
          sheet.maxRows = Math.max(sheet.maxRows, row);
          sheet.maxColumns = Math.max(sheet.maxColumns, column);
          const format = model.cell(sheet, row, column)?.numberFormat;
          model.write(sheet, { row, column, numRows: 1, numColumns: 1 }, [
            [parseInput(input, format, model.parseOptions)],
          ]);
        });
      });
      recalcIfAuto();
    },

    setValues: (sheetName, a1, values) => {
      const { sheet, range } = resolve(sheetName, a1);
      const width = Math.max(0, ...values.map((r) => r.length));
      if (values.length === 0 || width === 0) return;
      const block = { row: range.row, column: range.column, numRows: values.length, numColumns: width };
      sheet.maxRows = Math.max(sheet.maxRows, block.row + block.numRows - 1);
      sheet.maxColumns = Math.max(sheet.maxColumns, block.column + block.numColumns - 1);
      model.write(
        sheet,
        block,
        values.map((row) =>
          Array.from({ length: width }, (_, c) =>
            scriptValueToInput(row[c] ?? null, undefined, model.parseOptions),
          ),
        ),
      );
      recalcIfAuto();
    },

    getValues: (sheetName, a1) => {
      const { sheet, range } = resolve(sheetName, a1);
      return model.values(sheet, range);
    },

    getDisplayValues: (sheetName, a1) => {
      const { sheet, range } = resolve(sheetName, a1);
      return model.displayValues(sheet, range);
    },

    getFormulas: (sheetName, a1) => {
      const { sheet, range } = resolve(sheetName, a1);
      return model.formulas(sheet, range);
    },

    getCell: (sheetName, a1) => {
      const { sheet, range } = resolve(sheetName, a1);
      return cellView(sheet, range.row, range.column);
    },

    getSheetCells: (sheetName) => {
      const sheet = sheetNamed(sheetName);
      const rows = model.lastRow(sheet);
      const columns = model.lastColumn(sheet);
      const out: CellView[][] = [];
      for (let r = 1; r <= rows; r++) {
        const row: CellView[] = [];
        for (let c = 1; c <= columns; c++) row.push(cellView(sheet, r, c));
        out.push(row);
      }
      return out;
    },

    select: (sheetName, a1) => {
      const { sheet, range } = resolve(sheetName, a1);
      model.activate(sheet, range);
    },

    protect: (sheetName, a1, opts = {}) => {
      const sheet = sheetNamed(sheetName);
      state.editRules.protect(
        sheet.id,
        a1 === null ? null : resolve(sheetName, a1).range,
        opts.editors ?? [],
      );
    },
    requireValueInList: (sheetName, a1, values) => {
      const { sheet, range } = resolve(sheetName, a1);
      state.editRules.requireValueInList(sheet.id, range, values);
    },

    activeSheet: () => model.activeSheet().name,
    activeRange: () => model.toData().activeRange ?? "A1",
    activeRangeList: () => (model.activeRangeList ?? [model.activeRange]).map((range) => rangeA1(range)),

    insertSheet: (name) => {
      model.insertSheet(name);
      recalcIfAuto();
    },
    deleteSheet: (name) => {
      model.deleteSheet(sheetNamed(name));
      recalcIfAuto();
    },
    renameSheet: (name, newName) => {
      model.renameSheet(sheetNamed(name), newName);
      recalcIfAuto();
    },
    deleteColumns: (name, at, count) => {
      model.remove(sheetNamed(name), "columns", at, count);
    },
    insertColumns: (name, at, count) => {
      model.insert(sheetNamed(name), "columns", at, count);
    },
    insertRows: (name, at, count) => {
      model.insert(sheetNamed(name), "rows", at, count);
    },

    sheets: () =>
      model.sheets.map((s) => ({
        name: s.name,
        id: s.id,
        maxRows: s.maxRows,
        maxColumns: s.maxColumns,
        frozenRows: s.frozenRows,
        frozenColumns: s.frozenColumns,
        hidden: s.hidden,
        lastRow: model.lastRow(s),
        lastColumn: model.lastColumn(s),
      })),

    recalculate: (opts = {}) => recalc(opts),
    recalculateAtRandom: (share = 0.5, seed = 1) => {
      const random = randomSequence(seed);
      const before = state.counters.executions;
      recalc({ pick: () => random() < share });
      return state.counters.executions - before;
    },
    snapshot: () => model.toData(),
    data: () => ({
      spreadsheet: model.toData(),
      properties: state.properties.toData(),
      triggers: triggers.toData(),
    }),
    triggers,
    advanceClock: (ms) => runTriggersUntil(clock.now() + Math.max(0, ms)),
    runDueTriggers: () => runTriggersUntil(clock.now()),
    setCostModel: (model) => {
      state.costModel = costModelOf(model);
    },
    onChange: (listener) => model.onChange(listener),
    resetCounters: () => {
      state.counters = emptyCounters();
    },
  };
  return runtime;
}

/** The event object of a time-driven trigger's run (UTC: the emulation's time zone). */
function clockEvent(triggerUid: string, at: number): Record<string, unknown> {
  const date = new Date(at);
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  return {
    authMode: "FULL",
    triggerUid,
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    "day-of-month": date.getUTCDate(),
    "day-of-week": date.getUTCDay() === 0 ? 7 : date.getUTCDay(),
    "week-of-year": Math.ceil(((at - start) / 86_400_000 + new Date(start).getUTCDay() + 1) / 7),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    timezone: "UTC",
  };
}

function costModelOf(option: boolean | Partial<CostModel> | undefined): CostModel | null {
  if (option === undefined || option === false) return null;
  return option === true ? { ...MEASURED_COSTS } : { ...MEASURED_COSTS, ...option };
}
