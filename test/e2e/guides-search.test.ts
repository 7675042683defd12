/**
 * docs/search.md (company search, lead search, personas), followed as written in the playground: each step typed or
 * clicked as the guide says, what the guide quotes checked on screen, every cost checked against
 * the sandbox's ledger. The same steps take the guide's screenshots at the sizes it has always used:
 * `DOCS_SCREENSHOTS=1 npx vitest run test/e2e/guides-search.test.ts` writes them to docs/ (else to the
 * temporary folder).
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits, sandboxControl } from "../../sandbox/api/control";
import { openSidebar, readGrid, selectRange, selectSheet } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

describe("Company and lead search, as docs/search.md says", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;
  const control = () => sandboxControl(session.playground.sandboxUrl);

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 20, viewport: { width: 1280, height: 1000 } });
    ({ page } = session);
    sidebar = await openSidebar(page);
  }, 60_000);

  afterAll(() => session?.close());

  it("Companies form: lists typed as the guide types them, a misspelt industry marked with the closest", async () => {
    await sidebar.getByRole("tab", { name: "Companies" }).click();
    for (const [id, typed] of [
      ["#co-industries", "software development, sofware"],
      ["#co-locations", "germany, uk, munchen"],
      ["#co-keywords", "saas, (cloud and security)"],
    ] as const) {
      await sidebar.locator(id).fill(typed);
      await sidebar.locator(id).press("Enter");
    }
    const chips = (field: string) =>
      sidebar
        .locator(`[data-list-input="co-${field}"] [data-chip]`)
        .evaluateAll((spans) => spans.map((span) => span.getAttribute("data-chip")));
    expect(await chips("industries")).toEqual(["Software Development"]);
    expect(await sidebar.getByTestId("co-industries-refused").textContent()).toContain(
      '"sofware" is not in the industry list; did you mean',
    );
    expect(await chips("locations")).toEqual(["Germany", "United Kingdom", "München, Bavaria, Germany"]);
    expect(await chips("keywords")).toEqual(["saas", "(cloud AND security)"]);
    await sidebar.locator("#co-keywords").focus();
    await page.screenshot({ path: screenshotPath("companies-form.png") });
    await sidebar.getByRole("button", { name: "Clear" }).click();
    expect(await ledgerCredits(control())).toBe(0);
  }, 60_000);

  it("Companies: Germany, 51-200, 50 to fetch; estimate, Confirm & search, Next page offered", async () => {
    await sidebar.getByRole("tab", { name: "Companies" }).click();
    const locations = sidebar.locator("#co-locations");
    await locations.fill("Germany");
    await locations.press("Enter");
    await sidebar.getByRole("checkbox", { name: "51-200" }).check();
    await sidebar.locator("#co-limit_by").fill("50");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const estimate = sidebar.getByTestId("company-estimate");
    await estimate.waitFor();
    // search.md: "N companies from match M: up to N credits", the balance and the spend cap.
    expect(await estimate.textContent()).toContain("50 companies from match 1: up to 50 credits");
    expect(await ledgerCredits(control())).toBe(0);
    await sidebar.getByRole("button", { name: "Confirm & search" }).click();
    const result = sidebar.getByTestId("company-result");
    await result.waitFor({ timeout: 30_000 });
    // 1 credit per company written: an unsuitable one the API skips is neither written nor charged.
    const charged = await ledgerCredits(control(), "companies");
    expect(charged).toBeGreaterThan(40);
    expect(charged).toBeLessThanOrEqual(50);
    expect(await result.textContent()).toContain(`${charged} credits charged (the API's ledger)`);
    await sidebar.getByRole("button", { name: /^Next page/ }).waitFor();
    await selectSheet(page, "Companies");
    await expect.poll(async () => (await readGrid(page)).length).toBe(charged + 1);
    await page.screenshot({ path: screenshotPath("companies.png") });
  }, 60_000);

  it("Leads: 20 companies selected in the sheet, one estimate, the leads and a summary per company", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await selectRange(page, "A2", "A21");
    await sidebar.getByRole("tab", { name: "Leads" }).click();
    await sidebar.getByLabel("Target").selectOption({ label: "Companies selected in the sheet" });
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    await expect.poll(() => sidebar.locator("body").textContent()).toContain("20 companies selected");
    await sidebar.locator("#persona-0-name").fill("Marketing and sales");
    await sidebar.locator("#persona-0-functions").fill("marketing, sales");
    await sidebar.getByTestId("add-persona").click();
    await sidebar.locator("#persona-1-name").fill("Engineers");
    await sidebar.locator("#persona-1-functions").fill("engineering");
    await sidebar.getByLabel("Max leads per search").fill("2");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const estimate = sidebar.getByTestId("leads-estimate");
    await estimate.waitFor();
    expect(await estimate.textContent()).toContain("20 searches, up to 40 credits");
    await estimate.evaluate((element) => element.scrollIntoView({ block: "end" }));
    await page.screenshot({ path: screenshotPath("leads-estimate.png") });
    const before = await ledgerCredits(control(), "leads");
    expect(before).toBe(0);

    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const result = sidebar.getByTestId("leads-result");
    await result.waitFor({ timeout: 30_000 });
    const charged = await ledgerCredits(control(), "leads");
    const written = /(\d+) leads? written to Leads/.exec((await result.textContent()) ?? "");
    expect(written, (await result.textContent()) ?? "").not.toBeNull();
    expect(Number(written![1])).toBe(charged);
    expect(await result.textContent()).toContain(`${charged} credits charged (the API's ledger)`);
    await selectSheet(page, "Leads");
    await expect.poll(async () => (await readGrid(page)).length).toBe(charged + 1);
    await result.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: screenshotPath("leads.png") });
  }, 60_000);
});

describe("Lead search personas, as docs/search.md says", () => {
  let session: PlaygroundPage;

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 20, viewport: { width: 1280, height: 900 } });
  }, 60_000);

  afterAll(() => session?.close());

  it("Founders, a ready-made persona, adds its seniorities as chips and no function (any function)", async () => {
    const { page } = session;
    const sidebar = await openSidebar(page);
    await sidebar.getByRole("tab", { name: "Leads" }).click();
    await sidebar.getByLabel("Target").selectOption({ label: "Any company (lead filters only)" });
    await sidebar.getByRole("button", { name: "Founders", exact: true }).click();
    expect(await sidebar.locator("#persona-0-name").inputValue()).toBe("Founders");
    const chips = await sidebar
      .locator('[data-list-input="persona-0-seniorities"] [data-chip]')
      .evaluateAll((spans) => spans.map((span) => span.getAttribute("data-chip")));
    expect(chips).toEqual(["founder", "co-founder", "owner"]);
    expect(await sidebar.locator('[data-list-input="persona-0-functions"] [data-chip]').count()).toBe(0);
    await sidebar.getByTestId("target").evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: screenshotPath("leads-personas.png") });
  }, 60_000);
});
