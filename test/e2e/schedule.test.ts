/**
 * Scheduled refresh in real Chromium over the playground: make a weekly schedule from the Enrich
 * tab, advance the emulated clock an hour with the playground's Clock menu (the hourly trigger
 * runs), reopen the sidebar to see the last run and the next one, then remove the schedule and its
 * trigger with one click. Screenshot for the README: docs/schedule.png.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readGrid, runMenuItem, selectRange } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

describe("Scheduled refresh", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 20, viewport: { width: 1280, height: 800 } });
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

  async function clock(item: string): Promise<void> {
    await page.getByRole("button", { name: "Clock" }).click();
    await page.getByRole("menuitem", { name: item }).click();
  }

  it("schedules the list, runs it from the hourly trigger and shows the last and next run", async () => {
    const rows = (await readGrid(page)).length;
    await selectRange(page, "B1", `B${rows}`);
    await openEnrich();
    await sidebar.getByText("Refresh this list on a schedule").click();
    await sidebar.getByLabel("Refresh this list every").selectOption("week");
    await sidebar.getByLabel("Credits per scheduled run").fill("100");
    await sidebar.getByRole("button", { name: "Schedule refresh" }).click();
    const panel = sidebar.getByTestId("schedule");
    await expect
      .poll(() => panel.textContent())
      .toMatch(/Sheet1!B2:B\d+ every week, refreshing, at most 100 credits a run/);

    await clock("Advance 1 hour");
    await expect.poll(async () => (await readGrid(page))[0]).toContain("Enrichment Status");
    await openEnrich();
    const last = sidebar.getByTestId("schedule-last");
    await expect
      .poll(() => last.textContent(), { timeout: 15_000 })
      .toMatch(new RegExp(`Last run .*: ${rows - 1} refreshed, ${rows - 1} credits, \\d+ job changes?`));
    expect(await sidebar.getByTestId("schedule-next").textContent()).toMatch(
      /Next run: \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    await sidebar.getByTestId("schedule").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("schedule.png") });
  });

  it("removes the schedule and its trigger with one click", async () => {
    await sidebar.getByRole("button", { name: "Remove schedule" }).click();
    await expect.poll(() => sidebar.getByText("Refresh this list on a schedule").count()).toBe(1);
    await page.getByRole("button", { name: "Clock" }).click();
    await expect
      .poll(() => page.getByRole("menu", { name: "Clock" }).textContent())
      .toContain("No time-driven triggers");
  });
});
