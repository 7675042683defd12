/**
 * Issue 21 item 5: =FIND_EMAIL and =VALIDATE_EMAIL typed into cells of the emulated spreadsheet
 * (built bundle, sandbox API), with what a CRM export holds: accents, hyphens, "Jr.", middle
 * initials, websites with paths, blank rows, duplicates. What was sent, what the cells show and
 * what the sandbox's ledger charged; recalculation and an editor's formulas charge nothing twice.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { addressOf, domainKind, personFindable } from "../../sandbox/api/email-outcomes";
import { manualClock } from "../../sandbox/gas/clock";
import { fetchAllSync } from "../../sandbox/sync-http/index";
import type { HttpOutcome, HttpRequest } from "../../src/api/ports";
import { PATHS } from "../../src/api/wire";
import { type AddonRuntime, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
let addon: AddonRuntime;
const sent: string[] = [];

function recordingFetch(requests: HttpRequest[], options?: { timeoutMs?: number }): HttpOutcome[] {
  for (const r of requests) if (r.url.includes("email_")) sent.push(r.payload ?? "");
  return fetchAllSync(requests, options);
}

async function credits(path: string): Promise<number> {
  return ledgerCredits(addon.control, path);
}

beforeAll(async () => {
  addon = await startAddonRuntime({ runtime: { user: OWNER, fetchAll: recordingFetch } });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  sent.length = 0;
});

/** What the sandbox's mail world answers for a person (email-outcomes.ts). */
function expected(first: string, last: string, domain: string): [string, string] {
  const kind = domainKind(domain);
  if (kind === "catch-all") return [addressOf(first, last, domain), "catch-all"];
  if (kind !== "ordinary" || !personFindable(first, last, domain)) return ["", "not found"];
  return [addressOf(first, last, domain), "valid"];
}

/** First name, last name, website: as a CRM export has them. */
const CRM: string[][] = [
  ["José", "García-López", "https://www.initech.com/about/team"],
  ["Mary J.", "O'Neil Jr.", "initech.com"],
  ["", "", ""],
  ["Ann", "Lee", "http://shop-catchall.com"],
  ["Bob", "Stone", "quiet-nomx.com"],
  ["jose", "garcía-lópez", "INITECH.COM"],
  ["Eve", "", "initech.com"],
];

describe("=FIND_EMAIL", () => {
  it("fills email and status per row in one execution, catch-all apart, blank and bad rows said", async () => {
    addon.runtime.setValues(SHEET, "A2", CRM);
    addon.runtime.setCell(SHEET, "D2", "=FIND_EMAIL(A2:A8, B2:B8, C2:C8)");
    const rows = addon.runtime.getValues(SHEET, "D2:E8");
    expect(rows[0]).toEqual(expected("José", "García-López", "initech.com"));
    expect(rows[0]![1]).toBe("valid");
    expect(rows[1]).toEqual(expected("Mary", "O'Neil", "initech.com"));
    expect(rows[2]).toEqual(["", ""]);
    expect(rows[3]).toEqual([addressOf("Ann", "Lee", "shop-catchall.com"), "catch-all"]);
    expect(rows[4]).toEqual(["", "not found"]);
    expect(rows[5]).toEqual(rows[0]);
    expect(rows[6]![0]).toMatch(/^last name is missing/);
    // Sent once, in one call: names cleaned, domains from websites, the duplicate left out.
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toEqual([
      { first_name: "José", last_name: "García-López", domain: "initech.com" },
      { first_name: "Mary", last_name: "O'Neil", domain: "initech.com" },
      { first_name: "Ann", last_name: "Lee", domain: "shop-catchall.com" },
      { first_name: "Bob", last_name: "Stone", domain: "quiet-nomx.com" },
    ]);
    const found = rows.filter((r) => r[1] === "valid" || r[1] === "catch-all").length - 1; // the duplicate
    expect(await credits(PATHS.emailFinder)).toBe(found);
  });

  it("charges nothing on recalculation, nor when an editor types the same people", async () => {
    addon.runtime.setValues(SHEET, "A20", [
      ["Ada", "Byron", "firm-twenty.com"],
      ["Alan", "Turing", "firm-twenty.com"],
    ]);
    addon.runtime.setCell(SHEET, "D20", "=FIND_EMAIL(A20:A21, B20:B21, C20:C21)");
    const first = await credits(PATHS.emailFinder);
    const before = addon.runtime.getValues(SHEET, "D20:E21");
    addon.runtime.recalculate({ all: true });
    addon.runtime.user = EDITOR;
    addon.runtime.setCell(SHEET, "G20", "=FIND_EMAIL(A20:A21, B20:B21, C20:C21)");
    addon.runtime.user = OWNER;
    expect(addon.runtime.getValues(SHEET, "G20:H21")).toEqual(before);
    expect(sent).toHaveLength(1);
    expect(await credits(PATHS.emailFinder)).toBe(first);
  });

  it("takes full names when the last name is left out, and one domain for every row", async () => {
    addon.runtime.setValues(SHEET, "A30", [["Dr. Jane Q. Doe"], ["Doe, John"]]);
    addon.runtime.setCell(SHEET, "D30", '=FIND_EMAIL(A30:A31, , "initech.com")');
    expect(JSON.parse(sent[0]!)).toEqual([
      { first_name: "Jane", last_name: "Doe", domain: "initech.com" },
      { first_name: "John", last_name: "Doe", domain: "initech.com" },
    ]);
  });
});

