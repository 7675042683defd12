/**
 * Lead search results where the user wants them (issue 23.17) and work emails in the same run
 * (issue 21.6), in the emulated runtime (built bundle, sandbox API, its ledger): leads go to a
 * sheet the form names (typed in lower case), a CRM export's column is left out (sales ids before
 * sending; vanity profile URLs are not written, and the estimate says they may be charged), and
 * "Find work emails" writes Email and Email status, charging what the ledger says. An editor
 * without the key is told so and nothing is charged.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { addressOf, domainKind, personFindable, spellable } from "../../sandbox/api/email-outcomes";
import { emailDomain } from "../../src/api/validate";
import { type Lead, PATHS } from "../../src/api/wire";
import { emptyForm, type LeadSearchForm } from "../../src/jobs/lead-search/form";
import type { LeadsEstimate, LeadsRunResult } from "../../src/rpc/leads";
import { rpcValue } from "../jobs/enrich-world";
import { type AddonRuntime, startAddonRuntime } from "./support";

const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
let addon: AddonRuntime;
/** The first six marketing leads of 1000254, as the API orders them. */
let first: Lead[];

const form = (change: Partial<LeadSearchForm> = {}): LeadSearchForm => ({
  ...emptyForm(),
  personas: [{ name: "Marketing", functions: ["marketing"], seniorities: [], prohibit: [] }],
  target: { kind: "company_id", value: "1000254" },
  limit_by: "5",
  ...change,
});

function estimate(chosen: LeadSearchForm): LeadsEstimate {
  return rpcValue<LeadsEstimate>(addon.runtime, "leadsEstimate", { form: chosen });
}

function run(chosen: LeadSearchForm): Extract<LeadsRunResult, { ok: true }> {
  const answer = estimate(chosen);
  if (!answer.ok) throw new Error(`estimate problems: ${JSON.stringify(answer.problems)}`);
  const result = rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", {
    form: chosen,
    confirmedMaxCredits: answer.maxCredits,
  });
  if (!result.ok) throw new Error(`run problems: ${JSON.stringify(result.problems)}`);
  return result;
}

async function charged(path: string): Promise<number> {
  return ledgerCredits(addon.control, path);
}

/** A sheet's column (by header) below its header. */
function column(sheet: string, header: string): string[] {
  const rows = addon.runtime.getValues(sheet, "A1:Z40");
  const index = rows[0]!.indexOf(header);
  expect(index, header).toBeGreaterThanOrEqual(0);
  return rows
    .slice(1)
    .map((row) => String(row[index] ?? ""))
    .filter((cell, i) => cell !== "" || String(rows[i + 1]![0] ?? "") !== "");
}

beforeAll(async () => {
  addon = await startAddonRuntime({ userProperties: { SPEND_CAP: "5000" }, runtime: { user: OWNER } });
  await addon.control.setCredits("compare-key", 1000);
  const response = await fetch(`${addon.sandboxUrl}${PATHS.leadSearch}`, {
    method: "POST",
    headers: { Authorization: "Token compare-key", "Content-Type": "application/json" },
    body: JSON.stringify({
      company_id: 1000254,
      personas: [["Marketing", ["marketing"], [], []]],
      limit_by: 6,
    }),
  });
  first = ((await response.json()) as { leads: Lead[] }).leads;
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.user = OWNER;
  for (const sheet of addon.runtime.sheets()) {
    if (sheet.name !== "Sheet1") addon.runtime.deleteSheet(sheet.name);
  }
});

const sheetNames = () => addon.runtime.sheets().map((sheet) => sheet.name);

describe("lead search into a sheet the user picks", () => {
  it("writes into the existing sheet typed in lower case, and makes a missing one", async () => {
    addon.runtime.insertSheet("Prospects");
    const result = run(form({ sheet_name: "prospects" }));
    expect(result.sheetName).toBe("Prospects");
    expect(result.written).toBe(5);
    expect(sheetNames()).toEqual(["Sheet1", "Prospects"]);
    expect(column("Prospects", "LinkedIn URL")).toHaveLength(5);
    // Again: the Prospects sheet's leads are left out by sales id before sending.
    const again = estimate(form({ sheet_name: "PROSPECTS" }));
    expect(again.ok && again.knownExcluded).toBe(5);
    expect(again.ok && again.sheetName).toBe("Prospects");

    const made = run(form({ sheet_name: "q3 prospects" }));
    expect(made.sheetName).toBe("q3 prospects");
    expect(sheetNames()).toEqual(["Sheet1", "Prospects", "q3 prospects"]);
    expect(await charged(PATHS.leadSearch)).toBe(10);
  });
});

