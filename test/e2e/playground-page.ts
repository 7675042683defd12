/**
 * Page helpers for browser tests of the playground: the grid, the add-on menu, the sidebar frame.
 * They act as a user would (clicks and keys) and read what is on screen.
 */
import type { FrameLocator, Locator, Page } from "playwright-core";
import { parseCellA1 } from "../../sandbox/playground/a1";

/** Opens the playground and waits until onOpen's menu is there and the grid is drawn. */
export async function openPlayground(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator("table.grid td[data-col]").first().waitFor();
  await page.waitForFunction(() => !document.querySelector(".busy"));
}

/** Runs Extensions > <addon menu> > <item>. */
export async function runMenuItem(page: Page, item: string, addonMenu = "Prospecting"): Promise<void> {
  await page.getByRole("button", { name: "Extensions" }).click();
  await page.getByRole("menuitem", { name: addonMenu }).hover();
  await page.getByRole("menuitem", { name: item }).click();
}

/** Extensions > Prospecting > Open sidebar; resolves with the sidebar's frame once it has drawn. */
export async function openSidebar(page: Page): Promise<FrameLocator> {
  await runMenuItem(page, "Open sidebar");
  const frame = page.frameLocator("aside.sidebar-panel iframe");
  await frame.locator("#app > *").first().waitFor();
  return frame;
}

export function cell(page: Page, a1: string): Locator {
  const position = parseCellA1(a1);
  if (!position) throw new Error(`Not a cell address: ${a1}`);
  return page.locator(`table.grid tr[data-row="${position.row}"] td[data-col="${position.col}"]`);
}

/**
 * Clicks a cell and waits until the name box shows it: a click that lands while the grid redraws
 * (after the edit before it) can miss, and keys typed then would go nowhere.
 */
export async function selectCell(page: Page, a1: string): Promise<void> {
  const nameBox = page.locator(".formula-bar .name-box");
  for (let attempt = 0; attempt < 5; attempt++) {
    await cell(page, a1).click();
    try {
      await nameBox.filter({ hasText: new RegExp(`^\\s*${a1}\\s*$`) }).waitFor({ timeout: 2_000 });
      return;
    } catch {
      // Clicked again: the grid was redrawn under the click.
    }
  }
  throw new Error(`The cell ${a1} could not be selected.`);
}

/** Selects a cell, types text as a user would and commits with Enter; waits for the server's answer. */
export async function typeIntoCell(page: Page, a1: string, text: string): Promise<void> {
  await selectCell(page, a1);
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/cell"));
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
  await answered;
}

/**
 * Selects a cell and pastes plain text into the grid as Ctrl+V does (a paste event carrying the
 * text: headless Chromium has no system clipboard); waits for the server's answer.
 */
export async function pasteText(page: Page, a1: string, text: string): Promise<void> {
  await selectCell(page, a1);
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/paste"));
  await page.locator(".grid-scroll").evaluate((box, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  await answered;
}

/** Selects a block by click and shift-click (the add-on reads it as the active range). */
export async function selectRange(page: Page, from: string, to: string): Promise<void> {
  await cell(page, from).click();
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/select"));
  await cell(page, to).click({ modifiers: ["Shift"] });
  await answered;
}

/** Selects a block and presses Delete, as a user clears cells; waits for the server's answer. */
export async function clearCells(page: Page, from: string, to: string): Promise<void> {
  await selectRange(page, from, to);
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/paste"));
  await page.keyboard.press("Delete");
  await answered;
}

function lastNonEmpty(texts: string[]): number {
  for (let i = texts.length - 1; i >= 0; i--) if (texts[i] !== "") return i;
  return -1;
}

/**
 * The grid's text, trimmed to the last non-empty row and column. The grid draws only the rows near
 * its view (about 70 from the top when not scrolled); rows not drawn read as empty.
 */
export async function readGrid(page: Page): Promise<string[][]> {
  const drawn = await page.locator("table.grid tbody tr[data-row]").evaluateAll((trs) =>
    trs.map((tr) => ({
      row: Number((tr as HTMLElement).dataset.row),
      texts: Array.from(tr.querySelectorAll("td"), (td) => td.textContent ?? ""),
    })),
  );
  const rows: string[][] = [];
  for (const { row, texts } of drawn) rows[row] = texts;
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  const lastRow = lastNonEmpty(rows.map((row) => (row.some((text) => text !== "") ? "x" : "")));
  const kept = rows.slice(0, lastRow + 1);
  const width = Math.max(0, ...kept.map((row) => lastNonEmpty(row) + 1));
  return kept.map((row) => row.slice(0, width));
}

/** A count of the sidebar's progress bar ("done", "remaining", "spent": credits, cap left out). */
export async function progressCount(sidebar: FrameLocator, key: string): Promise<number> {
  const text = await sidebar.locator(`[data-count="${key}"]`).textContent();
  return Number((text ?? "").split("/")[0]!.replace(/,/g, "").trim());
}

export async function selectSheet(page: Page, name: string): Promise<void> {
  await page.getByRole("tab", { name, exact: true }).click();
}

/** One sidebar call as the server received it: `call(method, arg)` over google.script.run. */
export interface SentCall {
  method: string;
  arg: unknown;
}

/** Records every sidebar call from now on (what the forms actually send). */
export function recordCalls(page: Page): SentCall[] {
  const calls: SentCall[] = [];
  page.on("request", (request) => {
    if (!request.url().endsWith("/api/script")) return;
    const body = request.postDataJSON() as { functionName: string; args: unknown[] } | null;
    if (body?.functionName === "rpc") calls.push({ method: String(body.args[0]), arg: body.args[1] });
  });
  return calls;
}

/** The argument of the last call of `method`. */
export function lastArg<T>(calls: readonly SentCall[], method: string): T | undefined {
  return calls.filter((c) => c.method === method).at(-1)?.arg as T | undefined;
}

/**
 * Selects the sheet's `network_url` column (its header and every row below), runs Extensions >
 * Prospecting > Enrich selected profile URLs, and resolves once the sidebar's Enrich tab is open:
 * with the sidebar, the column's letter and the grid's row count (the header included).
 */
export async function enrichUrlColumnFromMenu(
  page: Page,
): Promise<{ sidebar: FrameLocator; letter: string; rows: number }> {
  const grid = await readGrid(page);
  const urlColumn = grid[0]!.indexOf("network_url");
  if (urlColumn < 0) throw new Error("The sheet has no network_url column");
  const letter = String.fromCharCode(65 + urlColumn);
  await selectRange(page, `${letter}1`, `${letter}${grid.length}`);
  await runMenuItem(page, "Enrich selected profile URLs");
  const sidebar = page.frameLocator("aside.sidebar-panel iframe");
  await sidebar.getByRole("tab", { name: "Enrich", selected: true }).waitFor();
  return { sidebar, letter, rows: grid.length };
}
