/** The Emails action's job with fakes: what is sent, what is written, history and Undo, faults, the cap. */
import { describe, expect, it } from "vitest";
import type { Outcome } from "../../src/api/batch";
import type { EmailFinding } from "../../src/api/email-answers";
import type { EmailBatchResult } from "../../src/api/emails";
import type { ApiError } from "../../src/api/errors";
import type { EmailFinderRequest } from "../../src/api/wire";
import type { EmailJobKind } from "../../src/jobs/emails/columns";
import type { EmailJobDeps } from "../../src/jobs/emails/deps";
import type { EmailPort } from "../../src/jobs/emails/formula";
import { cancelRun, confirmRun, estimateRetry, estimateRun, stepRun } from "../../src/jobs/emails/job";
import { JobError } from "../../src/jobs/enrich/deps";
import { historyLog } from "../../src/jobs/history/log";
import { undoLastRun } from "../../src/jobs/history/undo";
import { DATE_TIME_FORMAT } from "../../src/sheet/sheet-time";
import { errorOf, ManualClock, MemoryLock, MemoryStore } from "./enrich-fakes";
import { InputGrid, MemoryTable } from "./history-fakes";

/** The fake mail world: catchall.* accepts anything, nomail.* has nobody, boom.* loses the answer (maybe charged). */
class FakeEmails implements EmailPort {
  finderCalls: EmailFinderRequest[][] = [];
  validatorCalls: string[][] = [];
  /** Items a call may answer before the deadline: the rest come back unsent (null). */
  answerAtMost = Number.POSITIVE_INFINITY;
  /** Runs on each call (a test advances its clock: the call's time). */
  onCall: () => void = () => {};
  findEmails(requests: EmailFinderRequest[]): EmailBatchResult {
    this.onCall();
    this.finderCalls.push(requests);
    return this.answer(requests.map((r) => this.find(r)));
  }
  validateEmails(addresses: string[]): EmailBatchResult {
    this.validatorCalls.push(addresses);
    return this.answer(addresses.map((a) => this.check(a)));
  }
  private answer(outcomes: Array<EmailFinding | ApiError>): EmailBatchResult {
    return {
      outcomes: outcomes.map((o, i): Outcome<EmailFinding> | null => {
        if (i >= this.answerAtMost) return null;
        return "kind" in o ? { ok: false, error: o } : { ok: true, value: o };
      }),
      stoppedBy: null,
      rowsAnswered: outcomes.length,
      rowsMaybeCharged: 0,
    };
  }
  private find(r: EmailFinderRequest): EmailFinding | ApiError {
    if (r.domain.startsWith("boom"))
      return { ...errorOf("timeout", "maybe"), message: `no answer for ${r.first_name}@${r.domain}` };
    if (r.domain.startsWith("nomail")) return { status: "not found", email: null };
    const address = `${r.first_name}.${r.last_name}@${r.domain}`.toLowerCase();
    return { status: r.domain.startsWith("catchall") ? "catch-all" : "valid", email: address };
  }
  private check(address: string): EmailFinding | ApiError {
    const domain = address.split("@")[1] ?? "";
    if (domain.startsWith("catchall")) return { status: "catch-all", email: address };
    return { status: address.includes("bad") ? "invalid" : "valid", email: address };
  }
}

function world(rows: string[][], options: { key?: boolean; cap?: number } = {}) {
  const grid = new InputGrid(rows.map((row) => [...row]));
  const client = new FakeEmails();
  const clock = new ManualClock();
  const store = new MemoryStore();
  const table = new MemoryTable();
  const freshSecret = () => "secret-0123456789abcdef0123456789abcdef";
  const deps: EmailJobDeps = {
    store,
    lock: new MemoryLock(),
    clock,
    grid: (id) => (id === 1 ? grid : null),
    client: () => {
      if (options.key === false) throw new JobError("auth", "No API key is saved for you.");
      return client;
    },
    spendCap: options.cap ?? 1000,
    changes: historyLog({ table, clock, store, freshSecret }, { enabled: true, maxRows: 100_000 }),
  };
  const selection = { sheetId: 1, sheetName: "CRM", top: 1, height: rows.length };
  const run = (kind: EmailJobKind = "find") => {
    const planned = estimateRun(deps, kind, selection);
    confirmRun(deps, planned.job.id);
    // The steps' writes come a few seconds after Confirm, as in a sidebar.
    clock.time += 3_000;
    let progress = stepRun(deps, planned.job.id);
    while (progress.state === "running") progress = stepRun(deps, planned.job.id);
    return { planned, progress };
  };
  const history = {
    table,
    store,
    clock,
    lock: deps.lock,
    freshSecret,
    gridByName: (name: string) => (name === "CRM" ? grid : null),
    gridById: (id: number) => (id === 1 ? { grid, name: "CRM" } : null),
  };
  return { grid, client, deps, selection, run, history, table, clock };
}

