/**
 * Issue 19.1 in real Chromium: the playground running the add-on built with another network name
 * (dist-named/, test/global-setup.ts) against a sandbox serving under it, as `npm start --
 * --network-name acme` does. A user types =LOOKUP_LEAD with the spec's field names and runs Enrich;
 * the grid fills and the ledger charges what the sidebar says. Then the names mismatched: the first
 * formula says which address and name were used, and nothing is charged.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxControl } from "../../sandbox/api/control";
import { NAMED_DIST, NAMED_WIRE } from "../named-wire";
import { cell, readGrid, runMenuItem, selectRange, typeIntoCell } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage } from "./support";

const SERVED = { networkName: NAMED_WIRE.network, companyDbName: NAMED_WIRE.companyDb };

async function ledgerCredits(sandboxUrl: string): Promise<number> {
  const { ledger } = await sandboxControl(sandboxUrl).stats();
  return ledger.reduce((sum, entry) => sum + Math.abs(entry.amount), 0);
}

describe("the add-on built with another network name, in the browser", () => {
  let session: PlaygroundPage;
  let page: Page;

  beforeAll(async () => {
    session = await openPlaygroundPage({
      latencyMs: 20,
      distDir: NAMED_DIST,
      sandbox: SERVED,
      viewport: { width: 1280, height: 800 },
    });
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it("a formula with the spec's field names, then Enrich: filled rows, charged as the sidebar says", async () => {
    const grid = await readGrid(page);
    const urlColumn = grid[0]!.indexOf("network_url");
    expect(urlColumn).toBeGreaterThanOrEqual(0);
    const letter = String.fromCharCode(65 + urlColumn);
    const rows = grid.length - 1;

    await typeIntoCell(page, "P2", `=LOOKUP_LEAD(${letter}2, "network_id")`);
    await expect.poll(() => cell(page, "P2").textContent(), { timeout: 20_000 }).toMatch(/^\d+$/);

    await selectRange(page, `${letter}1`, `${letter}${rows + 1}`);
    await runMenuItem(page, "Enrich selected profile URLs");
    const sidebar = page.frameLocator("aside.sidebar-panel iframe");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByTestId("enrich-estimate").waitFor();
    await sidebar.getByRole("button", { name: "Confirm & run" }).click();
    const run = sidebar.getByTestId("enrich-run");
    await expect.poll(() => run.getAttribute("data-state"), { timeout: 30_000 }).toBe("done");
    const spent = Number((await sidebar.locator('[data-count="spent"]').textContent())?.split("/")[0]);

    const after = await readGrid(page);
    const status = after[0]!.indexOf("Enrichment Status");
    const title = after[0]!.indexOf("Job Title");
    for (const row of after.slice(1, rows + 1)) {
      expect(row[status]).toBe("ok");
      expect(row[title]).not.toBe("");
    }
    // The formula's one lookup, then the run's.
    expect(await ledgerCredits(session.playground.sandboxUrl)).toBe(1 + spent);
    await page.screenshot({ path: "/tmp/network-name-e2e.png" });
  });
});

describe("names mismatched, in the browser", () => {
  let session: PlaygroundPage;

  beforeAll(async () => {
    // The add-on built with the spec's word (dist/), the API serving another.
    session = await openPlaygroundPage({
      latencyMs: 20,
      sandbox: SERVED,
      viewport: { width: 1280, height: 800 },
    });
  });
  afterAll(() => session?.close());

  it("the first formula names the address and the name used, and nothing is charged", async () => {
    const { page, playground } = session;
    const grid = await readGrid(page);
    const letter = String.fromCharCode(65 + grid[0]!.indexOf("network_url"));
    await typeIntoCell(page, "P2", `=LOOKUP_LEAD(${letter}2)`);
    await expect
      .poll(() => cell(page, "P2").textContent(), { timeout: 20_000 })
      .toContain("does not match the API");
    const shown = (await cell(page, "P2").textContent()) ?? "";
    expect(shown).toContain(playground.sandboxUrl);
    expect(shown).toContain('network name "network"');
    expect(shown).not.toMatch(/no profile/i);
    expect(await ledgerCredits(playground.sandboxUrl)).toBe(0);
    await page.screenshot({ path: "/tmp/network-name-mismatch-e2e.png" });
  });
});
