/**
 * Untrusted text where it lands: the built add-on against a sandbox whose every display text is
 * hostile (`hostileText`, sandbox/api/hostile-text.ts: formula starters in each form, with a
 * leading space, tab, new line or carriage return, full-width; text Sheets turns into a number,
 * a date, a boolean, a fraction or an error; a leading apostrophe; HTML). Every writer runs: Enrich
 * on both generations (twice), a job change with its history and Job changes sheet, Companies,
 * Leads, the Credits export, the Emails action, =LOOKUP_LEAD and Freeze. Each sheet it wrote is
 * read cell by cell: no formula the user did not type, the API's text still text, every hostile
 * text written with the apostrophe that keeps it literal, never escaped twice, and a second
 * refresh reads its own cells back as the API's text (nothing changed, no job change).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import type { CellView } from "../../sandbox/gas/runtime";
import { PATHS } from "../../src/api/wire";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
import type { CompanyEstimate, CompanyRunResult } from "../../src/jobs/company-search/types";
import { HISTORY_SHEET } from "../../src/jobs/history/columns";
import { emptyForm as emptyLeadForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { EmailEstimate, EmailProgress } from "../../src/rpc/emails";
import type { EnrichEstimate, EnrichProgress, EnrichRequest } from "../../src/rpc/enrich";
import type { JobChangesSheet } from "../../src/rpc/history";
import type { LeadsRunResult } from "../../src/rpc/leads";
import { driveSteps, rpcValue } from "../jobs/enrich-world";
import { expectInert as expectInertCells, isHostile } from "./hostile-cells";
import { type AddonRuntime, startAddonRuntime } from "./support";

const CRM = "CRM";
/** An editor of the spreadsheet without an API key of their own. */
const EDITOR = "editor@example.com";
const ROWS = 12;
let addon: AddonRuntime;
let urls: string[];

const value = <T>(method: string, arg: unknown): T => rpcValue<T>(addon.runtime, method, arg);

/** The sheet's cells hold the API's hostile text inert (hostile-cells.ts); how many it holds. */
const expectInert = (sheet: string, textColumns: readonly string[] = []) =>
  expectInertCells(addon.runtime, sheet, textColumns);

function enrich(request: EnrichRequest): EnrichProgress {
  addon.runtime.select(CRM, `A1:A${ROWS + 1}`);
  const estimate = value<EnrichEstimate>("enrichEstimate", request);
  value<EnrichProgress>("enrichConfirm", { jobId: estimate.progress.jobId });
  return driveSteps(addon.runtime, estimate.progress.jobId);
}

const ENRICH_FIELDS: EnrichRequest["options"]["fields"] = [
  "full_name",
  "job_title",
  "company_name",
  "location",
  "headline",
];
const ENRICH_TEXT = ["Full Name", "Job Title", "Company", "Location", "Headline"];
const REFRESH: EnrichRequest = { options: { fields: ENRICH_FIELDS, extras: {}, mode: "refresh" } };

