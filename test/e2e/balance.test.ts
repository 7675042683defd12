/**
 * Issue 19.2 and 19.3 in real Chromium over the playground, whose sandbox answers as production
 * does: after a lead search the newest transaction's after_balance is that operation's counter
 * (negative), yet =CREDIT_BALANCE(), the Companies and Leads estimates and the Credits tab all show
 * the spendable balance (users/me's balance_platform). While a paid request is in flight the Credits
 * tab says what is reserved and leaves the pending charge out of the 24 h figure.
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../src/api/wire";
import { cell, openSidebar, typeIntoCell } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

const KEY = "sandbox-demo-key";

describe("the balance shown is the spendable balance", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;
  let sandboxUrl: string;

  const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${sandboxUrl}${path}`, {
      ...init,
      headers: { Authorization: `Token ${KEY}`, "Content-Type": "application/json", ...init.headers },
    });
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    session = await openPlaygroundPage({ viewport: { width: 1280, height: 900 } });
    ({ page } = session);
    sandboxUrl = session.playground.sandboxUrl;
    // A lead search of 7 leads sent with the key: the newest record is a leads_by_icp charge.
    await api(PATHS.leadSearch, {
      method: "POST",
      body: JSON.stringify({ company_id: 1000254, limit_by: 7 }),
    });
  });

  afterAll(() => session?.close());

  it("=CREDIT_BALANCE(), both search estimates and the Credits tab show 9,993 while the newest after_balance is negative", async () => {
    const newest = await api<{ results: Array<{ after_balance: number; balance_type: string }> }>(
      `${PATHS.transactions}?limit=1`,
    );
    expect(newest.results[0]).toMatchObject({ balance_type: "leads_by_icp" });
    expect(newest.results[0]!.after_balance).toBeLessThan(0);
    expect((await api<{ balance_platform: number }>(PATHS.account)).balance_platform).toBe(9_993);

    await typeIntoCell(page, "H1", "=CREDIT_BALANCE()");
    await expect
      .poll(async () => (await cell(page, "H1").textContent())?.replace(/[^\d-]/g, ""))
      .toBe("9993");

    sidebar = await openSidebar(page);
    await sidebar.locator("#co-limit_by").fill("25");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await expect
      .poll(() => sidebar.getByTestId("company-estimate").textContent())
      .toMatch(/Balance 9,993 credits · spend cap/);

    await sidebar.getByRole("tab", { name: "Leads" }).click();
    await sidebar.getByLabel("Target").selectOption("company_id");
    await sidebar.getByLabel("Company id").fill("1000254");
    await sidebar.locator("#persona-0-name").fill("Marketing");
    await sidebar.locator("#persona-0-functions").fill("marketing");
    await sidebar.getByLabel("Max leads per search").fill("5");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await expect
      .poll(() => sidebar.getByTestId("leads-estimate").textContent())
      .toMatch(/Balance 9,993 credits/);

    await sidebar.getByRole("tab", { name: "Credits" }).click();
    await expect.poll(() => sidebar.getByTestId("credits-balance").textContent()).toBe("9,993 credits");
    await page.screenshot({ path: screenshotPath("credits-balance.png") });
  });

  it("while a paid lookup is in flight, the Credits tab says what is reserved and counts it only once it settles", async () => {
    const spentDay = async () =>
      Number(
        (await sidebar.getByTestId("credits-spent").textContent())
          ?.match(/24 h: ([\d,]+)/)?.[1]
          ?.replace(/,/g, ""),
      );
    const before = await spentDay();
    const urls = await api<{ urls: string[] }>("/__sandbox/sample-urls?count=1&offset=900");
    const slow = api(PATHS.leadLookup, {
      method: "POST",
      headers: { "X-Sandbox-Fault": "slow", "X-Sandbox-Delay-Ms": "6000" },
      body: JSON.stringify({ url: urls.urls[0], posts: true }),
    });
    await expect
      .poll(async () => (await api<{ count: number }>(`${PATHS.transactions}?status__exact=pending`)).count)
      .toBe(1);
    await sidebar.getByRole("button", { name: "Refresh" }).click();
    await expect
      .poll(() => sidebar.getByTestId("credits-reserved").textContent())
      .toBe("2 credits more reserved for requests in flight.");
    expect(await sidebar.getByTestId("credits-balance").textContent()).toBe("9,991 credits");
    expect(await sidebar.getByTestId("credits-pending").textContent()).toMatch(
      /Not counted: 2 credits pending/,
    );
    expect(await spentDay()).toBe(before);
    await page.screenshot({ path: screenshotPath("credits-pending.png") });
    await slow;
    await sidebar.getByRole("button", { name: "Refresh" }).click();
    await expect.poll(spentDay).toBe(before + 2);
    expect(await sidebar.getByTestId("credits-reserved").count()).toBe(0);
    expect(await sidebar.getByTestId("credits-pending").count()).toBe(0);
    expect(await sidebar.getByTestId("credits-balance").textContent()).toBe("9,991 credits");
  });
});
