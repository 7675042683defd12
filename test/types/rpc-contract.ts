/**
 * Compile-time checks of the sidebar <-> server contract, verified by `npm run typecheck`:
 * every line marked @ts-expect-error must fail to compile, or tsc reports the marker as unused.
 */

import { call } from "../../sidebar/rpc-client";
import type { RpcHandlers } from "../../src/rpc";

export function contractChecks(): void {
  void call("getServerInfo", null).then((info) => info.version.toUpperCase());
  // @ts-expect-error a method that does not exist
  void call("getServerInfos", null);
  // @ts-expect-error a wrong argument type
  void call("getServerInfo", 42);
  void call("getServerInfo", null).then((info) => {
    // @ts-expect-error a result field that does not exist
    return info.versions;
  });
}

// @ts-expect-error a handler table that misses a method
export const incomplete: RpcHandlers = {};
