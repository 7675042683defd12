/**
 * Untrusted text in real Chromium: the playground's sandbox answers hostile text everywhere
 * (`hostileText`, docs/untrusted-text.md). A user enriches the sample URLs, types old titles to see
 * a job change, searches leads at a company typed in lower case and opens the Credits tab. The
 * grid shows the API's text as text (the formula bar its apostrophe), the sidebar shows HTML-looking
 * text as characters, and no script runs: no dialog, no page error, no element made of API text.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrichUrlColumnFromMenu, readGrid, selectCell, selectSheet, typeIntoCell } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

describe("hostile API text in the playground", () => {
  let session: PlaygroundPage;
  let page: Page;
  const ran: string[] = [];

  /** No script of the API's ran, and no element was made of its text, in the page or the sidebar. */
  async function expectNothingRan(sidebar: FrameLocator): Promise<void> {
    expect(ran).toEqual([]);
    expect(await page.locator('img[src="x"], [onerror]').count()).toBe(0);
    expect(await sidebar.locator('img[src="x"], [onerror], a[href^="javascript"]').count()).toBe(0);
  }

  beforeAll(async () => {
    session = await openPlaygroundPage({ viewport: { width: 1280, height: 900 } });
    page = session.page;
    page.on("dialog", (dialog) => {
      ran.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on("pageerror", (error) => ran.push(`page error: ${error.message}`));
    const configured = await fetch(`${session.playground.sandboxUrl}/__sandbox/config`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ hostileText: true }),
    });
    expect(configured.ok).toBe(true);
  });

  afterAll(() => session?.close());

  async function enrich(skipRefreshed: boolean): Promise<FrameLocator> {
    const { sidebar } = await enrichUrlColumnFromMenu(page);
    if (!skipRefreshed) await sidebar.getByTestId("enrich-skip-refreshed").uncheck();
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByTestId("enrich-estimate").waitFor();
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    await expect
      .poll(() => sidebar.getByTestId("enrich-run").textContent(), { timeout: 30_000 })
      .toMatch(/^Done\./);
    return sidebar;
  }

  it("Enrich writes the API's text as text, and the job-change digest shows it as characters", async () => {
    await selectSheet(page, "Sheet1");
    await enrich(true);
    const grid = await readGrid(page);
    const location = grid[0]!.indexOf("Location");
    expect(grid[1]![location]).toBe("=London Area");
    await selectCell(page, `${String.fromCharCode(65 + location)}2`);
    expect(await page.getByLabel("Formula bar").inputValue()).toBe("'=London Area");
    // A user's old titles, typed as people do: the next refresh is a job change.
    const title = String.fromCharCode(65 + grid[0]!.indexOf("Job Title"));
    await typeIntoCell(page, `${title}2`, "design intern, old");
    await typeIntoCell(page, `${title}3`, "sales rep");
    const sidebar = await enrich(false);
    // The job changes load after the run's end is shown (their own call): wait for them.
    await expect
      .poll(() => sidebar.getByTestId("enrich-run").textContent(), { timeout: 30_000 })
      .toContain("sales rep @ <img src=x onerror=alert(1)>");
    await page.screenshot({ path: screenshotPath("untrusted-text-digest.png") });
    await expectNothingRan(sidebar);
  });

  it("Leads and Credits show the API's names and descriptions as characters", async () => {
    const sidebar = page.frameLocator("aside.sidebar-panel iframe");
    await sidebar.getByRole("button", { name: "New run" }).click();
    await sidebar.getByRole("tab", { name: "Leads" }).click();
    await sidebar.getByLabel("Company name").fill("sixhundred labs");
    await sidebar.locator("#persona-0-name").fill("sales folks");
    await sidebar.locator("#persona-0-functions").fill("sales, marketing");
    await sidebar.getByLabel("Max leads per search").fill("10");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const result = sidebar.getByTestId("leads-result");
    await expect
      .poll(() => result.textContent(), { timeout: 30_000 })
      .toMatch(/Searched at =Sixhundred Labs/);
    await selectSheet(page, "Leads");
    const leads = await readGrid(page);
    expect(leads.slice(1).some((row) => /^\s*[=+\-@]/.test(row[0] ?? ""))).toBe(true);
    await sidebar.getByRole("tab", { name: "Credits" }).click();
    await sidebar.getByTestId("credits-row").first().waitFor();
    const rows = (await sidebar.getByTestId("credits-row").allTextContents()).join("\n");
    expect(rows).toMatch(/<img src=x onerror=alert\(1\)>|=HYPERLINK|1 1\/2|Sep-2023/);
    await expectNothingRan(sidebar);
  });
});
