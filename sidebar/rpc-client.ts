/**
 * The sidebar's side of the typed contract (src/rpc.ts): `call("method", arg)` returns a promise
 * of that method's result type and rejects with a UserError. google.script.run is the transport.
 */
import type { RpcArg, RpcMethod, RpcResult, RpcValue, UserError } from "../src/rpc";

interface ScriptRun {
  withSuccessHandler(fn: (value: unknown) => void): ScriptRun;
  withFailureHandler(fn: (error: Error) => void): ScriptRun;
  rpc(method: string, arg: unknown): void;
}

declare global {
  interface Window {
    google?: { script: { run: ScriptRun } };
  }
}

/** Raised by `call` when the server answers with an error value or the transport fails. */
export class RpcError extends Error {
  constructor(readonly error: UserError) {
    super(error.message);
  }
}

export function call<M extends RpcMethod>(method: M, arg: RpcArg<M>): Promise<RpcValue<M>> {
  return new Promise((resolve, reject) => {
    const run = window.google?.script.run;
    if (!run) {
      reject(new RpcError({ kind: "offline", message: "The sidebar is not connected to the spreadsheet." }));
      return;
    }
    run
      .withSuccessHandler((raw) => {
        const result = raw as RpcResult<RpcValue<M>>;
        if (result?.ok) resolve(result.value);
        else
          reject(new RpcError(result?.error ?? { kind: "internal", message: "The server gave no answer." }));
      })
      .withFailureHandler((error) =>
        reject(new RpcError({ kind: "transport", message: error?.message || String(error) })),
      )
      .rpc(method, arg);
  });
}

/** Turns anything a call rejected with into a UserError to show. */
export function asUserError(error: unknown): UserError {
  if (error instanceof RpcError) return error.error;
  return { kind: "internal", message: error instanceof Error ? error.message : String(error) };
}
