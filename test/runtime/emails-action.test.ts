/**
 * Issue 21 items 2, 3 and 7: the Emails action (Enrich tab) in the emulated runtime (built bundle,
 * sandbox API and ledger) on what a CRM export holds: accents, hyphens, "Jr.", middle names and
 * initials, websites with paths, blank rows, duplicates, a row already holding a valid email.
 * What was sent, what was written, what the ledger charged (and that the summary says the same),
 * that a catch-all is never "valid", that no address reaches a log or an error, and that an editor
 * without a key is refused before anything is sent, and cannot step the owner's run.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { addressOf, domainKind, personFindable } from "../../sandbox/api/email-outcomes";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { PATHS } from "../../src/api/wire";
import { HISTORY_HEADERS, HISTORY_SHEET } from "../../src/jobs/history/columns";
import type { EmailEstimate, EmailProgress, EmailsStartup } from "../../src/rpc/emails";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
let addon: AddonRuntime;
const sent: Array<{ path: string; body: unknown[] }> = [];

function recordingFetch(requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[] {
  for (const r of requests)
    if (r.url.includes("email_"))
      sent.push({ path: r.url, body: JSON.parse(r.payload ?? "[]") as unknown[] });
  return fetchAllSync(requests, options);
}

type Answer<T> =
  | { ok: true; value: T }
  | { ok: false; error: { kind: string; message: string; next?: string } };
const call = <T>(method: string, arg: unknown, user = OWNER) =>
  addon.runtime.rpc(method, arg, { user }) as Answer<T>;
function value<T>(method: string, arg: unknown, user = OWNER): T {
  const answer = call<T>(method, arg, user);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
  return answer.value;
}

async function credits(path: string): Promise<number> {
  return ledgerCredits(addon.control, path);
}

/** Steps as the sidebar does until the run ends. */
function drive(jobId: string): EmailProgress {
  let progress = value<EmailProgress>("emailsStep", { jobId });
  for (let i = 0; progress.state === "running" && i < 50; i += 1)
    progress = value<EmailProgress>("emailsStep", { jobId });
  return progress;
}

/** What the sandbox's mail world answers for a person (email-outcomes.ts). */
function expected(first: string, last: string, domain: string): [string, string] {
  const kind = domainKind(domain);
  if (kind === "catch-all") return [addressOf(first, last, domain), "catch-all"];
  if (kind !== "ordinary" || !personFindable(first, last, domain)) return ["", "not found"];
  return [addressOf(first, last, domain), "valid"];
}

const CRM = [
  ["First Name", "Last Name", "Company Website", "Email", "Email Status"],
  ["José", "García-López", "https://www.initech.com/about/team", "", ""],
  ["Mary Jane Q.", "O'Neil Jr.", "initech.com/", "", ""],
  ["", "", "", "", ""],
  ["Ann", "Lee", "http://shop-catchall.com", "", ""],
  ["Bob", "Stone", "quiet-nomx.com", "", ""],
  ["jose", "garcía-lópez", "INITECH.COM", "", ""],
  ["Eve", "", "initech.com", "", ""],
  ["Kim", "Park", "initech.com", "kim@initech.com", "valid"],
];

beforeAll(async () => {
  addon = await startAddonRuntime({ runtime: { user: OWNER, fetchAll: recordingFetch } });
  // The editor has no key of their own.
  addon.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: addon.sandboxUrl });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.properties.document.clear();
  addon.runtime.setValues(
    SHEET,
    "A1",
    CRM.map((row) => [...row, "", ""]),
  );
  sent.length = 0;
});

