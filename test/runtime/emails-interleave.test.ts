/**
 * A shared sheet under an Emails run: the owner's run is cut between two steps (its first batch
 * written and saved), and an editor then inserts or deletes a column, or inserts rows, above or
 * left of the run's cells, as colleagues do. The next steps must read each person from their own
 * cells, write Email / Email Status / Checked At into those columns only (never a colleague's
 * column), leave no person of the selection unchecked, and send each person once: what the
 * sandbox received and charged is read back.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { PATHS } from "../../src/api/wire";
import type { EmailEstimate, EmailProgress } from "../../src/rpc/emails";
import { type AddonRuntime, startAddonRuntime } from "./support";

/** A fresh sheet per test (columns are inserted and deleted). */
let SHEET = "";
let sheets = 0;
const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
/** Two batches of the step (50 people a batch), one call each (50 rows a call). */
const PEOPLE = 70;
let addon: AddonRuntime;
const sent: Array<Record<string, string>> = [];

function recordingFetch(requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[] {
  for (const r of requests)
    if (r.url.includes("email_"))
      sent.push(...(JSON.parse(r.payload ?? "[]") as Array<Record<string, string>>));
  return fetchAllSync(requests, options);
}

type Answer<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };
function value<T>(method: string, arg: unknown, user = OWNER): T {
  const answer = addon.runtime.rpc(method, arg, { user }) as Answer<T>;
  if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
  return answer.value;
}

const HEADER = ["Account", "First Name", "Last Name", "Company Website", "Stage"];
const person = (i: number) => [`Acct ${i}`, `Ana${i}`, `Perez${i}`, "https://www.initech.com/", `stage ${i}`];

/**
 * Estimates and confirms a find over every person; the first step is cut off between its batches:
 * the first written and saved, the second not yet recorded as going out (nothing of it in flight).
 */
function startAndCut(): string {
  addon.runtime.select(SHEET, `B1:D${PEOPLE + 1}`);
  const estimate = value<EmailEstimate>("emailsEstimate", { kind: "find" });
  expect(estimate.rowsToSend).toBe(PEOPLE);
  const jobId = estimate.progress.jobId;
  value<EmailProgress>("emailsConfirm", { jobId });
  let fetched = false;
  let saves = 0;
  const interrupt = (c: { method: string }) => {
    if (c.method === "UrlFetchApp.fetchAll") fetched = true;
    // The run saved after the first batch, then starts saving the second as in flight.
    if (fetched && c.method.startsWith("Properties.set")) saves += 1;
    return saves === 2;
  };
  expect(() => addon.runtime.rpc("emailsStep", { jobId }, { user: OWNER, interrupt })).toThrow(
    /Exceeded maximum execution time/,
  );
  expect(sent).toHaveLength(50);
  return jobId;
}

function drive(jobId: string): EmailProgress {
  let progress = value<EmailProgress>("emailsStep", { jobId });
  for (let i = 0; progress.state === "running" && i < 30; i += 1)
    progress = value<EmailProgress>("emailsStep", { jobId });
  return progress;
}

/** The sheet's rows as header -> text, whatever column each header is in now. */
function rowsByHeader(): Array<Record<string, string>> {
  const cells = addon.runtime.getSheetCells(SHEET).map((row) => row.map((cell) => String(cell.value ?? "")));
  const header = cells[0]!;
  return cells.slice(1).map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ""])));
}

function expectEveryPersonOnce(): void {
  const people = rowsByHeader().filter((row) => row["First Name"] !== "");
  expect(people).toHaveLength(PEOPLE);
  for (const [i, row] of people.entries()) {
    expect(row).toMatchObject({ Account: `Acct ${i}`, "First Name": `Ana${i}`, Stage: `stage ${i}` });
    expect(row["Email Status"], `row of Ana${i}`).toMatch(/^(valid|not found|catch-all|invalid|unknown)$/);
    expect(row["Checked At"]).not.toBe("");
  }
  // Each person sent once, from their own cells.
  expect(sent.map((body) => body.first_name).sort()).toEqual(
    Array.from({ length: PEOPLE }, (_, i) => `Ana${i}`).sort(),
  );
  for (const body of sent) expect(body.last_name).toBe(body.first_name!.replace("Ana", "Perez"));
}

beforeAll(async () => {
  addon = await startAddonRuntime({
    userProperties: { EMAIL_ROWS_PER_CALL: "50" },
    runtime: { user: OWNER, fetchAll: recordingFetch },
  });
  addon.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: addon.sandboxUrl });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.properties.document.clear();
  sheets += 1;
  SHEET = `CRM ${sheets}`;
  addon.runtime.insertSheet(SHEET);
  addon.runtime.setValues(SHEET, "A1", [HEADER, ...Array.from({ length: PEOPLE }, (_, i) => person(i))]);
  sent.length = 0;
});

