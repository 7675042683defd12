/**
 * The one request function: builds UrlFetchApp-shaped requests and turns every outcome into a
 * parsed body or a typed error. Endpoint-specific shape checks live in responses.ts.
 */
import { type ApiError, apiError, messageStart } from "./errors";
import type { HttpOutcome, HttpRequest } from "./ports";
import { redactCredentials, redactKey } from "./redact";
import { redactEmails } from "./redact-emails";
import { type EndpointPath, PATHS } from "./wire";
import { SPEC_WIRE_NAMES, type WireTranslation, wireTranslation } from "./wire-names";

export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export interface Connection {
  baseUrl: string;
  apiKey: string;
  /** Production's names on the wire (wire-names.ts, PRODUCTION.md A14); absent: the spec's own. */
  wire?: WireTranslation;
}

const SPEC_WIRE = wireTranslation(SPEC_WIRE_NAMES);

function wireOf(connection: Connection | undefined): WireTranslation {
  return connection?.wire ?? SPEC_WIRE;
}

/** Users paste the key with or without the scheme word; the header always carries it once. */
export function authorization(apiKey: string): string {
  return `Token ${apiKey.trim().replace(/^token\s+/i, "")}`;
}

/** The base URL as requests use it: no surrounding spaces, no trailing slash. */
function baseOf(connection: Pick<Connection, "baseUrl">): string {
  return connection.baseUrl.trim().replace(/\/+$/, "");
}

/** The URL a request to `path` goes to: the base URL and the path in production's names. */
function endpointUrl(connection: Connection, path: EndpointPath): string {
  return `${baseOf(connection)}${wireOf(connection).path(path)}`;
}

export function postRequest(connection: Connection, path: EndpointPath, body: object): HttpRequest {
  return {
    url: endpointUrl(connection, path),
    method: "post",
    headers: { Authorization: authorization(connection.apiKey), Accept: "application/json" },
    contentType: "application/json",
    payload: JSON.stringify(wireOf(connection).toWire(body)),
    muteHttpExceptions: true,
  };
}

