/**
 * Synchronous HTTP for Node, shaped like Apps Script's UrlFetchApp.fetchAll: the caller blocks
 * (Atomics.wait) while a persistent worker thread performs all requests concurrently; the answer
 * comes back through receiveMessageOnPort. Used by the client's integration tests, the benchmarks
 * and the emulated UrlFetchApp.
 *
 * The server being called must not run on the blocked thread (use startSandboxThread).
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort, receiveMessageOnPort, type Worker } from "node:worker_threads";
import type { Http, HttpOutcome, HttpRequest } from "../../src/api/ports";
import { startTsWorker } from "../ts-worker";
import type { FetchCall, FetchReply } from "./protocol";

/** Apps Script's fixed per-request timeout. */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Extra wait beyond the request timeout before the caller gives up on the worker itself. */
const WORKER_GRACE_MS = 10_000;

export interface SyncHttpOptions {
  timeoutMs?: number;
}

interface Channel {
  worker: Worker;
  port: MessagePort;
  signal: Int32Array;
  nextId: number;
}

let channel: Channel | null = null;

/**
 * The worker's entry file. When this module itself was bundled (startTsWorker evaluates code with
 * no file location), fall back to the repository layout from the working directory.
 */
function workerEntry(): string {
  const here = import.meta.url;
  if (here.startsWith("file:")) return fileURLToPath(new URL("./worker.ts", here));
  return join(process.cwd(), "sandbox", "sync-http", "worker.ts");
}

function open(): Channel {
  if (channel) return channel;
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const worker = startTsWorker(workerEntry(), { workerData: { port: port2, signal }, transferList: [port2] });
  // Never keep the process alive for this worker; it only works while a caller is blocked.
  worker.unref();
  worker.on("error", () => {
    channel = null;
  });
  worker.on("exit", () => {
    channel = null;
  });
  channel = { worker, port: port1, signal, nextId: 1 };
  return channel;
}

function failAll(requests: HttpRequest[], message: string): HttpOutcome[] {
  return requests.map(() => ({ kind: "failure", reason: "network", message, sent: true }));
}

/** Sends all requests in parallel and blocks until every one has an outcome, in input order. */
export function fetchAllSync(requests: HttpRequest[], options: SyncHttpOptions = {}): HttpOutcome[] {
  if (requests.length === 0) return [];
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const current = open();
  const id = current.nextId++;
  const call: FetchCall = { id, requests, timeoutMs };
  current.port.postMessage(call);
  const giveUpAt = Date.now() + timeoutMs + WORKER_GRACE_MS;
  for (;;) {
    for (
      let got = receiveMessageOnPort(current.port);
      got !== undefined;
      got = receiveMessageOnPort(current.port)
    ) {
      const reply = got.message as FetchReply;
      if (reply.id === id) return reply.outcomes;
    }
    const seen = Atomics.load(current.signal, 0);
    const remaining = giveUpAt - Date.now();
    // The worker posts the reply before it stores the id, so "seen === id" with no reply is a bug.
    if (seen === id || remaining <= 0) break;
    Atomics.wait(current.signal, 0, seen, remaining);
  }
  return failAll(requests, "The HTTP worker did not answer in time");
}

/** The Http port of src/api/ports.ts over fetchAllSync. */
export function createNodeHttp(options: SyncHttpOptions = {}): Http {
  return { fetchAll: (requests) => fetchAllSync(requests, options) };
}

/** Stops the worker (tests that want a clean exit; the next call starts a new one). */
export async function closeSyncHttp(): Promise<void> {
  const current = channel;
  channel = null;
  if (current) await current.worker.terminate();
}
