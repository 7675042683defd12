/** Messages between the blocking caller (index.ts) and the fetching worker (worker.ts). */
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";

export interface FetchCall {
  id: number;
  requests: HttpRequest[];
  timeoutMs: number;
}

export interface FetchReply {
  id: number;
  outcomes: HttpOutcome[];
}

/** Passed in workerData: the reply port and the shared word the caller waits on. */
export interface WorkerSetup {
  port: MessagePort;
  /** Int32Array over a SharedArrayBuffer; index 0 holds the id of the last finished call. */
  signal: Int32Array;
}
