/**
 * Issue 23 "Done when": click Cancel mid-run with Fresh data on (the default) and check the
 * sandbox's ledger against the summary. Fresh lookups go 4 to a fetchAll; Cancel stops after the
 * group in flight (23.1), the summary counts the URLs not reached and says what the ledger charged
 * (23.4), and Finish this run buys only those (23.5): every URL charged once in the end.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits, sandboxControl } from "../../sandbox/api/control";
import { PATHS } from "../../src/api/wire";
import { chargesPerPerson } from "../jobs/enrich-world";
import {
  openSidebar,
  progressCount,
  readGrid,
  runMenuItem,
  selectRange,
  typeIntoCell,
} from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

/** The playground seeds 5 URLs in B2:B6; the test types 15 more below them. */
const ROWS = 20;

describe("Cancel mid-run with Fresh data on", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;
  const control = () => sandboxControl(session.playground.sandboxUrl);
  const lookupCredits = () => ledgerCredits(control(), PATHS.leadLookup);

  beforeAll(async () => {
    // A fresh lookup answers in about 1.2 s: a group of 4 takes as long, so Cancel lands mid-run.
    session = await openPlaygroundPage({
      latencyMs: 0,
      sandbox: { freshLatencyMs: 1200 },
      viewport: { width: 1280, height: 900 },
    });
    page = session.page;
    const more = await control().sampleUrls(ROWS - 5, 3000);
    for (const [i, url] of more.entries()) await typeIntoCell(page, `B${7 + i}`, url);
    // The lookup path (groups of 4 fresh lookups), chosen in Settings as a user would: bulk jobs,
    // the default, have their own Cancel (test/runtime/bulk-enrich.test.ts).
    const settings = await openSidebar(page);
    await settings.getByRole("tab", { name: "Settings" }).click();
    await settings.locator("#settings-api-generation").selectOption("legacy");
    await settings.getByRole("button", { name: /^Save/ }).last().click();
    await settings.getByText("Settings saved").first().waitFor();
    await control().reset();
  }, 120_000);

  afterAll(() => session?.close());

  it("stops after the group in flight, and the summary says what the ledger charged", async () => {
    const grid = await readGrid(page);
    expect(grid[0]![1]).toBe("network_url");
    await selectRange(page, "B1", `B${ROWS + 1}`);
    await runMenuItem(page, "Enrich selected profile URLs");
    sidebar = page.frameLocator("aside.sidebar-panel iframe");
    await expect
      .poll(() => sidebar.getByTestId("enrich-selection").textContent())
      .toContain(`B2:B${ROWS + 1}`);
    expect(await sidebar.getByLabel(/Fresh data/).isChecked()).toBe(true);
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar.getByTestId("enrich-run");
    // The progress moves after each group of 4: Cancel once the first group is in.
    await expect
      .poll(() => progressCount(sidebar, "done"), {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(4);
    await sidebar.getByRole("button", { name: "Cancel" }).click();
    // The tab says at once that it stops after what was sent (docs/enrich-cancelling.png's size).
    await sidebar
      .getByText(/^Stopping after the requests already sent/)
      .first()
      .waitFor();
    await page.setViewportSize({ width: 1400, height: 820 });
    await page.screenshot({ path: screenshotPath("enrich-cancelling.png") });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("cancelled");
    await page.screenshot({ path: screenshotPath("enrich-cancelled-ledger.png") });

    const summary = (await run.textContent()) ?? "";
    const match =
      /Cancelled: (\d+) URLs? enriched, (\d+) URLs? not reached; (\d+) credits? charged \(the API's ledger\)/.exec(
        summary,
      );
    expect(match, summary).not.toBeNull();
    const [enriched, notReached, reported] = match!.slice(1).map(Number) as [number, number, number];
    const charged = await lookupCredits();
    expect(reported).toBe(charged);
    // Nothing was sent after the group in flight: every URL charged was enriched.
    expect(enriched).toBe(charged);
    expect(enriched + notReached).toBe(ROWS);
    expect(notReached).toBeGreaterThan(0);
    expect(await progressCount(sidebar, "spent")).toBe(charged);
  }, 120_000);

  it("Finish this run buys only the URLs not reached: each URL charged once in the end", async () => {
    const before = await lookupCredits();
    const notReached = ROWS - before;
    await sidebar.getByRole("button", { name: "Finish this run" }).click();
    const estimate = sidebar.getByTestId("enrich-estimate");
    await estimate.waitFor();
    expect(await estimate.textContent()).toContain(
      `${notReached} distinct URL${notReached === 1 ? "" : "s"} to fetch`,
    );
    await sidebar.getByRole("button", { name: "Confirm & finish" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 60_000 }).toBe("done");
    await page.screenshot({ path: screenshotPath("enrich-finished.png") });
    expect(await lookupCredits()).toBe(ROWS);
    const charges = await chargesPerPerson(control());
    expect([...charges.values()].filter((n) => n > 1)).toEqual([]);
  }, 120_000);
});
