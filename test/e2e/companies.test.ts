/**
 * The Companies tab in real Chromium over the playground: fill the form as a user would, see
 * keyword problems before anything is sent, estimate, confirm, read the Companies sheet, page on,
 * and see the server's hint for an unknown location next to the field.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxControl } from "../../sandbox/api/control";
import { COMPANY_LABELS } from "../../src/sheet/field-labels";
import { COMPANY_FIELDS } from "../../src/sheet/lead-fields";
import { openSidebar, readGrid, selectSheet, typeIntoCell } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath, type TestPlayground } from "./support";

describe("Companies tab", () => {
  let playground: TestPlayground;
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;
  let written = 0;

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 50, viewport: { width: 1280, height: 900 } });
    ({ playground, page } = session);
    sidebar = await openSidebar(page);
  });

  afterAll(() => session?.close());

  const addChip = async (field: string, text: string) => {
    const box = sidebar.locator(`#co-${field}`);
    await box.fill(text);
    await box.press("Enter");
  };

  it("shows every keyword problem next to the field before sending", async () => {
    await expect
      .poll(() => sidebar.getByRole("tab", { name: "Companies" }).getAttribute("aria-selected"))
      .toBe("true");
    await addChip("locations", "Germany");
    await sidebar.getByRole("checkbox", { name: "51-200" }).check();
    await sidebar.getByRole("checkbox", { name: "201-500" }).check();
    await addChip("keywords", "a*b");
    await addChip("keywords", "(cloud AND");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const problems = sidebar.getByTestId("problems-keywords");
    await problems.waitFor();
    expect(await problems.textContent()).toContain('"a*b" contains "*"');
    expect(await problems.textContent()).toContain('"(cloud AND"');
    await sidebar.getByRole("button", { name: "Remove a*b" }).click();
    await sidebar.getByRole("button", { name: "Remove (cloud AND" }).click();
  });

  it("estimates against balance and cap, then writes the confirmed search into the Companies sheet", async () => {
    await sidebar.locator("#co-limit_by").fill("25");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const estimate = sidebar.getByTestId("company-estimate");
    await estimate.waitFor();
    expect(await estimate.textContent()).toMatch(/25 companies from match 1: up to 25 credits/);
    expect(await estimate.textContent()).toMatch(/Balance [\d,]+ credits · spend cap 500 credits/);
    await sidebar.getByRole("button", { name: "Confirm & search" }).click();
    const result = sidebar.getByTestId("company-result");
    await result.waitFor({ timeout: 30_000 });
    const text = (await result.textContent()) ?? "";
    expect(text).toMatch(/[\d,]+ companies match\. \d+ rows? written to Companies!A2:/);
    written = Number(/(\d+) rows? written/.exec(text)?.[1]);
    expect(written).toBeGreaterThan(15);
    expect(text).toContain(`${written} credits charged (the API's ledger)`);

    await selectSheet(page, "Companies");
    await expect.poll(async () => (await readGrid(page)).length).toBe(written + 1);
    const grid = await readGrid(page);
    // Readable headers by default, in the record's order (each cell's note names the API field).
    expect(grid[0]).toEqual(COMPANY_FIELDS.map((field) => COMPANY_LABELS[field]));
    const ids = grid.slice(1).map((row) => row[COMPANY_FIELDS.indexOf("network_id")]);
    expect(new Set(ids).size).toBe(written);
  });

  it("Next page continues at the first unfetched match, the sheet's companies excluded, without duplicates", async () => {
    // The companies written are excluded from now on (issue 12.7): the first match not fetched yet
    // is among the first ones again, after the unsuitable ones the API skipped for free.
    const from = 25 - written + 1;
    await sidebar
      .getByRole("button", { name: `Next page (from match ${from} of those not in the sheet)` })
      .click();
    const estimate = sidebar.getByTestId("company-estimate");
    await estimate.waitFor();
    expect(await estimate.textContent()).toMatch(new RegExp(`25 companies from match ${from}`));
    expect(await sidebar.getByTestId("company-known-excluded").textContent()).toMatch(
      new RegExp(
        `${written} companies already in the Companies sheet left out: never charged again \\(saves up to ${written} credits here`,
      ),
    );
    await page.screenshot({ path: screenshotPath("companies-known-excluded.png") });
    await sidebar.getByRole("button", { name: "Confirm & search" }).click();
    const result = sidebar.getByTestId("company-result");
    await expect.poll(() => result.textContent(), { timeout: 30_000 }).toMatch(/rows? written/);
    const more = Number(/(\d+) rows? written/.exec((await result.textContent()) ?? "")?.[1]);
    await expect.poll(async () => (await readGrid(page)).length).toBe(written + more + 1);
    // The grid draws about 70 rows from the top: two pages of 25 stay within them.
    const ids = (await readGrid(page)).slice(1).map((row) => row[COMPANY_FIELDS.indexOf("network_id")]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a re-run whose matches are all in the sheet says so, not that nothing matches (issue 23.12)", async () => {
    await sidebar.getByRole("button", { name: "Clear" }).click();
    await addChip("locations", "France");
    await sidebar.getByRole("checkbox", { name: "10 000+" }).check();
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByRole("button", { name: "Confirm & search" }).click();
    const result = sidebar.getByTestId("company-result");
    await expect.poll(() => result.textContent(), { timeout: 30_000 }).toMatch(/rows? written/);
    const first = (await result.textContent()) ?? "";
    // Page numbering counts among the companies not yet in the sheet, and says so.
    expect(first).toMatch(/returned for matches 1–\d+ of those not in the sheet/);
    const inSheet = (await readGrid(page)).length - 1;

    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByRole("button", { name: "Confirm & search" }).click();
    await expect
      .poll(() => result.textContent(), { timeout: 30_000 })
      .toBe(
        `No company outside the Companies sheet matches these filters.The ${inSheet.toLocaleString("en-US")} companies already there were left out of the search, so nothing was charged. Change a filter to find others.`,
      );
    expect(await sidebar.getByText("No company matches these filters.").count()).toBe(0);
    await sidebar.getByRole("button", { name: "Clear" }).click();
  });

  it("writes into the sheet the form names, leaving out a CRM export's websites as the estimate says (issue 23.17)", async () => {
    const answer = await fetch(`${playground.sandboxUrl}/api/network/companies/by_icp/`, {
      method: "POST",
      headers: { Authorization: "Token sandbox-demo-key", "Content-Type": "application/json" },
      body: JSON.stringify({ locations: ["Japan"], headcounts: ["10 000+"], limit_by: 2 }),
    });
    const [first] = ((await answer.json()) as { companies: Array<{ domain: string }> }).companies;
    // A CRM export typed by hand: a header and one account's website.
    const tabs = () => page.getByRole("tab").allTextContents();
    const before = await tabs();
    await page.getByRole("button", { name: "Add sheet" }).click();
    await expect.poll(async () => (await tabs()).length).toBe(before.length + 1);
    const crm = (await tabs()).find((name) => !before.includes(name));
    await typeIntoCell(page, "A1", "Website");
    await typeIntoCell(page, "A2", `https://www.${first!.domain}/`);
    await typeIntoCell(page, "A3", "Acme Holdings");

    await sidebar.getByRole("button", { name: "Clear" }).click();
    await addChip("locations", "japan");
    await sidebar.getByRole("checkbox", { name: "10 000+" }).check();
    await sidebar.getByText("Revenue and exclusions").click();
    await sidebar.locator("#co-leave_out_sheet").fill(crm ?? "");
    await sidebar.locator("#co-leave_out_column").fill("website");
    await sidebar.locator("#co-sheet_name").fill("Japan accounts");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const leaveOut = sidebar.getByTestId("company-leave-out");
    await leaveOut.waitFor();
    expect(await leaveOut.textContent()).toContain(
      `From ${crm} (website): 0 company ids and 1 domain left out`,
    );
    expect(await leaveOut.textContent()).toContain("1 row holds neither an id nor a domain");
    await sidebar.getByRole("button", { name: "Confirm & search" }).click();
    const result = sidebar.getByTestId("company-result");
    await expect
      .poll(() => result.textContent(), { timeout: 30_000 })
      .toMatch(/rows? written to Japan accounts!A2:/);
    await selectSheet(page, "Japan accounts");
    const grid = await readGrid(page);
    const domain = grid[0]!.indexOf("Domain");
    expect(grid.length).toBeGreaterThan(5);
    expect(grid.slice(1).map((row) => row[domain])).not.toContain(first!.domain);
    await sidebar.locator("#co-leave_out_sheet").fill("");
    await sidebar.locator("#co-leave_out_column").fill("");
    await sidebar.locator("#co-sheet_name").fill("");
    await sidebar.getByRole("button", { name: "Clear" }).click();
  });

  it("offers website_blacklist and sub_industries, says what the API documents of each, and the sheet shows no staffing agency", async () => {
    const control = sandboxControl(playground.sandboxUrl);
    const ledger = async () =>
      (await control.stats()).ledger.reduce((sum, entry) => sum + Math.abs(entry.amount), 0);
    const before = await ledger();
    // Typed as a user types: lower case, two industries and a city with its country after commas.
    await addChip("industries", "staffing and recruiting, software development");
    await addChip("locations", "germany, france");
    await sidebar.getByRole("checkbox", { name: /Send sub_industries/ }).check();
    expect(await sidebar.locator("#co-sub_industries-hint").textContent()).toContain(
      "The API documents no meaning for it",
    );
    await sidebar.getByText("Revenue and exclusions").click();
    await sidebar.getByRole("checkbox", { name: /website_blacklist/ }).check();
    expect(await sidebar.locator("#co-website_blacklist-hint").textContent()).toContain(
      "the production reference says it drops staffing agencies and directories",
    );
    await page.screenshot({ path: screenshotPath("companies-options.png") });
    await sidebar.locator("#co-sheet_name").fill("Without staffing");
    await sidebar.locator("#co-limit_by").fill("50");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByTestId("company-estimate").waitFor();
    expect(await sidebar.getByTestId("company-estimate-flags").textContent()).toBe(
      "Also sent: website_blacklist: true, sub_industries: true (no price of their own).",
    );
    // The estimate spent nothing.
    expect(await ledger()).toBe(before);
    await sidebar.getByRole("button", { name: "Confirm & search" }).click();
    const result = sidebar.getByTestId("company-result");
    await expect
      .poll(() => result.textContent(), { timeout: 30_000 })
      .toMatch(/rows? written to Without staffing!A2:/);
    const rows = Number(/(\d+) rows? written/.exec((await result.textContent()) ?? "")?.[1]);
    expect(await ledger()).toBe(before + rows);
    expect(await result.textContent()).toContain(`${rows} credits charged (the API's ledger)`);
    await selectSheet(page, "Without staffing");
    const grid = await readGrid(page);
    const industry = grid[0]!.indexOf("Industry");
    expect(grid.length).toBe(rows + 1);
    expect(new Set(grid.slice(1).map((row) => row[industry]))).toEqual(new Set(["Software Development"]));
    await sidebar.locator("#co-sheet_name").fill("");
    await sidebar.getByRole("button", { name: "Clear" }).click();
  });

  it("puts the API's hint for an unknown location next to the field, free of charge", async () => {
    await addChip("locations", "Atlantis");
    // Said before anything is sent: it goes as typed, a refusal is free.
    expect(await sidebar.getByTestId("unlisted-locations").textContent()).toContain(
      `Not in the add-on's list of locations: "Atlantis". It is sent as typed`,
    );
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByRole("button", { name: "Confirm & search" }).click();
    const problems = sidebar.getByTestId("problems-locations");
    await problems.waitFor({ timeout: 30_000 });
    expect(await problems.textContent()).toMatch(/Atlantis.*Hint: /);
    expect(await sidebar.getByTestId("company-result").textContent()).toContain("nothing was charged");
  });

  it("shows the refine-search answer clearly when the API sends it", async () => {
    // The add-on never asks for it; the sandbox's own control forces it for this test.
    await sandboxControl(playground.sandboxUrl).configure({ refineSearch: true });
    try {
      // No filters: all 20,000 sandbox companies match, more than the 1,600 searched.
      await sidebar.getByRole("button", { name: "Clear" }).click();
      await sidebar.getByRole("button", { name: "Estimate" }).click();
      await sidebar.getByRole("button", { name: "Confirm & search" }).click();
      const result = sidebar.getByTestId("company-result");
      await expect.poll(() => result.textContent(), { timeout: 30_000 }).toMatch(/refine/i);
      expect(await result.textContent()).toMatch(/[\d,]+ companies match, more than the 1,600 it searches/);
      expect(await result.textContent()).toContain("this answer cost 3 credits");
    } finally {
      await sandboxControl(playground.sandboxUrl).configure({ refineSearch: false });
    }
  });
});
