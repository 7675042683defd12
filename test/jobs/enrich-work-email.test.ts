/**
 * Issue 21.4: Enrich's "Work email" option, with fakes (the legacy lookup path: the fake client has
 * no bulk jobs). A job change gets its new work email, the old one in the change history and the
 * digest; fill mode keeps a filled email and marks it outdated; a finder call that may have been
 * charged is never sent again; the cap counts the finder's rows.
 */
import { describe, expect, it } from "vitest";
import { findEmails } from "../../src/api/emails";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import type { EmailFinderRequest, Lead } from "../../src/api/wire";
import { runPath } from "../../src/jobs/enrich/bulk/estimate";
import { requestCancel } from "../../src/jobs/enrich/cancel";
import { EMAIL_STATUS_TEXT } from "../../src/jobs/enrich/email-pass";
import { confirmJob, estimateJob, stepJob } from "../../src/jobs/enrich/job";
import type { LookupClient } from "../../src/jobs/enrich/ports";
import { emailChangeText, jobChangesOfRun } from "../../src/jobs/history/digest";
import { deps, FakeClient, lead, MemoryGrid, url } from "./enrich-fakes";
import { historyWorld } from "./history-fakes";

/** Everyone works at `acme.com` unless the map moves them; the finder finds first.last@domain. */
function answerOf(moved: Record<string, string> = {}) {
  return (sent: string) => {
    const slug = sent.split("/in/")[1]!;
    const company = moved[slug];
    const overrides: Partial<Lead> = {
      first_name: `Ann${slug}`,
      last_name: "Lee",
      job_title: company ? `New title ${slug}` : `Title ${slug}`,
      company_name: company ? `${company} Inc` : "Acme",
      company_website: company ? `https://www.${company}.com/about` : "https://acme.com",
    };
    return { ok: true as const, lead: lead(slug, overrides) };
  };
}

/** A finder that answers each row as found (catch-all at domains holding "catchall"). */
function finder(sent: EmailFinderRequest[][]) {
  return (requests: EmailFinderRequest[]) => {
    sent.push(requests);
    return {
      outcomes: requests.map((r) => ({
        ok: true as const,
        value: {
          email: `${r.first_name.toLowerCase()}.${r.last_name.toLowerCase()}@${r.domain}`,
          status: r.domain.includes("catchall") ? ("catch-all" as const) : ("valid" as const),
        },
      })),
      stoppedBy: null,
      rowsAnswered: requests.length,
      rowsMaybeCharged: 0,
    };
  };
}

function worldWith(rows: string[][], options: Record<string, unknown>, moved: Record<string, string> = {}) {
  const w = historyWorld(rows, { workEmail: true, ...options });
  const client: LookupClient = new FakeClient(answerOf(moved));
  const sent: EmailFinderRequest[][] = [];
  client.findEmails = finder(sent);
  w.d.client = () => client;
  return { ...w, sent };
}

const column = (grid: MemoryGrid, header: string) => {
  const index = grid.cells[0]!.indexOf(header);
  return grid.cells.slice(1).map((row) => row[index] ?? "");
};

/** Estimates a refresh of Title with the work email over the whole grid, and confirms it. */
function confirmedRun(d: ReturnType<typeof deps>, grid: MemoryGrid) {
  const box = { sheetId: 1, sheetName: "CRM", top: 1, left: 1, height: grid.cells.length, width: 1 };
  const options = { fields: ["job_title" as const], extras: {}, mode: "refresh" as const, workEmail: true };
  const { progress } = estimateJob(d, grid, box, options);
  // The lookup's credit and, at most, the finder's row.
  expect(progress.creditsPerUrl).toBe(2);
  confirmJob(d, progress.jobId);
  return progress;
}