function column(sheet: string, header: string): CellView[] {
  const rows = addon.runtime.getSheetCells(sheet);
  const index = rows[0]!.findIndex((cell) => cell.value === header);
  expect(index, `${header} in ${sheet}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((row) => row[index]!);
}

beforeAll(async () => {
  addon = await startAddonRuntime({
    sandbox: { hostileText: true },
    userProperties: { SPEND_CAP: "5000" },
    runtime: { spreadsheet: { sheets: [{ name: CRM, rows: [["Profile URL"]], maxRows: 40 }] } },
  });
  urls = await addon.control.sampleUrls(ROWS, 300);
  addon.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: addon.sandboxUrl });
});

afterAll(async () => {
  await addon?.close();
});

beforeEach(async () => {
  await addon.control.reset();
  await addon.control.configure({ hostileText: true, bulkLeadShape: "sample" });
  addon.runtime.properties.document.clear();
  addon.runtime.properties.user(addon.runtime.user).setAll({ API_GENERATION: "legacy" });
  for (const sheet of addon.runtime.sheets()) if (sheet.name !== CRM) addon.runtime.deleteSheet(sheet.name);
  addon.runtime.setValues(
    CRM,
    "A1",
    Array.from({ length: 40 }, () => new Array<string>(20).fill("")),
  );
  addon.runtime.setValues(CRM, "A1", [["Profile URL"], ...urls.map((url) => [url])]);
});

// The bulk jobs' lead in both of production's shapes (PRODUCTION.md A19: the endpoint's sample,
// and the migration guide's `title` and `company {name}`).
describe.each([
  ["legacy", "sample"],
  ["bulk", "sample"],
  ["bulk", "migration"],
] as const)("Enrich (%s generation, %s lead shape)", (generation, shape) => {
  it("writes the API's hostile text inert; a second refresh reads it back as the same text", async () => {
    addon.runtime.properties.user(addon.runtime.user).setAll({ API_GENERATION: generation });
    await addon.control.configure({ bulkLeadShape: shape });
    const first = enrich(REFRESH);
    expect(first.state).toBe("done");
    expect(expectInert(CRM, ENRICH_TEXT)).toBeGreaterThan(ROWS);
    const inputs = () => ENRICH_TEXT.map((header) => column(CRM, header).map((cell) => cell.input));
    const before = inputs();

    const charged = async () =>
      (await addon.control.stats()).ledger.reduce((sum, e) => sum + Math.abs(e.amount), 0);
    const firstCharge = await charged();
    const second = enrich(REFRESH);
    expect(second.state).toBe("done");
    // Each run pays once per person (12 distinct URLs), and says what the ledger charged.
    expect(firstCharge).toBe(ROWS);
    expect(await charged()).toBe(2 * ROWS);
    expect(second).toMatchObject({ ok: ROWS, failed: 0, spent: ROWS, charges: { charged: ROWS } });
    expect(inputs()).toEqual(before);
    expectInert(CRM, ENRICH_TEXT);
    // Its own escaped cells compare equal to the API's text: no job change, nothing "changed".
    expect(column(CRM, "Job Changed").map((cell) => cell.value)).toEqual(new Array(ROWS).fill(false));
    expect(addon.runtime.sheets().some((s) => s.name === HISTORY_SHEET)).toBe(true);
    expectInert(HISTORY_SHEET);
  });
});

describe("Enrich with Work email", () => {
  it("writes the names, the job and the finder's addresses inert", () => {
    const end = enrich({
      options: {
        fields: ["first_name", "last_name", "job_title", "company_name", "company_website"],
        extras: {},
        mode: "refresh",
        workEmail: true,
      },
    });
    expect(end.state).toBe("done");
    expect(column(CRM, "Email").some((cell) => cell.value !== "")).toBe(true);
    expect(expectInert(CRM, ["First Name", "Last Name", "Job Title", "Company", "Email"])).toBeGreaterThan(
      ROWS,
    );
  });
});

describe("job changes", () => {
  it("keeps the user's old title and the API's new one inert in statuses, the history and the Job changes sheet", () => {
    enrich(REFRESH);
    // The user's own earlier titles, typed as literal text: the next refresh sees a job change.
    const title = addon.runtime.getValues(CRM, "A1:T1")[0]!.indexOf("Job Title");
    const letter = String.fromCharCode(65 + title);
    for (let row = 2; row <= 4; row += 1) addon.runtime.setCell(CRM, `${letter}${row}`, `'=Old title ${row}`);
    const titleInputs = () => column(CRM, "Job Title").map((cell) => cell.input);
    expect(column(CRM, "Job Title")[0]!.value).toBe("=Old title 2");
    enrich(REFRESH);
    const changed = column(CRM, "Job Changed").map((cell) => cell.value);
    expect(changed.slice(0, 3)).toEqual([true, true, true]);
    expectInert(CRM, ENRICH_TEXT);
    expectInert(HISTORY_SHEET);
    // An editor without a key of their own shows the job changes too: the same inert sheet.
    const sheet = rpcValue<JobChangesSheet>(
      addon.runtime,
      "historyShowJobChanges",
      { since: "2000-01-01" },
      { user: EDITOR },
    );
    expect(sheet.count).toBeGreaterThanOrEqual(3);
    expect(expectInert(sheet.sheetName)).toBeGreaterThan(0);
    // Undo puts the user's literal text back as typed, not as a live formula.
    value("historyUndo", null);
    expect(titleInputs().slice(0, 3)).toEqual(["'=Old title 2", "'=Old title 3", "'=Old title 4"]);
    expectInert(CRM, ENRICH_TEXT);
  });
});

