/**
 * Injected into the sidebar's HTML before its own script: Apps Script's client API for a sidebar,
 * bridged to the playground server. `google.script.run.withSuccessHandler(f).anyName(...args)` posts
 * to /api/script, which runs the global `anyName` in the emulated runtime; the page is told to redraw
 * the grid after each call. Like Apps Script, arguments and results travel as JSON and handlers run
 * asynchronously.
 */
import type { ExecutionView, ScriptOutcome } from "../protocol";
import { SHIM_SOURCE, type ShimMessage } from "./shim-messages";

type SuccessHandler = (value: unknown, userObject?: unknown) => void;
type FailureHandler = (error: Error, userObject?: unknown) => void;

interface RunnerState {
  success?: SuccessHandler;
  failure?: FailureHandler;
  userObject?: unknown;
}

function tellPage(message: ShimMessage): void {
  if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
}

async function execute(functionName: string, args: unknown[], state: RunnerState): Promise<void> {
  let outcome: ScriptOutcome;
  try {
    const response = await fetch("/api/script", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ functionName, args }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(text || `${response.status} ${response.statusText}`);
    const answer = JSON.parse(text) as { outcome: ScriptOutcome; execution: ExecutionView };
    tellPage({ source: SHIM_SOURCE, type: "executed", execution: answer.execution });
    outcome = answer.outcome;
  } catch (error) {
    outcome = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (outcome.ok) state.success?.(outcome.value, state.userObject);
  else if (state.failure) state.failure(new Error(outcome.message), state.userObject);
  else console.error(`google.script.run.${functionName} failed: ${outcome.message}`);
}

/** A runner: handler setters return a new runner; any other name calls that server function. */
function runner(state: RunnerState): unknown {
  return new Proxy(
    {},
    {
      get(_target, name) {
        if (typeof name !== "string") return undefined;
        if (name === "withSuccessHandler") return (fn: SuccessHandler) => runner({ ...state, success: fn });
        if (name === "withFailureHandler") return (fn: FailureHandler) => runner({ ...state, failure: fn });
        if (name === "withUserObject") return (value: unknown) => runner({ ...state, userObject: value });
        return (...args: unknown[]) => {
          // JSON round trip now, as Apps Script serializes arguments at call time.
          const sent = JSON.parse(JSON.stringify(args)) as unknown[];
          void execute(name, sent, state);
        };
      },
    },
  );
}

const host = {
  close: () => tellPage({ source: SHIM_SOURCE, type: "close" }),
  setHeight: () => undefined,
  setWidth: () => undefined,
  editor: { focus: () => undefined },
};

Object.defineProperty(window, "google", {
  configurable: true,
  value: {
    script: {
      host,
      get run() {
        return runner({});
      },
    },
  },
});
