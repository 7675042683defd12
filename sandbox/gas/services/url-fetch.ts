/**
 * UrlFetchApp over sandbox/sync-http: fetch and fetchAll block the execution while every request
 * of a fetchAll runs concurrently on the wire. Semantics kept from Apps Script:
 * - a status >= 400 throws "Request failed for <origin> returned code N..." unless
 *   muteHttpExceptions is set, in which case the HTTPResponse is returned;
 * - a network failure or timeout of ANY request makes the whole call throw
 *   ("Address unavailable: <url>", "Timeout: <url>");
 * - each request times out after about 60 s, and never later than the execution's deadline
 *   (running out there cuts the execution off);
 * - a URL longer than 2 KB is refused;
 * - a URL the manifest's urlFetchWhitelist does not allow is refused (manifest.ts);
 * - the daily URL Fetch quota (quota.ts) is checked before anything is sent.
 * Response headers are empty: sync-http's outcome carries status and body only.
 */
import type { HttpOutcome, HttpRequest } from "../../../src/api/ports";
import { fetchAllowed, whitelistMessage } from "../manifest";
import { isPlainObject } from "../realm";
import { effectiveUser, enter, type ServiceHost } from "./host";
import { URL_FETCH_QUOTA_MESSAGE } from "./quota";

/** Apps Script's limit on a fetched URL's length. */
const URL_LIMIT = 2048;
/** How much of an error body Apps Script quotes in its exception. */
const TRUNCATE_AT = 100;

interface FetchParams {
  url: string;
  method: "get" | "post";
  headers: Record<string, string>;
  contentType?: string;
  payload?: string;
  muteHttpExceptions: boolean;
}

export class HTTPResponse {
  constructor(
    private readonly host: ServiceHost,
    private readonly status: number,
    private readonly body: string,
    private readonly headers: Record<string, string>,
  ) {}

  getResponseCode(): number {
    return this.status;
  }

  getContentText(_charset?: unknown): string {
    return this.body;
  }

  getContent(): number[] {
    return this.host.exec.realm.Array.from(
      [...Buffer.from(this.body, "utf8")].map((b) => (b > 127 ? b - 256 : b)),
    );
  }

  getHeaders(): Record<string, string> {
    const out = new this.host.exec.realm.Object() as Record<string, string>;
    Object.assign(out, this.headers);
    return out;
  }

  getAllHeaders(): Record<string, string> {
    return this.getHeaders();
  }

  getBlob(): { getDataAsString(): string; getContentType(): string | null } {
    return {
      getDataAsString: () => this.body,
      getContentType: () => this.headers["Content-Type"] ?? null,
    };
  }

  toString(): string {
    return "HTTPResponse";
  }
}

