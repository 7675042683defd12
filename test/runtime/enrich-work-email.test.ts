/**
 * Issue 21.4: Enrich's "Work email" option in the emulated Apps Script runtime over the built
 * add-on, against the sandbox and its ledger, on the legacy lookup path (pinned) and on bulk jobs:
 * a CRM export whose people changed jobs gets each person's new work email at the new company;
 * the estimate names the finder's cost as a maximum; the summary's total is the ledger's, finder
 * rows included; a finder 500 is not sent again; an editor without the key cannot turn the paid
 * pass on for the owner's key.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { addressOf, domainKind, personFindable } from "../../sandbox/api/email-outcomes";
import { emailDomain } from "../../src/api/validate";
import { PATHS } from "../../src/api/wire";
import type { EnrichEstimate, EnrichProgress, EnrichRequest } from "../../src/rpc/enrich";
import {
  crmRows,
  driveSteps,
  type EnrichWorld,
  rpcValue,
  SHEET,
  startEnrichWorld,
  USER,
} from "../jobs/enrich-world";

const ROWS = 12;
const LAST_ROW = ROWS + 1;
const EDITOR = "editor@example.com";
let world: EnrichWorld;

/** Refresh the names, the job and the company website, with the work email. */
const REQUEST: EnrichRequest = {
  options: {
    fields: ["first_name", "last_name", "job_title", "company_name", "company_website"],
    extras: {},
    mode: "refresh",
    workEmail: true,
  },
};

/** What the sandbox's mail world answers for a person (email-outcomes.ts). */
function expected(first: string, last: string, website: string): [string, string] {
  const domain = emailDomain(website);
  if (domain === "") return ["", "not checked: needs a company website or domain (the profile names none)"];
  const kind = domainKind(domain);
  if (kind === "catch-all") return [addressOf(first, last, domain), "catch-all"];
  if (kind !== "ordinary" || !personFindable(first, last, domain)) return ["", "not found"];
  return [addressOf(first, last, domain), "valid"];
}

function table(): Record<string, unknown>[] {
  const [header, ...rows] = world.runtime.getValues(SHEET, `A1:Z${LAST_ROW}`);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [String(name), row[i]])));
}

/** Rows the finder answered with an address (valid, or catch-all: the API's own `result: valid`). */
const found = () =>
  table().filter((row) => row["Email Status"] === "valid" || row["Email Status"] === "catch-all").length;

async function ledger(path: string): Promise<number> {
  return ledgerCredits(world.control, path);
}

async function requests(path: string): Promise<number> {
  return (await world.control.stats()).requests[path] ?? 0;
}

function estimate(user?: string): EnrichEstimate {
  world.runtime.select(SHEET, `A1:A${LAST_ROW}`);
  const options = user ? { user } : undefined;
  return rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", REQUEST, options);
}

/** Estimates, confirms and drives the run as the sidebar does. */
function run(): { estimate: EnrichEstimate; done: EnrichProgress } {
  const shown = estimate();
  rpcValue(world.runtime, "enrichConfirm", { jobId: shown.progress.jobId });
  return { estimate: shown, done: driveSteps(world.runtime, shown.progress.jobId) };
}

/** Every row moved from "Old Co" (crmRows), and holds the old company's email. */
function expectNewEmails(): void {
  for (const row of table()) {
    const [email, status] = expected(
      String(row["First Name"]),
      String(row["Last Name"]),
      String(row["Company Website"] ?? ""),
    );
    expect([row.Email, row["Email Status"]], String(row["First Name"])).toEqual([email, status]);
    expect(row.Email).not.toMatch(/@oldco\.com$/);
  }
}

beforeAll(async () => {
  world = await startEnrichWorld({ rows: [], userProperties: { SPEND_CAP: "5000" } });
  world.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: world.sandboxUrl });
});
afterAll(async () => {
  await world?.close();
});
beforeEach(async () => {
  await world.control.reset();
  const urls = await world.control.sampleUrls(ROWS, 0);
  world.runtime.properties.document.clear();
  const rows = crmRows(urls, 0).map((row, i) => [...row, i === 0 ? "Email" : `person${i}@oldco.com`]);
  world.runtime.setValues(SHEET, "A1", rows);
});

