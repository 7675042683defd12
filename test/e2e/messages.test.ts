/**
 * One summary per action, in the action's words (issue 14.3): out of credits on the Companies tab,
 * a balance of 0 in the estimate, stale messages after the form changes.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxControl } from "../../sandbox/api/control";
import { DEMO_API_KEY } from "../../sandbox/playground/server";
import { openSidebar, runMenuItem, selectRange } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage } from "./support";

describe("messages say what happened", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;

  beforeAll(async () => {
    session = await openPlaygroundPage({ viewport: { width: 1280, height: 900 } });
    page = session.page;
    sidebar = await openSidebar(page);
  });

  afterAll(() => session?.close());

  const texts = () => sidebar.locator(".notice, [role=alert], [role=status]").allTextContents();

  it("Companies with a balance of 0: the estimate says so, and running says out of credits once", async () => {
    await sandboxControl(session.playground.sandboxUrl).setCredits(DEMO_API_KEY, 0);
    await sidebar.locator("#co-locations").fill("Germany");
    await sidebar.locator("#co-locations").press("Enter");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const estimate = sidebar.getByTestId("company-estimate");
    await estimate.waitFor();
    expect(await estimate.textContent()).toContain("Your balance is 0");
    expect(await estimate.textContent()).not.toContain("may not cover");
    await page.screenshot({ path: "/tmp/forms-estimate-0.png" });
    await sidebar.getByRole("button", { name: /Confirm/ }).click();
    const result = sidebar.getByTestId("company-result");
    await result.waitFor({ timeout: 30_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: "/tmp/forms-out-of-credits.png" });
    const all = (await texts()).join("\n");
    expect(all.match(/out of credits/gi)?.length ?? 0).toBe(1);
    expect(all).not.toMatch(/Resume|enrich/i);
    expect(all).not.toMatch(/Order cached/);
    expect(await sidebar.getByRole("button", { name: /Next page/ }).count()).toBe(0);
  });

  it("a changed form clears the last result", async () => {
    await sidebar.locator("#co-keywords").fill("saas");
    await sidebar.locator("#co-keywords").press("Enter");
    await expect.poll(() => sidebar.getByTestId("company-result").count()).toBe(0);
  });
});

describe("Cancel during an Enrich run", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;

  beforeAll(async () => {
    // Slow answers and one request per batch: each step fetches one URL, so Cancel lands mid-run.
    session = await openPlaygroundPage({ latencyMs: 2500, viewport: { width: 1280, height: 900 } });
    page = session.page;
    sidebar = await openSidebar(page);
  });

  afterAll(() => session?.close());

  it("ends with a summary: done, not reached, credits the ledger charged", async () => {
    await sidebar.getByRole("tab", { name: "Settings" }).click();
    await sidebar.locator("#settings-chunk-size").fill("1");
    await sidebar.getByRole("button", { name: /^Save/ }).last().click();
    await page.waitForTimeout(500);
    await selectRange(page, "B1", "B6");
    await runMenuItem(page, "Enrich selected profile URLs");
    await expect.poll(() => sidebar.getByTestId("enrich-selection").textContent()).toContain("B2:B6");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await run.waitFor();
    await sidebar.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("cancelled");
    const summary = (await run.textContent()) ?? "";
    expect(summary).toMatch(/Cancelled: \d+ URLs? enriched, \d+ URLs? not/);
    expect(summary).toMatch(/credits? charged \(the API's ledger\)/);
  }, 120_000);
});
