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
  /** The word the API writes for the spec's `network` in paths and field names (PRODUCTION.md A14). */
  networkName: string;
  /** The word it writes for `company_db` in `company_db_urn`. */
  companyDbName: string;
}

/** The spec's paths; `call` writes them with the target's network name. */
export const PATHS = {
  companies: "/api/network/companies/by_icp/",
  leads: "/api/network/leads/by_icp/",
  lookup: "/api/network/leads/by_link/",
  transactions: "/api/auth/transactions/",
  bulkRealtime: "/api/v1/enrich/realtime/leads/bulk/",
  bulkDatabase: "/api/v1/enrich/database/leads/bulk/",
  bulkStatus: "/api/v1/enrich/leads/bulk/",
  account: "/api/auth/users/me/",
  emailFinder: "/api/network/email_finder/",
  emailValidator: "/api/network/email_validator/",
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
  const url = pathAndQuery.startsWith("http")
    ? pathAndQuery
    : `${target.baseUrl}${servedPath(target, pathAndQuery)}`;
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

/** A spec path as the target serves it: `/api/network/...` under the target's network name. */
export function servedPath(target: Pick<Target, "networkName">, path: string): string {
  return path.replace(/^\/api\/network\//, `/api/${target.networkName}/`);
}