describe("Emails: an editor changes the sheet between the owner's steps", () => {
  it("a column inserted left of the run's columns: people read and written where they are now", async () => {
    const jobId = startAndCut();
    addon.runtime.user = EDITOR;
    addon.runtime.insertColumns(SHEET, 1, 1);
    addon.runtime.user = OWNER;
    expect(drive(jobId).state).toBe("done");
    expectEveryPersonOnce();
    expect(await ledgerCredits(addon.control, PATHS.emailFinder)).toBeLessThanOrEqual(PEOPLE);
    // Undo (the editor presses it) finds every written cell where it is now and empties it.
    const undo = value<{ restored: number; leftAlone: number; notFound: number }>(
      "historyUndo",
      null,
      EDITOR,
    );
    expect(undo).toMatchObject({ leftAlone: 0, notFound: 0 });
    expect(rowsByHeader().every((row) => (row["Email Status"] ?? "") === "")).toBe(true);
  });

  it("a column deleted left of the run's columns: no colleague's column is written", async () => {
    addon.runtime.setValues(SHEET, "F1", [["Notes"]]);
    const jobId = startAndCut();
    addon.runtime.deleteColumns(SHEET, 1, 1);
    expect(drive(jobId).state).toBe("done");
    const rows = rowsByHeader();
    for (const [i, row] of rows.entries()) {
      expect(row["First Name"]).toBe(`Ana${i}`);
      expect(row.Stage).toBe(`stage ${i}`);
      expect(row["Email Status"]).toMatch(/^(valid|not found|catch-all|invalid|unknown)$/);
    }
  });

  it("rows inserted above the run: no person is left unchecked or sent twice", async () => {
    const jobId = startAndCut();
    addon.runtime.insertRows(SHEET, 2, 3);
    expect(drive(jobId).state).toBe("done");
    expectEveryPersonOnce();
  });

  it("rows of new people inserted inside the run: it stops before spending past its estimate", async () => {
    const jobId = startAndCut();
    // The editor inserts 10 people among those not reached yet (after Ana59, at sheet row 61).
    addon.runtime.user = EDITOR;
    addon.runtime.insertRows(SHEET, 61, 10);
    const added = Array.from({ length: 10 }, (_, i) => [
      `New ${i}`,
      `Neo${i}`,
      `Ray${i}`,
      "initech.com",
      "new",
    ]);
    addon.runtime.setValues(SHEET, "A61", added);
    addon.runtime.user = OWNER;
    // Before: the run went on and sent the 10 added people too, past the 70 its owner accepted.
    const stopped = value<EmailProgress>("emailsStep", { jobId });
    expect(stopped.state).toBe("stopped");
    expect(stopped.message).toMatchObject({ kind: "changed" });
    expect(stopped.message?.message).toContain(
      "more to check than its estimate counted (at most 70 credits)",
    );
    expect(sent).toHaveLength(50);
    // A new estimate counts the rest: 20 people of the selection and the 10 added.
    value<EmailProgress>("emailsCancel", { jobId });
    addon.runtime.select(SHEET, `B1:D${PEOPLE + 11}`);
    expect(value<EmailEstimate>("emailsEstimate", { kind: "find" }).rowsToSend).toBe(30);
  });

  it("the list sorted (Z to A by first name): no person is left unchecked, none sent twice", async () => {
    const jobId = startAndCut();
    // As a colleague's sort leaves it: the same rows, in another order (row values moved whole).
    const width = addon.runtime.getSheetCells(SHEET)[0]!.length;
    const last = String.fromCharCode(64 + width);
    const body = addon.runtime.getValues(SHEET, `A2:${last}${PEOPLE + 1}`);
    const sorted = [...body].sort((a, b) => String(b[1]).localeCompare(String(a[1])));
    addon.runtime.setValues(SHEET, "A2", sorted as Array<Array<string | number | boolean | Date | null>>);
    const end = drive(jobId);
    const people = rowsByHeader().filter((row) => row["First Name"] !== "");
    const unchecked = people.filter((row) => row["Email Status"] === "");
    if (end.state === "done") {
      expect(unchecked).toEqual([]);
      expectEveryPersonOnce();
    } else {
      // Or it stops before sending and says why; a new estimate then sends only the rest.
      expect(end.state).toBe("stopped");
      expect(end.message?.kind).toBe("changed");
      expect(sent).toHaveLength(50);
      value<EmailProgress>("emailsCancel", { jobId });
      addon.runtime.select(SHEET, `B1:D${PEOPLE + 1}`);
      const again = value<EmailEstimate>("emailsEstimate", { kind: "find" });
      expect(again.rowsToSend).toBe(unchecked.length);
    }
  });

  it("a column the run writes deleted: the run stops before sending, naming it", async () => {
    const jobId = startAndCut();
    // Email Status, appended at G by the estimate.
    addon.runtime.deleteColumns(SHEET, 7, 1);
    const stopped = value<EmailProgress>("emailsStep", { jobId });
    expect(stopped.state).toBe("stopped");
    expect(stopped.message?.message).toMatch(/"Email Status" \(was G\)/);
    expect(sent).toHaveLength(50);
    expect(rowsByHeader().every((row) => row.Stage?.startsWith("stage"))).toBe(true);
  });
});

