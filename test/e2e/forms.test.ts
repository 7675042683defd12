/**
 * What a user types, as they type it (lower case, commas, pasted lists, unknown names), in each form,
 * and what the sidebar then sends and shows (issues 12.8, 14.1, 14.3, 10.2).
 */
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompanySearchForm } from "../../src/rpc/companies";
import type { LeadSearchForm } from "../../src/rpc/leads";
import { lastArg, openSidebar, recordCalls, type SentCall } from "./playground-page";
import { openPlaygroundPage, type PlaygroundPage } from "./support";

describe("typed input in the forms", () => {
  let session: PlaygroundPage;
  let page: Page;
  let sidebar: FrameLocator;
  let calls: SentCall[];

  beforeAll(async () => {
    session = await openPlaygroundPage({ viewport: { width: 1280, height: 900 } });
    page = session.page;
    calls = recordCalls(page);
    sidebar = await openSidebar(page);
  });

  afterAll(() => session?.close());

  const type = async (selector: string, text: string, enter = true) => {
    const box = sidebar.locator(selector);
    await box.click();
    await page.keyboard.type(text);
    if (enter) await page.keyboard.press("Enter");
  };
  const chips = (field: string) =>
    sidebar
      .locator(`[data-list-input="${field}"] [data-chip]`)
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-chip")));

  it("Companies: Estimate with an unknown industry still typed sends nothing and brings that field into view", async () => {
    const sentBefore = calls.filter((c) => c.method === "companyEstimate").length;
    await sidebar.locator("#co-industries").fill("space cowboys");
    // Scrolled down to the button, as a user is after filling the form: the field is out of view.
    await sidebar.getByRole("button", { name: "Estimate" }).scrollIntoViewIfNeeded();
    const inView = () =>
      sidebar.locator("#co-industries").evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      });
    expect(await inView()).toBe(false);
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await expect
      .poll(() => sidebar.getByTestId("co-industries-refused").textContent())
      .toMatch(/"space cowboys" is not in the industry list/);
    await expect.poll(inView).toBe(true);
    await expect
      .poll(() => sidebar.locator("#co-industries").evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(calls.filter((c) => c.method === "companyEstimate")).toHaveLength(sentBefore);
    await sidebar.locator("#co-industries").fill("");
  });

  it("Companies: Clear empties the text still in the boxes, a refused entry and its reason too", async () => {
    await type("#co-industries", "sofware");
    await expect.poll(() => sidebar.getByTestId("co-industries-refused").count()).toBe(1);
    await sidebar.locator("#co-locations").fill("atlantis");
    await sidebar.getByRole("button", { name: "Clear" }).click();
    // Before: "sofware" and its red reason stayed after Clear, and the next Estimate was refused.
    expect(await sidebar.locator("#co-industries").inputValue()).toBe("");
    expect(await sidebar.locator("#co-locations").inputValue()).toBe("");
    expect(await sidebar.getByTestId("co-industries-refused").count()).toBe(0);
  });

  it("Companies: a problem in the folded Revenue and exclusions section opens it, so the marked field shows", async () => {
    const section = sidebar.locator("details", { hasText: "Revenue and exclusions" });
    await sidebar.getByText("Revenue and exclusions").click();
    await sidebar.locator("#co-leave_out_sheet").fill("No such sheet");
    await sidebar.locator("#co-leave_out_column").fill("Website");
    // Folded again, as a user does after filling it in.
    await sidebar.getByText("Revenue and exclusions").click();
    expect(await section.getAttribute("open")).toBeNull();
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    // Before: "Some fields need fixing ... See the marked fields", and the field stayed folded away.
    await expect.poll(() => sidebar.getByTestId("problems-leave_out_sheet").isVisible()).toBe(true);
    expect(await sidebar.getByTestId("problems-leave_out_sheet").textContent()).toMatch(
      /No sheet is named "No such sheet"/,
    );
    await sidebar.getByRole("button", { name: "Clear" }).click();
  });

  it("Companies: a pasted list longer than the 10 keywords allowed keeps the rest in the box, with why", async () => {
    await sidebar.locator("#co-keywords").evaluate(
      (el, text) => {
        (el as HTMLInputElement).focus();
        const data = new DataTransfer();
        data.setData("text", text);
        el.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
        );
      },
      Array.from({ length: 12 }, (_, i) => `k${i + 1}`).join("\n"),
    );
    await expect.poll(() => chips("co-keywords")).toHaveLength(10);
    // Before: k11 and k12 vanished without a word, and the box with them.
    expect(await sidebar.locator("#co-keywords").inputValue()).toBe("k11, k12");
    expect(await sidebar.getByTestId("co-keywords-refused").textContent()).toContain("at most 10");
    await sidebar.getByRole("button", { name: "Clear" }).click();
  });

  it("Companies: commas make chips, names fold to the list, what cannot match is refused at the field", async () => {
    await type("#co-locations", "germany, usa");
    expect(await chips("co-locations")).toEqual(["Germany", "United States"]);

    await type("#co-industries", "sofware development");
    const refused = sidebar.getByTestId("co-industries-refused");
    await expect
      .poll(() => refused.textContent())
      .toMatch(/"sofware development" is not in the industry list/);
    expect(await chips("co-industries")).toEqual([]);
    await refused.getByRole("button", { name: "Software Development" }).click();
    expect(await chips("co-industries")).toEqual(["Software Development"]);
    await expect.poll(() => refused.count()).toBe(0);

    await sidebar.getByText("Revenue and exclusions").click();
    await type("#co-exclude_domains", "a.com, https://www.B.com/about, bad domain.com");
    expect(await chips("co-exclude_domains")).toEqual(["a.com", "b.com"]);
    await expect
      .poll(() => sidebar.getByTestId("co-exclude_domains-refused").textContent())
      .toMatch(/"bad domain.com" is not a web domain/);
    expect(await sidebar.locator("#co-exclude_domains").inputValue()).toBe("bad domain.com");
    await sidebar.locator("#co-exclude_domains").fill("");

    // Typed, not yet a chip, when Estimate is clicked: it becomes one, and the estimate runs.
    await type("#co-exclude_ids", "1000042, 1000043", false);
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await sidebar.getByTestId("company-estimate").waitFor();
    expect(await chips("co-exclude_ids")).toEqual(["1000042", "1000043"]);
    const sent = lastArg<CompanySearchForm>(calls, "companyEstimate");
    expect(sent).toMatchObject({
      locations: ["Germany", "United States"],
      industries: ["Software Development"],
      exclude_domains: ["a.com", "b.com"],
      exclude_ids: ["1000042", "1000043"],
    });
  });

  it("Companies: Companies to fetch and Start at match keep what is typed: 1,500 is 1,500, ten is refused naming it", async () => {
    // Typed key by key: before, the comma of "1,500" emptied the box (NaN shown as ""), and the
    // digits after it made the search 500 companies; "2.5" became 25.
    const retype = async (selector: string, text: string) => {
      await sidebar.locator(selector).fill("");
      await type(selector, text, false);
    };
    await retype("#co-limit_by", "1,500");
    await retype("#co-offset_by", "1 001");
    expect(await sidebar.locator("#co-limit_by").inputValue()).toBe("1,500");
    expect(await sidebar.locator("#co-offset_by").inputValue()).toBe("1 001");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await expect.poll(() => lastArg<CompanySearchForm>(calls, "companyEstimate")?.limit_by).toBe(1500);
    expect(lastArg<CompanySearchForm>(calls, "companyEstimate")?.offset_by).toBe(1000);
    // 1,001 + 1,500 passes the 1,600th match: the estimate cuts the window there.
    await expect.poll(() => sidebar.getByTestId("company-estimate").textContent()).toMatch(/600 companies/);
    await sidebar.getByRole("button", { name: "Back" }).click();

    await retype("#co-limit_by", "2.5");
    expect(await sidebar.locator("#co-limit_by").inputValue()).toBe("2.5");
    await retype("#co-offset_by", "1");
    await retype("#co-limit_by", "ten");
    expect(await sidebar.locator("#co-limit_by").inputValue()).toBe("ten");
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await expect
      .poll(() => sidebar.getByTestId("problems-limit_by").textContent())
      .toMatch(/"ten" is not a whole number/);
    await retype("#co-limit_by", "25");
  });

  it("Companies: a 5,000-character keyword or location is refused at its field with the field's rule (issue 23.11)", async () => {
    const sentBefore = calls.filter((c) => c.method === "companyEstimate").length;
    const long = "a".repeat(5_000);
    await sidebar.locator("#co-keywords").fill(long);
    await page.keyboard.press("Enter");

    await expect
      .poll(() => sidebar.getByTestId("co-keywords-refused").textContent())
      .toMatch(/is 5,000 characters: a keyword has at most 40/);
    expect(await chips("co-keywords")).toEqual([]);
    await sidebar.locator("#co-keywords").fill("");

    await sidebar.locator("#co-locations").fill(long);
    await page.keyboard.press("Enter");
    await expect
      .poll(() => sidebar.getByTestId("co-locations-refused").textContent())
      .toMatch(/is not a listed location/);
    // Refused, it stays in the box to be corrected, and nothing was sent.
    await expect.poll(() => sidebar.locator("#co-locations").inputValue()).toBe(long);
    expect(await sidebar.getByText(/could not read this request/).count()).toBe(0);
    expect(calls.filter((c) => c.method === "companyEstimate")).toHaveLength(sentBefore);
    await sidebar.locator("#co-locations").fill("");
  });

  it("Leads: personas take any keywords as chips, presets fill a card, Estimate commits the chip being typed", async () => {
    await sidebar.getByRole("tab", { name: "Leads" }).click();
    await sidebar.locator("#leads-target-kind").selectOption("without_company");
    await sidebar.getByTestId("persona-presets").getByRole("button", { name: "Founders" }).click();
    expect(await sidebar.locator("#persona-0-name").inputValue()).toBe("Founders");
    expect(await chips("persona-0-functions")).toEqual([]);
    expect(await chips("persona-0-seniorities")).toEqual(["founder", "co-founder", "owner"]);

    await sidebar.getByTestId("add-persona").click();
    await sidebar.locator("#persona-1-name").fill("Growth people");
    await type("#persona-1-functions", "Marketing, digital marketing, growth hacking");
    expect(await chips("persona-1-functions")).toEqual(["marketing", "digital marketing", "growth hacking"]);
    await sidebar.locator("#persona-1-priority").fill("1");

    await sidebar.getByText("Lead filters", { exact: true }).click();
    await type("#leads-locations", "germany\nberlin, berlin, germany");
    expect(await chips("leads-locations")).toEqual(["Germany", "Berlin, Berlin, Germany"]);
    // manager+ (Manager up to Chief Officer, A5) typed stays manager+: before, it became manager.
    await type("#persona-1-seniorities", "VP, head of, Manager+", false);

    await sidebar.getByRole("button", { name: "Estimate" }).click();
    await expect.poll(() => lastArg<{ form: LeadSearchForm }>(calls, "leadsEstimate")).toBeDefined();
    const { form } = lastArg<{ form: LeadSearchForm }>(calls, "leadsEstimate") ?? { form: null };
    expect(form?.personas[1]).toMatchObject({
      name: "Growth people",
      functions: ["marketing", "digital marketing", "growth hacking"],
      seniorities: ["vp", "head of", "manager+"],
      priority: "1",
    });
    expect(form?.personas[0]).toMatchObject({
      functions: [],
      seniorities: ["founder", "co-founder", "owner"],
    });
    expect(form?.locations).toEqual(["Germany", "Berlin, Berlin, Germany"]);
  });

  it("Leads: a company's link pasted as its name is refused under Where, naming the choice it belongs to, and nothing is sent", async () => {
    await sidebar.getByRole("tab", { name: "Leads" }).click();
    await sidebar.locator("#leads-target-kind").selectOption("company_name");
    await sidebar
      .locator("#leads-target-value")
      .fill("https://www.network.example/company/acme/?trk=public_profile");
    const estimates = calls.filter((c) => c.method === "leadsEstimate").length;
    await sidebar.getByRole("button", { name: "Estimate" }).click();
    const where = sidebar.getByTestId("target").getByTestId("field-problem");
    await expect
      .poll(() => where.textContent())
      .toMatch(/is a company's profile link, not its name\. Choose Company profile link above/);
    expect(calls.filter((c) => c.method === "leadsEstimate")).toHaveLength(estimates);
    await sidebar.locator("#leads-target-kind").selectOption("without_company");
  });

  it("presets: saving over a name asks, rename and delete work, loading over unsaved edits asks", async () => {
    // Leads tab (from the test before): save the personas, then delete them.
    await sidebar.getByText("Saved personas", { exact: true }).click();
    await sidebar.locator("#leads-preset-name").fill("Team");
    await sidebar.getByTestId("leads-preset").getByRole("button", { name: "Save" }).click();
    await expect.poll(() => sidebar.locator("#leads-preset-pick option").count()).toBe(2);
    await sidebar.locator("#leads-preset-pick").selectOption("Team");
    await sidebar.getByTestId("leads-preset").getByRole("button", { name: "Delete" }).click();
    await sidebar.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => sidebar.locator("#leads-preset-pick").count()).toBe(0);

    await sidebar.getByRole("tab", { name: "Companies" }).click();
    await sidebar.getByText("ICP presets", { exact: true }).click();
    const presets = sidebar.getByTestId("co-preset");
    const save = async (name: string) => {
      await sidebar.locator("#co-preset-name").fill(name);
      await presets.getByRole("button", { name: "Save" }).click();
    };
    await save("DACH");
    await expect
      .poll(() => sidebar.locator("#co-preset-pick option").allTextContents())
      .toEqual(["Choose…", "DACH"]);
    await save("DACH");
    const dialog = sidebar.getByRole("alertdialog");
    expect(await dialog.textContent()).toContain('A preset named "DACH" exists. Replace it?');
    await dialog.getByRole("button", { name: "Replace" }).click();

    await sidebar.locator("#co-preset-pick").selectOption("DACH");
    await presets.getByRole("button", { name: "Rename" }).click();
    await sidebar.locator("#co-preset-rename").fill("DACH SaaS");
    await presets.getByRole("button", { name: "Save new name" }).click();
    await expect
      .poll(() => sidebar.locator("#co-preset-pick option").allTextContents())
      .toEqual(["Choose…", "DACH SaaS"]);

    await sidebar.locator("#co-keywords").fill("fintech");
    await sidebar.locator("#co-keywords").press("Enter");
    await sidebar.locator("#co-preset-pick").selectOption("DACH SaaS");
    await presets.getByRole("button", { name: "Load" }).click();
    expect(await dialog.textContent()).toContain("replaces what you changed in the form");
    await dialog.getByRole("button", { name: "Load" }).click();
    await expect.poll(() => chips("co-keywords")).toEqual([]);

    await presets.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => sidebar.locator("#co-preset-pick").count()).toBe(0);
  });
});
