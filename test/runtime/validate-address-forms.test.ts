/**
 * Addresses as CRM exports and mail clients hold them: a mailto: link, a display name with the
 * address in angle brackets, quotes, a sentence's full stop, upper case, spaces. Before, these
 * were sent as they stood: the validator charged a credit for each and answered "invalid" for a
 * good mailbox. Now each is checked as the address in it (once: they are the same address), and a
 * cell holding two addresses says so, free, in =VALIDATE_EMAIL and in the Emails action.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { addressOf } from "../../sandbox/api/email-outcomes";
import { PATHS } from "../../src/api/wire";
import type { EmailEstimate, EmailProgress } from "../../src/rpc/emails";
import { recordSentBodies } from "./sent-bodies";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
let addon: AddonRuntime;
const bodies = recordSentBodies(PATHS.emailValidator);
/** Every row or address sent (each body is an array of them). */
const sent = () => (bodies.sent as unknown as unknown[][]).flat();

type Answer<T> = { ok: true; value: T } | { ok: false; error: { message: string } };
function value<T>(method: string, arg: unknown): T {
  const answer = addon.runtime.rpc(method, arg) as Answer<T>;
  if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
  return answer.value;
}

/** A mailbox the sandbox's validator accepts (its pattern at an ordinary domain). */
const good = addressOf("Jose", "Garcia", "initech.com");
const FORMS = [
  `mailto:${good}`,
  `Jose Garcia <${good}>`,
  `"Garcia, Jose" <${good}>`,
  `<${good}>`,
  `"${good}"`,
  `${good}.`,
  ` ${good.toUpperCase()} `,
  `MAILTO:${good}?subject=Hello`,
];
const TWO = [`${good}, ann@initech.com`, `${good};ann@initech.com`, `${good}\nann@initech.com`];

beforeAll(async () => {
  addon = await startAddonRuntime({ runtime: { user: "owner@example.com", fetchAll: bodies.fetchAll } });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.properties.document.clear();
  bodies.clear();
});

describe("addresses in the forms a CRM export holds them", () => {
  it("=VALIDATE_EMAIL checks the address in each form once, valid, 1 credit; two addresses in a cell are said, free", async () => {
    const cells = [...FORMS, ...TWO];
    addon.runtime.setValues(
      SHEET,
      "A1",
      cells.map((c) => [c]),
    );
    addon.runtime.setCell(SHEET, "C1", `=VALIDATE_EMAIL(A1:A${cells.length})`);
    const shown = addon.runtime.getValues(SHEET, `C1:C${cells.length}`).map((r) => r[0]);
    expect(shown.slice(0, FORMS.length)).toEqual(FORMS.map(() => "valid"));
    for (const text of shown.slice(FORMS.length))
      expect(text).toBe("email holds more than one address. Put one address in each cell.");
    expect(sent()).toEqual([good]);
    expect(await ledgerCredits(addon.control, PATHS.emailValidator)).toBe(1);
  });

  it("the Emails action's Validate does the same: one address sent, 1 credit, the two-address rows say why", async () => {
    const rows = [["Email"], ...FORMS.map((f) => [f]), ...TWO.map((t) => [t])];
    addon.runtime.insertSheet("Export");
    addon.runtime.setValues("Export", "A1", rows);
    addon.runtime.select("Export", `A2:A${rows.length}`);
    const estimate = value<EmailEstimate>("emailsEstimate", { kind: "validate" });
    expect(estimate).toMatchObject({
      rowsToSend: FORMS.length,
      distinct: 1,
      incomplete: TWO.length,
      maxCredits: 1,
    });
    value<EmailProgress>("emailsConfirm", { jobId: estimate.progress.jobId });
    let progress = value<EmailProgress>("emailsStep", { jobId: estimate.progress.jobId });
    for (let i = 0; progress.state === "running" && i < 20; i += 1)
      progress = value<EmailProgress>("emailsStep", { jobId: estimate.progress.jobId });
    expect(addon.runtime.getValues("Export", "B1")[0]![0]).toBe("Email Status");
    const statuses = addon.runtime.getValues("Export", `B2:B${rows.length}`).map((r) => r[0]);
    expect(statuses).toEqual([
      ...FORMS.map(() => "valid"),
      ...TWO.map(() => "not checked: holds more than one address"),
    ]);
    // The cells keep what the user typed: validation writes statuses only.
    expect(addon.runtime.getValues("Export", "A2")[0]![0]).toBe(FORMS[0]);
    expect(sent()).toEqual([good]);
    expect(await ledgerCredits(addon.control, PATHS.emailValidator)).toBe(1);
    expect(progress.summary).toContain("3 not sent (not one email address: see their status)");
    expect(progress.summary).toContain("1 credit charged (the API's ledger)");
  });
});
