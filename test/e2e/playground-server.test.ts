/**
 * The playground server without a browser: the JSON calls the page and the sidebar shim make, the
 * shim injected into the sidebar, the seeded spreadsheet, the add-on's settings pointed at the
 * sandbox, and the saved state file.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavedRuntime } from "../../sandbox/playground/playground-runtime";
import type { ExecutionView, ScriptOutcome } from "../../sandbox/playground/protocol";
import { nameFromProfileUrl } from "../../sandbox/playground/seed";
import { startPlayground, type TestPlayground } from "./support";

describe("playground server", () => {
  let playground: TestPlayground;

  async function post<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(new URL(path, playground.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  }

  beforeAll(async () => {
    playground = await startPlayground();
  });

  afterAll(async () => {
    await playground?.close();
  });

  it("opens on Sheet1 seeded with sample profile URLs and the add-on menu", async () => {
    const { spreadsheet } = await post<ExecutionView>("/api/open", {});
    const sheet = spreadsheet.sheets.find((s) => s.name === "Sheet1");
    expect(sheet?.display[0]).toEqual(["Name", "network_url"]);
    expect(sheet?.display.length).toBeGreaterThan(1);
    expect(spreadsheet.menu?.items.map((i) => i.label)).toContain("Open sidebar");
  });

  it("points the add-on at this start's sandbox with the demo key, and saves that", () => {
    const saved = JSON.parse(readFileSync(playground.statePath, "utf8")) as SavedRuntime;
    const users = Object.values(saved.properties.user);
    expect(users).toContainEqual(
      expect.objectContaining({ API_BASE_URL: playground.sandboxUrl, API_KEY: "sandbox-demo-key" }),
    );
  });

  it("serves the real sidebar with google.script defined before the sidebar's own script", async () => {
    const html = await (await fetch(new URL("/sidebar.html", playground.url))).text();
    const shimAt = html.indexOf("prospecting-playground-shim");
    expect(shimAt).toBeGreaterThan(0);
    expect(shimAt).toBeLessThan(html.indexOf('<div id="app">'));
  });

  it("runs google.script.run calls in the runtime: a result, or the error the add-on threw", async () => {
    const info = await post<{ outcome: ScriptOutcome }>("/api/script", {
      functionName: "rpc",
      args: ["getServerInfo", null],
    });
    expect(info.outcome).toMatchObject({
      ok: true,
      value: { ok: true, value: { version: expect.any(String) } },
    });
    const missing = await post<{ outcome: ScriptOutcome }>("/api/script", {
      functionName: "noSuchFunction",
      args: [],
    });
    expect(missing.outcome.ok).toBe(false);
  });

  it("keeps typed text as text and the formula behind a formula", async () => {
    await post<ExecutionView>("/api/cell", { sheet: "Sheet1", a1: "D2", input: "'=not a formula" });
    const { spreadsheet } = await post<ExecutionView>("/api/cell", {
      sheet: "Sheet1",
      a1: "D3",
      input: "=CREDIT_BALANCE()",
    });
    const sheet = spreadsheet.sheets.find((s) => s.name === "Sheet1")!;
    expect(sheet.display[1]?.[3]).toBe("=not a formula");
    expect(sheet.input[1]?.[3]).toBe("'=not a formula");
    expect(sheet.input[2]?.[3]).toBe("=CREDIT_BALANCE()");
  });

  it("answers a malformed call with 400 and an unknown path with 404", async () => {
    const bad = await fetch(new URL("/api/cell", playground.url), { method: "POST", body: "{not json" });
    expect(bad.status).toBe(400);
    const missingField = await fetch(new URL("/api/cell", playground.url), {
      method: "POST",
      body: JSON.stringify({ sheet: "Sheet1" }),
    });
    expect(missingField.status).toBe(400);
    expect((await fetch(new URL("/nope", playground.url))).status).toBe(404);
  });
});

describe("seed names", () => {
  it("reads a name from a profile slug without its code", () => {
    expect(nameFromProfileUrl("https://www.network.example/in/francois-da-silva-lflu")).toBe(
      "Francois Da Silva",
    );
    expect(nameFromProfileUrl("https://www.network.example/company/x")).toBe("");
  });
});

describe("playground sandbox options", () => {
  it("passes the production latency model, account limits and readings to its sandbox", async () => {
    const playground = await startPlayground({
      sandbox: {
        latencyModel: "production",
        latencyScale: 0,
        accountParallel: 5,
        dailySearches: 20,
        readings: "spec",
      },
    });
    try {
      const config = (await (await fetch(`${playground.sandboxUrl}/__sandbox/config`)).json()) as Record<
        string,
        unknown
      >;
      expect(config).toMatchObject({
        latencyModel: "production",
        accountParallel: 5,
        dailySearches: 20,
        totalCount: "always",
      });
    } finally {
      await playground.close();
    }
  });
});
