/**
 * The fetching side of the synchronous HTTP module: performs each call's requests concurrently
 * with fetch (undici: no per-origin connection cap by default, so N requests are N sockets), posts
 * the outcomes on the port, then wakes the blocked caller through the shared signal word.
 */
import { type MessagePort, workerData } from "node:worker_threads";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import type { FetchCall, FetchReply } from "./protocol";

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };

/** Errors raised before any byte could reach the server: the request surely was not sent. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ERR_INVALID_URL",
]);

function errorCode(error: unknown): string | undefined {
  if (error === null || typeof error !== "object") return undefined;
  const direct = (error as { code?: unknown }).code;
  if (typeof direct === "string") return direct;
  return errorCode((error as { cause?: unknown }).cause);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
}

async function perform(request: HttpRequest, timeoutMs: number): Promise<HttpOutcome> {
  let parsed: URL;
  try {
    parsed = new URL(request.url);
  } catch {
    return { kind: "failure", reason: "network", message: `Invalid URL: ${request.url}`, sent: false };
  }
  const headers = new Headers(request.headers);
  if (request.contentType !== undefined) headers.set("Content-Type", request.contentType);
  try {
    const response = await fetch(parsed, {
      method: request.method.toUpperCase(),
      headers,
      ...(request.payload === undefined ? {} : { body: request.payload }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { kind: "response", status: response.status, body: await response.text() };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError") {
      return { kind: "failure", reason: "timeout", message: `No answer within ${timeoutMs} ms`, sent: true };
    }
    const code = errorCode(error);
    const sent = code === undefined || !NOT_SENT_CODES.has(code);
    return { kind: "failure", reason: "network", message: describe(error), sent };
  }
}

port.on("message", async (call: FetchCall) => {
  const outcomes = await Promise.all(call.requests.map((request) => perform(request, call.timeoutMs)));
  const reply: FetchReply = { id: call.id, outcomes };
  port.postMessage(reply);
  Atomics.store(signal, 0, call.id);
  Atomics.notify(signal, 0);
});
