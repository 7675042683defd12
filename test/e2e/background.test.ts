/**
 * Issue 23.16 in real Chromium over the playground: start an Enrich run on bulk jobs (the default
 * path; each lead 6 s), click "Continue in the background" while its first step is in flight and close the sidebar
 * at once (reopened, the run is in the background all the same), advance the emulated clock
 * an hour with the playground's Clock menu (the hourly trigger steps the run on), reopen the
 * sidebar on "Continuing in the background: N of M done", and once the trigger has finished it,
 * check every row was written and the sandbox's ledger charged each person once.
 * Screenshot for docs/enrichment.md: docs/enrich-background.png.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxControl } from "../../sandbox/api/control";
import { readGrid, runMenuItem, selectRange } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

describe("Continue in the background", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 6_000, viewport: { width: 1280, height: 800 } });
    ({ page } = session);
  });

  afterAll(() => session?.close());

  async function openEnrich(): Promise<void> {
    await runMenuItem(page, "Enrich selected profile URLs");
    sidebar = page.frameLocator("aside.sidebar-panel iframe");
    await expect
      .poll(() => sidebar.getByRole("tab", { name: "Enrich" }).getAttribute("aria-selected"))
      .toBe("true");
  }

  it("hands a bulk run to the hourly trigger, which polls its jobs and finishes it while the sidebar is closed", async () => {
    const control = sandboxControl(session.playground.sandboxUrl);
    const rows = (await readGrid(page)).length;
    const urls = rows - 1;
    await selectRange(page, "B1", `B${rows}`);
    await openEnrich();
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await expect
      .poll(() => sidebar.getByText(/Bulk jobs \(/).count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 20_000 }).toBe("running");
    // Clicked at once, while the first step is in flight: the hand-over goes out at once and the
    // drive loop sends no step after this one; the sidebar is closed before the step answers.
    await run.getByRole("button", { name: "Continue in the background" }).click({ timeout: 2_000 });
    await expect
      .poll(() => run.textContent(), { timeout: 2_000 })
      .toContain("Handing the run to the background once the step under way answers");
    await page.getByRole("button", { name: "Close sidebar" }).click();
    await page.waitForTimeout(15_000);
    // Reopened: the run went to the background all the same.
    await openEnrich();
    const background = sidebar.getByTestId("enrich-background");
    await expect
      .poll(() => background.textContent(), { timeout: 40_000 })
      .toMatch(new RegExp(`Continuing in the background: \\d+ of ${urls} done, next step within the hour`));
    expect(await background.getByRole("button", { name: "Bring back" }).count()).toBe(1);
    expect(await background.getByRole("button", { name: "Cancel" }).count()).toBe(1);
    await page.screenshot({ path: screenshotPath("enrich-background.png") });
    await page.getByRole("button", { name: "Close sidebar" }).click();
    // The sidebar submitted the bulk job; its rows wait for the trigger's poll.
    await page.waitForTimeout(3_000);
    const okRows = async () =>
      (await readGrid(page)).slice(1).filter((row) => row.some((c) => /^ok/.test(c))).length;
    expect(await okRows()).toBeLessThan(urls);

    await page.getByRole("button", { name: "Clock" }).click();
    await page.getByRole("menuitem", { name: "Advance 1 hour" }).click();
    await openEnrich();
    // Finished by the trigger: the tab shows the done run (no longer in the background).
    await expect.poll(okRows, { timeout: 60_000 }).toBe(urls);
    await expect
      .poll(() => sidebar.getByText(/Finished in the background: /).textContent(), { timeout: 15_000 })
      .toContain(`${urls} profiles refreshed`);
    expect(await sidebar.getByText(/Finished in the background: /).textContent()).toContain(
      `${urls} credits charged`,
    );
    const charged = (await control.stats()).ledger.filter(
      (entry) => entry.path.includes("/leads/bulk/") && entry.amount !== 0,
    );
    expect(charged).toHaveLength(urls);
    expect(new Set(charged.map((entry) => entry.url)).size).toBe(urls);
    await page.getByRole("button", { name: "Clock" }).click();
    await expect
      .poll(() => page.getByRole("menu", { name: "Clock" }).textContent())
      .toContain("No time-driven triggers");
    await page.keyboard.press("Escape");
  }, 120_000);
});
