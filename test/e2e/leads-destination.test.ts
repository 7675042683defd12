/**
 * Issues 23.17 and 21.6 in real Chromium over the playground, typed as a user types: lead search
 * into a sheet named in lower case that does not exist yet, leaving out a CRM export typed by hand
 * (its column named in another case), with work emails; then a leave-out sheet name misspelt. The
 * sandbox's ledger is read after each action and checked against what the sidebar says.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxControl } from "../../sandbox/api/control";
import { type Lead, PATHS } from "../../src/api/wire";
import { openSidebar, readGrid, selectSheet, typeIntoCell } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

describe("Leads tab: results where the user wants them, with work emails", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;
  let first: Lead[];

  /** Credits the sandbox's ledger holds for the demo key on `path`. */
  async function ledger(path: string): Promise<number> {
    const { ledger: rows } = await sandboxControl(session.playground.sandboxUrl).stats();
    return rows
      .filter((row) => row.key === "sandbox-demo-key" && row.path === path)
      .reduce((sum, row) => sum + Math.abs(row.amount), 0);
  }

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 30, viewport: { width: 1280, height: 900 } });
    ({ page } = session);
    // The leads the search will find first, read with another key (the demo key's ledger stays clean).
    const control = sandboxControl(session.playground.sandboxUrl);
    await control.setCredits("compare-key", 100);
    const answer = await fetch(`${session.playground.sandboxUrl}${PATHS.leadSearch}`, {
      method: "POST",
      headers: { Authorization: "Token compare-key", "Content-Type": "application/json" },
      body: JSON.stringify({
        company_id: 1000254,
        personas: [["Marketing", ["marketing"], [], []]],
        limit_by: 4,
      }),
    });
    first = ((await answer.json()) as { leads: Lead[] }).leads;
    sidebar = await openSidebar(page);
    await sidebar.getByRole("tab", { name: "Leads" }).click();
  });

  afterAll(() => session?.close());

  it("writes to a new sheet typed in lower case, leaves out the CRM export's sales ids, finds emails", async () => {
    // A CRM export typed by hand: a profile URL and a sales id per person.
    const tabs = () => page.getByRole("tab").allTextContents();
    const before = await tabs();
    await page.getByRole("button", { name: "Add sheet" }).click();
    await expect.poll(async () => (await tabs()).length).toBe(before.length + 1);
    const crm = (await tabs()).find((name) => !before.includes(name)) ?? "";
    await typeIntoCell(page, "A1", "LinkedIn URL");
    await typeIntoCell(page, "B1", "Sales ID");
    await typeIntoCell(page, "A2", first[0]!.network_url);
    await typeIntoCell(page, "B2", first[0]!.sales_id);

    await sidebar.getByLabel("Target").selectOption("company_id");
    await sidebar.getByLabel("Company id").fill("1000254");
    await sidebar.locator("#persona-0-name").fill("Marketing");
    await sidebar.locator("#persona-0-functions").fill("marketing");
    await sidebar.getByLabel("Max leads per search").fill("3");
    await sidebar.locator("#leads-sheet_name").fill("q3 prospects");
    await sidebar.locator("#leads-leave_out_sheet").fill(crm.toLowerCase());
    await sidebar.locator("#leads-leave_out_column").fill("sales id");
    await sidebar.locator("#leads-find_emails").check();
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const estimate = sidebar.getByTestId("leads-estimate");
    await estimate.waitFor();
    const said = await estimate.textContent();
    expect(said).toContain("1 search, up to 6 credits");
    expect(said).toContain("written to q3 prospects");
    expect(said).toContain("Up to 3 credits for the searches and up to 3 credits for work emails");
    expect(said).toContain(`1 lead of ${crm}'s sales id column left out by sales id: never charged.`);

    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const result = sidebar.getByTestId("leads-result");
    await expect.poll(() => result.textContent(), { timeout: 30_000 }).toContain("written to q3 prospects");
    const text = (await result.textContent()) ?? "";
    expect(text).toContain("3 leads written to q3 prospects (rows 2-4)");
    expect(text).toContain("3 credits charged (the API's ledger)");
    expect(await ledger(PATHS.leadSearch)).toBe(3);
    const emailCredits = await ledger(PATHS.emailFinder);
    expect(text).toMatch(
      new RegExp(`Work emails: .* · ${emailCredits} credits? charged \\(the API's ledger\\)`),
    );
    await page.screenshot({ path: screenshotPath("leads-destination.png") });

    await selectSheet(page, "q3 prospects");
    const grid = await readGrid(page);
    const url = grid[0]!.indexOf("LinkedIn URL");
    const email = grid[0]!.indexOf("Email");
    const status = grid[0]!.indexOf("Email Status");
    expect(grid).toHaveLength(4);
    expect(grid.slice(1).map((row) => row[url])).not.toContain(first[0]!.network_url);
    for (const row of grid.slice(1)) {
      expect(["valid", "catch-all", "not found"]).toContain(row[status]);
      expect(row[email] === "").toBe(row[status] === "not found");
    }
    // The finder charges per email found (the sandbox's default rule).
    expect(emailCredits).toBe(grid.slice(1).filter((row) => row[status] !== "not found").length);
  });

  it("names a misspelt leave-out sheet at its field, and charges nothing", async () => {
    const charged = await ledger(PATHS.leadSearch);
    await sidebar.locator("#leads-leave_out_sheet").fill("crm exprt");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const problem = sidebar.locator("#leads-leave_out_sheet-problems");
    await expect.poll(() => problem.textContent()).toContain('No sheet is named "crm exprt": the sheets are');
    expect(await sidebar.getByTestId("leads-estimate").count()).toBe(0);
    expect(await ledger(PATHS.leadSearch)).toBe(charged);
  });
});
