/**
 * The main thread's handle on the runtime worker. The runtime runs add-on code synchronously and
 * blocks its thread while UrlFetchApp waits, so it lives on a worker and the HTTP server stays
 * responsive; calls are queued by the worker's message loop, one execution at a time.
 */
import type { Worker } from "node:worker_threads";
import type { EngineAnswer, EngineCall, EngineReady, EngineReply, EngineRequest } from "./protocol";

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

export class EngineClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private failure: Error | null = null;
  /** Settles when the worker has loaded the runtime, or failed to. */
  readonly ready: Promise<void>;

  constructor(private readonly worker: Worker) {
    let markReady = () => {};
    let markFailed = (_error: Error) => {};
    this.ready = new Promise((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    worker.on("message", (reply: EngineReply | EngineReady) => {
      if ("ready" in reply) return markReady();
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.answer);
      else waiting.reject(new Error(reply.message));
    });
    const fail = (error: Error) => {
      markFailed(error);
      this.failure = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`The runtime worker stopped (exit code ${code}).`)));
  }

  call<R extends EngineRequest>(request: R): Promise<EngineAnswer<R["op"]>> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const call: EngineCall = { id, request };
      this.worker.postMessage(call);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
