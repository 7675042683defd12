/**
 * The one request function: builds UrlFetchApp-shaped requests and turns every outcome into a
 * parsed body or a typed error. Endpoint-specific shape checks live in responses.ts.
 */
import { type ApiError, apiError } from "./errors";
import type { HttpOutcome, HttpRequest } from "./ports";
import { redactCredentials } from "./redact";
import { type EndpointPath, PATHS } from "./wire";

export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export interface Connection {
  baseUrl: string;
  apiKey: string;
}

/** Users paste the key with or without the scheme word; the header always carries it once. */
export function authorization(apiKey: string): string {
  return `Token ${apiKey.trim().replace(/^token\s+/i, "")}`;
}

function endpointUrl(baseUrl: string, path: EndpointPath): string {
  return `${baseUrl.trim().replace(/\/+$/, "")}${path}`;
}

export function postRequest(connection: Connection, path: EndpointPath, body: object): HttpRequest {
  return {
    url: endpointUrl(connection.baseUrl, path),
    method: "post",
    headers: { Authorization: authorization(connection.apiKey), Accept: "application/json" },
    contentType: "application/json",
    payload: JSON.stringify(body),
    muteHttpExceptions: true,
  };
}

export function getRequest(
  connection: Connection,
  path: EndpointPath,
  query: Record<string, string | undefined>,
): HttpRequest {
  const pairs = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const search = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
  return {
    url: `${endpointUrl(connection.baseUrl, path)}${search === "" ? "" : `?${search}`}`,
    method: "get",
    headers: { Authorization: authorization(connection.apiKey), Accept: "application/json" },
    muteHttpExceptions: true,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const MAX_DETAIL = 1000;

/** A field's message: text as is, a list of texts joined, anything else as JSON. */
function messageText(message: unknown): string {
  if (typeof message === "string") return message;
  if (Array.isArray(message) && message.every((m) => typeof m === "string")) return message.join(" ");
  return JSON.stringify(message);
}

/** The detail of an error body as text: a string verbatim, `{field: message}` as `field: message`. */
export function detailText(body: string): string {
  const parsed = parseJson(body);
  const detail =
    parsed !== null && typeof parsed === "object" && "detail" in parsed
      ? (parsed as { detail: unknown }).detail
      : parsed;
  let text: string;
  if (typeof detail === "string") text = detail;
  else if (detail !== null && typeof detail === "object" && !Array.isArray(detail)) {
    text = Object.entries(detail)
      .map(([field, message]) => `${field}: ${messageText(message)}`)
      .join("; ");
  } else text = detail === undefined ? body : JSON.stringify(detail);
  // Shown in rows and the sidebar: an echoed Authorization header must not travel with it.
  text = redactCredentials(text).trim();
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}

const INSUFFICIENT_FUNDS = /insufficient funds/i;
/**
 * An account's daily limit (PRODUCTION.md A10: "max_searches_daily"; what status it answers is not
 * shown, 429 or another 4xx): no retry helps today, so it stops the run instead of backing off.
 */
const DAILY_WORDS = /\b(daily|per day|a day|today)\b/i;
const LIMIT_WORDS = /\b(limit|quota|exceeded|reached)/i;

function isDailyLimit(status: number, detail: string): boolean {
  return (
    status >= 400 && status < 500 && status !== 401 && DAILY_WORDS.test(detail) && LIMIT_WORDS.test(detail)
  );
}

/** True when the body is the API's own error object, not a page from something else at that address. */
function isApiErrorBody(body: string): boolean {
  const parsed = parseJson(body);
  return parsed !== null && typeof parsed === "object" && "detail" in parsed;
}

/**
 * Whether a 5xx may have cost credits. The transaction list and the account are free. On a lookup, only the API's
 * own 500 error body is the spec's "send it again" (the API failed before charging); a 502, 503
 * or 504 comes from a gateway that may have given up on a paid call the API still finished, and
 * a 500 without the API's body may be one too. Searches never say: any 5xx may have been charged.
 */
function serverCharged(path: EndpointPath, status: number, body: string): ApiError["charged"] {
  if (path === PATHS.transactions || path === PATHS.account) return "no";
  if (path === PATHS.leadLookup && status === 500 && isApiErrorBody(body)) return "no";
  return "maybe";
}

/**
 * A 404 is the API's answer on lead lookup (no such profile) and, when it carries the API's error
 * body, on lead search (spec: a company that cannot be found gives an error). Anything else means
 * the address does not lead to the API.
 */
function notFound(path: EndpointPath, body: string, withDetail: { hint?: string }): ApiError {
  if (path === PATHS.leadLookup) return apiError("not_found", { status: 404, charged: "no", ...withDetail });
  if (path === PATHS.leadSearch && isApiErrorBody(body)) {
    return apiError("not_found", {
      status: 404,
      charged: "no",
      message: "The company was not found.",
      next: "Check the company's name, id or profile link.",
      ...withDetail,
    });
  }
  return apiError("network", {
    status: 404,
    charged: "no",
    message: "The API address does not offer this service.",
    next: "Check the API address in Settings.",
    ...withDetail,
  });
}

function errorFromStatus(path: EndpointPath, status: number, body: string): ApiError {
  const detail = detailText(body);
  const withDetail = detail === "" ? {} : { hint: detail };
  if (status === 402 || (status === 400 && INSUFFICIENT_FUNDS.test(detail))) {
    return apiError("insufficient_funds", { status, charged: "no", ...withDetail });
  }
  if (status === 401) return apiError("auth", { status, charged: "no", ...withDetail });
  if (isDailyLimit(status, detail)) return apiError("daily_limit", { status, charged: "no", ...withDetail });
  if (status === 403) return apiError("forbidden", { status, charged: "no", ...withDetail });
  if (status === 404) return notFound(path, body, withDetail);
  if (status === 429) return apiError("throttled", { status, charged: "no", ...withDetail });
  if (status === 408) return apiError("timeout", { status, charged: "maybe", ...withDetail });
  if (status >= 500)
    return apiError("server", { status, charged: serverCharged(path, status, body), ...withDetail });
  // 400 ValidationError and any other 4xx: the server's text reaches the user verbatim as the hint.
  if (status >= 400) return apiError("validation", { status, charged: "no", ...withDetail });
  return apiError("malformed", { status, charged: "maybe", ...withDetail });
}

/**
 * Reads one outcome: a 2xx JSON body handed to `read` (which checks the endpoint's shape), or a
 * typed error. Never throws, whatever arrives.
 */
export function interpret<T>(
  path: EndpointPath,
  outcome: HttpOutcome,
  read: (body: unknown) => T | null,
): Result<T> {
  if (outcome.kind === "failure") {
    const charged = outcome.sent ? "maybe" : "no";
    return {
      ok: false,
      error: apiError(outcome.reason, { charged, hint: redactCredentials(outcome.message) }),
    };
  }
  if (outcome.status < 200 || outcome.status >= 300) {
    return { ok: false, error: errorFromStatus(path, outcome.status, outcome.body) };
  }
  const value = read(parseJson(outcome.body));
  if (value === null) {
    const body = redactCredentials(outcome.body.slice(0, 400));
    const hint = body.length > 200 ? `${body.slice(0, 200)}…` : body;
    return { ok: false, error: apiError("malformed", { status: outcome.status, charged: "maybe", hint }) };
  }
  return { ok: true, value };
}
