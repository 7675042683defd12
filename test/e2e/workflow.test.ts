/**
 * The prospecting workflow in one spreadsheet, as a sales-ops user clicks it: companies by an ICP,
 * leads at a few of the companies selected, then Enrich on those leads selected by their names in
 * the Leads sheet (the sheet's own LinkedIn URL column, no column added twice), each step's
 * credits against the sandbox's ledger.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxControl } from "../../sandbox/api/control";
import { openSidebar, readGrid, selectRange, selectSheet } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

describe("companies, leads at the selected ones, Enrich on the leads", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 20, viewport: { width: 1280, height: 900 } });
    ({ page } = session);
    sidebar = await openSidebar(page);
  });

  afterAll(() => session?.close());

  const charged = async (path: string) =>
    (await sandboxControl(session.playground.sandboxUrl).stats()).ledger
      .filter((entry) => entry.path.includes(path))
      .reduce((sum, entry) => sum + entry.amount, 0);

  it("walks the three steps; each says what the ledger charged", async () => {
    // 1. Companies: an ICP typed in lower case.
    const industries = sidebar.locator("#co-industries");
    await industries.fill("software development");
    await industries.press("Enter");
    await sidebar.locator("#co-limit_by").fill("5");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByTestId("company-estimate").waitFor();
    await sidebar.getByRole("button", { name: "Confirm & search" }).click();
    await expect.poll(() => sidebar.getByTestId("company-result").textContent()).toContain("5 credits");
    expect(await charged("/companies/by_icp/")).toBe(5);

    // 2. Leads at three of those companies, selected in the Companies sheet.
    await selectSheet(page, "Companies");
    await selectRange(page, "A2", "A4");
    await sidebar.getByRole("tab", { name: "Leads" }).click();
    await sidebar.getByLabel("Target").selectOption("selected_companies");
    await expect
      .poll(() => sidebar.getByTestId("leads-selection").textContent())
      .toContain("3 companies selected");
    await sidebar.locator("#persona-0-name").fill("leaders");
    await sidebar.locator("#persona-0-seniorities").fill("manager+");
    await sidebar.getByLabel("Max leads per search").fill("2");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByTestId("leads-estimate").waitFor();
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const result = sidebar.getByTestId("leads-result");
    await result.waitFor();
    const written = Number((await result.textContent())?.match(/(\d+) leads? written/)?.[1] ?? 0);
    expect(written).toBeGreaterThan(0);
    expect(await charged("/leads/by_icp/")).toBe(written);

    // 3. Enrich those leads, selected by their names (not their URL cells).
    await selectSheet(page, "Leads");
    const before = await readGrid(page);
    await selectRange(page, "A2", `A${written + 1}`);
    await sidebar.getByRole("tab", { name: "Enrich" }).click();
    await sidebar.getByRole("button", { name: "Use current selection" }).click();
    const url = String.fromCharCode(65 + before[0]!.indexOf("LinkedIn URL"));
    await expect
      .poll(() => sidebar.getByTestId("enrich-selection").textContent())
      .toContain(`${url}2:${url}${written + 1}`);
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByTestId("enrich-estimate").waitFor();
    await page.screenshot({ path: screenshotPath("workflow-enrich-estimate.png") });
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await run.waitFor();
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("done");
    const after = await readGrid(page);
    // The search's own columns were written, none added twice; the search's rows and names kept.
    const header = after[0]!.filter((text) => text !== "");
    expect(new Set(header).size).toBe(header.length);
    expect(header.slice(0, before[0]!.filter((t) => t !== "").length)).toEqual(
      before[0]!.filter((t) => t !== ""),
    );
    expect(after.slice(1, written + 1).map((row) => row[0])).toEqual(
      before.slice(1, written + 1).map((row) => row[0]),
    );
    const enrichCharges = (await charged("/leads/by_link/")) + (await charged("/leads/bulk/"));
    expect(enrichCharges).toBe(written);
    await page.screenshot({ path: screenshotPath("workflow-enriched.png") });
  }, 60_000);
});
