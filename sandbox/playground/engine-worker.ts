/**
 * Entry of the runtime worker (started with startTsWorker; workerData is an EngineSetup). Loads the
 * saved spreadsheet or seeds a new one, points the add-on at this start's sandbox, then answers the
 * server's requests one at a time.
 */
import { parentPort, workerData } from "node:worker_threads";
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

parentPort!.on("message", ({ id, request }: EngineCall) => {
  let reply: EngineReply;
  try {
    reply = { id, ok: true, answer: engine.handle(request) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
