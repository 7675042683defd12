/**
 * Lead search results where the user wants them (issue 23.17) and work emails in the same run
 * (issue 21.6), in the pure layer: sheet names typed case aside, a CRM export's column read as what
 * lead search can leave out, and the run writing Email / Email status beside each new lead.
 */
import { describe, expect, it } from "vitest";
import type { EmailBatchResult } from "../../src/api/emails";
import type { ApiError } from "../../src/api/errors";
import type { EmailFinderRequest, Lead, LeadSearchRequest } from "../../src/api/wire";
import { EMAIL_NOT_CHECKED, findLeadEmails } from "../../src/jobs/lead-search/lead-emails";
import { leadLeaveOut, leadLeaveOutKey } from "../../src/jobs/lead-search/leave-out";
import { type LeadSearchClient, runLeadSearches } from "../../src/jobs/lead-search/run";
import { destinationName, type SheetsByName, sheetNamed } from "../../src/jobs/sheet-choice";
import { MemoryGrid } from "./enrich-fakes";

const SALES = "ACwAAA1234567890abcdefXYZ";

const lead = (id: string, extra: Partial<Lead> = {}): Lead =>
  ({
    network_id: id,
    network_url: `https://www.network.example/in/person-${id}`,
    full_name: `Person ${id}`,
    first_name: "Person",
    last_name: `Number${id}`,
    company_website: "https://www.acme.com/about",
    job_title: "Head of Marketing",
    company_name: "Acme",
    ...extra,
  }) as Lead;

describe("sheet names typed in a form", () => {
  it("names the existing sheet case aside, else the name as typed, else the search's own", () => {
    const names = ["Leads", "CRM export"];
    expect(sheetNamed("crm EXPORT", names)).toBe("CRM export");
    expect(sheetNamed("Nope", names)).toBeNull();
    expect(destinationName("leads", "Leads", names)).toBe("Leads");
    expect(destinationName("  ", "Leads", names)).toBe("Leads");
    expect(destinationName("prospects q3", "Leads", names)).toBe("prospects q3");
  });
});

describe("what a CRM export's lead cell can leave out", () => {
  it("excludes sales ids and links that carry one; vanity URLs and network ids only by not writing", () => {
    expect(leadLeaveOutKey(SALES)).toEqual({ salesId: SALES, keys: [`url:in/${SALES}`] });
    expect(leadLeaveOutKey(`https://www.network.example/in/${SALES}/`)).toMatchObject({ salesId: SALES });
    expect(leadLeaveOutKey("https://www.network.example/in/Jane-Doe/")).toEqual({
      keys: ["url:in/jane-doe"],
    });
    expect(leadLeaveOutKey('=HYPERLINK("https://network.example/in/jane-doe", "Jane")')).toEqual({
      keys: ["url:in/jane-doe"],
    });
    expect(leadLeaveOutKey("'123456")).toEqual({ keys: ["id:123456"] });
    expect(leadLeaveOutKey("Jane Doe")).toBeNull();
    expect(leadLeaveOutKey("jane@acme.com")).toBeNull();
  });

  it("reads the column by header case aside, and names what is wrong at its field", () => {
    const crm = MemoryGrid.fromRows([
      ["Name", "LinkedIn URL"],
      ["A", `https://www.network.example/in/${SALES}`],
      ["B", "network.example/in/jane-doe"],
      ["C", "Jane Doe"],
      ["D", ""],
    ]);
    const sheets: SheetsByName = {
      grid: (name) => (name === "CRM" ? crm : null),
      names: () => ["Leads", "CRM"],
    };
    expect(leadLeaveOut({ leave_out_sheet: "crm", leave_out_column: "linkedin url" }, sheets)).toEqual({
      sheet: "CRM",
      column: "linkedin url",
      salesIds: [SALES],
      keys: [`url:in/${SALES}`, "url:in/jane-doe"],
      unexcludable: 1,
      unmatched: 1,
    });
    expect(leadLeaveOut({ leave_out_sheet: "Nope", leave_out_column: "x" }, sheets)).toEqual({
      problems: { leave_out_sheet: ['No sheet is named "Nope": the sheets are Leads, CRM.'] },
    });
    expect(leadLeaveOut({ leave_out_sheet: "CRM", leave_out_column: "Profile" }, sheets)).toEqual({
      problems: {
        leave_out_column: ['No column is headed "Profile" there: its headers are Name, LinkedIn URL.'],
      },
    });
    expect(leadLeaveOut({ leave_out_sheet: "", leave_out_column: "" }, sheets)).toBeNull();
  });
});

function searchClient(leads: Lead[]): LeadSearchClient {
  return {
    searchLeads: (requests: LeadSearchRequest[]) => ({
      outcomes: requests.map(() => ({
        ok: true as const,
        value: { leads, amount: -leads.length, results_count: "within limit", status: "success" },
      })),
      stoppedBy: null,
      spent: leads.length,
    }),
  };
}

const lost: ApiError = { kind: "timeout", status: 0, message: "m", next: "n", charged: "maybe" };