describe("Enrich's work email, legacy lookups (pinned)", () => {
  beforeEach(() => {
    world.runtime.properties.user().setAll({ API_GENERATION: "legacy" });
  });

  it("finds each mover's new email; the estimate's maximum and the ledger's total include the finder", async () => {
    const { estimate: shown, done } = run();
    expect(shown.preview.workEmail).toMatchObject({ maxCredits: ROWS, headers: ["Email", "Email Status"] });
    expect(shown.preview.workEmail!.text).toMatch(/^Work email: up to 12 credits more/);
    expect(shown.preview.maxCredits).toBe(ROWS * 2);
    expect(done.state).toBe("done");
    expectNewEmails();
    const lookups = await ledger(PATHS.leadLookup);
    const emails = await ledger(PATHS.emailFinder);
    // Per email found (the sandbox's default reading; a catch-all's answer is "valid" too): not
    // found is free.
    expect(emails).toBe(found());
    expect(done.emails).toMatchObject({ charged: emails, creditsAtMost: ROWS });
    expect(done.charges).toMatchObject({ charged: lookups + emails, complete: true });
    // The old emails are in the change history.
    const history = world.runtime.getValues("Prospecting changes", "A1:F40").flat().join("\n");
    expect(history).toContain("person1@oldco.com");
    // The job-change digest and the Job changes sheet name the old email and the new one.
    const digest = rpcValue<{ changes: Array<{ oldEmail?: string; newEmail?: string }> }>(
      world.runtime,
      "historyDigest",
      { jobId: done.jobId },
    );
    const first = table()[0]!;
    expect(digest.changes[0]).toMatchObject({ oldEmail: "person1@oldco.com", newEmail: first.Email });
    rpcValue(world.runtime, "historyShowJobChanges", { since: "2020-01-01" });
    const sheet = world.runtime
      .getSheetCells("Job changes")
      .map((row) => row.map((cell) => String(cell.value)));
    expect(sheet[0]!.at(-2)).toBe("Email change");
    expect(sheet[1]!.at(-2)).toBe(`person1@oldco.com -> ${first.Email || "none found"}`);
  });

  it("sends the finder the Email rows per call setting's rows a call: 12 movers at 5 a call, 3 calls", async () => {
    world.runtime.properties.user().setAll({ EMAIL_ROWS_PER_CALL: "5" });
    try {
      expect(run().done.state).toBe("done");
      expectNewEmails();
      expect(await requests(PATHS.emailFinder)).toBe(3);
    } finally {
      world.runtime.properties.user().delete("EMAIL_ROWS_PER_CALL");
    }
  });

  it("a finder 500 is not sent again: its rows say it may have been charged", async () => {
    await world.control.configure({ faults: [{ kind: "server_error", rate: 1, path: PATHS.emailFinder }] });
    const { done } = run();
    expect(done.state).toBe("done");
    // 12 people, 10 rows a call: two calls, each sent once.
    expect(await requests(PATHS.emailFinder)).toBe(2);
    const statuses = new Set(table().map((row) => row["Email Status"]));
    expect([...statuses]).toEqual([
      expect.stringMatching(/^not checked: .+ \(may have been charged; not asked again by itself/),
    ]);
    expect(done.emails).toMatchObject({ failed: ROWS, creditsAtMost: ROWS });
  });
});

describe("Enrich's work email, API generation auto", () => {
  it("goes through lookups, whose answer names the company website, and says why", async () => {
    world.runtime.properties.user().setAll({ API_GENERATION: "auto" });
    world.runtime.properties.user().delete("BULK_WEBSITES_SEEN");
    const { estimate: shown, done } = run();
    expect(shown.path).toMatchObject({ kind: "lookups" });
    expect(shown.path?.text).toMatch(/Work email needs the company website a lookup answers/);
    expect(done.state).toBe("done");
    expect(await requests(PATHS.bulkEnrichDatabase)).toBe(0);
    expectNewEmails();
  });
});

describe("Enrich's work email, API generation auto, after bulk answers showed company websites", () => {
  const SEEN = "BULK_WEBSITES_SEEN";
  const plain = { options: { ...REQUEST.options, workEmail: false } };
  /** A plain refresh (bulk jobs under auto), then the list typed back to its old jobs. */
  async function refreshFirst(): Promise<void> {
    world.runtime.properties.user().setAll({ API_GENERATION: "auto" });
    world.runtime.properties.user().delete(SEEN);
    world.runtime.select(SHEET, `A1:A${LAST_ROW}`);
    const shown = rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", plain);
    rpcValue(world.runtime, "enrichConfirm", { jobId: shown.progress.jobId });
    expect(driveSteps(world.runtime, shown.progress.jobId).state).toBe("done");
    const urls = world.runtime.getValues(SHEET, `A2:A${LAST_ROW}`).map((row) => String(row[0]));
    const rows = crmRows(urls, 0).map((row, i) => [...row, i === 0 ? "Email" : `person${i}@oldco.com`]);
    world.runtime.setValues(SHEET, "A1", rows);
    world.runtime.properties.document.clear();
  }

  it("the migration guide's lead names the domain: the next Work email run takes bulk jobs, no lookup at all", async () => {
    await world.control.configure({ bulkLeadShape: "migration" });
    await refreshFirst();
    expect(world.runtime.properties.user().get(SEEN)).toBe(world.sandboxUrl);
    const lookupsBefore = await requests(PATHS.leadLookup);
    const bulkBefore = await ledger("/leads/bulk/");
    const { estimate: shown, done } = run();
    // Before: lookups, 4 at a time, each group lost and charged when one answer passes 60 s.
    expect(shown.path).toMatchObject({ kind: "bulk" });
    expect(done.state).toBe("done");
    expect(await requests(PATHS.leadLookup)).toBe(lookupsBefore);
    expectNewEmails();
    expect((await ledger("/leads/bulk/")) - bulkBefore).toBe(ROWS);
    expect(await ledger(PATHS.leadLookup)).toBe(0);
  });

  it("the endpoint sample's lead names none: Work email keeps looking each URL up", async () => {
    await world.control.configure({ bulkLeadShape: "sample" });
    await refreshFirst();
    expect(world.runtime.properties.user().get(SEEN)).toBeNull();
    const { estimate: shown, done } = run();
    expect(shown.path).toMatchObject({ kind: "lookups" });
    expect(done.state).toBe("done");
    expectNewEmails();
  });
});

describe("Enrich's work email, bulk jobs (API generation current)", () => {
  beforeEach(() => {
    world.runtime.properties.user().setAll({ API_GENERATION: "current" });
  });

  it("the migration guide's lead (company domain): new emails found, the ledger's total includes them", async () => {
    await world.control.configure({ bulkLeadShape: "migration" });
    const { done } = run();
    expect(done.state).toBe("done");
    expect(await requests(PATHS.leadLookup)).toBe(0);
    expectNewEmails();
    const emails = await ledger(PATHS.emailFinder);
    expect(emails).toBe(found());
    expect(done.charges?.charged).toBe((await ledger("/leads/bulk/")) + emails);
  });

  it("an execution cut off after the finder call, before its rows were saved: the finder is not called again", async () => {
    await world.control.configure({ bulkLeadShape: "migration" });
    const shown = estimate();
    const jobId = shown.progress.jobId;
    rpcValue(world.runtime, "enrichConfirm", { jobId });
    // The first step submits the bulk job; the second polls it, calls the finder, and is cut off
    // as it goes to write the rows.
    rpcValue<EnrichProgress>(world.runtime, "enrichStep", { jobId });
    let fetches = 0;
    expect(() =>
      world.runtime.rpc(
        "enrichStep",
        { jobId },
        {
          interrupt: (call) => {
            if (call.method === "UrlFetchApp.fetchAll") fetches = call.count;
            return fetches >= 2 && call.method.startsWith("Range.");
          },
        },
      ),
    ).toThrow(/Exceeded maximum execution time/);
    expect(await requests(PATHS.emailFinder)).toBe(2);
    const charged = await ledger(PATHS.emailFinder);
    const done = driveSteps(world.runtime, jobId);
    expect(done).toMatchObject({ state: "done", ok: ROWS });
    // The job is polled again (free) and its rows written; the finder is not asked again.
    expect(await requests(PATHS.emailFinder)).toBe(2);
    expect(await ledger(PATHS.emailFinder)).toBe(charged);
    expect(new Set(table().map((row) => row["Email Status"]))).toEqual(
      new Set([
        expect.stringMatching(
          /^not checked: the run was cut off while the email finder was asked \(may have been charged;/,
        ),
      ]),
    );
    expect(done.emails).toMatchObject({ creditsAtMost: ROWS, charged });
  });

  it("the endpoint sample's lead names no website: a mover is not sent, and nothing is charged for it", async () => {
    const { done } = run();
    expect(done.state).toBe("done");
    expect(await requests(PATHS.emailFinder)).toBe(0);
    expect(new Set(table().map((row) => row["Email Status"]))).toEqual(
      new Set(["not checked: needs a company website or domain (the profile names none)"]),
    );
    // The dead email of the old job is emptied; the history keeps it.
    expect(new Set(table().map((row) => row.Email))).toEqual(new Set([""]));
  });
});

describe("an editor without the key", () => {
  type Answer = { ok: boolean; error?: { kind: string } };
  const asEditor = (method: string, arg: unknown) =>
    world.runtime.rpc(method, arg, { user: EDITOR }) as Answer;

  it("can see what the pass would cost, but not confirm it", async () => {
    world.runtime.properties.user().setAll({ API_GENERATION: "legacy" });
    const shown = estimate(EDITOR);
    expect(shown.preview.workEmail?.maxCredits).toBe(ROWS);
    expect(asEditor("enrichConfirm", { jobId: shown.progress.jobId })).toMatchObject({
      ok: false,
      error: { kind: "auth" },
    });
    expect(await requests(PATHS.emailFinder)).toBe(0);
  });

  it("cannot turn the owner's run into one with the paid pass, nor drive it", async () => {
    world.runtime.properties.user().setAll({ API_GENERATION: "legacy" });
    world.runtime.select(SHEET, `A1:A${LAST_ROW}`);
    const withoutEmail = { options: { ...REQUEST.options, workEmail: false } };
    const own = rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", withoutEmail);
    rpcValue(world.runtime, "enrichConfirm", { jobId: own.progress.jobId });
    rpcValue(world.runtime, "enrichPause", { jobId: own.progress.jobId });
    // A new estimate with the pass would replace the owner's run: refused while it is unfinished.
    expect(asEditor("enrichEstimate", REQUEST)).toMatchObject({ ok: false, error: { kind: "unfinished" } });
    for (const method of ["enrichResume", "enrichStep"]) {
      expect(asEditor(method, { jobId: own.progress.jobId })).toMatchObject({
        ok: false,
        error: { kind: "not_owner" },
      });
    }
    expect(await requests(PATHS.emailFinder)).toBe(0);
    expect(await ledger(PATHS.emailFinder)).toBe(0);
    // The owner's run goes on without the pass.
    const done = driveSteps(
      world.runtime,
      rpcValue<EnrichProgress>(world.runtime, "enrichResume", { jobId: own.progress.jobId }).jobId,
    );
    expect(done.state).toBe("done");
    expect(done.emails).toBeUndefined();
    expect(await requests(PATHS.emailFinder)).toBe(0);
    expect(USER).not.toBe(EDITOR);
  });
});
