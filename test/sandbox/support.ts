/** Shared helpers of the sandbox conformance suite: one sandbox per file, typed JSON calls over HTTP. */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { sandboxControl } from "../../sandbox/api/control.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../sandbox/api/server.ts";

export const DEMO_KEY = "sandbox-demo-key";
export const EMPTY_KEY = "sandbox-empty-key";

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
}

export interface Api {
  sandbox: Sandbox;
  url: string;
  control: ReturnType<typeof sandboxControl>;
  post<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    init?: { key?: string | null; headers?: Record<string, string> },
  ): Promise<Answer<T>>;
  get<T = Record<string, unknown>>(pathAndQuery: string, init?: { key?: string | null }): Promise<Answer<T>>;
  /** Current spendable balance of a key: users/me's balance_platform (PRODUCTION.md A9). */
  balance(key?: string): Promise<number>;
}

async function answer<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    body = undefined as T;
  }
  return { status: response.status, body, text };
}

function authHeaders(key: string | null | undefined): Record<string, string> {
  return key === null ? {} : { Authorization: `Token ${key ?? DEMO_KEY}` };
}

/** Starts one sandbox for the file (reset before each test) and answers the helpers. */
export function useSandbox(options: SandboxOptions = {}): Api {
  const api = {} as Api;
  beforeAll(async () => {
    const sandbox = await startSandbox(options);
    api.sandbox = sandbox;
    api.url = sandbox.url;
    api.control = sandboxControl(sandbox.url);
    api.post = async (path, body, init = {}) =>
      answer(
        await fetch(`${sandbox.url}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...authHeaders(init.key), ...init.headers },
          body: typeof body === "string" ? body : JSON.stringify(body),
        }),
      );
    api.get = async (pathAndQuery, init = {}) =>
      answer(await fetch(`${sandbox.url}${pathAndQuery}`, { headers: authHeaders(init.key) }));
    api.balance = async (key = DEMO_KEY) => {
      const me = await api.get<{ balance_platform: number }>("/api/auth/users/me/", { key });
      return me.body.balance_platform;
    };
  });
  beforeEach(() => api.sandbox.reset());
  afterAll(() => api.sandbox.close());
  return api;
}

export const PATHS = {
  account: "/api/auth/users/me/",
  companies: "/api/network/companies/by_icp/",
  leads: "/api/network/leads/by_icp/",
  lookup: "/api/network/leads/by_link/",
  transactions: "/api/auth/transactions/",
} as const;
