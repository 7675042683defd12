/**
 * The Emails action when Apps Script's daily URL Fetch quota runs out mid-run (PRODUCTION.md G1:
 * the call throws before anything is sent): the rows of the refused call were not sent, so they
 * are neither counted against the run's cap nor written off; the run stops saying so, and Resume
 * the next day checks them, each person charged once (the sandbox's ledger).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { PATHS } from "../../src/api/wire";
import type { EmailEstimate, EmailProgress } from "../../src/rpc/emails";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
const PEOPLE = 12;

type Answer<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };
function value<T>(answer: unknown): T {
  const a = answer as Answer<T>;
  if (!a.ok) throw new Error(`${a.error.kind}: ${a.error.message}`);
  return a.value;
}

let addon: AddonRuntime;

beforeAll(async () => {
  // 2 rows a call: the run makes several calls, and the quota can run out between them.
  addon = await startAddonRuntime({ userProperties: { EMAIL_ROWS_PER_CALL: "2", SPEND_CAP: "12" } });
  const people = Array.from({ length: PEOPLE }, (_, i) => [
    `Ana${i}`,
    `Pérez${i}`,
    `https://www.initech${i}.com/`,
  ]);
  addon.runtime.setValues(SHEET, "A1", [["First Name", "Last Name", "Company Website"], ...people]);
});
afterAll(async () => {
  await addon?.close();
});

function steps(jobId: string): EmailProgress {
  let end = value<EmailProgress>(addon.runtime.rpc("emailsStep", { jobId }));
  for (let i = 0; i < 30 && end.state === "running"; i += 1)
    end = value<EmailProgress>(addon.runtime.rpc("emailsStep", { jobId }));
  return end;
}

describe("the Emails action and the daily URL Fetch quota", () => {
  it("stops with the refused rows unsent and uncounted, and Resume checks them the next day, each once", async () => {
    const { runtime } = addon;
    runtime.select(SHEET, `A1:C${PEOPLE + 1}`);
    const estimate = value<EmailEstimate>(runtime.rpc("emailsEstimate", { kind: "find" }));
    const jobId = estimate.progress.jobId;
    value<EmailProgress>(runtime.rpc("emailsConfirm", { jobId }));
    // 5 web requests left today: the first fetchAll (5 calls of 2 people) goes, the next one (the
    // last 2 people) is refused before sending.
    const quota = runtime.quotas.urlFetch;
    quota.setUsed(quota.used() + quota.remaining() - 5);
    const stopped = steps(jobId);
    expect(stopped.state).toBe("stopped");
    expect(stopped.message?.kind).toBe("quota");
    const charged = await ledgerCredits(addon.control, PATHS.emailFinder);
    // What was sent is what may have been charged: the refused rows are not counted against the cap.
    expect(stopped.sent).toBe(10);
    expect(charged).toBeLessThanOrEqual(10);
    const header = runtime.getValues(SHEET, "A1:H1")[0]!.map(String);
    const status = header.indexOf("Email Status");
    const statuses = () => runtime.getValues(SHEET, `A2:H${PEOPLE + 1}`).map((row) => String(row[status]));
    // The rows not sent say nothing final: Resume is what checks them.
    expect(statuses().filter((s) => /daily limit/.test(s))).toEqual([]);

    // The next day: the quota is back; Resume checks the rest, nobody twice, within the cap of 12.
    quota.setUsed(0);
    value<EmailProgress>(runtime.rpc("emailsResume", { jobId }));
    const done = steps(jobId);
    expect(done.state).toBe("done");
    expect(done.sent).toBe(PEOPLE);
    expect(statuses().every((s) => s !== "" && !/not checked/.test(s))).toBe(true);
    expect(done.charges?.charged).toBe(await ledgerCredits(addon.control, PATHS.emailFinder));
  });
});