describe("Emails: find for a CRM export", () => {
  it("estimates, sends each person once, writes Email / status / Checked at, and the summary says what the ledger charged", async () => {
    addon.runtime.select(SHEET, "A1:E9");
    const estimate = value<EmailEstimate>("emailsEstimate", { kind: "find" });
    expect(estimate).toMatchObject({
      rowsToSend: 5,
      distinct: 4,
      skipped: 1,
      skippedValid: 1,
      incomplete: 1,
      blank: 1,
      maxCredits: 4,
    });
    expect(estimate.writes).toBe("Email (D), Email Status (E), Checked At (F, new)");
    expect(sent).toEqual([]);
    value<EmailProgress>("emailsConfirm", { jobId: estimate.progress.jobId });
    const done = drive(estimate.progress.jobId);
    expect(done.state).toBe("done");
    // One person once: names cleaned (middle names, initials, "Jr."), domains from websites with paths.
    expect(sent.flatMap((s) => s.body)).toEqual([
      { first_name: "José", last_name: "García-López", domain: "initech.com" },
      { first_name: "Mary Jane", last_name: "O'Neil", domain: "initech.com" },
      { first_name: "Ann", last_name: "Lee", domain: "shop-catchall.com" },
      { first_name: "Bob", last_name: "Stone", domain: "quiet-nomx.com" },
    ]);
    const cells = addon.runtime.getValues(SHEET, "D1:F9");
    expect(cells[0]).toEqual(["Email", "Email Status", "Checked At"]);
    const jose = expected("José", "García-López", "initech.com");
    expect(cells[1]!.slice(0, 2)).toEqual(jose);
    expect(cells[2]!.slice(0, 2)).toEqual(expected("Mary Jane", "O'Neil", "initech.com"));
    expect(cells[3]).toEqual(["", "", ""]);
    expect(cells[4]!.slice(0, 2)).toEqual([addressOf("Ann", "Lee", "shop-catchall.com"), "catch-all"]);
    expect(cells[5]!.slice(0, 2)).toEqual(["", "not found"]);
    expect(cells[6]!.slice(0, 2)).toEqual(jose);
    expect(cells[7]!.slice(0, 2)).toEqual(["", "not checked: needs a last name"]);
    expect(cells[8]).toEqual(["kim@initech.com", "valid", ""]);
    // Checked At is a Sheets date with a date-time format (issue 23.10), so date filters work.
    expect(cells[1]![2]).toBeInstanceOf(Date);
    expect(addon.runtime.getSheetCells(SHEET)[1]![5]!.numberFormat).toBe("yyyy-mm-dd hh:mm:ss");
    // The ledger charged per valid email found (the sandbox's default rule): catch-all included.
    const found =
      [jose, expected("Mary Jane", "O'Neil", "initech.com")].filter((r) => r[0] !== "").length + 1;
    const charged = await credits(PATHS.emailFinder);
    expect(charged).toBe(found);
    expect(charged).toBeLessThanOrEqual(estimate.maxCredits);
    expect(done.charges?.charged).toBe(charged);
    expect(done.summary).toContain(`${charged} credit${charged === 1 ? "" : "s"} charged (the API's ledger)`);
    expect(done.summary).toContain("1 catch-all (unproven)");
    expect(done.counts.valid).toBe(cells.filter((r) => r[1] === "valid").length - 1);
    // No address in any log line.
    expect(addon.runtime.logs.map((l) => JSON.stringify(l)).join("\n")).not.toMatch(
      /@initech|@shop-catchall/,
    );
  });

  it("sends no row whose Company Website is a free email provider (gmail.com): nothing charged for it", async () => {
    addon.runtime.setValues(SHEET, "A1", [
      ["First Name", "Last Name", "Company Website", "Email", "Email Status", "", ""],
      ["Ada", "Lovelace", "gmail.com", "", "", "", ""],
      ["Bo", "Kim", "https://www.Hotmail.co.uk", "", "", "", ""],
      ["José", "García-López", "initech.com", "", "", "", ""],
      ...Array.from({ length: 6 }, () => ["", "", "", "", "", "", ""]),
    ]);
    addon.runtime.select(SHEET, "A1:E4");
    const estimate = value<EmailEstimate>("emailsEstimate", { kind: "find" });
    expect(estimate).toMatchObject({ rowsToSend: 1, incomplete: 2, maxCredits: 1 });
    value<EmailProgress>("emailsConfirm", { jobId: estimate.progress.jobId });
    const done = drive(estimate.progress.jobId);
    expect(done.state).toBe("done");
    expect(done.summary).toContain(
      "2 not sent (a name or a company domain missing, or not the company's own)",
    );
    expect(sent.flatMap((s) => s.body)).toEqual([
      { first_name: "José", last_name: "García-López", domain: "initech.com" },
    ]);
    expect(addon.runtime.getValues(SHEET, "E2:E3")).toEqual([
      ["not checked: gmail.com is a free email provider's domain, not the company's"],
      ["not checked: hotmail.co.uk is a free email provider's domain, not the company's"],
    ]);
    const jose = expected("José", "García-López", "initech.com");
    expect(await credits(PATHS.emailFinder)).toBe(jose[0] === "" ? 0 : 1);
  });

  it("an editor without a key may estimate (free) but is refused at Confirm; nothing sent, nothing charged", async () => {
    addon.runtime.select(SHEET, "A1:E9");
    const estimate = value<EmailEstimate>("emailsEstimate", { kind: "find" }, EDITOR);
    const confirm = call<EmailProgress>("emailsConfirm", { jobId: estimate.progress.jobId }, EDITOR);
    expect(confirm.ok).toBe(false);
    if (!confirm.ok) expect(confirm.error.message).toMatch(/No API key/);
    expect(sent).toEqual([]);
    expect(await credits(PATHS.emailFinder)).toBe(0);
    expect(addon.runtime.getValues(SHEET, "F1:F2")).toEqual([[""], [""]]);
  });

  it("the owner's run: another editor sees it but cannot step, pause or cancel it", async () => {
    addon.runtime.select(SHEET, "A1:E9");
    const estimate = value<EmailEstimate>("emailsEstimate", { kind: "find" });
    const jobId = estimate.progress.jobId;
    value<EmailProgress>("emailsConfirm", { jobId });
    const startup = value<EmailsStartup>("emailsStartup", null, EDITOR);
    expect(startup.owner).toMatchObject({ mine: false });
    for (const method of ["emailsStep", "emailsPause", "emailsCancel"]) {
      const answer = call(method, { jobId }, EDITOR);
      expect(answer.ok, method).toBe(false);
      if (!answer.ok) expect(answer.error.kind).toBe("not_owner");
    }
    expect(sent).toEqual([]);
    expect(drive(jobId).state).toBe("done");
  });
});

