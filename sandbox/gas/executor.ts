/**
 * Runs one execution: a fresh vm context with the execution's globals, dist/Code.js evaluated in
 * it (as Apps Script loads the project for every execution), then the named global called. The
 * vm timeout (the time left plus a small grace) stops pure-JavaScript loops; service calls stop
 * at the deadline on their own (execution.ts). Locks die with the execution.
 */
import { types } from "node:util";
import vm from "node:vm";
import { stripNewerBuiltIns } from "./builtins";
import type { Execution } from "./execution";
import { createGlobals } from "./globals";
import { intoRealm, isPlainObject, realmOf } from "./realm";
import type { RuntimeState, ServiceHost } from "./services/host";

/** Extra time the vm watchdog allows past the deadline, so service checkpoints speak first. */
const WATCHDOG_GRACE_MS = 1000;

/** What a failed execution throws to the runtime's caller (Node's realm). */
export class ScriptError extends Error {
  constructor(
    message: string,
    /** "exception": the script threw; "timeout": cut off at the deadline; "not_found": no such global. */
    readonly kind: "exception" | "timeout" | "not_found",
    readonly executionId: number,
    /** The error's name in the script ("Exception" for Apps Script's, "TypeError"...). */
    readonly scriptErrorName: string,
  ) {
    super(message);
    this.name = "ScriptError";
  }
}

const CALL = new vm.Script("globalThis[__gasCall.name].apply(globalThis, __gasCall.args)", {
  filename: "apps-script-runtime",
});

const PATCH_DATE = new vm.Script(
  `(() => {
    const RealDate = Date;
    const now = __gasNow;
    class ClockDate extends RealDate {
      constructor(...args) { if (args.length === 0) super(now()); else super(...args); }
      static now() { return now(); }
    }
    globalThis.Date = ClockDate;
  })()`,
);

export interface ExecuteRequest {
  script: vm.Script;
  state: RuntimeState;
  exec: Execution;
  name: string;
  /** Arguments, or a function making them inside the execution (e.g. an event with a Spreadsheet). */
  args: unknown[] | ((host: ServiceHost) => unknown[]);
  /** Make Date follow the runtime's clock (when it is not the real one). */
  clockDate: boolean;
}

/** Runs the execution and returns its result (copied to Node's realm where it is plain data). */
export function execute(request: ExecuteRequest): unknown {
  const { exec, state } = request;
  const host: ServiceHost = { exec, state };
  const context = vm.createContext(createGlobals(host), { name: `execution ${exec.id}: ${exec.name}` });
  try {
    stripNewerBuiltIns(context);
    if (request.clockDate) {
      context.__gasNow = () => state.clock.now();
      PATCH_DATE.runInContext(context);
      delete context.__gasNow;
    }
    exec.realm = realmOf(context);
    const watchdog = (): number => Math.max(1, Math.ceil(exec.timeLeft() + WATCHDOG_GRACE_MS));
    const loadStarted = performance.now();
    request.script.runInContext(context, { timeout: watchdog() });
    exec.loadMs = performance.now() - loadStarted;
    if (typeof context[request.name] !== "function" || request.name.endsWith("_")) {
      throw new ScriptError(`Script function not found: ${request.name}`, "not_found", exec.id, "Exception");
    }
    const args = typeof request.args === "function" ? request.args(host) : request.args;
    context.__gasCall = { name: request.name, args: intoRealm(exec.realm, args) };
    const result: unknown = CALL.runInContext(context, { timeout: watchdog() });
    if (exec.cutOff) throw timeoutError(exec);
    return fromRealm(result);
  } catch (error) {
    throw toScriptError(error, exec);
  } finally {
    state.locks.releaseAll(exec.id);
  }
}

function timeoutError(exec: Execution): ScriptError {
  return new ScriptError(exec.deadlineMessage, "timeout", exec.id, "Exception");
}

function toScriptError(error: unknown, exec: Execution): ScriptError {
  if (error instanceof ScriptError) return error;
  // The execution was cut off: whatever the script did with the error, Apps Script kills it.
  if (exec.cutOff) return timeoutError(exec);
  if (isVmTimeout(error)) {
    exec.cutOff = true;
    return timeoutError(exec);
  }
  if (types.isNativeError(error)) {
    const e = error as Error;
    return new ScriptError(e.message, "exception", exec.id, e.name);
  }
  return new ScriptError(String(error), "exception", exec.id, "Error");
}

function isVmTimeout(error: unknown): boolean {
  return (
    types.isNativeError(error) && (error as NodeJS.ErrnoException).code === "ERR_SCRIPT_EXECUTION_TIMEOUT"
  );
}

/** Copies plain data (arrays, plain objects, dates) out of the context's realm. */
export function fromRealm(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromRealm);
  if (types.isDate(value)) return new Date((value as Date).getTime());
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = fromRealm(item);
    return out;
  }
  return value;
}

/** The global functions Code.js declares, by upper-case name (custom functions match case-insensitively). */
export function listGlobalFunctions(script: vm.Script): Map<string, string> {
  const context = vm.createContext({});
  script.runInContext(context, { timeout: 10_000 });
  const names = new Map<string, string>();
  for (const name of Object.keys(context)) {
    if (typeof context[name] === "function" && !name.endsWith("_")) names.set(name.toUpperCase(), name);
  }
  return names;
}
