/**
 * The README's first look, docs/settings.md, docs/formulas.md and docs/credits.md, followed as written in the playground: each step typed or
 * clicked as the guide says, what the guide quotes checked on screen, every cost checked against
 * the sandbox's ledger. The same steps take the guide's screenshots at the sizes it has always used:
 * `DOCS_SCREENSHOTS=1 npx vitest run test/e2e/guides-formulas-settings.test.ts` writes them to docs/ (else to the
 * temporary folder).
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits, sandboxControl } from "../../sandbox/api/control";
import {
  cell,
  clearCells,
  openSidebar,
  readGrid,
  runMenuItem,
  selectRange,
  selectSheet,
  typeIntoCell,
} from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

/** A profile URL on the network's host that matches no one in the sandbox. */
const NOBODY = "https://www.network.example/in/no-such-person-zz9";

describe("README, Settings and Formulas, as the guides say", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;
  const credits = () => ledgerCredits(sandboxControl(session.playground.sandboxUrl));

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 20, viewport: { width: 1400, height: 760 } });
    ({ page } = session);
  }, 60_000);

  afterAll(() => session?.close());

  it("README: =LOOKUP_LEAD(B2:B6) spills from D2, and the menu's Enrich opens on B1:B6", async () => {
    // playground.md: a first start seeds Sheet1 with sample profile URLs under network_url.
    const grid = await readGrid(page);
    expect(grid[0]!.slice(0, 2)).toEqual(["Name", "network_url"]);
    await typeIntoCell(page, "D1", "Formula");
    await typeIntoCell(page, "D2", "=LOOKUP_LEAD(B2:B6)");
    // The default fields: full_name, job_title, company_name, location, network_url (formulas.md).
    await expect.poll(async () => (await readGrid(page))[5]?.[7] ?? "").toMatch(/^https:\/\//);
    expect(await credits()).toBe(5);

    await selectRange(page, "B1", "B6");
    await runMenuItem(page, "Enrich selected profile URLs");
    sidebar = page.frameLocator("aside.sidebar-panel iframe");
    await expect
      .poll(() => sidebar.getByTestId("enrich-selection").textContent())
      .toContain("Sheet1!B2:B6: 5 rows, 5 distinct URLs");
    await page.screenshot({ path: screenshotPath("playground.png") });
  }, 60_000);

  it("Settings: Test connection shows the balance; a key the API refuses is not saved", async () => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await sidebar.getByRole("tab", { name: "Settings" }).click();
    await sidebar.getByRole("button", { name: "Test connection" }).click();
    // The five lookups of D2's formula were charged: the balance is the account's, after them.
    await sidebar.getByText(/Balance: 9,995 credits\./).waitFor();
    // settings.md: the spend cap bounds every paid run, searches and Emails runs included.
    expect(await sidebar.locator("#app").innerText()).toContain(
      "The most one formula, enrichment run, company or lead search, or Emails run may spend.",
    );
    await page.screenshot({ path: screenshotPath("settings.png") });
    expect(await credits()).toBe(5);

    await page.setViewportSize({ width: 1280, height: 760 });
    await sidebar.getByLabel("Replace the key").fill("foo");
    await sidebar.getByRole("button", { name: "Save key" }).click();
    await sidebar
      .getByText("The API did not accept this key. Your saved key is kept.", { exact: false })
      .waitFor();
    await expect.poll(() => sidebar.locator("body").textContent()).toContain("Saved key: ••••-key");
    await page.screenshot({ path: screenshotPath("settings-refused-key.png") });
    expect(await credits()).toBe(5);

    // An address the manifest does not allow is refused under its field, with how to build for it.
    await page.setViewportSize({ width: 1280, height: 860 });
    await sidebar.getByLabel("Replace the key").fill("");
    await sidebar.getByLabel("API address").fill("https://other-api.example");
    await sidebar.getByRole("button", { name: "Save settings" }).click();
    const refusal = sidebar.getByText(/^Apps Script may only fetch the addresses this add-on was built for/);
    await refusal.waitFor();
    await sidebar.getByRole("button", { name: "Save key" }).evaluate((button) => button.scrollIntoView());
    const panel = (await page.locator("aside.sidebar-panel").boundingBox())!;
    await page.screenshot({
      path: screenshotPath("settings-refused-address.png"),
      clip: { x: panel.x, y: panel.y, width: 300, height: 768 },
    });
    await sidebar.getByLabel("API address").fill(session.playground.sandboxUrl);
    await page.setViewportSize({ width: 1280, height: 600 });
  }, 60_000);

  it("Formulas: fields from C1:F1, a message in the rows of a bad URL and of nobody, the balance", async () => {
    await clearCells(page, "D1", "D2");
    for (const [a1, text] of [
      ["C1", "full_name"],
      ["D1", "job_title"],
      ["E1", "company_name"],
      ["F1", "location"],
      ["B8", "not a profile url"],
      ["B9", NOBODY],
      ["H1", "Balance"],
    ] as const) {
      await typeIntoCell(page, a1, text);
    }
    await typeIntoCell(page, "C2", "=LOOKUP_LEAD(B2:B9, C1:F1)");
    await typeIntoCell(page, "H2", "=CREDIT_BALANCE()");
    await expect.poll(() => cell(page, "C9").textContent()).toMatch(/No profile was found at this URL/);
    // formulas.md: a cell that is not a profile URL shows a message in its row, not #ERROR!.
    expect(await cell(page, "C8").textContent()).not.toContain("#ERROR!");
    expect(await cell(page, "C8").textContent()).not.toBe("");
    // Row 7 is blank: a blank row. The five URLs were answered before (D2's formula): 0 credits;
    // the bad URL and the profile not found are free.
    expect(await cell(page, "C7").textContent()).toBe("");
    expect(await credits()).toBe(5);
    await expect.poll(() => cell(page, "H2").textContent()).toBe("9995");
    await selectRange(page, "C2", "C2");
    await page.screenshot({ path: screenshotPath("formulas.png") });
  }, 60_000);
});

