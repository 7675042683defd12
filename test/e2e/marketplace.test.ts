/**
 * The Marketplace listing's screenshots (1280 x 800, the listing's size) taken from the playground
 * as a user works (issue 22), plus what a user sees of the add-on's version: the About menu item
 * and the sidebar's footer. `DOCS_SCREENSHOTS=1 npx vitest run test/e2e/marketplace.test.ts`
 * writes the pictures to docs/marketplace/; otherwise they go to the temporary folder.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrichUrlColumnFromMenu, readGrid, selectSheet } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

/** The size the Marketplace SDK's store listing takes screenshots at. */
const LISTING = { width: 1280, height: 800 };
const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
  addon: { supportUrl: string; privacyPolicyUrl: string; termsOfServiceUrl: string };
};

async function listingShot(page: Page, name: string): Promise<void> {
  const path = screenshotPath(`marketplace/${name}`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path });
}

describe("Marketplace screenshots and the add-on's version", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 50, viewport: LISTING });
    ({ page } = session);
  });

  afterAll(() => session?.close());

  it("About shows the version and the support, privacy and terms pages", async () => {
    // About sits after a separator, as onOpen built it.
    await page.getByRole("button", { name: "Extensions" }).click();
    await page.getByRole("menuitem", { name: "Prospecting" }).hover();
    const menu = page.getByRole("menu", { name: "Prospecting" });
    expect(await menu.getByRole("separator").count()).toBe(1);
    await menu.getByRole("menuitem", { name: "About" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect.poll(() => dialog.textContent()).toContain(`version ${pkg.version}.`);
    const text = (await dialog.textContent()) ?? "";
    for (const url of Object.values(pkg.addon)) expect(text).toContain(url);
    await dialog.getByRole("button", { name: "OK" }).click();
  });

  it("1: Enrich's estimate over a column of profile URLs, before anything is charged", async () => {
    ({ sidebar } = await enrichUrlColumnFromMenu(page));
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const estimate = sidebar.getByTestId("enrich-estimate");
    await estimate.waitFor();
    await estimate.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await listingShot(page, "screenshot-1-enrich-estimate.png");
  });

  it("2: the rows refreshed in place, with a status per row", async () => {
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("done");
    await expect.poll(async () => (await readGrid(page))[0]).toContain("Enrichment Status");
    await listingShot(page, "screenshot-2-enrich-done.png");
  });

  it("3: a company search by ideal-customer profile, written to the Companies sheet", async () => {
    await sidebar.getByRole("tab", { name: "Companies" }).click();
    const locations = sidebar.locator("#co-locations");
    await locations.fill("Germany");
    await locations.press("Enter");
    await sidebar.getByRole("checkbox", { name: "51-200" }).check();
    await sidebar.locator("#co-limit_by").fill("25");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByTestId("company-estimate").waitFor();
    await sidebar.getByRole("button", { name: "Confirm & search" }).click();
    await sidebar.getByTestId("company-result").waitFor({ timeout: 30_000 });
    await selectSheet(page, "Companies");
    await expect.poll(async () => (await readGrid(page)).length).toBeGreaterThan(10);
    await listingShot(page, "screenshot-3-companies.png");
  });

  it("4: the Credits tab and its export, and the footer's version and links", async () => {
    await sidebar.getByRole("tab", { name: "Credits" }).click();
    await expect.poll(() => sidebar.getByTestId("credits-row").count()).toBeGreaterThan(0);
    await sidebar.getByRole("button", { name: "Export to sheet" }).click();
    await expect.poll(() => page.getByText("Transactions", { exact: true }).count()).toBeGreaterThan(0);
    await selectSheet(page, "Transactions");
    await expect.poll(async () => (await readGrid(page)).length).toBeGreaterThan(5);
    const footer = sidebar.locator("footer.addon-footer");
    await expect.poll(() => footer.textContent()).toContain(`Add-on ${pkg.version}`);
    const links = footer.getByRole("link");
    expect(await links.allTextContents()).toEqual(["Support", "Privacy", "Terms"]);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      pkg.addon.supportUrl,
      pkg.addon.privacyPolicyUrl,
      pkg.addon.termsOfServiceUrl,
    ]);
    await listingShot(page, "screenshot-4-credits.png");
  });
});