describe("sheet names the add-on makes", () => {
  it("a destination named with Sheets' longest name: paid leads it cannot take go to a spare sheet whose name fits", async () => {
    // 100 characters, as the form allows: accents, a quote, a formula-looking start.
    const name = `=Q4 prospects, Zoë's 'list' ${"é".repeat(100)}`.slice(0, 100);
    const form: LeadSearchForm = {
      ...emptyLeadForm(),
      target: { kind: "company_name", value: "Sixhundred Labs" },
      personas: [{ name: "Sales", functions: ["marketing", "sales"], seniorities: [], prohibit: [] }],
      limit_by: "5",
      sheet_name: name,
    };
    const answer = addon.runtime.rpc(
      "leadsRun",
      { form, confirmedMaxCredits: 5 },
      {
        interrupt: (call) => {
          // The destination deleted while the search is out: the paid rows need a spare sheet.
          if (call.method === "UrlFetchApp.fetchAll" && call.count === 1) addon.runtime.deleteSheet(name);
          return false;
        },
      },
    ) as { ok: true; value: LeadsRunResult } | { ok: false; error: { message: string } };
    if (!answer.ok) throw new Error(answer.error.message);
    const run = answer.value;
    if (!run.ok) throw new Error("problems");
    const charged = await ledgerCredits(addon.control, PATHS.leadSearch);
    expect(charged).toBeGreaterThan(0);
    expect(run.stoppedBy?.message).toMatch(/could not take the rows.*written to the new sheet/);
    const spare = addon.runtime.sheets().find((s) => s.name.includes("unsaved rows"));
    expect(spare?.name.length).toBeLessThanOrEqual(100);
    // Every paid lead is in it, inert.
    expect(addon.runtime.getSheetCells(spare!.name).length - 1).toBe(charged);
    expectInert(spare!.name, ["Full Name", "Job Title", "Company"]);
  });
});

