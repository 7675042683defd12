/** Tiny hand-written Code.js projects in the emulated runtime, with a scripted network. */

import { createRuntime, type Runtime, type RuntimeOptions, ScriptError } from "../../sandbox/gas/runtime";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";

export const SIDEBAR_HTML = "<!doctype html><title>sidebar</title>";

/** A fetchAll that answers from a function and records what was sent. */
export function scriptedNetwork(answer: (request: HttpRequest) => HttpOutcome = () => ok("{}")) {
  const calls: Array<{ requests: HttpRequest[]; timeoutMs: number | undefined }> = [];
  return {
    calls,
    fetchAll: (requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[] => {
      calls.push({ requests, timeoutMs: options?.timeoutMs });
      return requests.map(answer);
    },
  };
}

export function ok(body: string, status = 200): HttpOutcome {
  return { kind: "response", status, body };
}

/** A runtime over `code` (plain Apps Script JavaScript), with a scripted network unless given one. */
export function tinyRuntime(code: string, options: Partial<RuntimeOptions> = {}): Runtime {
  return createRuntime({
    codeJs: code,
    sidebarHtml: SIDEBAR_HTML,
    fetchAll: scriptedNetwork().fetchAll,
    ...options,
  });
}

/** Runs `fn` and returns the ScriptError it throws (fails the test if it throws nothing). */
export function failure(fn: () => unknown): ScriptError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ScriptError) return error;
    throw error;
  }
  throw new Error("expected a ScriptError");
}