describe("leave out what a CRM export holds", () => {
  it("excludes its sales ids before sending: none of them is charged", async () => {
    addon.runtime.insertSheet("CRM export");
    addon.runtime.setValues("CRM export", "A1", [
      ["Account", "Sales Navigator ID"],
      ["A", first[0]!.sales_id],
      ["B", `'${first[1]!.sales_id}`],
      ["C", "Jane Doe"],
    ]);
    const chosen = form({ leave_out_sheet: "crm export", leave_out_column: "sales navigator id" });
    const answer = estimate(chosen);
    expect(answer.ok && answer.leaveOut).toEqual({
      sheet: "CRM export",
      column: "sales navigator id",
      excluded: 2,
      unexcludable: 0,
      unmatched: 1,
    });
    const result = run(chosen);
    expect(result.written).toBe(5);
    expect(await charged(PATHS.leadSearch)).toBe(5);
    const written = column("Leads", "LinkedIn URL");
    expect(written).not.toContain(first[0]!.network_url);
    expect(written).not.toContain(first[1]!.network_url);
  });

  it("does not write the leads its profile URLs name, and says before spending that they may be charged", async () => {
    addon.runtime.insertSheet("CRM export");
    addon.runtime.setValues("CRM export", "A1", [
      ["Name", "LinkedIn"],
      ["A", first[0]!.network_url],
      ["B", `=HYPERLINK("${first[1]!.network_url}", "profile")`],
    ]);
    const chosen = form({ leave_out_sheet: "CRM export", leave_out_column: "linkedin" });
    const answer = estimate(chosen);
    expect(answer.ok && answer.leaveOut).toMatchObject({ excluded: 0, unexcludable: 2, unmatched: 0 });
    const result = run(chosen);
    expect(await charged(PATHS.leadSearch)).toBe(5);
    expect(result.written).toBe(3);
    expect(result.duplicates).toBe(2);
    expect(column("Leads", "LinkedIn URL")).not.toContain(first[0]!.network_url);
  });

  it("refuses to write leads into a sheet of companies, at its field, before anything is charged", async () => {
    addon.runtime.insertSheet("Companies");
    addon.runtime.setValues("Companies", "A1", [
      ["Company", "Company Type", "Website", "Exact Headcount", "HQ Country", "Network ID", "LinkedIn URL"],
      [
        "Acme",
        "Privately Held",
        "https://acme.example",
        120,
        "France",
        "1000001",
        "https://n.example/company/acme",
      ],
    ]);
    const chosen = form({ sheet_name: "companies" });
    const answer = estimate(chosen);
    // Before: the leads went in under the companies, their own ids in Network ID and their
    // profiles in LinkedIn URL, where Find leads at these companies then read them as companies.
    expect(answer).toMatchObject({ ok: false });
    const problem = answer.ok ? null : answer.problems.find((p) => p.path === "sheet_name");
    expect(problem?.message).toBe("Companies holds companies (the Companies tab's columns), not leads");
    const ran = rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", { form: chosen, confirmedMaxCredits: 5 });
    expect(ran.ok).toBe(false);
    expect(
      addon.runtime
        .getValues("Companies", "A1:A5")
        .flat()
        .filter((v) => v !== ""),
    ).toEqual(["Company", "Acme"]);
    expect(await charged(PATHS.leadSearch)).toBe(0);
  });

  it("refuses a sheet whose column headers are below a title row, before anything is charged", async () => {
    addon.runtime.insertSheet("Q3");
    addon.runtime.setValues("Q3", "A1", [
      ["Q3 prospects (owner: me)", "", "", ""],
      ["Name", "Title", "Company", "LinkedIn"],
      ["Jane Doe", "CTO", "Acme", ""],
    ]);
    const answer = estimate(form({ sheet_name: "q3" }));
    // Before: the leads' headers went into row 1 beside the title and their profile URLs into the
    // user's Title column; Name, Title and Company stayed empty.
    expect(answer.ok ? null : answer.problems.find((p) => p.path === "sheet_name")?.message).toBe(
      "Q3's column headers are in row 2 (Name, Title, Company, LinkedIn), not row 1, where a search writes its columns",
    );
    expect(addon.runtime.getValues("Q3", "A1:D3")[2]).toEqual(["Jane Doe", "CTO", "Acme", ""]);
    expect(await charged(PATHS.leadSearch)).toBe(0);
  });

  it("names a sheet or column that is not there at its field, and charges nothing", async () => {
    addon.runtime.insertSheet("CRM export");
    addon.runtime.setValues("CRM export", "A1", [["Name", "LinkedIn"]]);
    const noSheet = estimate(form({ leave_out_sheet: "crm exprt", leave_out_column: "LinkedIn" }));
    expect(noSheet.ok).toBe(false);
    expect(!noSheet.ok && noSheet.problems).toEqual([
      {
        path: "leave_out_sheet",
        message: 'No sheet is named "crm exprt": the sheets are Sheet1, CRM export',
        hint: "",
      },
    ]);
    const noColumn = rpcValue<LeadsRunResult>(addon.runtime, "leadsRun", {
      form: form({ leave_out_sheet: "CRM export", leave_out_column: "Profile" }),
      confirmedMaxCredits: 5,
    });
    expect(!noColumn.ok && noColumn.problems[0]?.message).toBe(
      'No column is headed "Profile" there: its headers are Name, LinkedIn',
    );
    expect(await charged(PATHS.leadSearch)).toBe(0);
  });
});

