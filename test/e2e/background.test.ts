/**
 * Issue 23.16 in real Chromium over the playground: start an Enrich run (one URL a call, each
 * lookup 6 s), click "Continue in the background", close the sidebar, advance the emulated clock
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

  it("hands a run to the hourly trigger, which finishes it while the sidebar is closed", async () => {
    const control = sandboxControl(session.playground.sandboxUrl);
    // One lookup a call, 6 s each: a step sends one or two, so the run is still going when the button is clicked.
    await runMenuItem(page, "Open sidebar");
    sidebar = page.frameLocator("aside.sidebar-panel iframe");
    await sidebar.getByRole("tab", { name: "Settings" }).click();
    await sidebar.getByLabel("Parallel requests per batch").fill("1");
    await sidebar.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => sidebar.getByText(/Settings saved/).count()).toBe(1);

    const rows = (await readGrid(page)).length;
    const urls = rows - 1;
    await selectRange(page, "B1", `B${rows}`);
    await openEnrich();
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await run.getByRole("button", { name: "Continue in the background" }).click();
    const background = sidebar.getByTestId("enrich-background");
    await expect
      .poll(() => background.textContent(), { timeout: 15_000 })
      .toMatch(new RegExp(`Continuing in the background: \\d+ of ${urls} done, next step within the hour`));
    expect(await background.getByRole("button", { name: "Bring back" }).count()).toBe(1);
    expect(await background.getByRole("button", { name: "Cancel" }).count()).toBe(1);
    await page.screenshot({ path: screenshotPath("enrich-background.png") });
    await page.getByRole("button", { name: "Close sidebar" }).click();
    // The sidebar's last step may still be writing; nothing is sent after it until the trigger runs.
    await page.waitForTimeout(3_000);
    const before = (await control.stats()).ledger.filter((entry) => entry.amount !== 0).length;
    expect(before).toBeLessThan(urls);

    await page.getByRole("button", { name: "Clock" }).click();
    await page.getByRole("menuitem", { name: "Advance 1 hour" }).click();
    await openEnrich();
    // Finished by the trigger: the tab shows the done run (no longer in the background).
    await expect
      .poll(
        async () => (await readGrid(page)).slice(1).filter((row) => row.some((c) => /^ok/.test(c))).length,
        {
          timeout: 60_000,
        },
      )
      .toBe(urls);
    await expect
      .poll(() => sidebar.getByText(/Finished in the background: /).textContent(), { timeout: 15_000 })
      .toContain(`${urls} profiles refreshed`);
    expect(await sidebar.getByText(/Finished in the background: /).textContent()).toContain(
      `${urls} credits spent`,
    );
    const charged = (await control.stats()).ledger.filter(
      (entry) => entry.path.includes("/leads/by_link/") && entry.amount !== 0,
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
