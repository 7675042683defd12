/**
 * =FIND_EMAIL over names as profiles and CRM exports hold them, beside the name: credentials
 * after a comma ("Jane Doe, MBA, PMP", "Ph.D."), a headline after a dash or a bar ("Jane Doe -
 * CEO"), pronouns or a nickname in brackets ("(she/her)", "Bob (Robert)"), emoji ("✔️"). Before,
 * the finder was asked for first name "MBA," or last name "CEO" (a charged guess at another
 * person), and pronouns or a bar made the row "not a name". Each is now the person it names: one
 * request for them all, one credit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { addressOf } from "../../sandbox/api/email-outcomes";
import { PATHS } from "../../src/api/wire";
import { recordSentBodies } from "./sent-bodies";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
let addon: AddonRuntime;
const bodies = recordSentBodies(PATHS.emailFinder);
/** Every row or address sent (each body is an array of them). */
const sent = () => (bodies.sent as unknown as unknown[][]).flat();

beforeAll(async () => {
  addon = await startAddonRuntime({ runtime: { user: "owner@example.com", fetchAll: bodies.fetchAll } });
});
afterAll(async () => {
  await addon?.close();
});

const FULL_NAMES = [
  "Jane Doe, MBA, PMP",
  "Jane Doe, CISSP",
  "Dr. Jane Doe, Ph.D.",
  "Jane Doe - CEO",
  "Jane Doe | Growth",
  "Jane Doe (she/her)",
  "Jane Doe ✔️",
  'Jane "JD" Doe',
];

describe("=FIND_EMAIL and what surrounds a name", () => {
  it("asks for the person named, once, whatever credentials, headline, pronouns or emoji surround it", async () => {
    await addon.control.reset();
    bodies.clear();
    addon.runtime.setValues(
      SHEET,
      "A1",
      FULL_NAMES.map((name) => [name, "", "initech.com"]),
    );
    addon.runtime.setCell(SHEET, "D1", `=FIND_EMAIL(A1:A${FULL_NAMES.length}, , C1:C${FULL_NAMES.length})`);
    const emails = addon.runtime.getValues(SHEET, `D1:D${FULL_NAMES.length}`).map((row) => row[0]);
    expect(emails).toEqual(FULL_NAMES.map(() => addressOf("Jane", "Doe", "initech.com")));
    expect(sent()).toEqual([{ first_name: "Jane", last_name: "Doe", domain: "initech.com" }]);
    expect(await ledgerCredits(addon.control, PATHS.emailFinder)).toBe(1);
  });

  it("first and last name columns: a nickname in brackets and a headline after a bar are left out", async () => {
    await addon.control.reset();
    bodies.clear();
    addon.runtime.setValues(SHEET, "A20", [
      ["Bob (Robert)", "Stone | Growth", "initech.com"],
      ["Ann", "Lee (she/her)", "initech.com"],
    ]);
    addon.runtime.setCell(SHEET, "D20", "=FIND_EMAIL(A20:A21, B20:B21, C20:C21)");
    expect(sent()).toEqual([
      { first_name: "Bob", last_name: "Stone", domain: "initech.com" },
      { first_name: "Ann", last_name: "Lee", domain: "initech.com" },
    ]);
  });
});
