/**
 * The Emails action over a sheet its owner shaped (the emulated runtime's edit-rules.ts), against
 * the sandbox's ledger: an editor left out of a protected Email column is refused at Confirm,
 * before anything is sent, naming the range; an Email column whose validation rejects the found
 * addresses stops the run after the paid batch saying so, its rows say they may have been charged,
 * the total is the ledger's, and Resume sends nothing again.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import type { EmailEstimate, EmailProgress } from "../../src/rpc/emails";
import { type AddonRuntime, startAddonRuntime } from "./support";

const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
const EDITOR_KEY = "editor-key";
let addon: AddonRuntime;
let sheets = 0;
let sheet = "";

type Answer<T> =
  | { ok: true; value: T }
  | { ok: false; error: { kind: string; message: string; next?: string } };
const call = <T>(method: string, arg: unknown, user = OWNER) =>
  addon.runtime.rpc(method, arg, { user }) as Answer<T>;
function value<T>(method: string, arg: unknown, user = OWNER): T {
  const answer = call<T>(method, arg, user);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.kind}: ${answer.error.message}`);
  return answer.value;
}
function drive(jobId: string): EmailProgress {
  let progress = value<EmailProgress>("emailsStep", { jobId });
  for (let i = 0; progress.state === "running" && i < 20; i += 1)
    progress = value<EmailProgress>("emailsStep", { jobId });
  return progress;
}
const finderCredits = () => ledgerCredits(addon.control, "email_finder");

const CRM = [
  ["First Name", "Last Name", "Company Website", "Email", "Email Status"],
  ["Ann", "Lee", "initech.com", "", ""],
  ["Bob", "Stone", "initech.com", "", ""],
  ["Cy", "Moss", "initech.com", "", ""],
  ["Dee", "Park", "initech.com", "", ""],
];

beforeAll(async () => {
  addon = await startAddonRuntime({ runtime: { user: OWNER } });
  addon.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: addon.sandboxUrl, API_KEY: EDITOR_KEY });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  await addon.control.setCredits(EDITOR_KEY, 1000);
  addon.runtime.properties.document.clear();
  // A sheet of its own each time: the emulation's rules belong to the sheet they were set on.
  sheets += 1;
  sheet = `CRM ${sheets}`;
  addon.runtime.insertSheet(sheet);
  addon.runtime.setValues(sheet, "A1", CRM);
  addon.runtime.select(sheet, "A1:E5");
});

describe("the Emails action on a shaped sheet", () => {
  it("an editor left out of a protected Email column is refused at Confirm: nothing sent, nothing charged", async () => {
    addon.runtime.protect(sheet, "D2:D5");
    const estimate = value<EmailEstimate>("emailsEstimate", { kind: "find" }, EDITOR);
    const confirm = call<EmailProgress>("emailsConfirm", { jobId: estimate.progress.jobId }, EDITOR);
    expect(confirm).toMatchObject({ ok: false, error: { kind: "protected" } });
    expect(confirm.ok ? "" : confirm.error.message).toContain(`${sheet}!D2:D5`);
    expect(await finderCredits()).toBe(0);
    expect(addon.runtime.getValues(sheet, "D2:F2")).toEqual([["", "", ""]]);
  });

  it("one Email cell whose validation rejects its address: the other rows are written, only that row says not checked", async () => {
    // Before, the one refused cell failed the whole batch's write: every paid row was left unwritten.
    addon.runtime.requireValueInList(sheet, "D3", ["none"]);
    const estimate = value<EmailEstimate>("emailsEstimate", { kind: "find" });
    value<EmailProgress>("emailsConfirm", { jobId: estimate.progress.jobId });
    const progress = drive(estimate.progress.jobId);
    expect(progress.state).toBe("stopped");
    expect(progress.message?.message).toMatch(/cell D3 violates the data validation rules/);
    expect(progress.message?.message).toMatch(/The answers for 1 row were paid and not written/);
    const charged = await finderCredits();
    expect(progress.charges?.charged).toBe(charged);
    const rows = addon.runtime.getValues(sheet, "D2:E5").map((row) => row.map(String));
    expect(rows[1]![0]).toBe("");
    expect(rows[1]![1]).toMatch(/^not checked: The sheet refused the write .*may have been charged/);
    for (const index of [0, 2, 3]) {
      expect(rows[index]![0]).toMatch(/@initech\.com$/);
      expect(rows[index]![1]).not.toMatch(/^not checked/);
    }
    const { valid, catchAll, invalid, unknown, failed } = progress.counts;
    expect(valid + catchAll + invalid + unknown).toBe(3);
    expect(failed).toBe(1);
  });

  it("an Email column whose validation rejects the addresses: stopped after the paid batch, rows marked, ledger = summary, Resume sends nothing", async () => {
    addon.runtime.requireValueInList(sheet, "D2:D5", ["none"]);
    const estimate = value<EmailEstimate>("emailsEstimate", { kind: "find" });
    value<EmailProgress>("emailsConfirm", { jobId: estimate.progress.jobId });
    const progress = drive(estimate.progress.jobId);
    expect(progress.state).toBe("stopped");
    expect(progress.message).toMatchObject({ kind: "write_refused" });
    expect(progress.message?.message).toMatch(/cell D\d violates the data validation rules/);
    const charged = await finderCredits();
    expect(charged).toBeGreaterThan(0);
    expect(progress.charges?.charged).toBe(charged);
    expect(progress.counts.valid).toBe(0);
    for (const [status] of addon.runtime.getValues(sheet, "E2:E5"))
      expect(String(status)).toMatch(/^not checked: The sheet refused the write .*may have been charged/);
    value<EmailProgress>("emailsResume", { jobId: estimate.progress.jobId });
    const after = drive(estimate.progress.jobId);
    expect(after.state).toBe("done");
    expect(await finderCredits()).toBe(charged);
  });
});
