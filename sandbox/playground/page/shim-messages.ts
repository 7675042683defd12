/** Messages the sidebar frame's google.script shim posts to the playground page. */
import type { ExecutionView } from "../protocol";

export const SHIM_SOURCE = "prospecting-playground-shim";

export type ShimMessage =
  | { source: typeof SHIM_SOURCE; type: "executed"; execution: ExecutionView }
  | { source: typeof SHIM_SOURCE; type: "close" };

export function isShimMessage(data: unknown): data is ShimMessage {
  return typeof data === "object" && data !== null && (data as { source?: unknown }).source === SHIM_SOURCE;
}
