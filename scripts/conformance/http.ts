/**
 * The conformance runner's HTTP: one JSON call against any base URL, with the API key in the
 * documented `Authorization: Token <key>` header. Written here on purpose, apart from src/api and
 * the sandbox, so the checks read the API as a third party would.
 */

export interface Reply {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
  text: string;
}

export interface Target {
  baseUrl: string;
  key: string;
  timeoutMs: number;
}

export const PATHS = {
  companies: "/api/network/companies/by_icp/",
  leads: "/api/network/leads/by_icp/",
  lookup: "/api/network/leads/by_link/",
  transactions: "/api/auth/transactions/",
  account: "/api/auth/users/me/",
} as const;

/** `key`: the target's key (default), another key, or null for no Authorization header. */
export async function call(
  target: Target,
  method: "GET" | "POST",
  pathAndQuery: string,
  body?: unknown,
  key: string | null = target.key,
): Promise<Reply> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (key !== null) headers.Authorization = `Token ${key}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const url = pathAndQuery.startsWith("http") ? pathAndQuery : `${target.baseUrl}${pathAndQuery}`;
  const response = await fetch(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(target.timeoutMs),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, text };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
