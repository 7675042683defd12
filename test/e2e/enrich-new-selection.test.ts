/**
 * Issue 14.5 in real Chromium over the playground: a run stops unfinished (out of credits), the
 * user selects other URL cells and uses Extensions > Prospecting > Enrich selected profile URLs
 * again. The tab says the run is not finished and offers to finish it, or cancel it and plan the
 * new selection; cancelling plans the new cells.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxControl } from "../../sandbox/api/control";
import { readGrid, runMenuItem, selectRange } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

describe("Enrich from the menu while a run is unfinished", () => {
  let session: PlaygroundPage;
  let page: Page;
  let letter = "B";
  const sidebar = (): FrameLocator => page.frameLocator("aside.sidebar-panel iframe");

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 20, viewport: { width: 1280, height: 800 } });
    ({ page } = session);
    const grid = await readGrid(page);
    letter = String.fromCharCode(65 + grid[0]!.indexOf("network_url"));
  });

  afterAll(() => session?.close());

  // A full `npm test` runs browser tests beside each other on 2 cores: room beyond the 30 s default.
  it("says so, and cancelling the unfinished run plans the new selection", { timeout: 120_000 }, async () => {
    // One credit for three URLs: the run stops unfinished (out of credits).
    await sandboxControl(session.playground.sandboxUrl).setCredits("sandbox-demo-key", 1);
    await selectRange(page, `${letter}1`, `${letter}4`);
    await runMenuItem(page, "Enrich selected profile URLs");
    await sidebar().getByRole("button", { name: "Estimate" }).click();
    await sidebar().getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar().getByTestId("enrich-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 60_000 }).toBe("stopped");

    await selectRange(page, `${letter}5`, `${letter}6`);
    await runMenuItem(page, "Enrich selected profile URLs");
    const choice = sidebar().getByTestId("enrich-new-selection");
    await choice.waitFor({ timeout: 60_000 });
    const text = (await choice.textContent()) ?? "";
    expect(text).toContain(`You chose Enrich on Sheet1!${letter}5:${letter}6`);
    expect(text).toContain(`the run on Sheet1!${letter}2:${letter}4 is not finished (stopped)`);
    await page.screenshot({ path: screenshotPath("enrich-new-selection.png") });

    await sidebar()
      .getByRole("button", { name: `Cancel it and plan Sheet1!${letter}5:${letter}6` })
      .click();
    await expect
      .poll(() => sidebar().getByTestId("enrich-selection").textContent(), { timeout: 60_000 })
      .toContain(`${letter}5:${letter}6`);
    expect(await sidebar().getByTestId("enrich-run").count()).toBe(0);
  });
});
