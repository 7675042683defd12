/** Test faults: configured rules, the lookup error rate, and the per-request X-Sandbox-Fault header. */
import type { ErrorBody } from "../../src/api/wire.ts";
import { API_PATHS } from "./paths.ts";
import { FAULT_KINDS, type FaultKind, type SandboxState } from "./state.ts";

const LOOKUP_PATH = API_PATHS.leadLookup;
export const DEFAULT_SLOW_MS = 5_000;

export interface ChosenFault {
  kind: FaultKind;
  delayMs: number;
  /** For "client_error": the 4xx to answer. */
  status?: number;
}

/** What a 4xx answers when a client_error fault names no status: a plan not entitled (A18). */
export const DEFAULT_CLIENT_ERROR = 403;

/** The detail production's error bodies carry for a few 4xx; any other gets a generic one. */
const CLIENT_ERROR_DETAILS: Record<number, string> = {
  400: "Bad request.",
  403: "You do not have permission to perform this action.",
  404: "Not found.",
  405: "Method not allowed.",
  409: "Conflict.",
  422: "Unprocessable entity.",
};

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
    return {
      kind: rule.kind,
      delayMs: rule.delayMs ?? DEFAULT_SLOW_MS,
      ...(rule.status === undefined ? {} : { status: rule.status }),
    };
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
  clientErrorStatus = DEFAULT_CLIENT_ERROR,
): { status: number; text: string } | null {
  switch (kind) {
    case "client_error": {
      const detail = CLIENT_ERROR_DETAILS[clientErrorStatus] ?? `Client error ${clientErrorStatus}.`;
      return { status: clientErrorStatus, text: JSON.stringify(errorBody(clientErrorStatus, detail)) };
    }
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
