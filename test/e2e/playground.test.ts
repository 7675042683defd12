/**
 * The playground in real Chromium: it opens with the seeded sheet and the add-on menu, the menu opens
 * the real sidebar (bridged google.script.run), typed cells reach the runtime and come back in the
 * grid, and they survive a reload and a restart.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExecutionView } from "../../sandbox/playground/protocol";
import {
  cell,
  openPlayground,
  openSidebar,
  readGrid,
  selectRange,
  selectSheet,
  typeIntoCell,
} from "./playground-page";
import { launchBrowser, startPlayground, type TestPlayground } from "./support";

const SCREENSHOT = "/tmp/playground-e2e.png";

describe("playground", () => {
  // Our own data folder, so the restart below finds the same saved spreadsheet.
  const dataDir = mkdtempSync(join(tmpdir(), "playground-e2e-"));
  let playground: TestPlayground;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    playground = await startPlayground({ dataDir });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
  });

  afterAll(async () => {
    await browser?.close();
    await playground?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("opens on a seeded sheet of sample profile URLs", async () => {
    await openPlayground(page, playground.url);
    const grid = await readGrid(page);
    expect(grid[0]).toEqual(["Name", "network_url"]);
    expect(grid.length).toBeGreaterThan(1);
    for (const row of grid.slice(1)) expect(row[1]).toMatch(/\/in\//);
    await expect.poll(() => page.getByRole("tab", { name: "Sheet1" }).count()).toBe(1);
  });

  it("opens the real sidebar from Extensions > Prospecting > Open sidebar", async () => {
    const sidebar = await openSidebar(page);
    await expect
      .poll(() =>
        page
          .locator("aside.sidebar-panel")
          .boundingBox()
          .then((b) => b?.width),
      )
      .toBe(300);
    const tabs = await sidebar.getByRole("tab").allTextContents();
    expect(tabs.length).toBeGreaterThanOrEqual(3);
    // The footer's version comes from getServerInfo: a round trip through the bridge to the runtime.
    await expect.poll(() => sidebar.getByText(/^Add-on \d/).count()).toBe(1);
  });

  it("writes typed cells through the runtime and reads them back from the grid", async () => {
    await typeIntoCell(page, "D2", "hello <b>playground</b>");
    await typeIntoCell(page, "D3", "42");
    const grid = await readGrid(page);
    expect(grid[1]?.[3]).toBe("hello <b>playground</b>");
    expect(grid[2]?.[3]).toBe("42");
    // Cell text is text: markup typed into a cell never becomes elements.
    expect(await cell(page, "D2").locator("b").count()).toBe(0);
    await cell(page, "D2").click();
    await expect.poll(() => page.getByLabel("Formula bar").inputValue()).toBe("hello <b>playground</b>");
    await page.screenshot({ path: SCREENSHOT });
  });

  it("hands a shift-click range to the runtime and evaluates custom functions", async () => {
    await selectRange(page, "B2", "B4");
    const view = (await (await fetch(new URL("/api/view", playground.url))).json()) as ExecutionView;
    expect(view.spreadsheet.activeRange).toBe("B2:B4");

    await typeIntoCell(page, "F1", "=CREDIT_BALANCE()");
    await expect.poll(async () => (await readGrid(page))[0]?.[5]).toMatch(/^\d[\d,]*$/);
    await cell(page, "F1").click();
    await expect.poll(() => page.getByLabel("Formula bar").inputValue()).toBe("=CREDIT_BALANCE()");
  });

  it("adds a sheet as a new tab and keeps each sheet's cells apart", async () => {
    await page.getByRole("button", { name: "Add sheet" }).click();
    await expect
      .poll(() => page.getByRole("tab", { name: "Sheet2" }).getAttribute("aria-selected"))
      .toBe("true");
    await typeIntoCell(page, "A1", "on sheet two");
    // The grid redraws after the server's answer: read it until it has (a loaded machine is slower).
    await expect.poll(() => readGrid(page)).toEqual([["on sheet two"]]);
    await selectSheet(page, "Sheet1");
    await expect
      .poll(async () => (await readGrid(page))[0])
      .toEqual(["Name", "network_url", "", "", "", expect.any(String)]);
  });

  it("closes the sidebar with its close button", async () => {
    await page.getByRole("button", { name: "Close sidebar" }).click();
    await expect.poll(() => page.locator("aside.sidebar-panel").count()).toBe(0);
  });

  it("keeps the spreadsheet across a reload and a restart", async () => {
    await page.reload();
    await openPlayground(page, playground.url);
    await expect.poll(async () => (await readGrid(page))[1]?.[3]).toBe("hello <b>playground</b>");

    await playground.close();
    playground = await startPlayground({ dataDir });
    await openPlayground(page, playground.url);
    await expect.poll(async () => (await readGrid(page))[1]?.[3]).toBe("hello <b>playground</b>");
    expect((await readGrid(page))[2]?.[3]).toBe("42");
    await selectSheet(page, "Sheet2");
    await expect.poll(() => readGrid(page)).toEqual([["on sheet two"]]);
  });
});
