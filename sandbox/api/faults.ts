/** Test faults: configured rules, the lookup error rate, and the per-request X-Sandbox-Fault header. */
import type { ErrorBody } from "../../src/api/wire.ts";
import { API_PATHS } from "./paths.ts";
import { FAULT_KINDS, type FaultKind, type SandboxState } from "./state.ts";

const LOOKUP_PATH = API_PATHS.leadLookup;
export const DEFAULT_SLOW_MS = 5_000;

export interface ChosenFault {
  kind: FaultKind;
  delayMs: number;
}

function isFaultKind(value: string): value is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(value);
}

/**
 * The fault this request meets, if any: the X-Sandbox-Fault header first (with X-Sandbox-Delay-Ms
 * for "slow"), then the first configured rule that fires, then the lookup error rate.
 */
export function chooseFault(
  state: SandboxState,
  path: string,
  header: string | undefined,
  delayHeader: string | undefined,
): ChosenFault | null {
  if (header !== undefined && isFaultKind(header)) {
    const delay = Number(delayHeader);
    return { kind: header, delayMs: delayHeader !== undefined && delay >= 0 ? delay : DEFAULT_SLOW_MS };
  }
  for (const rule of state.config.faults) {
    if (rule.path !== undefined && rule.path !== path) continue;
    if (rule.count !== undefined && rule.count <= 0) continue;
    if (state.faultRandom.next() >= (rule.rate ?? 1)) continue;
    if (rule.count !== undefined) rule.count--;
    return { kind: rule.kind, delayMs: rule.delayMs ?? DEFAULT_SLOW_MS };
  }
  if (
    path === LOOKUP_PATH &&
    state.config.lookupErrorRate > 0 &&
    state.faultRandom.next() < state.config.lookupErrorRate
  ) {
    return { kind: "server_error", delayMs: 0 };
  }
  return null;
}

export function errorBody(status: number, detail: string): ErrorBody {
  return { status: "error", status_code: status, detail };
}

/** The answer a fault replaces the real one with (none for "slow", which only delays). */
export function faultAnswer(
  kind: FaultKind,
  insufficientFundsStatus = 402,
): { status: number; text: string } | null {
  switch (kind) {
    case "server_error":
      return {
        status: 500,
        text: JSON.stringify(errorBody(500, "Internal server error. Please send the request again.")),
      };
    case "throttle":
      return { status: 429, text: JSON.stringify(errorBody(429, "Request was throttled.")) };
    case "insufficient_funds":
      return {
        status: insufficientFundsStatus,
        text: JSON.stringify(errorBody(insufficientFundsStatus, "Insufficient funds in the account.")),
      };
    case "malformed":
      return { status: 200, text: '{"lead": {"full_name": "Trunc' };
    default:
      return null;
  }
}