describe("Emails: Cancel pressed while a step is sending", () => {
  it("the step stops after the batch already out; the sidebar's next step sends nothing", async () => {
    addon.runtime.select(SHEET, `B1:D${PEOPLE + 1}`);
    const estimate = value<EmailEstimate>("emailsEstimate", { kind: "find" });
    const jobId = estimate.progress.jobId;
    value<EmailProgress>("emailsConfirm", { jobId });
    let cancelled: EmailProgress | null = null;
    const step = addon.runtime.rpc(
      "emailsStep",
      { jobId },
      {
        user: OWNER,
        interrupt: (c: { method: string }) => {
          if (c.method === "UrlFetchApp.fetchAll" && cancelled === null)
            cancelled = value<EmailProgress>("emailsCancel", { jobId });
          return false;
        },
      },
    ) as Answer<EmailProgress>;
    expect(cancelled).not.toBeNull();
    expect(step.ok && step.value.state).toBe("cancelled");
    // The sidebar steps again only when a step answers "running"; even so nothing more goes out.
    const again = value<EmailProgress>("emailsStep", { jobId });
    expect(again.state).toBe("cancelled");
    expect(sent).toHaveLength(50);
    expect(await ledgerCredits(addon.control, PATHS.emailFinder)).toBeLessThanOrEqual(50);
    const unreached = rowsByHeader().filter((row) => row["First Name"] !== "" && row["Email Status"] === "");
    expect(unreached).toHaveLength(PEOPLE - 50);
  });
});

describe("Emails: a step cut off after its batch was answered, before it was written", () => {
  it("sends no one twice: the batch's rows say they may have been charged", async () => {
    addon.runtime.select(SHEET, `B1:D${PEOPLE + 1}`);
    const estimate = value<EmailEstimate>("emailsEstimate", { kind: "find" });
    const jobId = estimate.progress.jobId;
    value<EmailProgress>("emailsConfirm", { jobId });
    let fetched = false;
    expect(() =>
      addon.runtime.rpc(
        "emailsStep",
        { jobId },
        {
          user: OWNER,
          interrupt: (c: { method: string }) => {
            if (c.method === "UrlFetchApp.fetchAll") fetched = true;
            return fetched && c.method !== "UrlFetchApp.fetchAll";
          },
        },
      ),
    ).toThrow(/Exceeded maximum execution time/);
    expect(sent).toHaveLength(50);
    const end = drive(jobId);
    expect(end.state).toBe("done");
    const names = sent.map((body) => body.first_name);
    expect(names.length - new Set(names).size).toBe(0);
    const ledger = await ledgerCredits(addon.control, PATHS.emailFinder);
    expect(ledger).toBeLessThanOrEqual(PEOPLE);
    // What the summary says was spent is the ledger's figure, the cut-off batch included.
    expect(end.summary).toContain(`${ledger} credits charged (the API's ledger`);
    expect(end.counts.maybeCharged).toBe(50);
    // Retry failed rows leaves them out unless ticked, as any row that may have been charged.
    const retry = value<EmailEstimate>("emailsRetryEstimate", { jobId });
    expect(retry).toMatchObject({ maybeCharged: 50, maybeChargedIncluded: false, rowsToSend: 0 });
    const statuses = rowsByHeader().map((row) => row["Email Status"] ?? "");
    expect(statuses.filter((text) => text.includes("may have been charged"))).toHaveLength(50);
  });
});

describe("Emails: Undo last run while an Emails run is unfinished", () => {
  it("is refused, as for Enrich: the run's cells are still changing", async () => {
    const jobId = startAndCut();
    const paused = value<EmailProgress>("emailsPause", { jobId });
    expect(paused.state).toBe("paused");
    const undo = addon.runtime.rpc("historyUndo", null, { user: EDITOR }) as Answer<unknown>;
    expect(undo.ok).toBe(false);
    expect(!undo.ok && undo.error.kind).toBe("unfinished");
    // Nothing was put back: the first batch's rows keep their answers.
    expect(rowsByHeader().filter((row) => row["Email Status"] !== "")).toHaveLength(50);
  });
});

describe("Emails: a colleague fills the next free column between the estimate and Confirm", () => {
  it("the run's new columns go after it, and the colleague's column keeps what they typed", async () => {
    addon.runtime.select(SHEET, `B1:D${PEOPLE + 1}`);
    const estimate = value<EmailEstimate>("emailsEstimate", { kind: "find" });
    expect(estimate.writes).toBe("Email (F, new), Email Status (G, new), Checked At (H, new)");
    addon.runtime.user = EDITOR;
    addon.runtime.setValues(SHEET, "F1", [["Notes"], ["call Monday"], ["left a message"]]);
    addon.runtime.user = OWNER;
    value<EmailProgress>("emailsConfirm", { jobId: estimate.progress.jobId });
    expect(drive(estimate.progress.jobId).state).toBe("done");
    const rows = rowsByHeader();
    expect(rows[0]).toMatchObject({ Notes: "call Monday", "First Name": "Ana0" });
    expect(rows[1]).toMatchObject({ Notes: "left a message" });
    expect(
      rows.every((row) => /^(valid|not found|catch-all|invalid|unknown)$/.test(row["Email Status"] ?? "")),
    ).toBe(true);
  });
});
