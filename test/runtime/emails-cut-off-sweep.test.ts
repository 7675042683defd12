/**
 * The Emails action (find, then validate) cut off right after each web request of its run, then
 * stepped on as the sidebar does (cut-after-request.ts), against the sandbox's ledger:
 * - nothing charged twice: no input is in two answers the sandbox sent back with a 200;
 * - every input answered has its answer in its row, or a row that says it may have been charged;
 * - every row says what happened, and the run's total is the ledger's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import { EMAIL_STATUSES } from "../../src/api/email-answers";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { PATHS } from "../../src/api/wire";
import type { EmailJobKind } from "../../src/jobs/emails/columns";
import type { EmailEstimate, EmailProgress } from "../../src/rpc/emails";
import { cutAfterRequest, cutPoints } from "./cut-after-request";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
const PEOPLE = 30;
const STATUS = new RegExp(`^(${EMAIL_STATUSES.join("|")}|not checked: .+)$`);

let addon: AddonRuntime;
/** What the sandbox answered with a 200 (charged when it found something), one entry per input. */
let answered: string[] = [];

function recorded(requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[] {
  const outcomes = fetchAllSync(requests, options);
  outcomes.forEach((outcome, i) => {
    const request = requests[i]!;
    if (!request.url.includes("email_") || outcome.kind !== "response" || outcome.status !== 200) return;
    for (const input of JSON.parse(request.payload ?? "[]") as unknown[])
      answered.push(JSON.stringify(input).toLowerCase());
  });
  return outcomes;
}

/** People to find (A:C) or addresses to check (D); `mark` names row i's input in what is sent. */
function rows(kind: EmailJobKind): string[][] {
  const header = kind === "find" ? ["First Name", "Last Name", "Company Website", ""] : ["", "", "", "Email"];
  const people = Array.from({ length: PEOPLE }, (_, i) =>
    kind === "find"
      ? [`Ana${i}`, `Pérez${i}`, `https://www.initech${i % 4}.com/`, ""]
      : ["", "", "", `person${i}@${i % 3 === 0 ? "shop-catchall.com" : "initech.com"}`],
  );
  return [header, ...people];
}
const mark = (kind: EmailJobKind, i: number) => (kind === "find" ? `"ana${i}"` : `"person${i}@`);

type Answer<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };
function value<T>(answer: Answer<T>): T {
  if (!answer.ok) throw new Error(`${answer.error.kind}: ${answer.error.message}`);
  return answer.value;
}

/** Estimates, confirms and steps the run, cut after its `cutAfter`-th web request (0: never). */
function run(kind: EmailJobKind, cutAfter: number): { end: EmailProgress; cut: boolean; requests: number } {
  addon.runtime.select(SHEET, kind === "find" ? `A1:C${PEOPLE + 1}` : `D1:D${PEOPLE + 1}`);
  const estimate = value(addon.runtime.rpc("emailsEstimate", { kind }) as Answer<EmailEstimate>);
  const jobId = estimate.progress.jobId;
  value(addon.runtime.rpc("emailsConfirm", { jobId }) as Answer<EmailProgress>);
  const cutter = cutAfterRequest(cutAfter);
  let end: EmailProgress | null = null;
  for (let i = 0; i < 60 && (end === null || end.state === "running"); i += 1) {
    try {
      const step = addon.runtime.rpc("emailsStep", { jobId }, { interrupt: cutter.interrupt });
      end = value(step as Answer<EmailProgress>);
    } catch (error) {
      expect(String(error)).toMatch(/Exceeded maximum execution time/);
    }
  }
  return { end: end!, cut: cutter.cut(), requests: cutter.requests() };
}

async function expectSettled(kind: EmailJobKind, end: EmailProgress, label: string): Promise<void> {
  expect(end.state, label).toBe("done");
  const twice = answered.filter((input, i) => answered.indexOf(input) !== i);
  expect(twice, label).toEqual([]);
  const header = addon.runtime.getValues(SHEET, "A1:H1")[0]!.map(String);
  const column = header.indexOf("Email Status");
  const statuses = addon.runtime.getValues(SHEET, `A2:H${PEOPLE + 1}`).map((row) => String(row[column]));
  statuses.forEach((status, i) => {
    expect(status, `${label}: row ${i + 2}`).toMatch(STATUS);
    const paid = answered.some((input) => input.includes(mark(kind, i)));
    if (paid && status.startsWith("not checked"))
      expect(status, `${label}: row ${i + 2} was answered`).toMatch(/may have been charged/);
  });
  const path = kind === "find" ? PATHS.emailFinder : PATHS.emailValidator;
  expect(end.charges?.charged, label).toBe(await ledgerCredits(addon.control, path));
}

beforeAll(async () => {
  // Small calls, so that a run makes several fetchAll calls: 2 rows a call, 5 calls at once.
  addon = await startAddonRuntime({
    userProperties: { EMAIL_ROWS_PER_CALL: "2" },
    runtime: { fetchAll: recorded },
  });
});
afterAll(async () => {
  await addon?.close();
});

async function fresh(kind: EmailJobKind): Promise<void> {
  await addon.control.reset();
  addon.runtime.properties.document.clear();
  answered = [];
  const blank = Array.from({ length: PEOPLE + 5 }, () => new Array<string>(10).fill(""));
  addon.runtime.setValues(SHEET, "A1", blank);
  addon.runtime.setValues(SHEET, "A1", rows(kind));
}

describe.each(["find", "validate"] as EmailJobKind[])(
  "the Emails action (%s), cut off after each web request",
  (kind) => {
    let requests = 0;
    beforeEach(async () => {
      await fresh(kind);
    });

    it("uncut: the run's web requests are counted", async () => {
      const uncut = run(kind, 0);
      await expectSettled(kind, uncut.end, "uncut");
      requests = uncut.requests;
      expect(requests).toBeGreaterThan(1);
    });

    it("each cut: nothing charged twice, every answer in its row or said, the total the ledger's", async () => {
      for (const n of cutPoints(requests)) {
        await fresh(kind);
        const { end } = run(kind, n);
        await expectSettled(kind, end, `cut after request ${n} of ${requests}`);
      }
    });
  },
);
