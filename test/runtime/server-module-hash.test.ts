/**
 * Issue 19.5 (PRODUCTION.md G11): the server module is read with the call documented to return a
 * file's unprocessed content (HtmlTemplate.getRawContent) and checked against the SHA-256 the
 * build writes into Code.js. A missing, edited or stale file is one clear error that says what to
 * do ("push all four files of dist/"), never other code evaluated.
 */
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createRuntime, type Runtime } from "../../sandbox/gas/runtime";
import { SERVER_MODULE_FILE } from "../../src/gas/server-module";
import { builtAddon } from "./support";

const PUSH_ALL = /push all four files of dist\//;

/** What the sidebar gets from a call: the answer, or the error's text when the execution threw. */
function call(runtime: Runtime, method: string): { ok: boolean; text: string } {
  try {
    const answer = runtime.rpc(method, null) as { ok: boolean; error?: { message: string; next?: string } };
    return { ok: answer.ok, text: JSON.stringify(answer) };
  } catch (error) {
    return { ok: false, text: error instanceof Error ? error.message : String(error) };
  }
}

function runtimeWith(serverModule: string | null): Runtime {
  const built = builtAddon();
  const files = { ...built.files };
  if (serverModule === null) delete files[SERVER_MODULE_FILE];
  else files[SERVER_MODULE_FILE] = serverModule;
  return createRuntime({ ...built, files });
}

describe("the server module is read as written (G11)", () => {
  let runtime: Runtime | null = null;
  afterEach(() => {
    runtime = null;
  });

  it("the built file passes its hash and runs", () => {
    runtime = runtimeWith(builtAddon().files[SERVER_MODULE_FILE] ?? "");
    const answer = call(runtime, "getServerInfo");
    expect(answer.ok).toBe(true);
    const last = runtime.executions.at(-1);
    expect(last?.filesRead).toEqual([SERVER_MODULE_FILE]);
  });

  it("Code.js carries the module's SHA-256, computed in Apps Script with Utilities.computeDigest", () => {
    const { codeJs, files } = builtAddon();
    const module = files[SERVER_MODULE_FILE] ?? "";
    expect(codeJs).toContain(createHash("sha256").update(module.trimEnd(), "utf8").digest("hex"));
  });

  it("a module stored without its final newline still runs (nothing but trailing whitespace differs)", () => {
    runtime = runtimeWith((builtAddon().files[SERVER_MODULE_FILE] ?? "").trimEnd());
    expect(call(runtime, "getServerInfo").ok).toBe(true);
  });

  it.each([
    ["missing", null],
    // Edited by hand in the script editor: still valid JavaScript, still evaluates.
    ["edited", `${builtAddon().files[SERVER_MODULE_FILE]}\n// edited in the editor`],
    // A module of another build (an older push): a valid module, the wrong one.
    ["another build's", "var AddOnServer = { rpc: function () { return { ok: true, value: 'stale' }; } };"],
    // Rewritten on the way: line endings (which change text inside string literals), or processed
    // as HTML (what HtmlOutput's content may be: `<` and `&` escaped).
    ["rewritten (line endings)", (builtAddon().files[SERVER_MODULE_FILE] ?? "").replace(/\n/g, "\r\n")],
    ["rewritten (escaped as HTML)", (builtAddon().files[SERVER_MODULE_FILE] ?? "").replace(/</g, "&lt;")],
  ])("a %s server module is one clear error, and nothing of it runs", (_case, text) => {
    runtime = runtimeWith(text);
    const answer = call(runtime, "getServerInfo");
    expect(answer.ok).toBe(false);
    expect(answer.text).toMatch(PUSH_ALL);
    expect(answer.text).not.toContain("stale");
  });
});