/** `tail`: a path parameter after the endpoint's path (a bulk job's id), sent with a trailing slash. */
export function getRequest(
  connection: Connection,
  path: EndpointPath,
  query: Record<string, string | undefined>,
  tail?: string,
): HttpRequest {
  const pairs = Object.entries(wireOf(connection).toWire(query) as typeof query).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const search = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
  return {
    url: `${endpointUrl(connection, path)}${tail === undefined ? "" : `${encodeURIComponent(tail)}/`}${search === "" ? "" : `?${search}`}`,
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

/**
 * The detail of an error body as text: a string verbatim, `{field: message}` as `field: message`
 * with the field in the spec's names (`specKey`: the wire's names turned back, wire-names.ts).
 */
export function detailText(body: string, specKey: (key: string) => string = (key) => key): string {
  const parsed = parseJson(body);
  const detail =
    parsed !== null && typeof parsed === "object" && "detail" in parsed
      ? (parsed as { detail: unknown }).detail
      : parsed;
  let text: string;
  if (typeof detail === "string") text = detail;
  else if (detail !== null && typeof detail === "object" && !Array.isArray(detail)) {
    text = Object.entries(detail)
      .map(([field, message]) => `${specKey(field)}: ${messageText(message)}`)
      .join("; ");
  } else text = detail === undefined ? body : JSON.stringify(detail);
  // Shown in rows and the sidebar: an echoed Authorization header or address must not travel with it.
  text = redactEmails(redactCredentials(text)).trim();
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
 * Reads of the account that never cost credits, however they fail: its balance and profile, and
 * the transaction list. (A bulk job's status read is free too, but the job it asks after charges.)
 */
function isFreeRead(path: EndpointPath): boolean {
  return path === PATHS.transactions || path === PATHS.account || path === PATHS.accountMe;
}

/**
 * A free read that timed out: the paid calls' words ("may have been charged ... check the Credits
 * tab first") would send a user who is on the Credits tab back to it, worried about a free call.
 */
function freeReadTimeout(path: EndpointPath, hint: string): ApiError {
  return apiError("timeout", {
    charged: "no",
    message: `The API did not answer within about 60 s (Apps Script's limit for one request). Nothing was charged: ${ENDPOINT_LABELS[path]} is free to read.`,
    next: "Try again in a few minutes.",
    hint,
  });
}

/**
 * Whether a 5xx may have cost credits. The transaction list and the account are free. On a lookup, only the API's
 * own 500 error body is the spec's "send it again" (the API failed before charging); a 502, 503
 * or 504 comes from a gateway that may have given up on a paid call the API still finished, and
 * a 500 without the API's body may be one too. Searches and the email endpoints never say: any
 * 5xx may have been charged.
 */
function serverCharged(path: EndpointPath, status: number, body: string): ApiError["charged"] {
  // Reads are free; a bulk submit's 5xx may have created a job that charges as it runs.
  if (isFreeRead(path) || path === PATHS.bulkEnrichStatus) return "no";
  if (path === PATHS.leadLookup && status === 500 && isApiErrorBody(body)) return "no";
  return "maybe";
}

/** The endpoints as a user knows them, for messages that name one. */
const ENDPOINT_LABELS: Record<EndpointPath, string> = {
  [PATHS.companySearch]: "company search",
  [PATHS.leadSearch]: "lead search",
  [PATHS.leadLookup]: "lead lookup",
  [PATHS.transactions]: "the transaction list",
  [PATHS.account]: "the account's balance",
  [PATHS.emailFinder]: "email finder",
  [PATHS.emailValidator]: "email validator",
  [PATHS.bulkEnrichRealtime]: "bulk enrichment (real-time)",
  [PATHS.bulkEnrichDatabase]: "bulk enrichment (database)",
  [PATHS.bulkEnrichStatus]: "bulk enrichment",
  [PATHS.accountMe]: "the account profile",
};

/** A bulk job the API no longer keeps (A19: kept 24 h; also another key's job): its detail. */
const JOB_NOT_FOUND = /job not found/i;

/**
 * Whether a 404 body is a lookup's own answer: production's no-match answer is a 400 (A3), and a
 * 404 that is the lookup's carries the lookup's fields (`input_url`, `amount`) the same way. A
 * router's "Not found." or a web server's page carries neither.
 */
function isLookupAnswer(body: string): boolean {
  const parsed = parseJson(body);
  return parsed !== null && typeof parsed === "object" && ("input_url" in parsed || "amount" in parsed);
}

/** The detail a router answers for a path it does not know (Django REST framework's words). */
const ROUTER_NOT_FOUND = /^\s*not found\.?\s*$/i;

/**
 * A request that reached a path the API does not serve: the base URL or the network's name the
 * add-on was built with (PRODUCTION.md A14) does not match the API. Every request would meet it,
 * so it is a configuration error that names both, never "no profile was found".
 */
function configurationError(path: EndpointPath, connection: Connection | undefined, hint?: string): ApiError {
  const wire = wireOf(connection);
  const at = connection ? ` at ${baseOf(connection)}` : "";
  return apiError("configuration", {
    status: 404,
    charged: "no",
    message: `${messageStart("configuration")}: the API${at} does not serve ${wire.path(path)} (${ENDPOINT_LABELS[path]}, network name "${wire.names.network}"). Nothing was charged.`,
    next: `Check the API address in Settings, and that the add-on was built with the network name this API uses (API_NETWORK_NAME; npm run conformance -- --network-name WORD checks one).`,
    ...(hint ? { hint } : {}),
  });
}

/**
 * A 404 is the API's answer on lead lookup (no such profile, with the lookup's fields) and, when
 * it carries the API's own error detail, on lead search (spec: a company that cannot be found
 * gives an error). Anything else means the request reached a path the API does not serve.
 */
function notFound(
  path: EndpointPath,
  body: string,
  withDetail: { hint?: string },
  connection: Connection | undefined,
): ApiError {
  if (path === PATHS.leadLookup && isLookupAnswer(body))
    return apiError("not_found", { status: 404, charged: "no", ...withDetail });
  if (path === PATHS.bulkEnrichStatus && JOB_NOT_FOUND.test(withDetail.hint ?? "")) {
    // Its leads may have been charged while it ran: what was not read is lost, never resent by itself.
    return apiError("not_found", {
      status: 404,
      charged: "maybe",
      message: "The API no longer keeps this bulk job (jobs are kept 24 hours); its results were not read.",
      next: "Select the rows still without an answer and run again (they may have been charged already).",
      ...withDetail,
    });
  }
  if (path === PATHS.leadSearch && isApiErrorBody(body) && !ROUTER_NOT_FOUND.test(withDetail.hint ?? "")) {
    return apiError("not_found", {
      status: 404,
      charged: "no",
      message: "The company was not found.",
      next: "Check the company's name, id or profile link.",
      ...withDetail,
    });
  }
  return configurationError(path, connection, withDetail.hint);
}

/** A 403: the key's plan is not entitled to this endpoint (PRODUCTION.md A18). Final, never resent. */
function forbidden(path: EndpointPath, status: number, withDetail: { hint?: string }): ApiError {
  return apiError("forbidden", {
    status,
    charged: "no",
    message: `${messageStart("forbidden")} (${ENDPOINT_LABELS[path]}): the API refused it. Nothing was charged.`,
    ...withDetail,
  });
}

function errorFromStatus(
  path: EndpointPath,
  status: number,
  body: string,
  connection: Connection | undefined,
): ApiError {
  const detail = detailText(body, wireOf(connection).specKey);
  const withDetail = detail === "" ? {} : { hint: detail };
  if (status === 402 || (status === 400 && INSUFFICIENT_FUNDS.test(detail))) {
    return apiError("insufficient_funds", { status, charged: "no", ...withDetail });
  }
  if (status === 401) return apiError("auth", { status, charged: "no", ...withDetail });
  if (isDailyLimit(status, detail)) return apiError("daily_limit", { status, charged: "no", ...withDetail });
  if (status === 403) return forbidden(path, status, withDetail);
  if (status === 404) return notFound(path, body, withDetail, connection);
  if (status === 429) return apiError("throttled", { status, charged: "no", ...withDetail });
  if (status === 408) {
    if (isFreeRead(path)) return { ...freeReadTimeout(path, withDetail.hint ?? ""), status };
    return apiError("timeout", { status, charged: "maybe", ...withDetail });
  }
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
  connection?: Connection,
): Result<T> {
  // The key in any spelling an API or a proxy may echo it in is cut out before anything is read,
  // so no value, status cell or message can carry it (redact.ts).
  const key = connection?.apiKey;
  if (outcome.kind === "failure") {
    const hint = redactCredentials(redactKey(outcome.message, key));
    const free = isFreeRead(path);
    if (free && outcome.reason === "timeout") return { ok: false, error: freeReadTimeout(path, hint) };
    const charged = outcome.sent && !free ? "maybe" : "no";
    return { ok: false, error: apiError(outcome.reason, { charged, hint }) };
  }
  const text = redactKey(outcome.body, key);
  if (outcome.status < 200 || outcome.status >= 300) {
    return { ok: false, error: errorFromStatus(path, outcome.status, text, connection) };
  }
  const value = read(wireOf(connection).fromWire(parseJson(text)));
  if (value === null) {
    const body = redactEmails(redactCredentials(text.slice(0, 400)));
    const hint = body.length > 200 ? `${body.slice(0, 200)}…` : body;
    const charged = isFreeRead(path) ? "no" : "maybe";
    return { ok: false, error: apiError("malformed", { status: outcome.status, charged, hint }) };
  }
  return { ok: true, value };
}