describe("=FIND_EMAIL with one domain for every row", () => {
  it('leaves the blank rows under the names blank, as the docs\' =FIND_EMAIL(A2:A200, , "acme.com") has them', async () => {
    addon.runtime.setValues(SHEET, "A32", [["Dr. Jane Q. Doe"], [""], ["Doe, John"], [""], [""]]);
    addon.runtime.setCell(SHEET, "D32", '=FIND_EMAIL(A32:A36, , "initech.com")');
    const rows = addon.runtime.getValues(SHEET, "D32:E36");
    // Before: "first name is missing. Fill in the first name. last name is missing. ..." in 3 rows.
    expect([rows[1], rows[3], rows[4]]).toEqual([
      ["", ""],
      ["", ""],
      ["", ""],
    ]);
    expect(rows[0]![1]).toBe("valid");
    expect(rows[2]![1]).toBe("valid");
    // A row with a name but no domain of its own still says what it lacks.
    addon.runtime.setValues(SHEET, "A100", [
      ["Ann", "Lee", "initech.com"],
      ["Bo", "Ray", ""],
      ["", "", ""],
    ]);
    addon.runtime.setCell(SHEET, "D100", "=FIND_EMAIL(A100:A102, B100:B102, C100:C102)");
    const own = addon.runtime.getValues(SHEET, "D100:E102");
    expect(own[1]![0]).toMatch(/^domain is missing/);
    expect(own[2]).toEqual(["", ""]);
  });
});

describe("=VALIDATE_EMAIL", () => {
  it("answers one status per address, each address sent once, charged once", async () => {
    const good = expected("José", "García-López", "initech.com")[0];
    addon.runtime.setValues(SHEET, "A40", [
      [good],
      [good.toUpperCase()],
      ["x@shop-catchall.com"],
      [""],
      ["nobody"],
    ]);
    addon.runtime.setCell(SHEET, "B40", "=VALIDATE_EMAIL(A40:A44)");
    const rows = addon.runtime.getValues(SHEET, "B40:B44").map((r) => r[0]);
    expect(rows.slice(0, 4)).toEqual(["valid", "valid", "catch-all", ""]);
    expect(rows[4]).toMatch(/^email is not an email address/);
    expect(String(rows[4])).not.toContain("nobody");
    expect(JSON.parse(sent[0]!)).toEqual([good, "x@shop-catchall.com"]);
    expect(await credits(PATHS.emailValidator)).toBe(2);
    addon.runtime.recalculate({ all: true });
    expect(await credits(PATHS.emailValidator)).toBe(2);
  });
});

