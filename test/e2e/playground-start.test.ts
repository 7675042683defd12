/**
 * The playground starts like a tool (issue 14.9): a busy port is one line, or the next free port when
 * none was asked for; a start that fails leaves the saved spreadsheet exactly as it was.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPlayground } from "../../sandbox/playground/server";

describe("playground start", () => {
  let busy: Server;
  let busyPort: number;
  const dataDir = mkdtempSync(join(tmpdir(), "playground-start-"));
  const statePath = join(dataDir, "playground.json");

  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((done) => busy.listen(0, "127.0.0.1", done));
    busyPort = (busy.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((done) => busy.close(() => done()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a busy port it was told to use in one line, leaving the saved state as it was", async () => {
    const saved = '{"not":"touched"}';
    writeFileSync(statePath, saved);
    await expect(startPlayground({ port: busyPort, sandboxPort: 0, dataDir })).rejects.toThrow(
      `port ${busyPort} is in use: set PORT to a free port (PORT=${busyPort + 1} npm start)`,
    );
    expect(readFileSync(statePath, "utf8")).toBe(saved);
  });

  it("takes the next free port when the port was not chosen", async () => {
    const playground = await startPlayground({
      port: busyPort,
      portIsDefault: true,
      sandboxPort: 0,
      dataDir,
    });
    try {
      expect(new URL(playground.url).port).not.toBe(String(busyPort));
      expect(Number(new URL(playground.url).port)).toBeGreaterThan(busyPort);
    } finally {
      await playground.close();
    }
  });

  it("npm start on a busy PORT prints one line and no stack trace", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "sandbox/playground/start.ts"], {
      env: { ...process.env, PORT: String(busyPort), SANDBOX_PORT: "0", PLAYGROUND_DATA_DIR: dataDir },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toEqual([
      `playground: port ${busyPort} is in use: set PORT to a free port (PORT=${busyPort + 1} npm start)`,
    ]);
  });

  it("npm start prints the sandbox API's address and the demo keys next to the page's URL", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "sandbox/playground/start.ts"], {
      env: { ...process.env, PORT: "0", SANDBOX_PORT: "0", PLAYGROUND_DATA_DIR: dataDir },
    });
    let out = "";
    try {
      await new Promise<void>((done, failed) => {
        const timer = setTimeout(() => failed(new Error(`no ready lines in 50 s:\n${out}`)), 50_000);
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (/demo keys:.*\n/.test(out)) {
            clearTimeout(timer);
            done();
          }
        });
        child.on("exit", (code) => failed(new Error(`npm start ended (${code}):\n${out}`)));
      });
    } finally {
      child.kill("SIGTERM");
    }
    const lines = out.trim().split("\n").slice(-3);
    expect(lines[0]).toMatch(/^Playground ready in \d+ ms: http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(lines[1]).toMatch(/^ {2}sandbox API: http:\/\/127\.0\.0\.1:\d+/);
    expect(lines[2]).toBe("  demo keys:   sandbox-demo-key (10,000 credits), sandbox-empty-key (0 credits)");
    const sandboxUrl = (lines[1] ?? "").replace("  sandbox API: ", "").trim();
    expect(sandboxUrl).not.toBe("");
  }, 60_000);
});
