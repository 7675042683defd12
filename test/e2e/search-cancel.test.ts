/**
 * Cancel on the Companies and Leads tabs in real Chromium over the playground (1.5 s a request):
 * pressed while the first request of a long search is out, the tab says at once that what was sent
 * cannot be called back, then what was written and what the ledger charged; the sandbox's ledger
 * holds only what was sent before Cancel. Also the revenue filter as typed, with what it understood.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits, type SandboxControl, sandboxControl } from "../../sandbox/api/control";
import { openSidebar } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

describe("Cancel a long search", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;
  let control: SandboxControl;

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 1500, viewport: { width: 1280, height: 900 } });
    ({ page } = session);
    control = sandboxControl(session.playground.sandboxUrl);
    sidebar = await openSidebar(page);
  });

  afterAll(() => session?.close());

  /** Presses Cancel once the search's first request has reached the API (it is out, not answered). */
  async function cancelWhenSent(path: string): Promise<void> {
    await sidebar.getByTestId("search-cancel").waitFor();
    await expect
      .poll(
        async () =>
          Object.entries((await control.stats()).requests).some(([p, n]) => p.includes(path) && n > 0),
        {
          timeout: 30_000,
          interval: 100,
        },
      )
      .toBe(true);
    await sidebar.getByRole("button", { name: "Cancel search" }).click();
    await expect
      .poll(() => sidebar.getByTestId("search-running").textContent(), { timeout: 10_000 })
      .toContain("Stopping: the requests already sent cannot be called back");
  }

  it("Companies: the revenue as typed, and what it understood, before anything is sent", async () => {
    await control.reset();
    await sidebar.getByRole("tab", { name: "Companies" }).click();
    await sidebar.getByText("Revenue and exclusions").click();
    await sidebar.locator("#co-revenue_min").fill("five million");
    await expect
      .poll(() => sidebar.getByTestId("problems-revenue_min").textContent())
      .toContain('"five million" is not an amount');
    await sidebar.locator("#co-revenue_min").fill("$5m-50M");
    expect(await sidebar.getByTestId("co-revenue-understood").textContent()).toBe(
      "Understood: $5 million to $50 million a year",
    );
    await sidebar.getByTestId("co-revenue-understood").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("companies-revenue.png") });
    await sidebar.locator("#co-revenue_min").fill("");
    await sidebar.getByText("Revenue and exclusions").click();
  });

  it("Companies: Cancel while the first page of 8 is out writes that page and sends no other", async () => {
    await control.reset();
    const box = sidebar.locator("#co-locations");
    await box.fill("germany");
    await box.press("Enter");
    await sidebar.locator("#co-limit_by").fill("200");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByTestId("company-estimate").waitFor();
    await sidebar.getByTestId("company-estimate").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("companies-estimate.png") });
    await sidebar.getByRole("button", { name: "Confirm & search" }).click();
    await cancelWhenSent("/companies/by_icp/");
    await page.screenshot({ path: screenshotPath("companies-cancelling.png") });
    const result = sidebar.getByTestId("company-result");
    await result.waitFor({ timeout: 60_000 });
    const charged = await ledgerCredits(control, "/companies/by_icp/");
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThanOrEqual(25);
    const text = await result.textContent();
    expect(text).toContain(`Cancelled: ${charged} rows written to Companies`);
    expect(text).toContain(`${charged} credits charged (the API's ledger)`);
    expect(text).toContain("1 of 8 pages was sent before Cancel");
    // The page fetched is in the sheet now and left out: Next page counts among the others (it
    // said "Next page (from 1)", as if the same page again).
    expect(await result.getByRole("button", { name: /^Next page/ }).textContent()).toBe(
      "Next page (from match 1 of those not in the sheet)",
    );
    await result.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("companies-cancelled.png") });
  });

  it("Leads: Cancel while the first page of 3 is out writes its leads and sends no other", async () => {
    await control.reset();
    await sidebar.getByRole("tab", { name: "Leads" }).click();
    await sidebar.getByLabel("Target").selectOption("without_company");
    await sidebar.locator("#persona-0-name").fill("Marketing");
    await sidebar.locator("#persona-0-functions").fill("marketing, sales");
    await sidebar.locator("#persona-0-functions").press("Enter");
    await sidebar.getByLabel("Max leads per search").fill("300");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByTestId("leads-estimate").waitFor();
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    await cancelWhenSent("/leads/by_icp/");
    const result = sidebar.getByTestId("leads-result");
    await result.waitFor({ timeout: 60_000 });
    const charged = await ledgerCredits(control, "/leads/by_icp/");
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThanOrEqual(100);
    const text = await result.textContent();
    expect(text).toContain(`Cancelled: ${charged} leads written to Leads`);
    expect(text).toContain(`${charged} credits charged (the API's ledger)`);
    await result.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("leads-cancelled.png") });
  });
});