/** What the sandbox's mail world answers for a lead (email-outcomes.ts). */
function expectedStatus(lead: Lead): string {
  const domain = emailDomain(String(lead.company_website ?? ""));
  const kind = domainKind(domain);
  if (!spellable(lead.first_name, lead.last_name, domain)) return "not found";
  if (kind === "catch-all") return "catch-all";
  if (kind !== "ordinary" || !personFindable(lead.first_name, lead.last_name, domain)) return "not found";
  return "valid";
}

describe("work emails in the same run", () => {
  it("names the email cost as a maximum, writes Email and Email status, and reports the ledger's charge", async () => {
    const chosen = form({ find_emails: true });
    const answer = estimate(chosen);
    expect(answer.ok && [answer.searchCredits, answer.emailCredits, answer.maxCredits]).toEqual([5, 5, 10]);
    const result = run(chosen);
    expect(result.written).toBe(5);
    const statuses = column("Leads", "Email Status");
    expect(statuses).toEqual(first.slice(0, 5).map(expectedStatus));
    const emails = column("Leads", "Email");
    first.slice(0, 5).forEach((lead, i) => {
      if (statuses[i] === "not found") expect(emails[i]).toBe("");
      else
        expect(emails[i]).toBe(
          addressOf(lead.first_name, lead.last_name, emailDomain(String(lead.company_website))),
        );
    });
    const ledger = await charged(PATHS.emailFinder);
    expect(result.emails?.charges?.charged).toBe(ledger);
    expect(ledger).toBe(statuses.filter((s) => s === "valid" || s === "catch-all").length);
    expect(result.charges?.charged).toBe(5);
  });

  it("asks no email at a company whose website is a page on a shared site (calendly.com/...), and charges none", async () => {
    // Blue Retail S.A.'s website is https://calendly.com/blue-retail-s-a-lglc: an address "at" it
    // would be someone@calendly.com. Before: each lead's finder call was charged, and written valid.
    const result = run(
      form({ target: { kind: "company_id", value: "1001280" }, personas: [], find_emails: true }),
    );
    expect(result.written).toBeGreaterThan(0);
    const statuses = column("Leads", "Email Status");
    expect(new Set(statuses)).toEqual(
      new Set(["not checked: the company's website is on calendly.com, not its own domain"]),
    );
    expect(column("Leads", "Email").every((email) => email === "")).toBe(true);
    expect(await charged(PATHS.emailFinder)).toBe(0);
    expect(addon.runtime.sheets().length).toBeGreaterThan(0);
  });

  it("sends the finder the Email rows per call setting's rows a call: 5 leads at 2 a call, 3 calls", async () => {
    addon.runtime.properties.user(OWNER).setAll({ EMAIL_ROWS_PER_CALL: "2" });
    try {
      expect(run(form({ find_emails: true })).written).toBe(5);
      expect(column("Leads", "Email Status")).toEqual(first.slice(0, 5).map(expectedStatus));
      expect((await addon.control.stats()).requests[PATHS.emailFinder]).toBe(3);
    } finally {
      addon.runtime.properties.user(OWNER).delete("EMAIL_ROWS_PER_CALL");
    }
  });

  it("charges per row when the API does, and the summary still says what the ledger charged", async () => {
    await addon.control.configure({ emailCharge: "per_row" });
    const result = run(form({ find_emails: true }));
    expect(await charged(PATHS.emailFinder)).toBe(5);
    expect(result.emails?.charges?.charged).toBe(5);
  });
});

describe("an email call that may have been charged", () => {
  it("is not sent again: its rows say so, no address is in the result, the total is the ledger's", async () => {
    await addon.control.configure({ faults: [{ kind: "malformed", path: PATHS.emailFinder, count: 1 }] });
    const result = run(form({ find_emails: true }));
    expect(result.written).toBe(5);
    expect(column("Leads", "Email Status")).toEqual(
      new Array(5).fill("not checked: may have been charged (not sent again)"),
    );
    expect(column("Leads", "Email").every((cell) => cell === "")).toBe(true);
    const { requests } = await addon.control.stats();
    expect(requests[PATHS.emailFinder]).toBe(1);
    expect(result.emails?.maybeCharged).toBe(5);
    expect(result.emails?.charges?.charged).toBe(await charged(PATHS.emailFinder));
    expect(JSON.stringify(result)).not.toContain("@");
  });
});

describe("an editor without the API key", () => {
  it("is told to save a key, and nothing is charged or written", async () => {
    addon.runtime.user = EDITOR;
    const answer = addon.runtime.rpc("leadsEstimate", {
      form: form({ find_emails: true, sheet_name: "mine" }),
    }) as {
      ok: boolean;
      error?: { message: string };
    };
    expect(answer.ok).toBe(false);
    expect(answer.error?.message).toBe("No API key is saved yet.");
    const ran = addon.runtime.rpc("leadsRun", {
      form: form({ find_emails: true, sheet_name: "mine" }),
      confirmedMaxCredits: 10,
    }) as { ok: boolean };
    expect(ran.ok).toBe(false);
    expect(sheetNames()).toEqual(["Sheet1"]);
    expect(await charged(PATHS.leadSearch)).toBe(0);
    expect(await charged(PATHS.emailFinder)).toBe(0);
  });
});
