/**
 * Apps Script adapters of the client's ports: Http over UrlFetchApp.fetchAll, Clock over
 * Date.now and Utilities.sleep.
 *
 * UrlFetchApp.fetchAll sends its requests in parallel but throws for the whole batch when any one
 * request fails below HTTP (DNS, refused connection, its ~60 s timeout), and it does not say which.
 * Re-sending one by one to find out could charge twice, so every request of a failed batch becomes
 * a failure: "sent: false" only when the platform refused before sending anything (an address it
 * will not fetch), otherwise "maybe sent".
 *
 * The platform's error text may quote the request; the key, in every spelling (redact.ts), is cut
 * out of it before it travels anywhere. Answer bodies are handed on as they came: the client cuts
 * the key out of them before reading them (api/request.ts), whatever Http carried them.
 */
import type { Clock, Http, HttpOutcome, HttpRequest } from "../api/ports";
import { redactCredentials, redactKey } from "../api/redact";
import { recordFetches } from "./fetch-count";

/** The platform refused before sending anything: nothing of the batch reached the server. */
const NOT_SENT = /invalid argument|not allowed|whitelist|allowlist|dns error|bad request: /i;
/**
 * One connection could not be made. That request was not sent, but the error does not say which
 * one it was: in a batch of several, the others may have been answered (and charged).
 */
const NO_CONNECTION = /address unavailable/i;
const TIMED_OUT = /timeout|timed out|deadline/i;
/**
 * The day's URL Fetch quota is used up (20,000 calls for consumer accounts, 100,000 Workspace).
 * Apps Script throws this before sending anything, so nothing of the batch was charged.
 */
const DAILY_QUOTA = /service invoked too many times for one day: urlfetch/i;

/** `text` without the given keys in any spelling, nor credential-shaped values. */
export function redactSecrets(text: string, keys: readonly string[]): string {
  return redactCredentials(keys.reduce((redacted, key) => redactKey(redacted, key), text));
}

/** The keys the requests carry in their Authorization headers, which must never be echoed. */
function secretsOf(requests: readonly HttpRequest[]): string[] {
  const secrets = new Set<string>();
  for (const request of requests) {
    for (const [name, value] of Object.entries(request.headers)) {
      if (name.toLowerCase() === "authorization") secrets.add(value);
    }
  }
  return [...secrets];
}

function toParams(request: HttpRequest): GoogleAppsScript.URL_Fetch.URLFetchRequest {
  const params: GoogleAppsScript.URL_Fetch.URLFetchRequest = {
    url: request.url,
    method: request.method,
    headers: request.headers,
    muteHttpExceptions: true,
    followRedirects: false,
  };
  if (request.contentType !== undefined) params.contentType = request.contentType;
  if (request.payload !== undefined) params.payload = request.payload;
  return params;
}

/** What every request of a batch that threw became. */
export function batchFailure(error: unknown, requests: readonly HttpRequest[]): HttpOutcome {
  const raw = error instanceof Error ? error.message : String(error);
  const message = redactSecrets(raw, secretsOf(requests));
  if (DAILY_QUOTA.test(message)) return { kind: "failure", reason: "quota", message, sent: false };
  const reason = TIMED_OUT.test(message) ? "timeout" : "network";
  const sent = !(NOT_SENT.test(message) || (requests.length === 1 && NO_CONNECTION.test(message)));
  return { kind: "failure", reason, message, sent };
}

/**
 * Http over UrlFetchApp.fetchAll: one parallel batch per call, answers in request order. With
 * `fetchQuota` (the daily URL Fetch quota of Settings), every call is counted (fetch-count.ts).
 */
export function createUrlFetchHttp(fetchQuota?: number): Http {
  const count = (calls: number, exhausted: boolean) => {
    if (fetchQuota !== undefined) recordFetches(calls, fetchQuota, exhausted);
  };
  return {
    fetchAll(requests: HttpRequest[]): HttpOutcome[] {
      if (requests.length === 0) return [];
      try {
        const responses = UrlFetchApp.fetchAll(requests.map(toParams));
        count(requests.length, false);
        return responses.map((response) => ({
          kind: "response",
          status: response.getResponseCode(),
          body: response.getContentText(),
        }));
      } catch (error) {
        const failure = batchFailure(error, requests);
        const exhausted = failure.kind === "failure" && failure.reason === "quota";
        count(exhausted ? 0 : requests.length, exhausted);
        return requests.map(() => failure);
      }
    },
  };
}

/** Clock over the wall clock; sleeping blocks the execution, as Apps Script only can. */
export const appsScriptClock: Clock = {
  now: () => Date.now(),
  sleep: (ms: number) => {
    if (ms > 0) Utilities.sleep(Math.ceil(ms));
  },
};
