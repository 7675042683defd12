/**
 * Entry of the runtime worker (started with startTsWorker; workerData is an EngineSetup). Loads the
 * saved spreadsheet or seeds a new one, points the add-on at this start's sandbox, then answers the
 * server's requests one at a time.
 */
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import { PlaygroundEngine } from "./engine";
import type { EngineSetup } from "./engine-setup";
import type { SavedRuntime } from "./playground-runtime";
import type { EngineCall, EngineReady, EngineReply } from "./protocol";
import { createPlaygroundRuntime } from "./runtime-adapter";
import { seedSpreadsheet } from "./seed";
import { readState, writeState } from "./state-file";

const setup = workerData as EngineSetup;
const saved = readState<SavedRuntime>(setup.statePath);
function createRuntime() {
  try {
    return createPlaygroundRuntime({
      codeJs: setup.codeJs,
      sidebarHtml: setup.sidebarHtml,
      files: setup.files,
      ...(setup.manifest !== undefined && { manifest: setup.manifest }),
      start: saved ? { saved } : { spreadsheet: seedSpreadsheet(setup.seedUrls) },
      betweenServiceCalls: () => letConcurrentCallsIn(),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const hint = saved
      ? ` If the saved spreadsheet is at fault, delete ${setup.statePath} to start over.`
      : "";
    throw new Error(`The emulated runtime did not start: ${message}.${hint}`);
  }
}

const runtime = createRuntime();
// The sandbox may listen on a new port each start, so the base URL is refreshed every time. The demo
// key is put in on the first start only: a key the user removed or replaced in Settings stays so.
runtime.setUserProperty("API_BASE_URL", setup.sandboxUrl);
if (!saved) runtime.setUserProperty("API_KEY", setup.apiKey);
const persist = () => writeState(setup.statePath, runtime.save());
persist();

const engine = new PlaygroundEngine(runtime, persist);

const ready: EngineReady = { ready: true };
parentPort!.postMessage(ready);

function answer({ id, request }: EngineCall): void {
  let reply: EngineReply;
  try {
    reply = { id, ok: true, answer: engine.handle(request) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
}

/**
 * Sidebar calls that Apps Script runs alongside a long one: each google.script.run call is its own
 * execution, so a Cancel reaches the server while a search or a step is still sending or waiting
 * out a 429. This worker runs one execution at a time, so these are let in at the long call's next
 * service call (as the runtime's interrupt hook runs another execution; a wait's slices are sleeps,
 * so a Cancel gets in within one); every other call waits its turn, in order. Enrich's and the
 * Emails action's Cancel used to wait for the step to end, which Apps Script does not do.
 */
const CONCURRENT_RPC = new Set(["companyCancel", "leadsCancel", "enrichCancel", "emailsCancel"]);
const waiting: EngineCall[] = [];
let inside = false;

function letConcurrentCallsIn(): void {
  if (inside) return;
  inside = true;
  try {
    for (let next = receiveMessageOnPort(parentPort!); next; next = receiveMessageOnPort(parentPort!)) {
      const call = next.message as EngineCall;
      const { request } = call;
      const concurrent =
        request.op === "script" &&
        request.functionName === "rpc" &&
        CONCURRENT_RPC.has(String(request.args[0]));
      if (concurrent) answer(call);
      else waiting.push(call);
    }
  } finally {
    inside = false;
  }
}

parentPort!.on("message", (call: EngineCall) => {
  answer(call);
  // Calls that arrived while that one ran, in the order they came.
  for (let next = waiting.shift(); next; next = waiting.shift()) answer(next);
});