const CRM = [
  ["First Name", "Last Name", "Website", "Notes"],
  ["José", "García-López", "https://www.acme.com/about/team", "accents, hyphen, a path"],
  ["Mary J.", "Watson Jr.", "acme.com", "middle initial, Jr."],
  ["", "", "", ""],
  ["jose", "garcia-lopez", "ACME.com", "the first row again"],
  ["Ann", "", "acme.com", "no last name"],
  ["Bob", "Catch", "catchall.io", ""],
  ["Nobody", "Here", "nomail.io", ""],
];

describe("Emails: find", () => {
  it("estimates first, sends each person once with cleaned names and domains, and writes Email, status, Checked at", () => {
    const { grid, client, run } = world(CRM);
    const { planned, progress } = run();
    expect(planned).toMatchObject({ rowsToSend: 5, distinct: 4, incomplete: 1, blank: 1, skipped: 0 });
    expect(planned.job.maxCredits).toBe(4);
    expect(client.finderCalls.flat()).toEqual([
      { first_name: "José", last_name: "García-López", domain: "acme.com" },
      { first_name: "Mary", last_name: "Watson", domain: "acme.com" },
      { first_name: "Bob", last_name: "Catch", domain: "catchall.io" },
      { first_name: "Nobody", last_name: "Here", domain: "nomail.io" },
    ]);
    expect(grid.cells[0]!.slice(4)).toEqual(["Email", "Email Status", "Checked At"]);
    expect(grid.column("Email Status")).toEqual([
      "valid",
      "valid",
      "",
      "valid",
      "not checked: needs a last name",
      "catch-all",
      "not found",
    ]);
    // The duplicate copies the first row's answer: sent once.
    expect(grid.column("Email")[3]).toBe(grid.column("Email")[0]);
    expect(progress.counts).toMatchObject({ valid: 3, catchAll: 1, notFound: 1, copied: 1, incomplete: 1 });
    expect(progress.summary).toContain("1 catch-all (unproven)");
    expect(progress.summary).toContain("3 valid");
  });

  it("does not ask for an address at a shared site the company's website is a page of (calendly.com/acme)", () => {
    const { grid, client, run } = world([
      ["First Name", "Last Name", "Website"],
      ["Ada", "Lovelace", "https://calendly.com/acme-sales"],
      ["Bo", "Kim", "https://acme.wixsite.com/home"],
      ["Cy", "Park", "acme.com"],
    ]);
    const { planned } = run();
    // Before: all three were sent, two of them "at" calendly.com and wixsite.com, each charged.
    expect(planned).toMatchObject({ rowsToSend: 1, incomplete: 2 });
    expect(client.finderCalls.flat()).toEqual([{ first_name: "Cy", last_name: "Park", domain: "acme.com" }]);
    expect(grid.column("Email Status").slice(0, 2)).toEqual([
      "not checked: the company's website is on calendly.com, not its own domain",
      "not checked: the company's website is on wixsite.com, not its own domain",
    ]);
  });

  it("says what is wrong with a cell that is filled but no name or domain, not that it is missing", () => {
    const { grid, client, run } = world([
      ["First Name", "Last Name", "Website"],
      ["Ada", "Lovelace", "acme"],
      ["Bo", "Kim", "Acme Inc"],
      ["12345", "", "acme.com"],
      ["Cy", "<b>x</b>", ""],
    ]);
    const { planned } = run();
    expect(planned).toMatchObject({ rowsToSend: 0, incomplete: 4 });
    expect(client.finderCalls.flat()).toEqual([]);
    // Before: "needs a company website or domain" beside "acme", "needs a first name" beside 12345.
    expect(grid.column("Email Status")).toEqual([
      "not checked: the company website is not a domain (such as acme.com)",
      "not checked: the company website is not a domain (such as acme.com)",
      "not checked: needs a last name; the first name is not a person's name",
      "not checked: needs a company website or domain; the last name is not a person's name",
    ]);
  });

  it("an Email cell a CRM export filled with a placeholder (N/A, -, none) holds no email: the person is found", () => {
    const { grid, client, run } = world([
      ["First Name", "Last Name", "Website", "Email"],
      ["Ada", "Lovelace", "acme.com", "N/A"],
      ["Bo", "Kim", "acme.com", "-"],
      ["Cy", "Park", "acme.com", "none"],
      ["Di", "Ross", "acme.com", "di@acme.com"],
    ]);
    const { planned } = run();
    // Before: the three placeholders were "skipped (already holding an email)", never found.
    expect(planned).toMatchObject({ rowsToSend: 3, skipped: 1 });
    expect(client.finderCalls.flat().map((r) => r.first_name)).toEqual(["Ada", "Bo", "Cy"]);
    expect(grid.column("Email")).toEqual([
      "ada.lovelace@acme.com",
      "bo.kim@acme.com",
      "cy.park@acme.com",
      "di@acme.com",
    ]);
  });

  it("does not ask for an address at a free email provider a CRM export put in Website (gmail.com)", () => {
    const { grid, client, run } = world([
      ["Full Name", "Company Domain"],
      ["Ada Lovelace", "gmail.com"],
      ["Bo Kim", "https://www.Yahoo.co.uk/"],
      ["Cy Park", "acme.com"],
    ]);
    const { planned } = run();
    // Before: all three were sent, two of them guesses at personal addresses, each charged.
    expect(planned).toMatchObject({ rowsToSend: 1, incomplete: 2 });
    expect(client.finderCalls.flat()).toEqual([{ first_name: "Cy", last_name: "Park", domain: "acme.com" }]);
    expect(grid.column("Email Status").slice(0, 2)).toEqual([
      "not checked: gmail.com is a free email provider's domain, not the company's",
      "not checked: yahoo.co.uk is a free email provider's domain, not the company's",
    ]);
  });

  it("writes Checked At as a Sheets date with a date-time format (issue 23.10)", () => {
    const { grid, run } = world(CRM);
    run();
    const column = grid.cells[0]!.indexOf("Checked At") + 1;
    const checked = grid.column("Checked At").filter((value) => value !== "");
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.every((value) => value instanceof Date)).toBe(true);
    expect(grid.numberFormats.get(`2:${column}`)).toBe(DATE_TIME_FORMAT);
  });

  it("skips rows that already hold a valid email, and says so in the estimate", () => {
    const rows = [
      ["Full Name", "Company Website", "Email", "Email Status"],
      ["Jane Q. Doe", "acme.com", "jane@acme.com", "valid"],
      ["Dr. Sam Smith PhD", "acme.com", "", ""],
    ];
    const { client, run, grid } = world(rows);
    const { planned } = run();
    expect(planned).toMatchObject({ rowsToSend: 1, skipped: 1, skippedValid: 1 });
    expect(client.finderCalls.flat()).toEqual([
      { first_name: "Sam", last_name: "Smith", domain: "acme.com" },
    ]);
    expect(grid.cells[1]![2]).toBe("jane@acme.com");
  });

  it("records every cell in the change history, and Undo puts the sheet back", () => {
    const { grid, run, history } = world(CRM);
    const before = grid.cells.map((row) => [...row]);
    run();
    const undone = undoLastRun(history);
    expect(undone.notFound).toBe(0);
    expect(undone.leftAlone).toBe(0);
    expect(grid.cells.map((row) => row.slice(0, 4))).toEqual(before);
    expect(grid.cells.every((row) => row.slice(4).every((cell) => cell === ""))).toBe(true);
  });

  it("an editor without a key is refused at Confirm, before anything is sent", () => {
    const { deps, selection, client } = world(CRM, { key: false });
    const planned = estimateRun(deps, "find", selection);
    expect(() => confirmRun(deps, planned.job.id)).toThrow(/No API key/);
    expect(client.finderCalls).toEqual([]);
  });

  it("a call that may have been charged is not sent again; its rows say so without the address; Retry sends only them", () => {
    const rows = [
      ["First Name", "Last Name", "Domain"],
      ["Ann", "Lee", "boom.io"],
      ["Tom", "Poe", "acme.com"],
    ];
    const { grid, client, deps, run } = world(rows);
    const { progress } = run();
    expect(progress.counts).toMatchObject({ failed: 1, maybeCharged: 1, valid: 1 });
    const status = String(grid.column("Email Status")[0]);
    expect(status).toMatch(/^not checked: .*may have been charged/);
    expect(status).not.toContain("@");
    expect(progress.summary).not.toContain("@");
    expect(client.finderCalls.flat()).toHaveLength(2);
    // Retry leaves it out unless the user ticks it (it may be charged twice).
    const retry = estimateRetry(deps, progress.jobId);
    expect(retry).toMatchObject({ rowsToSend: 0, maybeCharged: 1, maybeChargedIncluded: false });
    const ticked = estimateRetry(deps, retry.job.id, true);
    expect(ticked).toMatchObject({ rowsToSend: 1, distinct: 1, maybeCharged: 1, maybeChargedIncluded: true });
  });

  it("stops at the spend cap (1 credit a person at most), leaving the rest unsent", () => {
    const { client, run } = world(CRM, { cap: 2 });
    const { progress } = run();
    expect(client.finderCalls.flat()).toHaveLength(2);
    expect(progress.state).toBe("stopped");
    expect(progress.message?.kind).toBe("spend_cap");
  });

  it("rows whose call the deadline did not let start wait for the next step: none lost, none sent twice", () => {
    const { client, deps, selection, grid } = world(CRM);
    client.answerAtMost = 1;
    const planned = estimateRun(deps, "find", selection);
    confirmRun(deps, planned.job.id);
    let progress = stepRun(deps, planned.job.id);
    expect(progress.state).toBe("running");
    client.answerAtMost = Number.POSITIVE_INFINITY;
    while (progress.state === "running") progress = stepRun(deps, planned.job.id);
    const sent = client.finderCalls.flat().map((r) => r.last_name);
    // Each call re-offers only what was not answered; the answered are never in a later call.
    expect(new Set(sent.slice(1)).has("García-López")).toBe(false);
    expect(progress.counts).toMatchObject({ valid: 3, catchAll: 1, notFound: 1 });
    expect(grid.column("Email Status").filter((s) => s === "")).toHaveLength(1);
  });

  it("a step cut off after writing, before saving its cursor: the next step sends nothing again and counts each row once", () => {
    const rows = [
      ["First Name", "Last Name", "Domain"],
      ["Ann", "Lee", "boom.io"],
      ["Tom", "Poe", "acme.com"],
      ["Bob", "Roe", "nomail.io"],
    ];
    const { client, deps, run } = world(rows);
    const { progress } = run();
    const calls = client.finderCalls.flat().length;
    // What the store held before the cut-off step: the cursor at the top, nothing counted.
    const saved = JSON.parse(deps.store.get("emails.job")!);
    deps.store.set(
      "emails.job",
      JSON.stringify({
        ...saved,
        state: "running",
        cursor: saved.top,
        // The anchors as the step's first save left them (no row passed yet).
        anchors: { ...saved.anchors, done: undefined },
        sent: 0,
        counts: { ...progress.counts, valid: 0, failed: 0, maybeCharged: 0, notFound: 0 },
      }),
    );
    const again = stepRun(deps, progress.jobId);
    expect(client.finderCalls.flat()).toHaveLength(calls);
    expect(again.state).toBe("done");
    expect(again.counts).toMatchObject({ valid: 1, failed: 1, maybeCharged: 1, notFound: 1 });
  });

  it("a long list answers the sidebar after the batch that passes 5 s, with its rows written and saved", () => {
    const rows = [["First Name", "Last Name", "Domain"]];
    for (let i = 0; i < 120; i += 1)
      rows.push([`Ann${"abcdefghij"[i % 10]}`, `Lee${"abcdefghijkl"[Math.floor(i / 10)]}`, "acme.com"]);
    const { client, deps, selection, clock } = world(rows);
    client.onCall = () => {
      clock.time += 3_000;
    };
    const planned = estimateRun(deps, "find", selection);
    confirmRun(deps, planned.job.id);
    const first = stepRun(deps, planned.job.id);
    expect(first).toMatchObject({ state: "running", done: 100 });
    expect(client.finderCalls).toHaveLength(2);
    const second = stepRun(deps, planned.job.id);
    expect(second).toMatchObject({ state: "done", done: 120 });
    expect(second.counts.valid).toBe(120);
  });

  it("cancel ends the run", () => {
    const { deps, selection } = world(CRM);
    const planned = estimateRun(deps, "find", selection);
    confirmRun(deps, planned.job.id);
    expect(cancelRun(deps, planned.job.id).state).toBe("cancelled");
  });
});

