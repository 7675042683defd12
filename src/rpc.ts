/**
 * The one typed contract between the sidebar and the server.
 *
 * Each method names its argument and result types. The sidebar calls `rpc.call("method", arg)`
 * and the server's single entry `rpc(method, arg)` dispatches through a handler table typed by
 * this interface, so a misspelt method or a wrong argument fails to compile on both sides.
 * Payloads are plain JSON: no Date, no class instances, no undefined inside arrays, because
 * google.script.run cannot carry them.
 */

import type { CompanyMethods } from "./rpc/companies";
import type { CreditsMethods } from "./rpc/credits";
import type { EnrichMethods } from "./rpc/enrich";
import type { LeadsMethods } from "./rpc/leads";
import type { SettingsMethods } from "./rpc/settings";

/** An error as the sidebar shows it: what went wrong and what to do next. */
export interface UserError {
  kind: string;
  message: string;
  next?: string;
}

/** What every server call answers: errors travel as values, not as thrown exceptions. */
export type RpcResult<T> = { ok: true; value: T } | { ok: false; error: UserError };

export interface ServerInfo {
  /** Version of the built add-on. */
  version: string;
}

/** Method name -> argument and result. Features add their methods here. */
export interface RpcMethods
  extends SettingsMethods,
    EnrichMethods,
    CreditsMethods,
    LeadsMethods,
    CompanyMethods {
  /** Cheap call the sidebar makes on load: proves the bridge works. */
  getServerInfo: { arg: null; result: ServerInfo };
}

export type RpcMethod = keyof RpcMethods;
export type RpcArg<M extends RpcMethod> = RpcMethods[M]["arg"];
export type RpcValue<M extends RpcMethod> = RpcMethods[M]["result"];

/** The server's handler table: one function per method, checked against the contract. */
export type RpcHandlers = { [M in RpcMethod]: (arg: RpcArg<M>) => RpcValue<M> };

/** Runs a handler and turns a thrown error into an error value the sidebar can show. */
export function dispatch(
  handlers: RpcHandlers,
  method: string,
  arg: unknown,
  toUserError: (error: unknown) => UserError,
): RpcResult<unknown> {
  // Not Object.hasOwn: a built-in newer than ES2020 that Google does not promise.
  if (!Object.prototype.hasOwnProperty.call(handlers, method)) {
    return { ok: false, error: { kind: "bad_request", message: `Unknown server method "${method}".` } };
  }
  try {
    const handler = handlers[method as RpcMethod] as (a: unknown) => unknown;
    return { ok: true, value: handler(arg) };
  } catch (error) {
    return { ok: false, error: toUserError(error) };
  }
}
