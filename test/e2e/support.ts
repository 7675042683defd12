/**
 * Browser-test support: a playground on free ports with its own temporary data folder (tests never
 * touch .data/), and Chromium (Debian's /usr/bin/chromium) driven by playwright-core.
 * dist/ is built by vitest's globalSetup before any test file runs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import {
  type Playground,
  type PlaygroundOptions,
  startPlayground as start,
} from "../../sandbox/playground/server";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface TestPlayground extends Playground {
  /** The data folder in use (temporary unless one was passed). */
  dataDir: string;
}

/**
 * Starts a playground in this process on free ports. Pass `dataDir` to restart over the same saved
 * state; without it a temporary folder is made and removed by close().
 */
export async function startPlayground(
  options: Omit<PlaygroundOptions, "port"> = {},
): Promise<TestPlayground> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "playground-test-"));
  const playground = await start({ sandboxPort: 0, ...options, port: 0, dataDir });
  return {
    ...playground,
    dataDir,
    close: async () => {
      await playground.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headless Chromium with a fresh profile and nothing that reaches beyond loopback. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