describe("Emails: validate a column of addresses", () => {
  it("checks each address once (case aside), skips those already checked, notes what is no address", () => {
    const rows = [
      ["Name", "Email Address"],
      ["A", "Ann@Acme.com"],
      ["B", "ann@acme.com"],
      ["C", "bad@acme.com"],
      ["D", "x@catchall.io"],
      ["E", "not an address"],
      ["F", ""],
    ];
    const { client, run, grid } = world(rows);
    const { planned, progress } = run("validate");
    expect(planned).toMatchObject({ rowsToSend: 4, distinct: 3, incomplete: 1, blank: 1 });
    expect(client.validatorCalls.flat()).toEqual(["Ann@Acme.com", "bad@acme.com", "x@catchall.io"]);
    expect(grid.cells[0]!.slice(2)).toEqual(["Email Status", "Checked At"]);
    expect(grid.column("Email Status")).toEqual([
      "valid",
      "valid",
      "invalid",
      "catch-all",
      "not checked: not an email address",
      "",
    ]);
    expect(progress.counts).toMatchObject({ valid: 2, invalid: 1, catchAll: 1, copied: 1 });
    // Run again: every address is checked already, nothing is sent.
    const again = run("validate");
    expect(again.planned.rowsToSend).toBe(0);
    expect(client.validatorCalls).toHaveLength(1);
  });
});
