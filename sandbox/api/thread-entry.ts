/** Worker-thread entry of startSandboxThread: starts the server, reports its URL, closes on request. */
import { parentPort, workerData } from "node:worker_threads";
import { type SandboxOptions, startSandbox } from "./server.ts";

const port = parentPort!;
startSandbox(workerData as SandboxOptions).then(
  (sandbox) => {
    port.on("message", (message: unknown) => {
      if (message === "close") {
        void sandbox.close().then(() => {
          port.postMessage({ closed: true });
          port.close();
        });
      }
    });
    port.postMessage({ url: sandbox.url, keys: sandbox.keys });
  },
  (error: unknown) => port.postMessage({ error: error instanceof Error ? error.message : String(error) }),
);
