/**
 * The sandbox on its own worker thread. Use this from code whose thread blocks in a synchronous
 * fetch (the emulated UrlFetchApp, benchmarks): a server on the blocked thread could never answer.
 */
import { fileURLToPath } from "node:url";
import { startTsWorker } from "../ts-worker.ts";
import type { SandboxOptions } from "./server.ts";

export interface SandboxThread {
  url: string;
  keys: Record<string, number>;
  close(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL("./thread-entry.ts", import.meta.url));

type Ready = { url: string; keys: Record<string, number> } | { error: string };

export function startSandboxThread(options: Omit<SandboxOptions, "now"> = {}): Promise<SandboxThread> {
  const worker = startTsWorker(ENTRY, { workerData: options });
  return new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (message: Ready) => {
      if ("error" in message) {
        void worker.terminate();
        reject(new Error(`sandbox thread failed to start: ${message.error}`));
        return;
      }
      let closing: Promise<void> | undefined;
      resolve({
        url: message.url,
        keys: message.keys,
        close: () => {
          closing ??= new Promise<void>((done) => {
            worker.once("exit", () => done());
            worker.once("message", () => void worker.terminate());
            worker.postMessage("close");
          });
          return closing;
        },
      });
    });
  });
}