describe("a lead search that finds work emails", () => {
  it("writes Email and Email status beside each new lead, catch-all as catch-all, nothing twice", () => {
    const sent: EmailFinderRequest[][] = [];
    const answers = [
      { ok: true as const, value: { status: "valid" as const, email: "person.number1@acme.com" } },
      { ok: true as const, value: { status: "catch-all" as const, email: "=person@acme.com" } },
      { ok: true as const, value: { status: "not found" as const, email: null } },
      { ok: false as const, error: lost },
    ];
    const finder = {
      findEmails(requests: EmailFinderRequest[]): EmailBatchResult {
        sent.push(requests);
        return {
          outcomes: answers.slice(0, requests.length),
          stoppedBy: null,
          rowsAnswered: 3,
          rowsMaybeCharged: 1,
        };
      },
    };
    const grid = MemoryGrid.fromRows([
      ["Full name", "Profile URL", "EMAIL"],
      ["Known", "https://www.network.example/in/person-9", ""],
    ]);
    const summary = runLeadSearches(
      {
        client: searchClient([
          lead("1"),
          lead("2"),
          lead("3"),
          lead("4"),
          lead("5", { company_website: null }),
          lead("9"),
          lead("7"),
        ]),
        grid,
        leftOut: ["url:in/person-7"],
        emails: finder,
        chunkSize: 5,
        deadline: Number.POSITIVE_INFINITY,
      },
      [{ label: "Search", request: { company_name: "Acme" } }],
    );
    // Person 9 is in the sheet, person 7 in the CRM export: neither written, nor asked for.
    expect(summary.written).toBe(5);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(4);
    expect(sent[0]![0]).toEqual({ first_name: "Person", last_name: "Number1", domain: "acme.com" });
    // The sheet's own Email column (another case) is used; Email status is added after the rest.
    expect(grid.column("EMAIL").slice(1)).toEqual([
      "person.number1@acme.com",
      "'=person@acme.com",
      "",
      "",
      "",
    ]);
    expect(grid.column("Email Status").slice(1)).toEqual([
      "valid",
      "catch-all",
      "not found",
      EMAIL_NOT_CHECKED.maybeCharged,
      EMAIL_NOT_CHECKED.noPerson,
    ]);
    expect(summary.emails).toMatchObject({
      counts: { valid: 1, "catch-all": 1, "not found": 1, "not checked": 2 },
      maybeCharged: 1,
      stoppedBy: null,
    });
  });

  it("asks no more after the finder stops the run (no credits), and names no address in the summary", () => {
    const calls: number[] = [];
    const noCredits: ApiError = {
      kind: "insufficient_funds",
      status: 402,
      message: "Out of credits.",
      next: "Top up.",
      charged: "no",
    };
    const finder = {
      findEmails(requests: EmailFinderRequest[]): EmailBatchResult {
        calls.push(requests.length);
        return {
          outcomes: requests.map((_, i) =>
            i === 0 ? { ok: true as const, value: { status: "valid" as const, email: "a@acme.com" } } : null,
          ),
          stoppedBy: noCredits,
          rowsAnswered: 1,
          rowsMaybeCharged: 0,
        };
      },
    };
    const grid = MemoryGrid.fromRows([]);
    const client: LeadSearchClient = {
      searchLeads: (requests: LeadSearchRequest[]) => ({
        outcomes: requests.map((request) => ({
          ok: true as const,
          value: {
            leads: [lead(`${request.company_name}1`), lead(`${request.company_name}2`)],
            amount: -2,
            results_count: "within limit",
            status: "success",
          },
        })),
        stoppedBy: null,
        spent: 2,
      }),
    };
    const summary = runLeadSearches(
      { client, grid, emails: finder, chunkSize: 1, deadline: Number.POSITIVE_INFINITY },
      ["A", "B"].map((name) => ({ label: name, request: { company_name: name } })),
    );
    expect(summary.written).toBe(4);
    expect(calls).toEqual([2]);
    expect(grid.column("Email Status")).toEqual([
      "valid",
      EMAIL_NOT_CHECKED.notSent,
      EMAIL_NOT_CHECKED.notSent,
      EMAIL_NOT_CHECKED.notSent,
    ]);
    expect(summary.emails?.stoppedBy?.message).toBe("Out of credits.");
    expect(JSON.stringify(summary)).not.toContain("@");
  });

  it("a lead whose website is no domain ('acme') or whose name is none is not asked for, and says so", () => {
    const sent: EmailFinderRequest[][] = [];
    const finder = {
      findEmails(requests: EmailFinderRequest[]): EmailBatchResult {
        sent.push(requests);
        return {
          outcomes: requests.map(() => ({
            ok: true as const,
            value: { status: "valid" as const, email: "x@acme.com" },
          })),
          stoppedBy: null,
          rowsAnswered: requests.length,
          rowsMaybeCharged: 0,
        };
      },
    };
    const leads = [lead("1", { company_website: "acme" }), lead("2", { last_name: "12345" }), lead("3")];
    const found = findLeadEmails(finder, leads, Number.POSITIVE_INFINITY);
    expect(sent.flat().map((request) => request.last_name)).toEqual(["Number3"]);
    // Before: sent, the client refused them (free) and they said "the email service could not check it".
    expect(found.cells.map((cell) => cell[1])).toEqual([
      EMAIL_NOT_CHECKED.noPerson,
      EMAIL_NOT_CHECKED.noPerson,
      "valid",
    ]);
  });

  it("asks for no email when the form does not", () => {
    const grid = MemoryGrid.fromRows([]);
    const summary = runLeadSearches(
      { client: searchClient([lead("1")]), grid, chunkSize: 5, deadline: Number.POSITIVE_INFINITY },
      [{ label: "Search", request: { company_name: "Acme" } }],
    );
    expect(summary.emails).toBeNull();
    expect(grid.columnIndex("Email Status")).toBe(-1);
  });
});
