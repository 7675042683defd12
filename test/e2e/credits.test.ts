/**
 * The Credits tab in real Chromium over the playground: balance and transactions on opening,
 * a filter, a bad filter's problem under its field, paging, the way to Settings, and the export
 * read back from the Transactions sheet against the sandbox's own list; a new export replaces that
 * sheet's content, and a formula built on it reads the new rows.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxAccountEmail } from "../../sandbox/api/account-me";
import { PATHS, type Transaction, type TransactionListResponse } from "../../src/api/wire";
import { TRANSACTION_FIELDS } from "../../src/sheet/lead-fields";
import { cell, openSidebar, readGrid, selectSheet, typeIntoCell } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, type TestPlayground } from "./support";

const KEY = "sandbox-demo-key";
/** The demo key's account, as users/me names it: what the export says it lists. */
const ACCOUNT = sandboxAccountEmail(KEY).replace(/\./g, "\\.");

describe("Credits tab in the playground", () => {
  let playground: TestPlayground;
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;
  let all: Transaction[];

  beforeAll(async () => {
    session = await openPlaygroundPage({ viewport: { width: 1280, height: 900 } });
    ({ playground, page } = session);
    const response = await fetch(`${playground.sandboxUrl}${PATHS.transactions}?limit=100`, {
      headers: { Authorization: `Token ${KEY}` },
    });
    all = ((await response.json()) as TransactionListResponse).results;
    sidebar = await openSidebar(page);
    await sidebar.getByRole("tab", { name: "Credits" }).click();
  });

  afterAll(() => session?.close());

  const range = () => sidebar.getByTestId("credits-range").textContent();
  const notice = () => sidebar.locator(".notice").first().textContent();

  it("shows the balance, recent spending, the spend cap and the newest transactions", async () => {
    await expect.poll(() => sidebar.getByTestId("credits-balance").textContent()).toBe("10,000 credits");
    expect(await sidebar.getByTestId("credits-spent").textContent()).toMatch(/last 24 h: .*Last 7 days: \d/s);
    expect(await sidebar.getByTestId("credits-cap").textContent()).toMatch(/Spend cap per run: 500 credits/);
    await expect.poll(range).toBe(`1–20 of ${all.length}`);
    const rows = sidebar.getByTestId("credits-row");
    expect(await rows.count()).toBe(20);
    expect(await rows.first().textContent()).toContain(all[0]!.description);
  });

  it("pages with Next and Previous", async () => {
    await sidebar.getByRole("button", { name: "Next" }).click();
    await expect.poll(range).toBe(`21–40 of ${all.length}`);
    expect(await sidebar.getByTestId("credits-row").first().textContent()).toContain(all[20]!.description);
    await sidebar.getByRole("button", { name: "Previous" }).click();
    await expect.poll(range).toBe(`1–20 of ${all.length}`);
  });

  it("shows a bad filter's problem under its field, then filters", async () => {
    await sidebar.getByText("Filters", { exact: true }).click();
    await sidebar.getByLabel("Date condition").selectOption("gte");
    await sidebar.getByLabel("Date", { exact: true }).fill("yesterday");
    await sidebar.getByRole("button", { name: "Apply filters" }).click();
    await expect
      .poll(() => sidebar.locator("#credits-created_at-problem").textContent())
      .toMatch(/yyyy-mm-dd/);
    // The date pickers fill the same field: "between" takes a from and a to date.
    await sidebar.getByLabel("Date condition").selectOption("range");
    await sidebar.getByLabel("From date").fill("2026-11-01");
    await sidebar.getByLabel("To date").fill("2026-11-02");
    expect(await sidebar.getByLabel("Date", { exact: true }).inputValue()).toBe("2026-11-01,2026-11-02");
    await sidebar.getByLabel("Date", { exact: true }).fill("");
    await sidebar.getByLabel("Charged for", { exact: true }).fill("top_up");
    await sidebar.getByRole("button", { name: "Apply filters" }).click();
    await expect.poll(range).toBe("1–1 of 1");
    expect(await sidebar.locator("#credits-created_at-problem").count()).toBe(0);
    expect(await sidebar.getByTestId("credits-amount").textContent()).toMatch(/^\+/);
  });

  it("takes a row's amount and date, as the list shows them, back as filters", async () => {
    // The top-up row the filter above left: "+10,000" and "Nov 1, 2026, 04:29 UTC" in the list.
    const row = sidebar.getByTestId("credits-row").first();
    const amount = (await row.getByTestId("credits-amount").textContent()) ?? "";
    const shownTime = (await row.locator("span[title]").first().textContent()) ?? "";
    expect(amount).toMatch(/^\+\d{1,3}(,\d{3})+$/);
    await sidebar.getByLabel("Charged for", { exact: true }).fill("");
    await sidebar.getByLabel("Amount condition").selectOption("exact");
    await sidebar.getByLabel("Amount", { exact: true }).fill(amount);
    // "is" the time the row shows, to the minute: that whole minute.
    expect(shownTime).toMatch(/, \d{2}:\d{2} UTC$/);
    await sidebar.getByLabel("Date condition").selectOption("exact");
    await sidebar.getByLabel("Date", { exact: true }).fill(shownTime);
    await sidebar.getByRole("button", { name: "Apply filters" }).click();
    // Before: '"+10,000" is not a valid amount value' and 'Write dates as yyyy-mm-dd' under the fields.
    await expect.poll(range).toBe("1–1 of 1");
    expect(await sidebar.locator("#credits-amount-problem, #credits-created_at-problem").count()).toBe(0);
    expect(await sidebar.getByTestId("credits-amount").textContent()).toBe(amount);
    await sidebar.getByLabel("Amount", { exact: true }).fill("");
    await sidebar.getByLabel("Date", { exact: true }).fill("");
  });

  it("exports the matching transactions to the Transactions sheet, asking before it replaces them", async () => {
    await sidebar.getByRole("button", { name: "Clear" }).click();
    await expect.poll(range).toBe(`1–20 of ${all.length}`);
    await sidebar.getByRole("button", { name: "Export to sheet" }).click();
    await expect
      .poll(notice, { timeout: 15_000 })
      .toMatch(
        new RegExp(
          `Wrote ${all.length} transactions of ${ACCOUNT} to the Transactions sheet .*No credits used`,
        ),
      );
    await selectSheet(page, "Transactions");
    await expect.poll(async () => (await readGrid(page)).length).toBe(all.length + 1);
    const grid = await readGrid(page);
    expect(grid[0]).toEqual([...TRANSACTION_FIELDS]);
    expect(grid.slice(1).map((row) => row[0])).toEqual(all.map((t) => t.id));
    expect(grid[1]?.[TRANSACTION_FIELDS.indexOf("description")]).toBe(all[0]!.description);

    // A formula on another sheet built on the export, then a filtered export in its place: the
    // Transactions sheet is the same tab, and the formula reads the new first row.
    await selectSheet(page, "Sheet1");
    await typeIntoCell(page, "D1", "=Transactions!A2");
    await expect.poll(() => cell(page, "D1").textContent()).toBe(all[0]!.id);
    const tabs = () => page.getByRole("tab").allTextContents();
    const tabsBefore = await tabs();
    const topUps = all.filter((t) => t.balance_type === "top_up");
    expect(topUps).toHaveLength(1);
    const chargedFor = sidebar.getByLabel("Charged for", { exact: true });
    if (!(await chargedFor.isVisible())) await sidebar.getByText("Filters", { exact: true }).click();
    await chargedFor.fill("top_up");
    await sidebar.getByRole("button", { name: "Export to sheet" }).click();
    await expect
      .poll(() => sidebar.getByRole("alertdialog").textContent())
      .toMatch(new RegExp(`already has ${all.length} rows under its header`));
    await sidebar.getByRole("button", { name: "Replace" }).click();
    await expect
      .poll(notice, { timeout: 15_000 })
      .toMatch(new RegExp(`Wrote 1 transaction of ${ACCOUNT} to the Transactions sheet`));
    expect(await tabs()).toEqual(tabsBefore);
    await selectSheet(page, "Sheet1");
    await expect.poll(() => cell(page, "D1").textContent()).toBe(topUps[0]!.id);
    await selectSheet(page, "Transactions");
    await expect
      .poll(() => readGrid(page))
      .toEqual([[...TRANSACTION_FIELDS], expect.arrayContaining([topUps[0]!.id, "top_up"])]);
    await chargedFor.fill("");
  });

  it("says which of the user's columns a new export keeps, and whose account it lists, before replacing", async () => {
    await selectSheet(page, "Transactions");
    await typeIntoCell(page, "I1", "my notes");
    await typeIntoCell(page, "I2", "=cheap");
    await sidebar.getByRole("button", { name: "Export to sheet" }).click();
    await expect
      .poll(() => sidebar.getByRole("alertdialog").textContent())
      .toMatch(
        new RegExp(
          `already has 1 row under its header: the transactions of ${ACCOUNT}, exported by user@example\\.com on .*This export lists ${ACCOUNT}\\. Your columns I \\(my notes\\) are kept, each value beside its transaction\\.`,
        ),
      );
    await sidebar.getByRole("button", { name: "Cancel" }).click();
    await selectSheet(page, "Sheet1");
  });

  it("clears the list's error once the filters are fixed, and says when a charge type is not one it knows", async () => {
    if (!(await sidebar.getByLabel("Charged for", { exact: true }).isVisible()))
      await sidebar.getByText("Filters", { exact: true }).click();
    await sidebar.getByLabel("Charged for", { exact: true }).fill("");
    await sidebar.getByLabel("Date condition").selectOption("gte");
    await sidebar.getByLabel("Date", { exact: true }).fill("2026-13-45");
    await sidebar.getByRole("button", { name: "Apply filters" }).click();
    await expect.poll(notice).toMatch(/nothing was sent/);
    await sidebar.getByLabel("Date", { exact: true }).fill("2020-01-01");
    await sidebar.getByRole("button", { name: "Apply filters" }).click();
    await expect.poll(range).toBe(`1–20 of ${all.length}`);
    await expect.poll(() => sidebar.locator(".notice.error").count()).toBe(0);

    await sidebar.getByLabel("Date", { exact: true }).fill("");
    await sidebar.getByLabel("Charged for", { exact: true }).fill("refund");
    expect(await sidebar.getByTestId("credits-balance_type-unknown").textContent()).toMatch(
      /"refund" is not a charge type the add-on knows/,
    );
    await sidebar.getByLabel("Charged for", { exact: true }).fill("LEADS_BY_ICP");
    expect(await sidebar.getByTestId("credits-balance_type-unknown").count()).toBe(0);
    await sidebar.getByRole("button", { name: "Apply filters" }).click();
    await expect.poll(range).toBe(`1–20 of ${all.filter((t) => t.balance_type === "leads_by_icp").length}`);
    await sidebar.getByRole("button", { name: "Clear" }).click();
    await expect.poll(range).toBe(`1–20 of ${all.length}`);
  });

  it("leads to Settings to change the spend cap", async () => {
    await sidebar.getByRole("button", { name: "Change in Settings" }).click();
    await expect.poll(() => sidebar.getByLabel("Spend cap per run (credits)").inputValue()).toBe("500");
  });

  it("tells an editor without a key once that no key is saved, not in the balance and again in the list", async () => {
    await page.getByRole("button", { name: "User" }).click();
    await page.getByRole("menuitem", { name: /\(editor\)/ }).click();
    await expect.poll(() => page.getByRole("button", { name: "User" }).count()).toBe(1);
    sidebar = await openSidebar(page);
    await sidebar.getByRole("tab", { name: "Credits" }).click();
    await sidebar.getByTestId("credits-balance-error").waitFor();
    await page.waitForTimeout(500);
    const text = (await sidebar.locator("body").innerText()) ?? "";
    expect(text.match(/No API key is saved for you/g) ?? []).toHaveLength(1);
  });
});