describe("Credits, as docs/credits.md says", () => {
  let session: PlaygroundPage;
  let page: Page;

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 20, viewport: { width: 1280, height: 860 } });
    ({ page } = session);
  }, 60_000);

  afterAll(() => session?.close());

  it("Export to sheet writes the Transactions sheet and costs nothing", async () => {
    const sidebar = await openSidebar(page);
    await sidebar.getByRole("tab", { name: "Credits" }).click();
    await expect.poll(() => sidebar.getByTestId("credits-row").count()).toBeGreaterThan(0);
    await sidebar.getByRole("button", { name: "Export to sheet" }).click();
    await sidebar.getByText(/to the Transactions sheet .*No credits used\./).waitFor({ timeout: 30_000 });
    await selectSheet(page, "Transactions");
    await expect.poll(async () => (await readGrid(page)).length).toBeGreaterThan(5);
    expect(await ledgerCredits(sandboxControl(session.playground.sandboxUrl))).toBe(0);
    await page.screenshot({ path: screenshotPath("credits.png") });
  }, 60_000);

  it("Filters: dates picked for between, Charged for by its value, an amount refused under its field", async () => {
    const sidebar = page.frameLocator("aside.sidebar-panel iframe");
    await sidebar.getByText("Filters", { exact: true }).click();
    await sidebar.getByLabel("Date condition").selectOption("range");
    await sidebar.getByLabel("From date").fill("2026-11-01");
    await sidebar.getByLabel("To date").fill("2026-11-23");
    await sidebar.getByLabel("Charged for", { exact: true }).fill("leads_by_icp");
    await sidebar.getByLabel("Amount condition").selectOption("lt");
    await sidebar.getByLabel("Amount", { exact: true }).fill("zero");
    await sidebar.getByRole("button", { name: "Apply filters" }).click();
    await sidebar.locator("#credits-amount-problem").waitFor();
    await sidebar.locator("#credits-amount-problem").scrollIntoViewIfNeeded();
    // The sidebar alone, 300 px wide, from its title down (the guide's crop).
    const panel = (await page.locator("aside.sidebar-panel").boundingBox())!;
    await page.screenshot({
      path: screenshotPath("credits-filters.png"),
      clip: { x: panel.x, y: panel.y, width: 300, height: 808 },
    });
    expect(await ledgerCredits(sandboxControl(session.playground.sandboxUrl))).toBe(0);
  }, 60_000);
});
