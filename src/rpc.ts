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
import type { EmailsMethods } from "./rpc/emails";
import type { EnrichMethods } from "./rpc/enrich";
import type { HistoryMethods } from "./rpc/history";
import type { LeadsMethods } from "./rpc/leads";
import type { RetryMethods } from "./rpc/retry";
import type { ScheduleMethods } from "./rpc/schedule";
import type { SettingsMethods } from "./rpc/settings";
import { type Shape, ShapeFault } from "./rpc/shape";

/** An error as the sidebar shows it: what went wrong and what to do next. */
export interface UserError {
  kind: string;
  message: string;
  next?: string;
  /** The argument's field at fault, when the server refused the argument's shape (`form.target`). */
  field?: string;
}

/** What every server call answers: errors travel as values, not as thrown exceptions. */
export type RpcResult<T> = { ok: true; value: T } | { ok: false; error: UserError };

/** What the sidebar's footer and the About menu item show: the built version and where to get help. */
export interface ServerInfo {
  /** Version of the built add-on (package.json's, at build time). */
  version: string;
  supportUrl: string;
  privacyPolicyUrl: string;
  termsOfServiceUrl: string;
}

/** Method name -> argument and result. Features add their methods here. */
export interface RpcMethods
  extends SettingsMethods,
    EnrichMethods,
    EmailsMethods,
    CreditsMethods,
    LeadsMethods,
    CompanyMethods,
    HistoryMethods,
    RetryMethods,
    ScheduleMethods {
  /** Cheap call the sidebar makes on load: proves the bridge works. */
  getServerInfo: { arg: null; result: ServerInfo };
}

export type RpcMethod = keyof RpcMethods;
export type RpcArg<M extends RpcMethod> = RpcMethods[M]["arg"];
export type RpcValue<M extends RpcMethod> = RpcMethods[M]["result"];

/** The server's handler table: one function per method, checked against the contract. */
export type RpcHandlers = { [M in RpcMethod]: (arg: RpcArg<M>) => RpcValue<M> };

/** Every method's argument check (src/rpc/guards.ts). */
export type RpcShapes = { [M in RpcMethod]: Shape<RpcArg<M>> };

/** What the sidebar is told when the argument's shape is wrong: the field, never its value. */
function refused(fault: ShapeFault): RpcResult<unknown> {
  return {
    ok: false,
    error: {
      kind: "bad_request",
      message: `The server could not read this request: ${fault.message}`,
      next: "Check that field; if it looks right, reload the sidebar (it may be out of date).",
      field: fault.field,
    },
  };
}

/**
 * Checks the argument's shape, runs the handler on the checked copy, and turns a thrown error
 * into an error value the sidebar can show. (Object.hasOwn is avoided: Apps Script may lack it.)
 */
export function dispatch(
  handlers: RpcHandlers,
  shapes: RpcShapes,
  method: unknown,
  arg: unknown,
  toUserError: (error: unknown) => UserError,
): RpcResult<unknown> {
  // Not Object.hasOwn: a built-in newer than ES2020 that Google does not promise.
  if (typeof method !== "string" || !Object.prototype.hasOwnProperty.call(handlers, method)) {
    const name = typeof method === "string" ? ` "${method.slice(0, 40)}"` : "";
    return { ok: false, error: { kind: "bad_request", message: `Unknown server method${name}.` } };
  }
  try {
    const checked = shapes[method as RpcMethod](arg, "");
    const handler = handlers[method as RpcMethod] as (a: unknown) => unknown;
    return { ok: true, value: handler(checked) };
  } catch (error) {
    return error instanceof ShapeFault ? refused(error) : { ok: false, error: toUserError(error) };
  }
}
