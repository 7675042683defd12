/**
 * Issue 21 items 2 and 7 in real Chromium: a user types a CRM export's people under their headers
 * (an accent, a hyphen, "Jr.", a middle name, a website with a path, a catch-all company, a blank
 * row, a duplicate), selects them, picks Extensions > Prospecting > Find emails of selected rows,
 * estimates (the most it may cost, named as a maximum), confirms, and reads what was written and
 * the summary's charge, which is the sandbox ledger's.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits, sandboxControl } from "../../sandbox/api/control";
import { PATHS } from "../../src/api/wire";
import { readGrid, runMenuItem, selectRange, typeIntoCell } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

const CRM = [
  ["First Name", "Last Name", "Website"],
  ["José", "García-López", "https://www.initech.com/about/team"],
  ["Mary Jane", "O'Neil Jr.", "initech.com"],
  ["Ann", "Lee", "shop-catchall.com"],
  ["", "", ""],
  ["jose", "garcia-lopez", "INITECH.COM"],
];

async function charged(sandboxUrl: string, path: string): Promise<number> {
  return ledgerCredits(sandboxControl(sandboxUrl), path);
}

describe("the Emails action in the browser", () => {
  let session: PlaygroundPage;
  let page: Page;

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 20, viewport: { width: 1720, height: 860 } });
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it("finds emails of the selected rows from the menu: estimate, confirm, cells and the ledger's charge", async () => {
    const sandboxUrl = session.playground.sandboxUrl;
    await sandboxControl(sandboxUrl).reset();
    for (const [r, person] of CRM.entries()) {
      for (const [c, text] of person.entries()) {
        if (text !== "") await typeIntoCell(page, `${String.fromCharCode(72 + c)}${r + 1}`, text);
      }
    }
    await selectRange(page, "H1", "J6");
    await runMenuItem(page, "Find emails of selected rows");
    const sidebar = page.frameLocator("aside.sidebar-panel iframe");
    const panel = sidebar.getByTestId("emails");
    await panel.getByRole("button", { name: "Estimate emails" }).click();
    const estimate = panel.getByTestId("emails-estimate");
    await estimate.waitFor();
    const estimateText = (await estimate.textContent()) ?? "";
    expect(estimateText).toContain("4 rows to send (3 distinct people), at most 3 credits");
    expect(estimateText).toContain("1 credit per person sent");
    // The selected columns are the ones read, not the seeded Name column at A.
    expect(estimateText).toContain("Reads First Name (H), Last Name (I), Website (J)");
    expect(await charged(sandboxUrl, PATHS.emailFinder)).toBe(0);
    await panel.getByRole("button", { name: "Confirm & run" }).click();
    const run = panel.getByTestId("emails-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("done");
    const summary = (await panel.getByTestId("emails-summary").textContent()) ?? "";
    await page.screenshot({ path: screenshotPath("emails-action.png") });
    const ledger = await charged(sandboxUrl, PATHS.emailFinder);
    expect(ledger).toBeGreaterThan(0);
    expect(ledger).toBeLessThanOrEqual(3);
    expect(summary).toContain(`${ledger} credit${ledger === 1 ? "" : "s"} charged (the API's ledger)`);
    expect(summary).toContain("1 catch-all (unproven)");
    const grid = await readGrid(page);
    const header = grid[0]!;
    const status = header.indexOf("Email Status");
    const email = header.indexOf("Email");
    expect(status).toBeGreaterThan(9);
    expect(grid[3]![status]).toBe("catch-all");
    // The blank row (blank in H:J) gets no email.
    expect(grid[4]![email] ?? "").toBe("");
    // The duplicate got José's answer, sent once.
    expect(grid[5]![email]).toBe(grid[1]![email]);
  }, 120_000);
  it("Retry failed rows leaves out a row that may have been charged until the user ticks it, then charges what the ledger says", async () => {
    const sandboxUrl = session.playground.sandboxUrl;
    const control = sandboxControl(sandboxUrl);
    await control.reset();
    // New people (so nothing is skipped as already found), the first call answered by a 500.
    const people = [
      ["Zoë", "Ångström", "initech.com"],
      ["Li", "Wei-Chen", "https://initech.com/people"],
    ];
    for (const [r, person] of people.entries())
      for (const [c, text] of person.entries())
        await typeIntoCell(page, `${String.fromCharCode(72 + c)}${r + 8}`, text);
    await control.configure({ faults: [{ kind: "server_error", path: PATHS.emailFinder, count: 1 }] });
    await selectRange(page, "H7", "J9");
    await runMenuItem(page, "Find emails of selected rows");
    const sidebar = page.frameLocator("aside.sidebar-panel iframe");
    const panel = sidebar.getByTestId("emails");
    // The first test's run may still be shown: start a new one, as a user would. Until the
    // reopened sidebar draws, the old page may show New run: polled, never a click that waits.
    const again = panel.getByRole("button", { name: "New run" });
    const estimateButton = panel.getByRole("button", { name: "Estimate emails" });
    await expect
      .poll(async () => {
        if (await estimateButton.isVisible()) return true;
        if (await again.isVisible()) await again.click({ timeout: 1_000 }).catch(() => undefined);
        return false;
      })
      .toBe(true);
    await estimateButton.click();
    await panel.getByRole("button", { name: "Confirm & run" }).click();
    const run = panel.getByTestId("emails-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("done");
    expect(await charged(sandboxUrl, PATHS.emailFinder)).toBe(0);
    await panel.getByRole("button", { name: "Retry failed rows" }).click();
    const estimate = panel.getByTestId("emails-estimate");
    const maybe = panel.getByTestId("emails-maybe-charged");
    await maybe.waitFor();
    expect(await maybe.textContent()).toContain("2 failed rows may have been charged already");
    expect(await maybe.textContent()).toContain("left out");
    expect(await estimate.textContent()).toContain("Nothing to send");
    await maybe.getByRole("checkbox").click(); // re-estimates: the box shows the new estimate's choice
    await expect.poll(() => estimate.textContent()).toContain("2 rows to send");
    expect(await maybe.textContent()).toContain("may be charged a second time");
    await page.screenshot({ path: screenshotPath("emails-retry-maybe-charged.png") });
    await panel.getByRole("button", { name: "Confirm & run" }).click();
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("done");
    const summary = (await panel.getByTestId("emails-summary").textContent()) ?? "";
    const ledger = await charged(sandboxUrl, PATHS.emailFinder);
    expect(summary).toContain(`${ledger} credit${ledger === 1 ? "" : "s"} charged (the API's ledger)`);
    const grid = await readGrid(page);
    const status = grid[0]!.indexOf("Email Status");
    expect(grid[7]![status]).not.toMatch(/^not checked/);
    expect(grid[8]![status]).not.toMatch(/^not checked/);
  }, 120_000);
});
