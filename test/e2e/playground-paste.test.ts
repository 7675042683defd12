/**
 * Pasting into the playground's grid, as a newcomer starts: a column of profile URLs copied from
 * an email or a CRM export goes into a new sheet with Ctrl+V (one edit for the block, each line
 * read as typed), is enriched on the default path, and Delete clears a block in one edit too.
 */
import { expect, it } from "vitest";
import { ledgerCredits, sandboxControl } from "../../sandbox/api/control";
import { cell, pasteText, readGrid, runMenuItem, selectRange } from "./playground-page";
import { openPlaygroundPage } from "./support";

it("pastes a list of URLs as typed cells, enriches it, and clears a pasted block with Delete", async () => {
  const session = await openPlaygroundPage({ viewport: { width: 1400, height: 900 } });
  const { page, playground } = session;
  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/")) requests.push(new URL(request.url()).pathname);
  });
  try {
    const control = sandboxControl(playground.sandboxUrl);
    const response = await fetch(new URL("/__sandbox/sample-urls?count=6", playground.sandboxUrl));
    const { urls } = (await response.json()) as { urls: string[] };
    // What a user copies: a header, URLs in the case and form people type them, a duplicate, a
    // blank line, a note that is no URL, a number-looking id Sheets reads as a number.
    const lines = [
      "profile url\tnote",
      `${urls[0]}\tfirst`,
      `${urls[1]!.toUpperCase()}/\t"Acme, Inc.`,
      `${urls[2]}\t00123`,
      `${urls[0]}\tsame person`,
      "",
      "n/a\tno link yet",
      ...urls.slice(3).map((url) => `${url}\t`),
    ];
    await page.getByRole("button", { name: "+" }).or(page.getByLabel("Add sheet")).first().click();
    await expect.poll(() => page.getByRole("tab", { name: "Sheet2" }).count()).toBe(1);
    const before = requests.length;
    await pasteText(page, "B1", `${lines.join("\r\n")}\r\n`);
    // One request for the whole block, not one a cell.
    expect(requests.slice(before).filter((path) => path === "/api/paste")).toHaveLength(1);
    expect(requests.slice(before).filter((path) => path === "/api/cell")).toHaveLength(0);
    const grid = await readGrid(page);
    expect(grid[0]).toEqual(["", "profile url", "note"]);
    expect(grid[1]).toEqual(["", urls[0], "first"]);
    expect(grid[2]).toEqual(["", `${urls[1]!.toUpperCase()}/`, '"Acme, Inc.']);
    expect(grid[3]).toEqual(["", urls[2], "123"]);
    expect(grid[4]).toEqual(["", urls[0], "same person"]);
    expect(grid[5]).toEqual(["", "", ""]);
    expect(grid[6]).toEqual(["", "n/a", "no link yet"]);
    expect(grid).toHaveLength(10);
    // The pasted block is selected, as in Sheets.
    await expect.poll(() => page.locator(".formula-bar .name-box").textContent()).toMatch(/B1/);

    await selectRange(page, "B1", "B10");
    await runMenuItem(page, "Enrich selected profile URLs");
    const sidebar = page.frameLocator("aside.sidebar-panel iframe");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const estimate = sidebar.getByTestId("enrich-estimate");
    await expect.poll(() => estimate.textContent(), { timeout: 60_000 }).toMatch(/6 distinct URLs/);
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 120_000 }).toBe("done");
    // Six people, the duplicate bought once, "n/a" and the blank line free.
    expect(await ledgerCredits(control)).toBe(6);
    // The grid draws the answer that carries the written rows; wait for it.
    await expect
      .poll(async () => (await readGrid(page))[1]?.join(" ") ?? "", { timeout: 30_000 })
      .toMatch(/ ok /);
    const enriched = await readGrid(page);
    const status = enriched[0]!.indexOf("Enrichment Status");
    expect(status).toBeGreaterThan(0);
    for (const row of [1, 2, 3, 4, 7, 8, 9]) expect(enriched[row]![status]).toBe("ok");
    expect(enriched[6]![status]).toMatch(/^error: not a profile URL; nothing was sent/);
    expect(enriched[5]!.join("")).toBe("");

    // Delete over the note column clears it in one edit and leaves the URLs.
    await selectRange(page, "C1", "C10");
    const cleared = page.waitForResponse((r) => r.url().endsWith("/api/paste"));
    await page.keyboard.press("Delete");
    await cleared;
    await expect.poll(async () => (await readGrid(page)).map((row) => row[2] ?? "").join("")).toBe("");
    expect((await readGrid(page))[1]![1]).toBe(urls[0]);
    await cell(page, "A1").click();
  } finally {
    await session.close();
  }
}, 180_000);
