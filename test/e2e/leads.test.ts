/**
 * The Leads tab in real Chromium over the playground: problems shown next to their fields, then
 * personas filled in, estimate, confirm, and the Leads sheet read in the grid.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxControl } from "../../sandbox/api/control";
import { openSidebar, readGrid, selectCell, selectRange, selectSheet, typeIntoCell } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage } from "./support";

describe("Leads tab", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 50, viewport: { width: 1280, height: 800 } });
    ({ page } = session);
    sidebar = await openSidebar(page);
    await sidebar.getByRole("tab", { name: "Leads" }).click();
  });

  afterAll(() => session?.close());

  it("shows every problem next to its field before sending anything", async () => {
    // A persona begun but not finished: only a seniority typed (no functions is fine: any function).
    await sidebar.locator("#persona-0-seniorities").fill("Head");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const problems = sidebar.getByTestId("field-problem");
    await expect.poll(() => problems.count()).toBeGreaterThanOrEqual(2);
    const persona = sidebar.getByTestId("persona-0");
    await expect.poll(() => persona.textContent()).toContain("the persona needs a name");
    // An empty target in the tab's words (issue 23.13), not the API's field names.
    const target = sidebar.getByTestId("target");
    await expect.poll(() => target.textContent()).toContain("no company is named");
    expect(await target.textContent()).toContain("Type the company's name as on its profile");
    expect(await target.textContent()).not.toMatch(
      /company_id|without_company|network_filter_link|no target/,
    );
  });

  it("says plainly that no company has the name typed, free of charge (issue 23.13)", async () => {
    await sidebar.locator("#persona-0-name").fill("Heads");
    await sidebar.getByLabel("Company name").fill("Qqqzzx Nonexistent Holdings");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const result = sidebar.getByTestId("leads-result");
    await expect
      .poll(() => result.textContent(), { timeout: 30_000 })
      .toContain(
        'No company is named exactly "Qqqzzx Nonexistent Holdings": check the spelling, or search by the company\'s profile link or id.',
      );
    expect(await result.textContent()).not.toContain("no_exact_company_match");
    expect(await result.textContent()).toContain("0 credits charged (the API's ledger)");
  });

  it("fills personas, estimates, confirms, and writes the Leads sheet", async () => {
    await sidebar.getByLabel("Target").selectOption("company_id");
    await sidebar.getByLabel("Company id").fill("1000254");
    await sidebar.locator("#persona-0-name").fill("Marketing leaders");
    await sidebar.locator("#persona-0-functions").fill("marketing, sales");
    await sidebar.locator("#persona-0-seniorities").fill("Head, VP");
    await sidebar.getByTestId("add-persona").click();
    await sidebar.locator("#persona-1-name").fill("Engineers");
    await sidebar.locator("#persona-1-functions").fill("engineering");
    await sidebar.getByLabel("Max leads per search").fill("15");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const estimate = sidebar.getByTestId("leads-estimate");
    await estimate.waitFor();
    expect(await estimate.textContent()).toContain("1 search, up to 15 credits");
    expect(await estimate.textContent()).toMatch(/Balance 10,000 credits/);
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const result = sidebar.getByTestId("leads-result");
    await result.waitFor();
    const text = await result.textContent();
    expect(text).toMatch(/15 leads written to Leads \(rows 2-16\)/);
    expect(text).toContain("15 credits charged (the API's ledger)");
    expect(text).toMatch(/results: .+ · status: success/);
    await selectSheet(page, "Leads");
    const grid = await readGrid(page);
    // Readable headers by default (each cell's note names the API field).
    expect(grid[0]).toEqual(expect.arrayContaining(["Full Name", "Persona", "Company Network ID"]));
    expect(grid).toHaveLength(16);
    const persona = grid[0]!.indexOf("Persona");
    for (const row of grid.slice(1)) expect(["Marketing leaders", "Engineers"]).toContain(row[persona]);
  });

  it("finds leads at the companies selected in a sheet: one search each, failures per company", async () => {
    // A small companies sheet typed by hand: name and network_id (one id the API does not know).
    await page.getByRole("button", { name: "Add sheet" }).click();
    const rows = [
      ["name", "network_id"],
      ["Giant One", "1000254"],
      ["Giant Two", "1000255"],
      ["Nobody Inc", "999999999"],
    ];
    for (const [r, row] of rows.entries()) {
      for (const [c, text] of row.entries()) await typeIntoCell(page, `${"AB"[c]}${r + 1}`, text);
    }
    await selectRange(page, "A2", "B4");
    // Another tab and back: the personas typed before are still there.
    await sidebar.getByRole("tab", { name: "Settings" }).click();
    await sidebar.getByRole("tab", { name: "Leads" }).click();
    expect(await sidebar.locator("#persona-0-name").inputValue()).toBe("Marketing leaders");
    await sidebar.getByLabel("Target").selectOption("selected_companies");
    const selection = sidebar.getByTestId("leads-selection");
    await expect.poll(() => selection.textContent()).toContain("3 companies selected");
    await sidebar.getByLabel("Max leads per search").fill("4");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await expect
      .poll(() => sidebar.getByTestId("leads-estimate").textContent())
      .toContain("3 searches, up to 12 credits");
    // A look at another cell before Confirm: the run searches the 3 rows the tab showed, not the
    // header cell now selected (before, it ran what was selected when Confirm was pressed).
    await selectCell(page, "A1");
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const failed = sidebar.getByTestId("leads-failed-companies");
    await failed.waitFor();
    expect(await failed.textContent()).toContain("Nobody Inc: The company was not found.");
    // Giant One's first leads are the ones the previous test wrote: the Leads sheet's sales ids go
    // out as exclude_ids (issue 12.7), so the 8 credits buy 8 new leads, none paid twice.
    const result = await sidebar.getByTestId("leads-result").textContent();
    expect(result).toContain("8 leads written to Leads (rows 17-24)");
    expect(result).toContain("8 credits charged (the API's ledger)");
    expect(result).not.toContain("duplicates");
    // Next page: the 8 leads are in the sheet now and excluded, so the next unfetched ones are at
    // the top of each company's matches again (not after the first 4, which would skip 4 at each).
    await sidebar.getByRole("button", { name: "Next page (the next leads not in the Leads sheet)" }).click();
    await expect
      .poll(() => sidebar.getByTestId("leads-estimate").textContent())
      .toContain("3 searches, up to 12 credits");
    expect(await sidebar.getByTestId("leads-offset").count()).toBe(0);
    await selectSheet(page, "Leads");
    const grid = await readGrid(page);
    const company = grid[0]!.indexOf("Company Network ID");
    expect(
      grid
        .slice(16)
        .map((row) => row[company])
        .sort(),
    ).toEqual([...Array(4).fill("1000254"), ...Array(4).fill("1000255")]);
  });

  it("stops at the account's daily search limit: paid leads kept, each company says what it got", async () => {
    // A fresh day's count with 3 searches a day: the first pages of the 3 companies pass, then
    // only one of the 2 second pages (Max 150 goes out as pages of 100 and 50).
    const control = sandboxControl(session.playground.sandboxUrl);
    await control.reset();
    await control.configure({ latencyMs: 50, dailySearches: 3 });
    // The sheet the test before added by hand (the playground has Sheet1 and Leads too).
    await selectSheet(page, "Sheet3");
    await selectRange(page, "A2", "B4");
    await expect
      .poll(() => sidebar.getByTestId("leads-selection").textContent())
      .toContain("3 companies selected");
    await sidebar.getByLabel("Max leads per search").fill("150");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await expect
      .poll(() => sidebar.getByTestId("leads-estimate").textContent())
      .toContain("3 searches, up to 450 credits");
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const failed = sidebar.getByTestId("leads-failed-companies");
    await failed.waitFor();
    const text = await failed.textContent();
    expect(text).toContain("Nobody Inc: The company was not found.");
    // The Giant whose second page was refused keeps its first page's 100 leads, and says so.
    expect(text).toMatch(
      /Giant (One|Two): 100 leads fetched \(100 new\), then stopped: Your API account's daily limit/,
    );
    expect(text).toContain("Run the rest tomorrow");
    const result = await sidebar.getByTestId("leads-result").textContent();
    expect(result).toContain("250 leads written to Leads");
    expect(result).toContain("250 credits charged (the API's ledger)");
    const charged = (await control.stats()).ledger.reduce((sum, entry) => sum + entry.amount, 0);
    expect(charged).toBe(250);
  });

  it("Max leads per search refuses what is no count, and an unknown location comes back under Lead locations, free", async () => {
    const control = sandboxControl(session.playground.sandboxUrl);
    await control.reset();
    await sidebar.getByLabel("Target").selectOption("company_id");
    await sidebar.getByLabel("Company id").fill("1000254");
    // Before: a number box read "ten" as empty, and the estimate offered up to 2,500 credits.
    await sidebar.getByLabel("Max leads per search").fill("ten");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const limitGroup = sidebar.locator(".form-group", { has: sidebar.locator("#leads-limit-by") });
    await expect.poll(() => limitGroup.textContent()).toContain('"ten" is not a whole number');
    expect(await sidebar.getByTestId("leads-estimate").count()).toBe(0);
    await sidebar.getByLabel("Max leads per search").fill("1,000");
    await sidebar.getByLabel("Max leads per search").fill("5");

    await sidebar.locator("summary", { hasText: "Lead filters" }).click();
    await sidebar.locator("#leads-locations").fill("germany, united states, atlantis");
    await sidebar.locator("#leads-locations").press("Enter");
    const group = sidebar.locator(".form-group", { has: sidebar.locator("#leads-locations") });
    for (const chip of ["Germany", "United States", "atlantis"]) {
      await expect.poll(() => group.locator(`[data-chip="${chip}"]`).count()).toBe(1);
    }
    // Said before anything is sent: it goes as typed, a refusal is free.
    expect(await group.getByTestId("unlisted-locations").textContent()).toContain(
      `Not in the add-on's list of locations: "atlantis". It is sent as typed`,
    );
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    // The API's words sit under Lead locations (before: at the top of the tab, away from it).
    await expect
      .poll(() => group.getByTestId("field-problem").textContent(), { timeout: 30_000 })
      .toMatch(/The API did not accept this: .*atlantis.*Nothing was charged/);
    expect(await sidebar.getByTestId("leads-refused-at-field").textContent()).toContain(
      "the reason is under Lead locations, below. Nothing was charged.",
    );
    expect(await sidebar.getByTestId("leads-result").textContent()).toContain("0 credits charged");
    expect((await control.stats()).ledger).toEqual([]);
  });

  it("an editor without an API key who presses Estimate at the foot of the form sees why, and nothing is sent", async () => {
    const control = sandboxControl(session.playground.sandboxUrl);
    await control.reset();
    await page.getByRole("button", { name: "User" }).click();
    await page.getByRole("menuitem", { name: /\(editor\)/ }).click();
    await expect.poll(() => page.getByRole("button", { name: "User" }).count()).toBe(1);
    sidebar = await openSidebar(page);
    await sidebar.getByRole("tab", { name: "Leads" }).click();
    await sidebar.getByLabel("Target").selectOption("company_id");
    await sidebar.getByLabel("Company id").fill("1000254");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const notice = sidebar.getByRole("alert").filter({ hasText: "No API key is saved yet." });
    await notice.waitFor();
    // In view, not at the top of a form scrolled past (before, the button seemed to do nothing).
    const seen = () =>
      notice.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    await expect.poll(seen).toBe(true);
    expect(await notice.textContent()).toContain("Open Settings, paste your API key and press Save.");
    expect((await control.stats()).ledger).toEqual([]);
  });
});
