/**
 * The ports through which the API client reaches the outside world. Apps Script implements them
 * in `src/gas/` (UrlFetchApp, Utilities.sleep); tests and benchmarks implement them in Node.
 */

/** A request in the shape UrlFetchApp.fetchAll takes, so the Apps Script adapter passes it through. */
export interface HttpRequest {
  url: string;
  method: "get" | "post";
  headers: Record<string, string>;
  contentType?: string;
  /** JSON text for POST bodies. */
  payload?: string;
  /** Always true: HTTP error statuses are answers to read, not exceptions. */
  muteHttpExceptions: true;
}

/**
 * What became of one request. `failure` means no HTTP answer was read: the connection failed, the
 * platform's per-request timeout (about 60 s in Apps Script) ran out, or the platform's daily
 * quota of fetches was used up (`quota`: thrown before anything is sent). `sent` says whether the
 * request may have reached the server (and so may have been charged): false only when it surely
 * did not (for example the connection was refused).
 */
export type HttpOutcome =
  | { kind: "response"; status: number; body: string }
  | { kind: "failure"; reason: "timeout" | "network" | "quota"; message: string; sent: boolean };

/** Sends requests in parallel and answers in the same order; never throws for one bad request. */
export interface Http {
  fetchAll(requests: HttpRequest[]): HttpOutcome[];
}

/** Time, as a port so that tests control it and Apps Script sleeps with Utilities.sleep. */
export interface Clock {
  now(): number;
  sleep(ms: number): void;
}
