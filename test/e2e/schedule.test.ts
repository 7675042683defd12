/**
 * Scheduled refresh in real Chromium over the playground: make a weekly schedule from the Enrich
 * tab with a small cap, advance the emulated clock an hour with the playground's Clock menu (the
 * hourly trigger runs and stops at the schedule's cap), see the stop name the schedule's cap and
 * no Resume under Settings' cap, continue under a raised cap after its estimate, see the last run
 * and the next one; switch to another editor (the playground's User menu) and find the schedule
 * read-only with its owner named; then remove it and its trigger with one click as its owner.
 * Screenshot for the README: docs/schedule.png.
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

  async function actAs(user: string): Promise<void> {
    await page.getByRole("button", { name: "User" }).click();
    await page.getByRole("menuitem", { name: new RegExp(user) }).click();
    await expect.poll(() => page.getByRole("button", { name: "User" }).count()).toBe(1);
  }

  it("schedules the list, stops at its cap, continues after an estimate, and shows the last and next run", async () => {
    const rows = (await readGrid(page)).length;
    await selectRange(page, "B1", `B${rows}`);
    await openEnrich();
    await sidebar.getByText("Refresh this list on a schedule").click();
    await sidebar.getByLabel("Refresh this list every").selectOption("week");
    await sidebar.getByLabel("Credits per scheduled run").fill("3");
    await sidebar.getByRole("button", { name: "Schedule refresh" }).click();
    const panel = sidebar.getByTestId("schedule");
    await expect
      .poll(() => panel.textContent())
      .toMatch(/Sheet1!B2:B\d+ every week, refreshing, at most 3 credits a run/);

    // The first trigger run stops at the schedule's own cap; the run view offers no Resume (it
    // would run under Settings' cap), the schedule's panel continues it after an estimate.
    await clock("Advance 1 hour");
    await openEnrich();
    await expect
      .poll(() => sidebar.getByTestId("schedule-stopped").textContent(), { timeout: 15_000 })
      .toContain("The schedule's cap of 3 credits a run is reached");
    expect(await sidebar.getByTestId("enrich-run").getByRole("button", { name: "Resume" }).count()).toBe(0);
    await sidebar.getByLabel("Credits per scheduled run").fill("100");
    await sidebar.getByRole("button", { name: "Continue…" }).click();
    await expect
      .poll(() => sidebar.getByTestId("schedule-estimate").textContent())
      .toMatch(
        new RegExp(
          `The rest: ${rows - 4} URLs, up to ${rows - 4} credits more \\(3 spent so far; at most 100 a run`,
        ),
      );
    await sidebar.getByRole("button", { name: "Confirm: continue" }).click();
    await expect.poll(() => sidebar.getByTestId("schedule-stopped").count()).toBe(0);

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

  it("shows another editor the schedule read-only, with its owner named", async () => {
    await actAs("colleague@example.com");
    await openEnrich();
    await expect
      .poll(() => sidebar.getByTestId("schedule-owner").textContent(), { timeout: 15_000 })
      .toContain("This schedule belongs to user@example.com");
    const panel = sidebar.getByTestId("schedule");
    expect(await panel.getByRole("button", { name: "Remove schedule" }).count()).toBe(0);
    await actAs("user@example.com");
    await openEnrich();
  });

  it("the owner's key removed: both users see the schedule waiting, the editor told whose key it is", async () => {
    await sidebar.getByRole("tab", { name: "Settings" }).click();
    await sidebar.getByRole("button", { name: "Remove key" }).click();
    await expect
      .poll(() => sidebar.getByTestId("settings-key-status").textContent())
      .toBe("No key saved yet.");
    await clock("Advance 1 hour");
    await actAs("colleague@example.com");
    await openEnrich();
    const stopped = sidebar.getByTestId("schedule-stopped");
    await expect
      .poll(() => stopped.textContent(), { timeout: 15_000 })
      .toContain("The scheduled run is waiting: No API key of user@example.com is saved any more");
    expect(await stopped.textContent()).toContain("Only user@example.com can act on this");
    expect(await stopped.textContent()).not.toContain("paste your");
    // The Clock's toasts would cover the panel in the picture.
    const dismiss = page.getByRole("button", { name: "Dismiss" });
    for (let i = 0; i < 5 && (await dismiss.count()) > 0; i += 1)
      // A toast may go by itself meanwhile: a click that finds none is not a failure.
      await dismiss
        .first()
        .click({ timeout: 1_000 })
        .catch(() => undefined);
    await stopped.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("schedule-waiting.png") });

    await actAs("user@example.com");
    await openEnrich();
    await sidebar.getByRole("tab", { name: "Settings" }).click();
    await sidebar.getByLabel("Your API key").fill("sandbox-demo-key");
    await sidebar.getByRole("button", { name: "Save key" }).click();
    await expect
      .poll(() => sidebar.getByTestId("settings-key-status").textContent())
      .toBe("Saved key: ••••-key");
    await clock("Advance 1 hour");
    await openEnrich();
    await expect.poll(() => sidebar.getByTestId("schedule-stopped").count(), { timeout: 15_000 }).toBe(0);
  }, 90_000);

  it("removes the schedule and its trigger with one click", async () => {
    await sidebar.getByRole("button", { name: "Remove schedule" }).click();
    await expect.poll(() => sidebar.getByText("Refresh this list on a schedule").count()).toBe(1);
    await page.getByRole("button", { name: "Clock" }).click();
    await expect
      .poll(() => page.getByRole("menu", { name: "Clock" }).textContent())
      .toContain("No time-driven triggers");
  });
});