describe("Emails: the Email rows per call setting", () => {
  it("set to 3 in Settings, a run over 7 people sends 3 calls of 3, 3 and 1 rows; each person charged once", async () => {
    const saved = call<{ saved: boolean }>("saveSettings", { emailRowsPerCall: "3" });
    expect(saved).toMatchObject({ ok: true, value: { saved: true } });
    try {
      const people = ["Ada", "Ben", "Cy", "Dee", "Ed", "Flo", "Gus"].map((first) => [
        first,
        "Nash",
        "initech.com",
      ]);
      addon.runtime.setValues(SHEET, "A1", [["First Name", "Last Name", "Company Website"], ...people]);
      addon.runtime.select(SHEET, "A1:C8");
      const estimate = value<EmailEstimate>("emailsEstimate", { kind: "find" });
      expect(estimate.rowsToSend).toBe(7);
      value<EmailProgress>("emailsConfirm", { jobId: estimate.progress.jobId });
      expect(drive(estimate.progress.jobId).state).toBe("done");
      expect(sent.map((s) => s.body.length)).toEqual([3, 3, 1]);
      const { requests, ledger } = await addon.control.stats();
      expect(requests[PATHS.emailFinder]).toBe(3);
      const charged = ledger.filter((e) => e.path === PATHS.emailFinder);
      expect(charged.reduce((sum, e) => sum + Math.abs(e.amount), 0)).toBeLessThanOrEqual(7);
    } finally {
      addon.runtime.properties.user(OWNER).delete("EMAIL_ROWS_PER_CALL");
    }
  });

  it("refuses 0, 500 and words with the field's message, and saves nothing", () => {
    for (const typed of ["0", "500", "abc"]) {
      const answer = value<{ saved: boolean; problems?: Record<string, string> }>("saveSettings", {
        emailRowsPerCall: typed,
      });
      expect(answer, typed).toEqual({
        saved: false,
        problems: { emailRowsPerCall: "The email rows per call must be a whole number from 1 to 100." },
      });
    }
    expect(addon.runtime.properties.user(OWNER).get("EMAIL_ROWS_PER_CALL")).toBeNull();
  });
});

describe("Emails: faults", () => {
  it("a failed call loses no row and is not re-sent by itself; Retry failed rows sends it after an estimate; no person charged twice", async () => {
    await addon.control.configure({ faults: [{ kind: "server_error", path: PATHS.emailFinder, count: 1 }] });
    addon.runtime.select(SHEET, "A1:E9");
    const estimate = value<EmailEstimate>("emailsEstimate", { kind: "find" });
    value<EmailProgress>("emailsConfirm", { jobId: estimate.progress.jobId });
    const done = drive(estimate.progress.jobId);
    expect(done.state).toBe("done");
    const statuses = addon.runtime.getValues(SHEET, "E2:E9").map((r) => String(r[0]));
    const failed = statuses.filter((s) => s.startsWith("not checked: ") && !s.includes("needs"));
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((s) => s.includes("may have been charged"))).toBe(true);
    expect(statuses.join("\n")).not.toContain("@");
    const before = sent.length;
    // Another step or a Resume sends nothing more by itself.
    value<EmailProgress>("emailsStep", { jobId: estimate.progress.jobId });
    expect(sent).toHaveLength(before);
    // Retry leaves out what may have been charged until the user ticks it.
    const unticked = value<EmailEstimate>("emailsRetryEstimate", { jobId: estimate.progress.jobId });
    expect(unticked).toMatchObject({
      rowsToSend: 0,
      maybeCharged: failed.length,
      maybeChargedIncluded: false,
    });
    const retry = value<EmailEstimate>("emailsRetryEstimate", {
      jobId: unticked.progress.jobId,
      includeMaybeCharged: true,
    });
    expect(retry.rowsToSend).toBe(failed.length);
    value<EmailProgress>("emailsConfirm", { jobId: retry.progress.jobId });
    expect(drive(retry.progress.jobId).state).toBe("done");
    const after = addon.runtime.getValues(SHEET, "E2:E9").map((r) => String(r[0]));
    expect(after.filter((s) => s.startsWith("not checked: ") && !s.includes("needs"))).toEqual([]);
    // The sandbox charged nothing for the failed call: each person found is charged once.
    const people = new Set(sent.flatMap((s) => s.body.map((p) => JSON.stringify(p))));
    expect(await credits(PATHS.emailFinder)).toBeLessThanOrEqual(people.size);
  });
});

