/**
 * Issue 21 in real Chromium: a user types a CRM export's people (an accent, a hyphen, "Jr.", a
 * website with a path, a catch-all company, a blank row, a duplicate) into the playground's grid,
 * then =FIND_EMAIL over them and =VALIDATE_EMAIL over the emails found. The grid shows each email
 * and its status, catch-all never as valid; the sandbox's ledger charges each person and address once.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits, sandboxControl } from "../../sandbox/api/control";
import { addressOf } from "../../sandbox/api/email-outcomes";
import { PATHS } from "../../src/api/wire";
import { cell, typeIntoCell } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage, screenshotPath } from "./support";

const PEOPLE = [
  ["José", "García-López", "https://www.initech.com/about/team"],
  ["Mary J.", "O'Neil Jr.", "initech.com"],
  ["Ann", "Lee", "shop-catchall.com"],
  ["", "", ""],
  ["jose", "garcia-lopez", "INITECH.COM"],
];

async function charged(sandboxUrl: string, path: string): Promise<number> {
  return ledgerCredits(sandboxControl(sandboxUrl), path);
}

describe("email formulas in the browser", () => {
  let session: PlaygroundPage;
  let page: Page;

  beforeAll(async () => {
    session = await openPlaygroundPage({ latencyMs: 20, viewport: { width: 1280, height: 800 } });
    ({ page } = session);
  });
  afterAll(() => session?.close());

  it("finds and validates what a user typed, charged once per person and address", async () => {
    const sandboxUrl = session.playground.sandboxUrl;
    await sandboxControl(sandboxUrl).reset();
    for (const [r, person] of PEOPLE.entries()) {
      for (const [c, text] of person.entries()) {
        if (text !== "") await typeIntoCell(page, `${String.fromCharCode(72 + c)}${r + 2}`, text);
      }
    }
    await typeIntoCell(page, "K2", "=FIND_EMAIL(H2:H6, I2:I6, J2:J6)");
    await expect.poll(() => cell(page, "L2").textContent(), { timeout: 20_000 }).toBe("valid");
    const email = addressOf("José", "García-López", "initech.com");
    expect(await cell(page, "K2").textContent()).toBe(email);
    expect(await cell(page, "L4").textContent()).toBe("catch-all");
    expect(await cell(page, "K5").textContent()).toBe("");
    expect(await cell(page, "K6").textContent()).toBe(email);

    await typeIntoCell(page, "M2", "=VALIDATE_EMAIL(K2:K6)");
    await expect.poll(() => cell(page, "M2").textContent(), { timeout: 20_000 }).toBe("valid");
    expect(await cell(page, "M4").textContent()).toBe("catch-all");
    await page.screenshot({ path: screenshotPath("emails-formulas.png") });

    // José once (his duplicate shares the answer), Mary if found, Ann's catch-all guess.
    const found = ["L2", "L3", "L4"];
    let expected = 0;
    for (const a1 of found)
      if (/^(valid|catch-all)$/.test((await cell(page, a1).textContent()) ?? "")) expected++;
    expect(await charged(sandboxUrl, PATHS.emailFinder)).toBe(expected);
    // Distinct addresses validated: as many as distinct emails found.
    const emails = new Set<string>();
    for (const a1 of ["K2", "K3", "K4", "K5", "K6"]) {
      const text = (await cell(page, a1).textContent()) ?? "";
      if (text.includes("@")) emails.add(text.toLowerCase());
    }
    expect(await charged(sandboxUrl, PATHS.emailValidator)).toBe(emails.size);
  });
});
