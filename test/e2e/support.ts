/**
 * Browser-test support: a playground on free ports with its own temporary data folder (tests never
 * touch .data/), and Chromium (Debian's, else the one npm installed: chromium-binary.ts) driven by
 * playwright-core.
 * dist/ is built by vitest's globalSetup before any test file runs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import {
  type Playground,
  type PlaygroundOptions,
  startPlayground as start,
} from "../../sandbox/playground/server";
import { type ChromiumBinary, resolveChromium } from "./chromium-binary";
import { openPlayground } from "./playground-page";

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
export function launchBrowser(binary: ChromiumBinary = resolveChromium()): Promise<Browser> {
  return chromium.launch({
    executablePath: binary.executablePath,
    env: { ...process.env, ...binary.env },
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

/** A playground open in a page of its own headless browser, and one close() for both. */
export interface PlaygroundPage {
  playground: TestPlayground;
  page: Page;
  close(): Promise<void>;
}

/** The setup every tab's browser test shares: playground, browser, page, the playground opened in it. */
export async function openPlaygroundPage(
  options: Omit<PlaygroundOptions, "port"> & { viewport: { width: number; height: number } },
): Promise<PlaygroundPage> {
  const { viewport, ...playgroundOptions } = options;
  const playground = await startPlayground(playgroundOptions);
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport });
  await openPlayground(page, playground.url);
  return {
    playground,
    page,
    close: async () => {
      await browser.close();
      await playground.close();
    },
  };
}

/**
 * Where a browser test's screenshot goes: docs/ (the pictures of README.md and the docs/ pages) when DOCS_SCREENSHOTS=1,
 * else /tmp, so an ordinary test run leaves the work tree clean.
 */
export function screenshotPath(name: string): string {
  return process.env.DOCS_SCREENSHOTS === "1" ? `docs/${name}` : join(tmpdir(), name);
}