describe("searches, export, emails and formulas", () => {
  it("Companies: every hostile text inert, the ledger charged once per company written", async () => {
    const form = { ...emptyCompanyForm(), limit_by: 30 };
    const estimate = value<CompanyEstimate>("companyEstimate", form);
    const run = value<CompanyRunResult>("companyRun", { form, confirmedCredits: estimate.maxCredits });
    expect(run.written).toBeGreaterThan(0);
    const text = ["Company", "Raw Name", "Description", "Tagline", "Industry", "Location", "Headcount"];
    expect(expectInert("Companies", text)).toBeGreaterThan(run.written);
    expect(await ledgerCredits(addon.control, PATHS.companySearch)).toBe(run.written);
    // The same search again leaves out the companies read back from their escaped cells: new
    // ones only, each charged once, none written twice.
    const again = value<CompanyRunResult>("companyRun", { form, confirmedCredits: estimate.maxCredits });
    expect(again).toMatchObject({ duplicates: 0 });
    const ids = column("Companies", "Network ID").map((cell) => cell.value);
    expect(new Set(ids).size).toBe(run.written + again.written);
    expect(await ledgerCredits(addon.control, PATHS.companySearch)).toBe(run.written + again.written);
    expectInert("Companies", text);
  });

  it("Leads: every hostile text inert, a leading apostrophe of a name kept (not doubled)", async () => {
    const form: LeadSearchForm = {
      ...emptyLeadForm(),
      target: { kind: "company_name", value: "Sixhundred Labs" },
      personas: [{ name: "Sales", functions: ["marketing", "sales"], seniorities: [], prohibit: [] }],
      limit_by: "15",
    };
    const run = value<LeadsRunResult>("leadsRun", { form, confirmedMaxCredits: 15 });
    expect(run.ok && run.written).toBeGreaterThan(0);
    const text = ["Full Name", "Job Title", "Company", "Location", "Headline", "Industry", "Job Start Date"];
    expect(expectInert("Leads", text)).toBeGreaterThan(0);
    expect(await ledgerCredits(addon.control, PATHS.leadSearch)).toBe(run.ok ? run.written : -1);
    // Again: the leads read back from their escaped cells are left out, never paid or written twice.
    const again = value<LeadsRunResult>("leadsRun", { form, confirmedMaxCredits: 15 });
    expect(again).toMatchObject({ ok: true, written: 0, duplicates: 0 });
    expect(await ledgerCredits(addon.control, PATHS.leadSearch)).toBe(run.ok ? run.written : -1);
    expectInert("Leads", text);
  });

  it("Credits export: the transactions' descriptions inert, the user's literals beside them kept as typed", () => {
    enrich({ options: { fields: ["job_title"], extras: {}, mode: "refresh" } });
    const exportAll = () =>
      value<{ status: string }>("creditsExport", { filters: {}, replace: true, dropNotes: true });
    expect(exportAll().status).toBe("done");
    expect(expectInert("Transactions", ["description"])).toBeGreaterThan(0);
    // The user's own column after the export's (I): literal text that Sheets would otherwise parse.
    const mine = ["My notes", "'=1+1", "'＝1+1", "'#N/A", "'1 1/2", "'Sep-2023", "''quoted"];
    for (const [i, text] of mine.entries()) addon.runtime.setCell("Transactions", `I${i + 1}`, text);
    expect(exportAll().status).toBe("done");
    const kept = mine.map((_, i) => addon.runtime.getCell("Transactions", `I${i + 1}`).input);
    expect(kept).toEqual(mine);
    expectInert("Transactions", ["description", "My notes"]);
  });

  it("Emails action: the finder's addresses and errors inert", () => {
    addon.runtime.setValues(CRM, "A1", [
      ["First Name", "Last Name", "Company Website", "Notes", "Email", "Email Status"],
      ["Ann", "Lee", "initech.com", "", "", ""],
      ["Bob", "Stone", "shop-catchall.com", "", "", ""],
      ["Eve", "Marsh", "mailerror.example", "", "", ""],
      ["José", "García-López", "initech.com", "", "", ""],
      ...Array.from({ length: ROWS - 4 }, () => ["", "", "", "", "", ""]),
    ]);
    // The user's literals between the columns the action reads and writes: never rewritten.
    const notes = ["'=1+1", "'＋1 555", "'#N/A", "'00123"];
    for (const [i, text] of notes.entries()) addon.runtime.setCell(CRM, `D${i + 2}`, text);
    addon.runtime.select(CRM, "A1:F5");
    const estimate = value<EmailEstimate>("emailsEstimate", { kind: "find" });
    let progress = value<EmailProgress>("emailsConfirm", { jobId: estimate.progress.jobId });
    for (let i = 0; progress.state === "running" && i < 20; i += 1)
      progress = value<EmailProgress>("emailsStep", { jobId: progress.jobId });
    expect(progress.state).toBe("done");
    expect(expectInert(CRM, ["Email", "Notes"])).toBeGreaterThan(0);
    expect(notes.map((_, i) => addon.runtime.getCell(CRM, `D${i + 2}`).input)).toEqual(notes);
  });

  it("=LOOKUP_LEAD returns the text as it is (Sheets does not parse it); Freeze then writes it inert", () => {
    addon.runtime.insertSheet("Formulas");
    addon.runtime.setValues("Formulas", "A1", [["Profile URL"], ...urls.slice(0, 4).map((url) => [url])]);
    addon.runtime.setCell(
      "Formulas",
      "B2",
      `=LOOKUP_LEAD(A2:A5, "full_name,job_title,company_name,location")`,
    );
    const shown = addon.runtime.getValues("Formulas", "B2:E5").flat();
    expect(shown.filter((text) => typeof text === "string" && isHostile(text)).length).toBeGreaterThan(0);
    // A custom function's text is a value: no apostrophe shows, nothing is read as a formula.
    expect(shown.every((text) => typeof text === "string" && !text.startsWith("''"))).toBe(true);
    addon.runtime.select("Formulas", "B2:E5");
    addon.runtime.install();
    addon.runtime.clickMenu("Freeze selected formulas to values");
    expect(addon.runtime.getValues("Formulas", "B2:E5").flat()).toEqual(shown);
    expect(expectInert("Formulas")).toBe(shown.filter((text) => isHostile(String(text))).length);
  });
});