describe("Emails: a second Find", () => {
  it("writes and records only the cells that change: a person still not found gets a new Checked At, not the same status again", async () => {
    addon.runtime.select(SHEET, "A1:E9");
    const first = value<EmailEstimate>("emailsEstimate", { kind: "find" });
    value<EmailProgress>("emailsConfirm", { jobId: first.progress.jobId });
    expect(drive(first.progress.jobId).state).toBe("done");
    expect(addon.runtime.getValues(SHEET, "E6:E6")[0]).toEqual(["not found"]);
    const history = () => addon.runtime.getValues(HISTORY_SHEET, "A1:G200").filter((row) => row[0] !== "");
    const rowsBefore = history().length;
    // The next day, the same selection: Bob Stone is asked again, and is still not found.
    addon.runtime.advanceClock(24 * 3600 * 1000);
    const again = value<EmailEstimate>("emailsEstimate", { kind: "find" });
    expect(again.rowsToSend).toBeGreaterThan(0);
    value<EmailProgress>("emailsConfirm", { jobId: again.progress.jobId });
    expect(drive(again.progress.jobId).state).toBe("done");
    expect(addon.runtime.getValues(SHEET, "E6:E6")[0]).toEqual(["not found"]);
    const summary = history()
      .slice(rowsBefore)
      .map((row) => String(row[HISTORY_HEADERS.indexOf("Summary")]))
      .join("\n");
    expect(summary).toContain("Checked At:");
    // A status the run leaves as it was is no change: not written again, not in the history.
    expect(summary).not.toMatch(/Email Status: ([^;\n]*) -> \1(;|$)/m);
    expect(summary).not.toContain("Email Status: not found -> not found");
  });
});

describe("Emails: validate a column of addresses", () => {
  it("checks each address once, writes status and checked-at beside, and charges what the ledger says", async () => {
    const good = expected("José", "García-López", "initech.com")[0];
    addon.runtime.setValues(SHEET, "A1", [
      ["Name", "Email", "", "", "", "", ""],
      ["José", good, "", "", "", "", ""],
      ["Dup", good.toUpperCase(), "", "", "", "", ""],
      ["Any", "x@shop-catchall.com", "", "", "", "", ""],
      ["Blank", "", "", "", "", "", ""],
      ["Bad", "nobody", "", "", "", "", ""],
      ["", "", "", "", "", "", ""],
      ["", "", "", "", "", "", ""],
      ["", "", "", "", "", "", ""],
    ]);
    addon.runtime.select(SHEET, "B2:B6");
    const estimate = value<EmailEstimate>("emailsEstimate", { kind: "validate" });
    expect(estimate).toMatchObject({ rowsToSend: 3, distinct: 2, incomplete: 1, blank: 1, maxCredits: 2 });
    value<EmailProgress>("emailsConfirm", { jobId: estimate.progress.jobId });
    const done = drive(estimate.progress.jobId);
    expect(sent.flatMap((s) => s.body)).toEqual([good, "x@shop-catchall.com"]);
    const cells = addon.runtime.getValues(SHEET, "C1:D6");
    expect(cells.map((r) => r[0])).toEqual([
      "Email Status",
      "valid",
      "valid",
      "catch-all",
      "",
      "not checked: not an email address",
    ]);
    expect(await credits(PATHS.emailValidator)).toBe(2);
    expect(done.summary).toContain("2 credits charged (the API's ledger)");
    // Run again: every address was checked, nothing is sent or charged.
    const again = value<EmailEstimate>("emailsEstimate", { kind: "validate" });
    expect(again.rowsToSend).toBe(0);
    expect(await credits(PATHS.emailValidator)).toBe(2);
  });
});