describe("Enrich's work-email pass", () => {
  it("a job change gets the new work email; the old one is in the history and the digest", () => {
    const w = worldWith(
      [
        ["Profile URL", "Name", "Title", "Company", "Email"],
        [url("a"), "Ann", "Title a", "Acme", "anna.lee@acme.com"],
        [url("b"), "Bob", "Title b", "Acme", "annb.lee@acme.com"],
        [url("c"), "Cy", "Title c", "Acme", ""],
      ],
      { mode: "refresh" },
      { a: "globex" },
    );
    const runId = w.run();
    // a moved: new email at the new company; b unchanged with an email: not sent; c empty: found.
    expect(w.sent.flat()).toEqual([
      { first_name: "Anna", last_name: "Lee", domain: "globex.com" },
      { first_name: "Annc", last_name: "Lee", domain: "acme.com" },
    ]);
    expect(column(w.grid, "Email")).toEqual([
      "anna.lee@globex.com",
      "annb.lee@acme.com",
      "annc.lee@acme.com",
    ]);
    expect(column(w.grid, "email_status")).toEqual(["valid", "", "valid"]);
    // The history holds the old email like any other cell.
    expect(w.table.rows.map((row) => row[4]).join("\n")).toContain(
      'Email: "anna.lee@acme.com" -> "anna.lee@globex.com"',
    );
    const changes = jobChangesOfRun(w.history, runId);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ oldEmail: "anna.lee@acme.com", newEmail: "anna.lee@globex.com" });
    expect(emailChangeText(changes[0]!)).toBe("anna.lee@acme.com -> anna.lee@globex.com");
  });

  it("another spelling of the same company or title is no move: a filled email is not found again (no finder credit)", () => {
    const w = worldWith(
      [
        ["Profile URL", "Title", "Company", "Email"],
        // The answer says "Title a" at "Acme": the sheet's CRM spelling of the same job.
        [url("a"), "TITLE  a", "ACME Inc.", "anna.lee@acme.com"],
        [url("b"), "Title b", "Acme, Inc", "annb.lee@acme.com"],
      ],
      { mode: "refresh" },
    );
    const runId = w.run();
    expect(w.sent.flat()).toEqual([]);
    expect(column(w.grid, "Email")).toEqual(["anna.lee@acme.com", "annb.lee@acme.com"]);
    expect(column(w.grid, "job_changed")).toEqual([false, false]);
    expect(jobChangesOfRun(w.history, runId)).toEqual([]);
  });

  it("fill mode leaves a filled email alone and marks it outdated; an empty one is found", () => {
    const w = worldWith(
      [
        ["Profile URL", "Title", "Company", "Email", "Email Status"],
        [url("a"), "Title a", "Acme", "anna.lee@acme.com", "valid"],
        [url("c"), "Title c", "", "", ""],
      ],
      { mode: "fill" },
      { a: "globex" },
    );
    w.run();
    expect(w.sent.flat()).toEqual([{ first_name: "Annc", last_name: "Lee", domain: "acme.com" }]);
    expect(column(w.grid, "Email")).toEqual(["anna.lee@acme.com", "annc.lee@acme.com"]);
    expect(column(w.grid, "Email Status")).toEqual([EMAIL_STATUS_TEXT.outdated, "valid"]);
  });

  it("an Email cell holding a placeholder (N/A, -) is found like an empty one, in fill and refresh modes", () => {
    for (const mode of ["fill", "refresh"] as const) {
      const w = worldWith(
        [
          ["Profile URL", "Title", "Company", "Email"],
          [url("a"), "Title a", "Acme", "N/A"],
          [url("b"), "Title b", "Acme", "-"],
        ],
        // Title and Company are filled: fill mode looks a row up only for its Email.
        { mode, fields: ["job_title", "company_name"] },
      );
      w.run();
      // Before: no job change and a filled cell, so neither was sent (fill mode: not even looked up).
      expect(
        w.sent.flat().map((r) => r.first_name),
        mode,
      ).toEqual(["Anna", "Annb"]);
      expect(column(w.grid, "Email"), mode).toEqual(["anna.lee@acme.com", "annb.lee@acme.com"]);
    }
  });

  it("a catch-all domain is never shown as valid", () => {
    const w = worldWith(
      [
        ["Profile URL", "Title", "Company"],
        [url("a"), "Title a", "Acme"],
      ],
      { mode: "refresh" },
      { a: "shop-catchall" },
    );
    w.run();
    expect(column(w.grid, "email_status")).toEqual(["catch-all"]);
  });

  it("a finder 500 after a paid call is not sent again, and no address reaches a message", () => {
    const grid = new MemoryGrid([
      ["Profile URL", "Title", "Company"],
      [url("a"), "Title a", "Acme"],
      [url("b"), "Title b", "Acme"],
    ]);
    const client: LookupClient = new FakeClient(answerOf());
    const posts: HttpRequest[] = [];
    const d = deps(grid, client, { settings: { chunkSize: 1, spendCap: 100 } });
    const http = {
      fetchAll: (requests: HttpRequest[]): HttpOutcome[] =>
        requests.map((request) => {
          posts.push(request);
          return { kind: "response", status: 500, body: '{"detail":"boom for annb.lee@acme.com"}' };
        }),
    };
    const ports = {
      connection: { baseUrl: "https://api.test", apiKey: "k" },
      http,
      clock: d.clock,
      maxTries: 4,
    };
    client.findEmails = (requests, options) => findEmails(ports, requests, options);
    const progress = confirmedRun(d, grid);
    let step = stepJob(d, progress.jobId);
    while (step.state === "running") step = stepJob(d, progress.jobId);
    // One finder call per chunk of one URL: each sent once, never retried after its 500.
    expect(posts).toHaveLength(2);
    const statuses = grid.cells.slice(1).map((row) => row[grid.cells[0]!.indexOf("email_status")]);
    // The Emails action's words: not checked, and why; may have been charged, so not sent again.
    for (const status of statuses)
      expect(status).toMatch(
        /^not checked: .+ \(may have been charged; not asked again by itself: select the row and run again to retry\)$/,
      );
    expect(JSON.stringify(grid.cells)).not.toContain("@");
    // The cap counts the rows that may have been charged; the summary says so.
    expect(step.spent).toBe(2);
    expect(step.maybeCharged).toBe(2);
    expect(step.emails).toMatchObject({ failed: 2, creditsAtMost: 2, charged: null });
  });

  it("a finder call cut off before its rows were written is not sent again", () => {
    const grid = new MemoryGrid([
      ["Profile URL", "Title", "Company"],
      [url("a"), "Title a", "Acme"],
    ]);
    const client: LookupClient = new FakeClient(answerOf());
    const d = deps(grid, client);
    let calls = 0;
    client.findEmails = () => {
      calls += 1;
      throw new Error("execution cut off");
    };
    const progress = confirmedRun(d, grid);
    expect(() => stepJob(d, progress.jobId)).toThrow("cut off");
    d.lock.release();
    const after = stepJob(d, progress.jobId);
    expect(calls).toBe(1);
    expect(after.interrupted).toBe(1);
    // The lookup and the finder row may both have been charged: the cap counts both.
    expect(after.maybeCharged).toBe(2);
  });

  it("the cap reserves a finder row for every URL: a cap of 3 sends one URL at 2 credits", () => {
    const grid = new MemoryGrid([
      ["Profile URL", "Title", "Company"],
      [url("a"), "Title a", "Acme"],
      [url("b"), "Title b", "Acme"],
    ]);
    const client: LookupClient = new FakeClient(answerOf());
    const sent: EmailFinderRequest[][] = [];
    client.findEmails = finder(sent);
    const d = deps(grid, client, { settings: { chunkSize: 500, spendCap: 3 } });
    const progress = confirmedRun(d, grid);
    const step = stepJob(d, progress.jobId);
    expect(step.state).toBe("stopped");
    expect(step.message?.kind).toBe("spend_cap");
    expect(sent.flat()).toHaveLength(1);
    expect(step.ok).toBe(1);
  });

  it("Cancel pressed while the lookups were out: the finder is not called, the rows say so", () => {
    const grid = new MemoryGrid([
      ["Profile URL", "Title", "Company"],
      [url("a"), "Title a", "Acme"],
    ]);
    let jobId = "";
    const answer = answerOf();
    const d = deps(
      grid,
      new FakeClient((sent) => {
        requestCancel(d.store, jobId);
        return answer(sent);
      }),
    );
    const client = d.client();
    const sent: EmailFinderRequest[][] = [];
    client.findEmails = finder(sent);
    jobId = confirmedRun(d, grid).jobId;
    const end = stepJob(d, jobId);
    expect(end.state).toBe("cancelled");
    expect(sent).toEqual([]);
    expect(column(grid, "email_status")).toEqual([EMAIL_STATUS_TEXT.cancelled]);
    expect(end.message?.message).toMatch(/Work emails: 0 valid, 1 not checked/);
  });

  it("an answer without a company website: the sheet's Website column serves a row whose job did not change", () => {
    const w = historyWorld(
      [
        ["Profile URL", "Title", "Company", "Website"],
        [url("a"), "Title a", "Acme", "https://www.acme.com/team"],
        [url("b"), "Old title", "Acme", "https://www.acme.com/team"],
      ],
      { workEmail: true, mode: "refresh" },
    );
    const answer = answerOf();
    const client: LookupClient = new FakeClient((sent) => {
      const found = answer(sent);
      const slug = sent.split("/in/")[1]!;
      // b moved (another title); neither answer names the website (a bulk job's sample lead).
      const lead = {
        ...found.lead,
        company_website: null,
        job_title: slug === "b" ? "New title" : found.lead.job_title,
      };
      return { ok: true as const, lead };
    });
    const sent: EmailFinderRequest[][] = [];
    client.findEmails = finder(sent);
    w.d.client = () => client;
    w.run();
    expect(sent.flat()).toEqual([{ first_name: "Anna", last_name: "Lee", domain: "acme.com" }]);
    expect(column(w.grid, "email_status")).toEqual(["valid", EMAIL_STATUS_TEXT.noDomain]);
  });

  it("a Website cell that holds no domain ('Acme Inc') says so, not that the profile lacks a name", () => {
    const w = historyWorld(
      [
        ["Profile URL", "Title", "Company", "Website"],
        [url("a"), "Title a", "Acme", "Acme Inc"],
      ],
      { workEmail: true, mode: "refresh" },
    );
    const answer = answerOf();
    // The answer names no website: the sheet's own cell is the one the pass reads.
    const client: LookupClient = new FakeClient((sent) => ({
      ok: true as const,
      lead: { ...answer(sent).lead, company_website: null },
    }));
    const sent: EmailFinderRequest[][] = [];
    client.findEmails = finder(sent);
    w.d.client = () => client;
    w.run();
    expect(sent.flat()).toEqual([]);
    // Before: "needs a first name and a last name (the profile lacks one)".
    expect(column(w.grid, "email_status")).toEqual([
      "not checked: the company website is not a domain (such as acme.com)",
    ]);
  });

  it("a company website that is a page on a shared site (calendly.com/acme) is not sent to the finder", () => {
    const w = historyWorld(
      [
        ["Profile URL", "Title"],
        [url("a"), "Title a"],
        [url("b"), "Title b"],
      ],
      { workEmail: true, mode: "refresh" },
    );
    const answer = answerOf();
    const client: LookupClient = new FakeClient((sent) => {
      const found = answer(sent);
      // b's company website is a page on calendly.com, not its own mail domain.
      if (!sent.endsWith("/in/b")) return found;
      return {
        ok: true as const,
        lead: { ...found.lead, company_website: "https://calendly.com/acme-sales" },
      };
    });
    const sent: EmailFinderRequest[][] = [];
    client.findEmails = finder(sent);
    w.d.client = () => client;
    w.run();
    // Before: b went to the finder "at" calendly.com, answered and charged.
    expect(sent.flat().map((r) => r.domain)).toEqual(["acme.com"]);
    expect(column(w.grid, "email_status")).toEqual([
      "valid",
      "not checked: the company's website is on calendly.com, not its own domain",
    ]);
  });

  it("the estimate's path: Work email under auto goes through lookups and says why", () => {
    expect(runPath(10, {}, "auto", true)).toMatchObject({
      kind: "lookups",
      text: expect.stringMatching(/Work email needs the company website a lookup answers/),
    });
    expect(runPath(10, {}, "current", true).kind).toBe("bulk");
  });
});
