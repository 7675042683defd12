/**
 * Keeping lists fresh (issue 13) in real Chromium over the playground: a refresh shows who changed
 * jobs, Show job changes opens the `Job changes` sheet, Retry failed rows sends the one failed URL
 * (after ticking the may-have-been-charged box), Undo last run puts cells back (and reports a cell
 * edited since), and Freeze selected formulas to values turns a =LOOKUP_LEAD answer into values.
 * Screenshots for the README go to docs/.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxControl } from "../../sandbox/api/control";
import { API_PATHS } from "../../sandbox/api/paths";
import {
  cell,
  openSidebar,
  readGrid,
  runMenuItem,
  selectRange,
  selectSheet,
  typeIntoCell,
} from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

describe("Change history, job changes, retry, undo and freeze", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;
  let lastRow = 0;

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 20, viewport: { width: 1280, height: 800 } });
    ({ page } = session);
  });

  afterAll(() => session?.close());

  it("a refresh shows who changed jobs and opens them as a sheet", async () => {
    // One failed lookup to retry: the lookup path, chosen in Settings as a user would (API generation).
    const settings = await openSidebar(page);
    await settings.getByRole("tab", { name: "Settings" }).click();
    await settings.locator("#settings-api-generation").selectOption("legacy");
    await settings.getByRole("button", { name: /^Save/ }).last().click();
    await expect.poll(() => settings.locator(".notice.ok").first().textContent()).toMatch(/Settings saved/);
    lastRow = (await readGrid(page)).length;
    await typeIntoCell(page, "C1", "Title");
    await typeIntoCell(page, "D1", "Company");
    await typeIntoCell(page, "C3", "Old title");
    await typeIntoCell(page, "D3", "Old Co");
    await typeIntoCell(page, "E1", "Location");
    await typeIntoCell(page, "E4", "'00123");
    // The first lookup sent gets an unreadable answer: it may have been charged, so it fails.
    await sandboxControl(session.playground.sandboxUrl).configure({
      faults: [{ path: API_PATHS.leadLookup, kind: "malformed", count: 1 }],
    });
    await selectRange(page, "B1", `B${lastRow}`);
    await runMenuItem(page, "Enrich selected profile URLs");
    sidebar = page.frameLocator("aside.sidebar-panel iframe");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("done");

    const digest = sidebar.getByTestId("enrich-digest");
    await expect.poll(() => digest.textContent()).toMatch(/1 person changed jobs/);
    expect(await digest.textContent()).toContain("Old title @ Old Co →");
    await page.screenshot({ path: screenshotPath("history-digest.png") });

    await sidebar.getByText("Change history and undo").click();
    await sidebar.getByRole("button", { name: "Show job changes" }).click();
    await expect.poll(() => sidebar.locator(".notice.ok").textContent()).toMatch(/1 job change since/);
    await expect.poll(async () => (await readGrid(page))[0]?.[0]).toBe("Time");
    const sheet = await readGrid(page);
    expect(sheet[1]).toContain("Old title");
    await page.screenshot({ path: screenshotPath("job-changes.png") });

    // The history as a person reads it: a row per write, its rows' URLs and changes a line each
    // (the Summary of the data rows' write selected, whole in the formula bar).
    await selectSheet(page, "Prospecting changes");
    const history = await readGrid(page);
    expect(history[0]).toEqual(["Run", "Time", "Sheet", "Profile URLs", "Summary", "Changes", "Time (UTC)"]);
    const written = history.findIndex((row) => /^https:/.test(row[3] ?? ""));
    expect(history[written]![4]).toContain('Title: "Old title" -> ');
    await cell(page, `E${written + 1}`).click();
    await expect.poll(() => page.getByLabel("Formula bar").inputValue()).toMatch(/^https:/);
    await page.screenshot({ path: screenshotPath("history-sheet.png") });
    await selectSheet(page, "Sheet1");
  });

  it("retries only the failed row, after the user ticks that it may have been charged", async () => {
    const retry = sidebar.getByTestId("enrich-retry");
    await expect.poll(() => retry.textContent()).toMatch(/1 failed URL may already have been charged/);
    const button = sidebar.getByRole("button", { name: "Retry failed rows" });
    expect(await button.isDisabled()).toBe(true);
    await sidebar.getByLabel(/Also retry 1 that may have been charged/).check();
    await button.click();
    await expect
      .poll(() => sidebar.getByTestId("enrich-estimate").textContent())
      .toMatch(/1 distinct URL to fetch, up to 1 credit/);
    // The other URLs are skipped because they did not fail (the retry is no fill-mode run).
    expect(await sidebar.getByTestId("enrich-estimate").textContent()).toMatch(
      /\d+ URLs skipped for free: did not fail\./,
    );
    await page.screenshot({ path: screenshotPath("enrich-retry.png") });
    await sidebar.getByRole("button", { name: "Confirm & retry" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("done");
    // Polled: the first run's view (done too) may still be shown for a moment.
    await expect.poll(() => run.textContent()).toMatch(/\d+ URLs skipped \(did not fail; free\)/);
    expect(await run.textContent()).not.toMatch(/empty cell/);
    const statuses = async () => {
      const grid = await readGrid(page);
      const status = grid[0]!.indexOf("Enrichment Status");
      return grid.slice(1, lastRow).every((row) => /^ok/.test(row[status] ?? ""));
    };
    await expect.poll(statuses).toBe(true);
  });

  it("undoes the retry, leaving a cell edited since, then the refresh itself", async () => {
    const before = await readGrid(page);
    const title = before[0]!.indexOf("Title");
    // The retried row is row 2 (its URL was sent first); the user edits its title.
    await typeIntoCell(page, `${String.fromCharCode(65 + title)}2`, "Edited by hand");
    await sidebar.getByText("Change history and undo").click();
    await sidebar.getByRole("button", { name: "Undo last run" }).click();
    // Asked first: which run, how much, and that it cannot be redone.
    const question = sidebar.getByRole("alertdialog");
    await expect
      .poll(() => question.textContent())
      .toMatch(/^Undo the run of .* on "Sheet1"\? \d+ cells in \d+ rows? go back .*cannot be redone/);
    await page.screenshot({ path: screenshotPath("history-undo-question.png") });
    await question.getByRole("button", { name: "Undo it" }).click();
    await expect
      .poll(() => sidebar.locator(".notice").textContent())
      .toMatch(/cells restored; 1 left alone because they were edited since \(Sheet1!C2\)/);
    // The undone run's digest is asked again and says so (issue 23.6): no job changes of it stand.
    await expect
      .poll(() => sidebar.getByTestId("enrich-digest-undone").textContent())
      .toMatch(/This run was undone/);
    expect(await sidebar.getByTestId("enrich-digest").count()).toBe(0);
    await sidebar.getByRole("button", { name: "Undo last run" }).click();
    await sidebar.getByRole("alertdialog").getByRole("button", { name: "Undo it" }).click();
    await expect
      .poll(() => sidebar.locator(".notice").textContent())
      .toMatch(/^×?Undid the run of .*cells restored/);
    const after = await readGrid(page);
    expect(after[0]).toEqual(["Name", "network_url", "Title", "Company", "Location"]);
    expect(after[2]!.slice(2, 4)).toEqual(["Old title", "Old Co"]);
    expect(after[3]![4]).toBe("00123");
    expect(after[1]![2]).toBe("Edited by hand");
    await page.screenshot({ path: screenshotPath("history-undo.png") });
  });

  it("freezes a =LOOKUP_LEAD answer to values from the menu", async () => {
    await typeIntoCell(page, "F2", '=LOOKUP_LEAD(B2:B4, "full_name, job_title")');
    await expect.poll(async () => (await readGrid(page))[3]?.[6] ?? "").not.toBe("");
    const shown = (await readGrid(page)).slice(1, 4).map((row) => row.slice(5, 7));
    await selectRange(page, "F2", "G4");
    await runMenuItem(page, "Freeze selected formulas to values");
    const dialog = page.getByRole("alertdialog");
    await expect.poll(() => dialog.textContent()).toMatch(/Froze 1 formula \(6 cells\)/);
    await page.screenshot({ path: screenshotPath("freeze.png") });
    await dialog.getByRole("button", { name: "OK" }).click();
    expect((await readGrid(page)).slice(1, 4).map((row) => row.slice(5, 7))).toEqual(shown);
    await page
      .locator("table.grid")
      .click({ position: { x: 5, y: 5 } })
      .catch(() => undefined);
  });

  it("in fill mode lists a job change whose cells the run kept, and says the sheet keeps the old job", async () => {
    // After the undo, row 3 again holds Old title @ Old Co; fill mode fills only the empty cells.
    await sidebar.getByRole("button", { name: "New run" }).click();
    await selectSheet(page, "Sheet1");
    await selectRange(page, "B1", `B${lastRow}`);
    await sidebar.getByRole("button", { name: "Use current selection" }).click();
    await sidebar.getByLabel("Fill empty cells only").check();
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("done");
    const digest = sidebar.getByTestId("enrich-digest");
    await expect.poll(() => digest.textContent()).toMatch(/changed jobs/);
    const line = digest.locator("li", { hasText: "Old title @ Old Co →" });
    expect(await line.textContent()).toContain("(old job kept in the sheet: fill mode)");
    // The Name cell was kept too: the name is read from the sheet.
    expect(await line.textContent()).not.toContain("(no name)");
    await digest.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("history-digest-kept.png") });
    expect((await readGrid(page))[2]!.slice(2, 4)).toEqual(["Old title", "Old Co"]);
  });
});
