/**
 * The sidebar for keyboard and screen-reader users, in real Chromium over the playground: axe-core
 * (WCAG 2.1 A and AA rules) over the sidebar's frame in every tab and in the states a user meets
 * (an Enrich estimate, an error notice), and the Enrich tab driven from the keyboard alone.
 * Only the sidebar is checked: the playground around it is a stand-in for Sheets, not the add-on.
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Result } from "axe-core";
import type { Browser, FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SHEET } from "../../sandbox/playground/seed";
import {
  enrichUrlColumnFromMenu,
  openPlayground,
  openSidebar,
  selectRange,
  selectSheet,
} from "./playground-page";
import { launchBrowser, startPlayground, type TestPlayground } from "./support";

const WCAG_21_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING = new Set(["serious", "critical"]);

/** The sidebar's whole document (its <html>, inside the playground's frame). */
const SIDEBAR_FRAME = "aside.sidebar-panel iframe";

/** One line per failing element, so a failure says what to fix without opening a report. */
function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const where = v.nodes.map(
        (n) => `    ${n.target.join(" >> ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`,
      );
      return `${v.id} (${v.impact}, ${v.nodes.length}): ${v.help}\n${where.join("\n")}`;
    })
    .join("\n");
}

/** The serious and critical WCAG 2.1 A/AA violations axe finds in the sidebar as it is now. */
async function blockingViolations(page: Page): Promise<Result[]> {
  const results = await new AxeBuilder({ page })
    .include([SIDEBAR_FRAME, "html"])
    .withTags(WCAG_21_A_AA)
    .analyze();
  return results.violations.filter((v) => BLOCKING.has(v.impact ?? ""));
}

async function expectNoBlockingViolations(page: Page, state: string): Promise<void> {
  const found = await blockingViolations(page);
  if (found.length > 0) console.log(`axe, ${state}:\n${describeViolations(found)}`);
  expect(
    found.map((v) => `${v.id} (${v.impact}) x${v.nodes.length}`),
    state,
  ).toEqual([]);
}

/**
 * Opens every collapsed section (<details>) of the tab, as a user may: axe skips what is hidden, and
 * the filters inside them are most of each form.
 */
async function openEverySection(sidebar: FrameLocator): Promise<void> {
  await sidebar.locator("main").evaluate((main) => {
    for (const details of main.querySelectorAll("details")) details.open = true;
  });
}

describe("Sidebar accessibility (axe-core, WCAG 2.1 A and AA; keyboard)", () => {
  let playground: TestPlayground;
  let browser: Browser;
  let page: Page;
  let sidebar: FrameLocator;

  beforeAll(async () => {
    playground = await startPlayground();
    browser = await launchBrowser();
    // A context of our own, not browser.newPage(): axe opens a page of its own in the same context
    // to put together what it found in each frame.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await openPlayground(page, playground.url);
    sidebar = await openSidebar(page);
  });

  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  const openTab = async (name: string) => {
    await sidebar.getByRole("tab", { name }).click();
    await sidebar.getByRole("tab", { name, selected: true }).waitFor();
  };

  it("lists every tab, so that a new tab is not left unchecked", async () => {
    const tabs = await sidebar.getByRole("tab").allTextContents();
    expect(tabs).toEqual(["Companies", "Leads", "Enrich", "Credits", "Settings"]);
  });

  it("Companies tab, every section open, then an estimate", async () => {
    await openTab("Companies");
    await openEverySection(sidebar);
    await expectNoBlockingViolations(page, "Companies tab");
    await sidebar.locator("#co-limit_by").fill("25");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByTestId("company-estimate").waitFor();
    await expectNoBlockingViolations(page, "Companies tab, estimate shown");
    await sidebar.getByRole("button", { name: "Confirm & search" }).click();
    await sidebar.getByTestId("company-result").waitFor({ timeout: 30_000 });
    await expectNoBlockingViolations(page, "Companies tab, search result shown");
  });

  it("Leads tab, every section open, then its field problems shown", async () => {
    await openTab("Leads");
    await openEverySection(sidebar);
    await expectNoBlockingViolations(page, "Leads tab");
    await sidebar.locator("#persona-0-seniorities").fill("Head");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await expect.poll(() => sidebar.getByTestId("field-problem").count()).toBeGreaterThanOrEqual(2);
    await expectNoBlockingViolations(page, "Leads tab, field problems shown");
  });

  it("Credits tab, its balance and transactions loaded, every section open", async () => {
    await openTab("Credits");
    await expect.poll(() => sidebar.locator("main").textContent(), { timeout: 15_000 }).toMatch(/\d/);
    await openEverySection(sidebar);
    await expectNoBlockingViolations(page, "Credits tab");
  });

  it("Settings tab, then a connection test's answer", async () => {
    await openTab("Settings");
    await expectNoBlockingViolations(page, "Settings tab");
    await sidebar.getByRole("button", { name: "Test connection" }).click();
    await sidebar.locator(".notice.ok").waitFor({ timeout: 15_000 });
    await expectNoBlockingViolations(page, "Settings tab, connection-test notice");
  });

  it("Enrich tab with an error shown (Use current selection on a cell without profile URLs)", async () => {
    await selectRange(page, "A1", "A1");
    await openTab("Enrich");
    await openEverySection(sidebar);
    await sidebar.getByRole("button", { name: "Use current selection" }).click();
    await sidebar.locator(".notice.error").waitFor();
    await expectNoBlockingViolations(page, "Enrich tab, error notice");
  });

  it("Enrich from the keyboard: Tab reaches Estimate, Enter presses it, and the estimate passes axe", async () => {
    // The company search above left its Companies sheet active; the profile URLs are on the first.
    await selectSheet(page, SEED_SHEET);
    ({ sidebar } = await enrichUrlColumnFromMenu(page));
    await sidebar.getByTestId("enrich-selection").waitFor();
    // Start where a keyboard user lands: on the selected tab.
    await sidebar.getByRole("tab", { name: "Enrich", selected: true }).focus();
    const focusedText = () =>
      sidebar.locator("body").evaluate(() => {
        const active = document.activeElement;
        return active instanceof HTMLButtonElement ? (active.textContent ?? "").trim() : "";
      });
    let presses = 0;
    while ((await focusedText()) !== "Estimate") {
      presses++;
      if (presses > 100) throw new Error("Tab never reached the Estimate button in 100 presses");
      await page.keyboard.press("Tab");
    }
    // Where the focus is must show (WCAG 2.4.7), which axe does not check.
    const outline = await sidebar
      .getByRole("button", { name: "Estimate" })
      .evaluate((button) => getComputedStyle(button).outlineStyle);
    expect(outline).not.toBe("none");
    await page.keyboard.press("Enter");
    const estimate = sidebar.getByTestId("enrich-estimate");
    await estimate.waitFor();
    expect(await estimate.textContent()).toMatch(/distinct URLs? to fetch/);
    await expectNoBlockingViolations(page, "Enrich tab, estimate shown");
  });

  it("Enrich run finished: progress and what changed", async () => {
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("done");
    await expectNoBlockingViolations(page, "Enrich tab, run finished");
  });
});