function formEncode(payload: Record<string, unknown>): string {
  return Object.entries(payload)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join("&");
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** Reads fetch(url, params) or a fetchAll entry (a URL string or { url, ...params }). */
function readRequest(host: ServiceHost, url: unknown, params: unknown): FetchParams {
  const options = isPlainObject(params) ? params : {};
  const target = String(url);
  let parsed: URL;
  try {
    parsed = new URL(target);
  } catch {
    throw host.exec.exception(`Invalid argument: ${target}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw host.exec.exception(`Invalid argument: ${target}`);
  }
  if (target.length > URL_LIMIT) throw host.exec.exception("Limit Exceeded: URLFetch URL Length.");
  const method = String(options.method ?? "get").toLowerCase();
  if (method !== "get" && method !== "post") {
    throw host.exec.exception(`The emulated UrlFetchApp supports get and post only, not ${method}.`);
  }
  const headers: Record<string, string> = {};
  if (isPlainObject(options.headers)) {
    for (const [name, value] of Object.entries(options.headers)) headers[name] = String(value);
  }
  const request: FetchParams = {
    url: target,
    method,
    headers,
    muteHttpExceptions: options.muteHttpExceptions === true,
  };
  if (options.payload !== undefined && options.payload !== null) {
    request.payload = isPlainObject(options.payload) ? formEncode(options.payload) : String(options.payload);
    request.contentType =
      options.contentType === undefined ? "application/x-www-form-urlencoded" : String(options.contentType);
  } else if (options.contentType !== undefined) {
    request.contentType = String(options.contentType);
  }
  return request;
}

function toWire(request: FetchParams): HttpRequest {
  const wire: HttpRequest = {
    url: request.url,
    method: request.method,
    headers: request.headers,
    muteHttpExceptions: true,
  };
  if (request.contentType !== undefined) wire.contentType = request.contentType;
  if (request.payload !== undefined) wire.payload = request.payload;
  return wire;
}

/** Sends requests at once; throws Apps Script's exception for the first one that failed. */
function send(host: ServiceHost, requests: FetchParams[]): HTTPResponse[] {
  const exec = host.exec;
  const state = host.state;
  for (const request of requests) {
    if (!fetchAllowed(state.manifest, request.url)) throw exec.exception(whitelistMessage(request.url));
  }
  if (!state.quotas.urlFetch.take(effectiveUser(host), requests.length)) {
    throw exec.exception(URL_FETCH_QUOTA_MESSAGE);
  }
  state.counters.requests += requests.length;
  const timeoutMs = Math.max(1, Math.min(state.fetchTimeoutMs, exec.timeLeft()));
  const cappedByDeadline = timeoutMs < state.fetchTimeoutMs;
  let outcomes: HttpOutcome[];
  try {
    outcomes = state.fetchAll(requests.map(toWire), { timeoutMs });
  } catch (error) {
    // The emulation's own HTTP machinery failed: report it as the platform would, not as a bug.
    throw exec.exception(`Address unavailable: ${requests[0]?.url} (${(error as Error).message})`);
  }
  // Apps Script kills the execution at its deadline, whatever the requests were doing.
  if (exec.timeLeft() <= 0) throw exec.exceeded();
  return outcomes.map((outcome, i) => {
    const request = requests[i]!;
    if (outcome.kind === "failure") {
      if (outcome.reason === "timeout" && cappedByDeadline) throw exec.exceeded();
      throw exec.exception(
        `${outcome.reason === "timeout" ? "Timeout" : "Address unavailable"}: ${request.url}`,
      );
    }
    if (outcome.status >= 400 && !request.muteHttpExceptions) {
      const quoted =
        outcome.body.length > TRUNCATE_AT ? `${outcome.body.slice(0, TRUNCATE_AT)}...` : outcome.body;
      throw exec.exception(
        `Request failed for ${originOf(request.url)} returned code ${outcome.status}. Truncated server response: ${quoted} (use muteHttpExceptions option to examine full response)`,
      );
    }
    const headers =
      "headers" in outcome && isPlainObject(outcome.headers)
        ? (outcome.headers as Record<string, string>)
        : {};
    return new HTTPResponse(host, outcome.status, outcome.body, headers);
  });
}

export function createUrlFetchApp(host: ServiceHost): object {
  return {
    fetch: (url: unknown, params?: unknown) => {
      enter(host, "UrlFetchApp.fetch");
      host.state.counters.fetchCalls++;
      return send(host, [readRequest(host, url, params)])[0];
    },
    fetchAll: (requests: unknown) => {
      enter(host, "UrlFetchApp.fetchAll");
      host.state.counters.fetchAllCalls++;
      if (!Array.isArray(requests)) throw host.exec.exception("Invalid argument: requests");
      const read = requests.map((r: unknown) =>
        typeof r === "string"
          ? readRequest(host, r, {})
          : readRequest(host, isPlainObject(r) ? r.url : undefined, r),
      );
      return host.exec.realm.Array.from(send(host, read));
    },
    getRequest: (url: unknown, params?: unknown) => {
      const request = readRequest(host, url, params);
      const out = new host.exec.realm.Object() as Record<string, unknown>;
      Object.assign(out, request);
      return out;
    },
  };
}
