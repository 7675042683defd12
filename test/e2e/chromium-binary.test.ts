/**
 * `npm install && npm test` on a machine with nothing but Node: the browser tests use Debian's Chromium
 * when it is there, else the one npm installed, which runs the playground (the sidebar's frame, the
 * add-on's dialogs) under the same launch flags.
 */
import { accessSync, constants } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveChromium } from "./chromium-binary";
import { openPlayground, openSidebar } from "./playground-page";
import { launchBrowser, startPlayground, type TestPlayground } from "./support";

describe("which Chromium the browser tests drive", () => {
  it("takes CHROMIUM_PATH first, then Debian's, then npm's when Debian's is missing or E2E_CHROMIUM=npm", () => {
    expect(resolveChromium({ CHROMIUM_PATH: "/opt/chrome" }).executablePath).toBe("/opt/chrome");
    expect(resolveChromium({}, "/bin/sh").source).toBe("debian");
    expect(resolveChromium({}, "/nonexistent/chromium").source).toBe("npm");
    const forced = resolveChromium({ E2E_CHROMIUM: "npm" }, "/bin/sh");
    expect(forced.source).toBe("npm");
    expect(() => accessSync(forced.executablePath, constants.X_OK)).not.toThrow();
    expect(forced.env.LD_LIBRARY_PATH).toMatch(/chromium-[\d.]+\/lib$/);
  });
});

describe("the Chromium npm installed", () => {
  let playground: TestPlayground;
  let browser: Browser;

  beforeAll(async () => {
    playground = await startPlayground();
    browser = await launchBrowser(resolveChromium({ E2E_CHROMIUM: "npm" }));
  });

  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  it("runs the playground: the menu, the sidebar's frame and a sidebar dialog", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
    await openPlayground(page, playground.url);
    const sidebar = await openSidebar(page);
    await expect.poll(() => sidebar.getByRole("tab").count()).toBeGreaterThan(3);
    // A second export asks before it replaces the sheet: a dialog inside the sidebar's frame.
    await sidebar.getByRole("tab", { name: "Credits" }).click();
    await sidebar.getByRole("button", { name: "Export to sheet" }).click();
    await expect.poll(() => page.getByRole("tab", { name: "Transactions" }).count()).toBe(1);
    await sidebar.getByRole("button", { name: "Export to sheet" }).click();
    await expect.poll(() => sidebar.getByRole("alertdialog").textContent()).toMatch(/already has \d+ rows/);
  });
});
