/** A typed async client for the sandbox's control endpoints (/__sandbox/...), for tests and tools. */
import type { SandboxConfig, SandboxConfigInput, SandboxStats } from "./state.ts";

export type { FaultKind, FaultRule, SandboxConfig, SandboxConfigInput, SandboxStats } from "./state.ts";

export interface SandboxInfo {
  seed: number;
  companies: number;
  leads: number;
  keys: Record<string, number>;
  /** Of the whole process the sandbox runs in. */
  memory: { rssMb: number; heapUsedMb: number };
  /** CPU time (user + system) the process has used so far. */
  cpuMs: number;
}

export interface SandboxLists {
  locations: string[];
  industries: Array<{ industry_name: string }>;
}

export interface SandboxControl {
  stats(): Promise<SandboxStats>;
  reset(): Promise<void>;
  config(): Promise<SandboxConfig>;
  configure(config: SandboxConfigInput): Promise<SandboxConfig>;
  setCredits(key: string, credits: number): Promise<{ key: string; balance: number }>;
  sampleUrls(count: number, offset?: number): Promise<string[]>;
  lists(): Promise<SandboxLists>;
  info(): Promise<SandboxInfo>;
}

export function sandboxControl(baseUrl: string): SandboxControl {
  const base = baseUrl.replace(/\/+$/, "");
  async function call<T>(method: "GET" | "POST", route: string, body?: unknown): Promise<T> {
    const init: RequestInit = { method };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { "Content-Type": "application/json" };
    }
    const response = await fetch(`${base}/__sandbox/${route}`, init);
    const text = await response.text();
    if (!response.ok) throw new Error(`sandbox control ${route}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }
  return {
    stats: () => call("GET", "stats"),
    reset: async () => {
      await call("POST", "reset");
    },
    config: () => call("GET", "config"),
    configure: (config) => call("POST", "config", config),
    setCredits: (key, credits) => call("POST", "keys", { key, credits }),
    sampleUrls: async (count, offset = 0) =>
      (await call<{ urls: string[] }>("GET", `sample-urls?count=${count}&offset=${offset}`)).urls,
    lists: () => call("GET", "lists"),
    info: () => call("GET", "info"),
  };
}

/**
 * Credits the sandbox's ledger charged on paths containing `path` (every path when omitted): what
 * tests and benchmarks compare with what the add-on told the user.
 */
export async function ledgerCredits(control: SandboxControl, path = ""): Promise<number> {
  const { ledger } = await control.stats();
  return ledger
    .filter((entry) => entry.path.includes(path))
    .reduce((sum, entry) => sum + Math.abs(entry.amount), 0);
}
