/**
 * The Enrich tab in real Chromium over the playground: select the URL column, open
 * Extensions > Prospecting > Enrich selected profile URLs, estimate, confirm, watch progress, and
 * read the refreshed rows in the grid.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxControl } from "../../sandbox/api/control";
import { API_PATHS, V1_PATHS } from "../../sandbox/api/paths";
import {
  cell,
  enrichUrlColumnFromMenu,
  progressCount,
  readGrid,
  runMenuItem,
  selectRange,
  typeIntoCell,
} from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage } from "./support";

describe("Enrich tab", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;
  let dataRows = 0;

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 50, viewport: { width: 1280, height: 800 } });
    ({ page } = session);
  });

  afterAll(() => session?.close());

  it("opens on the Enrich tab from the menu with the selection planned", async () => {
    const opened = await enrichUrlColumnFromMenu(page);
    ({ sidebar } = opened);
    dataRows = opened.rows - 1;
    await expect
      .poll(() => sidebar.getByTestId("enrich-selection").textContent())
      .toContain(`${opened.letter}2:${opened.letter}${opened.rows}`);
  });

  it("estimates before charging anything, then runs on confirmation and shows the progress", async () => {
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const estimate = sidebar.getByTestId("enrich-estimate");
    await estimate.waitFor();
    expect(await estimate.textContent()).toMatch(/\d+ distinct URLs? to fetch, up to \d+ credits?/);
    expect(await sidebar.getByLabel(/Fresh data/).isChecked()).toBe(true);
    expect(await sidebar.getByTestId("enrich-cached-warning").count()).toBe(0);
    // The path the run takes (API generation auto: bulk jobs), its cost and about how long it takes;
    // the 60 s note of fresh lookups does not apply to it.
    expect(await sidebar.getByTestId("enrich-path").textContent()).toMatch(
      /Bulk jobs \(\d+ of up to 50, real-time data\): .*1 credit per profile found.*not found free/,
    );
    expect(await sidebar.getByTestId("enrich-fresh-note").count()).toBe(0);
    expect(await estimate.textContent()).toMatch(/Balance [\d,]+ credits · cap 500 credits/);
    // New columns are named as the run will head them (the Headers setting: readable labels).
    expect(await estimate.textContent()).toMatch(/job_title → [A-Z]+ \(new: Job Title\)/);
    expect(await estimate.textContent()).toContain(
      "statuses in Enrichment Status, Enriched At, Job Changed, Previous Job",
    );

    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await run.waitFor();
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("done");
    expect(await sidebar.locator('[data-count="remaining"]').textContent()).toBe("0");
    expect(await progressCount(sidebar, "spent")).toBe(await progressCount(sidebar, "done"));
  });

  it("leaves refreshed rows with role, company, location and a status in the grid", async () => {
    await expect.poll(async () => (await readGrid(page))[0]).toContain("Enrichment Status");
    const grid = await readGrid(page);
    const header = grid[0]!;
    // full_name goes into the seeded "Name" column (an alias); the rest are appended under the
    // readable labels of the default Headers setting, as in the Leads sheet.
    for (const name of ["Name", "Job Title", "Company", "Location", "Enriched At", "Job Changed"]) {
      expect(header).toContain(name);
    }
    const status = header.indexOf("Enrichment Status");
    const title = header.indexOf("Job Title");
    const rows = grid.slice(1, dataRows + 1);
    for (const row of rows) {
      expect(row[status]).toBe("ok");
      expect(row[title]).not.toBe("");
    }
    await page.screenshot({ path: "/tmp/enrich-e2e.png" });
  });

  it("on a cell without URLs shows a muted hint first, the error only when asked, and clears it on a tab change", async () => {
    await sidebar.getByRole("button", { name: "New run" }).click();
    await selectRange(page, "A1", "A1");
    await sidebar.getByRole("tab", { name: "Settings" }).click();
    await sidebar.getByRole("tab", { name: "Enrich" }).click();
    await expect
      .poll(() => sidebar.getByTestId("enrich-selection-hint").textContent())
      .toContain("No profile URLs");
    expect(await sidebar.locator(".notice.error").count()).toBe(0);

    await sidebar.getByRole("button", { name: "Use current selection" }).click();
    await expect.poll(() => sidebar.locator(".notice.error").textContent()).toContain("No profile URLs");
    await sidebar.getByRole("tab", { name: "Credits" }).click();
    await expect.poll(() => sidebar.locator(".notice.error").count()).toBe(0);
  });

  it("a run with Fresh data off says its job changes come from cached answers and may be outdated", async () => {
    const grid = await readGrid(page);
    const title = grid[0]!.indexOf("Job Title");
    const letter = String.fromCharCode(65 + grid[0]!.indexOf("network_url"));
    // A title the API no longer shows: the next refresh sees a job change. (The sidebar is closed
    // while typing, as a user focused on the grid would; the menu opens it again.)
    await page.getByRole("button", { name: "Close sidebar" }).click();
    const titleCell = `${String.fromCharCode(65 + title)}2`;
    await typeIntoCell(page, titleCell, "Old title");
    await expect.poll(() => cell(page, titleCell).textContent()).toBe("Old title");
    await selectRange(page, `${letter}1`, `${letter}${dataRows + 1}`);
    await runMenuItem(page, "Enrich selected profile URLs");
    await sidebar.getByLabel(/Fresh data/).uncheck();
    // The rows were refreshed a minute ago: by default they would be skipped (issue 23.5).
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await expect
      .poll(() => sidebar.getByTestId("enrich-estimate").textContent())
      .toMatch(/Nothing to fetch: \d+ URLs skipped \(refreshed within the last day\)/);
    await sidebar.getByRole("button", { name: "Back" }).click();
    await sidebar.getByTestId("enrich-skip-refreshed").uncheck();
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByTestId("enrich-cached-warning").waitFor();
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("done");
    await expect.poll(() => sidebar.getByTestId("enrich-digest").textContent()).toMatch(/changed jobs/);
    expect(await sidebar.getByTestId("enrich-digest-cached").textContent()).toMatch(
      /cached answers \(Fresh data was off\): they may be outdated/,
    );
  });

  it("the Retry estimate after a Fresh-data-off run describes that run: cached answers, no 60 s note (issue 23.8)", async () => {
    const letter = String.fromCharCode(65 + (await readGrid(page))[0]!.indexOf("network_url"));
    const control = sandboxControl(session.playground.sandboxUrl);
    // Every lookup answer cut, every bulk submit a 500 (API generation auto): each row fails as
    // "may have been charged", so Retry is offered. (A bulk job's unreadable status is read again,
    // for minutes, before its rows are given up: too slow here.)
    await control.configure({
      faults: [
        { path: API_PATHS.leadLookup, kind: "malformed", rate: 1 },
        { path: V1_PATHS.bulkDatabase, kind: "server_error", rate: 1 },
        { path: V1_PATHS.bulkRealtime, kind: "server_error", rate: 1 },
      ],
    });
    try {
      await selectRange(page, `${letter}1`, `${letter}${dataRows + 1}`);
      await runMenuItem(page, "Enrich selected profile URLs");
      await sidebar.getByLabel(/Fresh data/).uncheck();
      // Refreshed a minute ago: sent again only with Skip rows refreshed unticked (issue 23.5).
      await sidebar.getByTestId("enrich-skip-refreshed").uncheck();
      await sidebar.getByRole("button", { name: "Estimate" }).click();
      await sidebar.getByTestId("enrich-cached-warning").waitFor();
      await sidebar.getByRole("button", { name: "Confirm & run" }).click();
      const run = sidebar.getByTestId("enrich-run");
      await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("done");
    } finally {
      await control.configure({ faults: [] });
    }
    const retry = sidebar.getByTestId("enrich-retry");
    await retry.getByRole("checkbox").check();
    await retry.getByRole("button", { name: "Retry failed rows" }).click();
    await retry.getByTestId("enrich-estimate").waitFor();
    expect(await retry.getByTestId("enrich-cached-warning").count()).toBe(1);
    expect(await retry.getByTestId("enrich-fresh-note").count()).toBe(0);
  });
});
