/**
 * Enrich's Work email in real Chromium over the playground, as a user does it: tick it, read the
 * estimate's maximum, run; then type a job change as a CRM export shows it (the old company and
 * the old work email), run in fill mode (the email is kept and marked outdated) and in refresh
 * mode (the new email replaces it, and the digest names both); the ledger's charges each time.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits, sandboxControl } from "../../sandbox/api/control";
import { readGrid, runMenuItem, selectCell, selectRange, typeIntoCell } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

const letterOf = (index: number) => String.fromCharCode(65 + index);

describe("Enrich with Work email", () => {
  let session: PlaygroundPage;
  let page: Page;
  const credits = (path: string) => ledgerCredits(sandboxControl(session.playground.sandboxUrl), path);

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 0, viewport: { width: 1500, height: 950 } });
    ({ page } = session);
  });
  afterAll(() => session?.close());

  /** Selects the URL column, opens Enrich, ticks Work email and estimates; answers the estimate's text. */
  async function estimate(mode: "refresh" | "fill"): Promise<{ sidebar: FrameLocator; text: string }> {
    const grid = await readGrid(page);
    const letter = letterOf(grid[0]!.indexOf("network_url"));
    await selectRange(page, `${letter}1`, `${letter}${grid.length}`);
    await runMenuItem(page, "Enrich selected profile URLs");
    const sidebar = page.frameLocator("aside.sidebar-panel iframe");
    await sidebar.getByRole("tab", { name: "Enrich", selected: true }).waitFor();
    // The menu item opens the sidebar again: until the new page draws, the old one may still show
    // the last run's New run button, and a click on it would wait for a button that is gone.
    const newRun = sidebar.getByRole("button", { name: "New run" });
    const workEmail = sidebar.getByLabel(/Find the work email/);
    await expect
      .poll(async () => {
        if (await workEmail.isVisible()) return true;
        if (await newRun.isVisible()) await newRun.click({ timeout: 1_000 }).catch(() => undefined);
        return false;
      })
      .toBe(true);
    await workEmail.check();
    await sidebar.getByLabel(/Skip rows refreshed within/).uncheck();
    await sidebar.getByLabel(mode === "fill" ? /Fill empty cells only/ : /Refresh: overwrite/).check();
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const shown = sidebar.getByTestId("enrich-estimate");
    await shown.waitFor();
    return { sidebar, text: (await shown.textContent()) ?? "" };
  }

  async function confirm(sidebar: FrameLocator): Promise<string> {
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 60_000 }).toBe("done");
    return (await sidebar.locator(".notice").allTextContents()).join(" ");
  }

  /** Name, Company, Email, Email Status of each row. */
  async function rows(): Promise<string[][]> {
    const grid = await readGrid(page);
    const header = grid[0]!;
    const at = (name: string) => header.indexOf(name);
    return grid
      .slice(1)
      .map((row) => [at("Name"), at("Company"), at("Email"), at("Email Status")].map((i) => row[i]!));
  }

  it("estimates the finder's most, then writes each person's email and charges what the ledger says", async () => {
    const { sidebar, text } = await estimate("refresh");
    expect(text).toMatch(/5 distinct URLs to fetch, up to 10 credits/);
    expect(text).toContain("Work email needs the company website a lookup answers");
    expect(text).toMatch(/Work email: up to 5 credits more .* Written to Email, Email Status\./);
    expect(text).toContain("2 per URL");
    const done = await confirm(sidebar);
    const written = await rows();
    for (const [, , email, status] of written) {
      expect(email).toMatch(/@/);
      expect(["valid", "catch-all"]).toContain(status);
    }
    const found = await credits("email_finder");
    expect(found).toBe(written.length);
    expect(done).toContain(`Work emails: ${written.filter((r) => r[3] === "valid").length} valid`);
    expect(done).toContain(`${(await credits("by_link")) + found} credits charged (the API's ledger)`);
  });

  it("a job change typed by hand: fill mode keeps the old email as outdated, refresh finds the new one", async () => {
    const header = (await readGrid(page))[0]!;
    const company = letterOf(header.indexOf("Company"));
    const email = letterOf(header.indexOf("Email"));
    const newEmails = (await rows()).map((row) => row[2]!);
    await typeIntoCell(page, `${company}2`, "Old Co");
    await typeIntoCell(page, `${email}2`, "wei.old@oldco.com");
    await typeIntoCell(page, `${company}3`, "Old Co");
    await typeIntoCell(page, `${email}3`, "karen@oldco.com");
    // Karen's Location emptied: fill mode fetches her row, and sees her job change.
    await selectCell(page, `${letterOf(header.indexOf("Location"))}3`);
    const cleared = page.waitForResponse((r) => r.url().endsWith("/api/paste"));
    await page.keyboard.press("Delete");
    await cleared;
    const finderBefore = await credits("email_finder");

    const fill = await estimate("fill");
    expect(fill.text).toMatch(/1 distinct URL to fetch, up to 2 credits/);
    const filled = await confirm(fill.sidebar);
    expect(filled).toContain("1 kept but outdated (fill mode)");
    expect((await rows())[1]!.slice(2)).toEqual([
      "karen@oldco.com",
      "outdated: the job changed; this email is from the previous job (fill mode keeps it; refresh finds the new one)",
    ]);
    expect(await credits("email_finder")).toBe(finderBefore);

    const refresh = await estimate("refresh");
    const refreshed = await confirm(refresh.sidebar);
    const after = await rows();
    expect(after.map((row) => row[2])).toEqual(newEmails);
    // Only the two movers were sent to the finder: the other rows already hold their email.
    expect(refreshed).toMatch(/Work emails: \d valid/);
    expect((await credits("email_finder")) - finderBefore).toBeLessThanOrEqual(2);
    const digest = refresh.sidebar.getByTestId("enrich-digest");
    await expect.poll(() => digest.textContent()).toContain(`wei.old@oldco.com -> ${newEmails[0]}`);
    expect(await digest.textContent()).toContain(`karen@oldco.com -> ${newEmails[1]}`);
    await page.screenshot({ path: screenshotPath("enrich-work-email.png") });
  });
});