describe("the owner's Email rows per call setting", () => {
  it("splits =FIND_EMAIL and =VALIDATE_EMAIL ranges into calls of that many rows", async () => {
    addon.runtime.properties.user(OWNER).setAll({ EMAIL_ROWS_PER_CALL: "2" });
    try {
      const people = ["Ida", "Jon", "Kai", "Lou", "Mo"].map((first) => [first, "Rowe", "initech.com"]);
      addon.runtime.setValues(SHEET, "A60", people);
      addon.runtime.setCell(SHEET, "D60", "=FIND_EMAIL(A60:A64, B60:B64, C60:C64)");
      expect(sent.map((body) => (JSON.parse(body) as unknown[]).length)).toEqual([2, 2, 1]);
      sent.length = 0;
      addon.runtime.setValues(SHEET, "G60", [["a@initech.com"], ["b@initech.com"], ["c@initech.com"]]);
      addon.runtime.setCell(SHEET, "H60", "=VALIDATE_EMAIL(G60:G62)");
      expect(sent.map((body) => (JSON.parse(body) as unknown[]).length)).toEqual([2, 1]);
      const { requests } = await addon.control.stats();
      expect([requests[PATHS.emailFinder], requests[PATHS.emailValidator]]).toEqual([3, 2]);
    } finally {
      addon.runtime.properties.user(OWNER).delete("EMAIL_ROWS_PER_CALL");
    }
  });
});

describe("a call that may have been charged", () => {
  it("a row the finder answered with its own error says so in the formula's words, not a lookup's lost answer", async () => {
    const faulty = await startAddonRuntime({ runtime: { user: OWNER } });
    try {
      faulty.runtime.setValues(SHEET, "A2", [["Grace", "Hopper", "mailerror.io"]]);
      faulty.runtime.setCell(SHEET, "D2", "=FIND_EMAIL(A2, B2, C2)");
      const message = String(faulty.runtime.getValues(SHEET, "D2:D2")[0]![0]);
      expect(message).toMatch(/^The email service could not check this row\. .*may have been charged/);
      expect(message).not.toMatch(/lookup|answer lost/i);
      expect(message).toMatch(/10 minutes/);
    } finally {
      await faulty.close();
    }
  });

  it("is not sent again by a recalculation; the cell says when it will be", async () => {
    const clock = manualClock(Date.UTC(2026, 10, 24, 9, 0, 0));
    const faulty = await startAddonRuntime({ runtime: { user: OWNER, clock, fetchAll: recordingFetch } });
    try {
      await faulty.control.configure({
        faults: [{ kind: "server_error", path: PATHS.emailFinder, count: 1 }],
      });
      faulty.runtime.setValues(SHEET, "A2", [["Grace", "Hopper", "initech.com"]]);
      faulty.runtime.setCell(SHEET, "D2", "=FIND_EMAIL(A2, B2, C2)");
      expect(String(faulty.runtime.getValues(SHEET, "D2:D2")[0]![0])).toMatch(
        /^The API had a temporary problem/,
      );
      expect(sent).toHaveLength(1);
      clock.advance(60_000);
      faulty.runtime.recalculate({ all: true });
      expect(String(faulty.runtime.getValues(SHEET, "D2:D2")[0]![0])).toMatch(
        /may have been charged: recalculate after/,
      );
      expect(sent).toHaveLength(1);
      // After the marker's 10 minutes, a recalculation asks again.
      clock.advance(10 * 60_000);
      faulty.runtime.recalculate({ all: true });
      expect(sent).toHaveLength(2);
      expect(faulty.runtime.getValues(SHEET, "E2:E2")[0]![0]).toBe(
        expected("Grace", "Hopper", "initech.com")[1],
      );
    } finally {
      await faulty.close();
    }
  });
});
