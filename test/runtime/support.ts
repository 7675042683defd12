/**
 * Runtime tests' shared start: the BUILT add-on (dist/Code.js and dist/sidebar.html, written by
 * vitest's globalSetup) in the emulated Apps Script runtime, talking to a sandbox API on its own
 * worker thread (the test's thread blocks in UrlFetchApp's synchronous fetch, so the server must
 * not live on it). User properties API_BASE_URL and API_KEY point the add-on at the sandbox.
 *
 *   const addon = await startAddonRuntime({ sandbox: { latencyMs: 0 } });
 *   addon.runtime.setCell("Sheet1", "B2", "=LOOKUP_LEAD(A2)");
 *   await addon.close();
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type SandboxControl, sandboxControl } from "../../sandbox/api/control.ts";
import type { SandboxOptions } from "../../sandbox/api/server.ts";
import { startSandboxThread } from "../../sandbox/api/thread.ts";
import { htmlFiles } from "../../sandbox/gas/project-files";
import {
  createRuntime,
  type Runtime,
  type RuntimeOptions,
  type RuntimeTimeouts,
} from "../../sandbox/gas/runtime";
import type { Company } from "../../src/api/wire";
import { SERVER_MODULE_FILE } from "../../src/gas/server-module";
import { COMPANY_FIELDS } from "../../src/sheet/lead-fields";
import { NAMED_DIST, NAMED_WIRE } from "../named-wire";

const root = join(import.meta.dirname, "../..");

/** The sandbox's demo key (10,000 credits). */
export const DEMO_KEY = "sandbox-demo-key";
/** The sandbox's key with no credits. */
export const EMPTY_KEY = "sandbox-empty-key";

export interface AddonRuntimeOptions {
  /** Sandbox API options: latency, faults, keys, seed... (see sandbox/api/server.ts). */
  sandbox?: SandboxOptions;
  /** The API key put in the user's properties; null leaves API_KEY unset. Default: the demo key. */
  apiKey?: string | null;
  /** Other user properties to set before the first execution (e.g. CHUNK_SIZE). */
  userProperties?: Record<string, string>;
  /** Execution deadlines and the per-request fetch timeout (ms); shorten to test cut-offs. */
  timeouts?: Partial<RuntimeTimeouts>;
  /** The rest of createRuntime's options (spreadsheet, user, clock, fetchAll...). */
  runtime?: Omit<RuntimeOptions, "codeJs" | "sidebarHtml" | "files" | "timeouts">;
  /**
   * Run the add-on built with production-style names (dist-named/, NAMED_WIRE) against a sandbox
   * serving under them (sandbox options may still set other names, to test a mismatch).
   */
  named?: boolean;
}

export interface AddonRuntime {
  runtime: Runtime;
  sandboxUrl: string;
  control: SandboxControl;
  close(): Promise<void>;
}

interface BuiltAddon {
  codeJs: string;
  sidebarHtml: string;
  /** dist's HTML files by name: "server-module" (src/server.ts, loaded on demand), "sidebar". */
  files: Record<string, string>;
  /** dist/appsscript.json: the runtime enforces its urlFetchWhitelist. */
  manifest: string;
}

const built = new Map<string, BuiltAddon>();

/**
 * dist/ (or another build folder) as built by globalSetup, read once per test file. Another test
 * run's build may be rewriting it at this moment, so a missing or half-written bundle is read
 * again for a few seconds before giving up.
 */
export function builtAddon(dist = join(root, "dist")): BuiltAddon {
  const waitUntil = Date.now() + 10_000;
  while (!built.has(dist)) {
    try {
      const codeJs = readFileSync(join(dist, "Code.js"), "utf8");
      new vm.Script(codeJs);
      // The project's HTML files as the playground reads them (sandbox/gas/project-files.ts).
      const files = htmlFiles(dist);
      const sidebarHtml = files.sidebar ?? "";
      if (!sidebarHtml.includes("</html>")) throw new Error(`${dist}/sidebar.html is incomplete`);
      new vm.Script(files[SERVER_MODULE_FILE] ?? "");
      const manifest = readFileSync(join(dist, "appsscript.json"), "utf8");
      JSON.parse(manifest);
      built.set(dist, { codeJs, sidebarHtml, files, manifest });
    } catch (error) {
      if (Date.now() > waitUntil) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  return built.get(dist)!;
}

export async function startAddonRuntime(options: AddonRuntimeOptions = {}): Promise<AddonRuntime> {
  const served = options.named
    ? { networkName: NAMED_WIRE.network, companyDbName: NAMED_WIRE.companyDb }
    : {};
  const sandbox = await startSandboxThread({ ...served, ...options.sandbox });
  const runtime = createRuntime({
    ...options.runtime,
    ...builtAddon(options.named ? NAMED_DIST : undefined),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  });
  const properties = runtime.properties.user();
  properties.setAll({ API_BASE_URL: sandbox.url, ...options.userProperties });
  const apiKey = options.apiKey === undefined ? DEMO_KEY : options.apiKey;
  if (apiKey !== null) properties.setAll({ API_KEY: apiKey });
  return {
    runtime,
    sandboxUrl: sandbox.url,
    control: sandboxControl(sandbox.url),
    close: () => sandbox.close(),
  };
}

/** A Companies sheet's rows for sandbox companies (COMPANY_FIELDS order; lists as JSON text). */
export function companySheetRows(records: readonly Company[]): Array<Array<string | number>> {
  return records.map((record) =>
    COMPANY_FIELDS.map((field) => {
      const value = record[field];
      return Array.isArray(value) ? JSON.stringify(value) : (value ?? "");
    }),
  );
}

/**
 * One add-on for the test file (a sheet with a "Profile URL" header, a 5,000-credit cap), its
 * sandbox reset before each test: `const world = useProfileSheetAddon("CRM")`, then `world.addon`.
 */
export function useProfileSheetAddon(sheet: string): { readonly addon: AddonRuntime } {
  const world = {} as { addon: AddonRuntime };
  beforeAll(async () => {
    world.addon = await startAddonRuntime({
      userProperties: { SPEND_CAP: "5000" },
      runtime: { spreadsheet: { sheets: [{ name: sheet, rows: [["Profile URL"]], maxRows: 50 }] } },
    });
  });
  afterAll(async () => {
    await world.addon?.close();
  });
  beforeEach(async () => {
    await world.addon.control.reset();
  });
  return world;
}
