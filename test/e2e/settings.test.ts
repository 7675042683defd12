/**
 * A new user's first minutes, in real Chromium over the playground: open Settings, save a key,
 * test the connection, type =LOOKUP_LEAD into a cell and see the lead's row, and switch the List
 * fields setting the formula follows.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listText } from "../../src/sheet/list-text";
import { cell, openSidebar, readGrid, typeIntoCell } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage } from "./support";

const KEY = "sandbox-demo-key";

describe("Settings tab and =LOOKUP_LEAD in the playground", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;

  beforeAll(async () => {
    session = await openPlaygroundPage({ viewport: { width: 1280, height: 760 } });
    ({ page } = session);
    sidebar = await openSidebar(page);
    await sidebar.getByRole("tab", { name: "Settings" }).click();
  });

  afterAll(() => session?.close());

  const notice = () => sidebar.locator(".notice");
  const activeElementId = () => sidebar.locator("body").evaluate(() => document.activeElement?.id ?? "");
  const activeElementText = () =>
    sidebar.locator("body").evaluate(() => document.activeElement?.textContent ?? "");

  it("shows the saved key masked, and removes it", async () => {
    await expect
      .poll(() => sidebar.getByTestId("settings-key-status").textContent())
      .toBe("Saved key: ••••-key");
    await sidebar.getByRole("button", { name: "Remove key" }).click();
    await expect
      .poll(() => sidebar.getByTestId("settings-key-status").textContent())
      .toBe("No key saved yet.");
    // The button pressed is gone: focus moved to the key field, where the next step is.
    await expect.poll(() => activeElementId()).toBe("settings-api-key");
  });

  it("saves a key pasted with 'Token ' from the keyboard, tests it, and shows the balance", async () => {
    const input = sidebar.getByLabel("Your API key");
    await input.focus();
    await page.keyboard.type(`Token ${KEY}`);
    await page.keyboard.press("Enter");
    await expect
      .poll(() => notice().textContent(), { timeout: 15_000 })
      .toMatch(/Connected to .*Balance: [\d,]+ credits\./);
    await expect
      .poll(() => sidebar.getByTestId("settings-key-status").textContent())
      .toBe("Saved key: ••••-key");
    // Saved: the field is emptied and now offers to replace the key.
    expect(await sidebar.getByLabel("Replace the key").inputValue()).toBe("");
    // The key itself never reached the sidebar's page.
    const html = await sidebar.locator("html").evaluate((root) => root.outerHTML);
    expect(html).not.toContain(KEY);
  });

  it("tests the connection on demand, from the keyboard, and keeps focus on the button", async () => {
    await sidebar.locator(".notice button.dismiss").click();
    const button = sidebar.getByRole("button", { name: "Test connection" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => notice().textContent()).toMatch(/Balance: [\d,]+ credits\./);
    expect(await activeElementText()).toBe("Test connection");
    await page.keyboard.press("Space");
    await expect.poll(() => notice().textContent()).toMatch(/Balance: [\d,]+ credits\./);
    // The notice above may still be the first test's while the second runs ("Testing…"): the
    // focus is checked once the button is back, not at that instant.
    await expect.poll(() => activeElementText()).toBe("Test connection");
  });

  it("keeps the saved key when the API refuses a new one, and accepts 'Bearer <key>'", async () => {
    const input = sidebar.getByLabel("Replace the key");
    await input.fill("foo");
    await sidebar.getByRole("button", { name: "Save key" }).click();
    await expect
      .poll(() => sidebar.locator("#apiKey-problem").textContent())
      .toBe("The API did not accept this key. Your saved key is kept. Check it and paste it again.");
    expect(await sidebar.getByTestId("settings-key-status").textContent()).toBe("Saved key: ••••-key");
    expect(await activeElementText()).toBe("Save key");
    await input.fill(`Bearer ${KEY}`);
    await page.keyboard.press("Enter");
    await expect.poll(() => notice().textContent()).toMatch(/Connected to .*Balance: [\d,]+ credits\./);
    expect(await sidebar.locator("#apiKey-problem").count()).toBe(0);
  });

  it("warns, not a green light, when the saved key has no credits", async () => {
    const input = sidebar.getByLabel("Replace the key");
    await input.fill("sandbox-empty-key");
    await page.keyboard.press("Enter");
    await expect.poll(() => notice().textContent()).toMatch(/Balance: 0 credits\..*until credits are added/);
    expect(await notice().getAttribute("class")).not.toContain("ok");
    await input.fill(KEY);
    await page.keyboard.press("Enter");
    // Not the empty key's notice, which also says "Balance: 0 credits.": the save is over only
    // when the funded key's balance shows (a click during it would be ignored as busy).
    await expect.poll(() => notice().textContent()).toMatch(/Balance: [1-9][\d,]* credits\./);
  });

  it("explains a wrong setting next to its field and saves nothing", async () => {
    const chunk = sidebar.getByLabel("Parallel requests per batch");
    await chunk.fill("900");
    await sidebar.getByRole("button", { name: "Save settings" }).click();
    await expect
      .poll(() => sidebar.getByText("The chunk size must be a whole number from 1 to 500.").count())
      .toBe(1);
    expect(await chunk.getAttribute("aria-invalid")).toBe("true");
    await chunk.fill("100");
    await sidebar.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => notice().textContent()).toMatch(/Settings saved/);
  });

  it("says the key's own rule for a 1,000-character key, never that the request could not be read (issue 23.11)", async () => {
    const input = sidebar.locator("#settings-api-key");
    await input.fill(`Token ${"k".repeat(1_000)}`);
    await sidebar.getByRole("button", { name: "Save key" }).click();
    await expect
      .poll(() => sidebar.getByText("That is too long for an API key: paste only the key.").count())
      .toBe(1);
    expect(await sidebar.getByText(/could not read this request/).count()).toBe(0);
    await input.fill("");
  });

  it("fills a row when =LOOKUP_LEAD is typed into a cell", async () => {
    const before = await readGrid(page);
    const url = before[1]![1]!;
    expect(url).toMatch(/\/in\//);
    await typeIntoCell(page, "D2", "=LOOKUP_LEAD(B2)");
    await expect.poll(async () => (await readGrid(page))[1]?.[7], { timeout: 15_000 }).toBe(url);
    const row = (await readGrid(page))[1]!.slice(3, 8);
    expect(row.every((text) => text !== "")).toBe(true);
    await cell(page, "D2").click();
    await expect.poll(() => page.getByLabel("Formula bar").inputValue()).toBe("=LOOKUP_LEAD(B2)");
    await page.screenshot({ path: "/tmp/settings-e2e.png" });
  });

  it("writes the formula's lists as the List fields setting says, after a change too", async () => {
    const hint = sidebar.locator("#listStyle-hint");
    expect(await hint.textContent()).toContain("=LOOKUP_LEAD");
    const jobsCell = async () => (await readGrid(page))[2]?.[3] ?? "";
    await typeIntoCell(page, "D3", '=LOOKUP_LEAD(B3, "jobs")');
    const readable = await jobsCell();
    expect(readable).not.toBe("");
    expect(readable).not.toMatch(/^[[{]/);

    await sidebar.getByLabel("List fields (experience, education…)").selectOption("json");
    await sidebar.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => notice().textContent()).toMatch(/Settings saved/);
    // An edited formula is recalculated (the same text would not be): JSON of the same list, from
    // the cache (keyed by URL and options, not fields).
    await typeIntoCell(page, "D3", '=LOOKUP_LEAD(B3, "JOBS")');
    const json = await jobsCell();
    expect(json).toMatch(/^\[/);
    expect(listText(JSON.parse(json))).toBe(readable);
  });
});
