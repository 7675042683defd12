/**
 * =LOOKUP_LEAD and =CREDIT_BALANCE typed into cells of the emulated spreadsheet: the built bundle
 * in the emulated Apps Script runtime, against the sandbox API. Costs are read from the sandbox's
 * own ledger.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATHS } from "../../src/api/wire";
import { DEFAULT_LOOKUP_FIELDS } from "../../src/sheet/lead-fields";
import { type AddonRuntime, builtAddon, startAddonRuntime } from "./support";

const SHEET = "Sheet1";
let addon: AddonRuntime;
let urls: string[];
let nextUrl = 0;

/** A URL no earlier test has looked up (the document cache lives as long as the runtime). */
function freshUrl(): string {
  const url = urls[nextUrl++];
  if (url === undefined) throw new Error("Ask the sandbox for more sample URLs");
  return url;
}

async function lookupCharges() {
  return (await addon.control.stats()).ledger.filter((entry) => entry.path === PATHS.leadLookup);
}

function column(values: string[]): Array<Array<string>> {
  return values.map((value) => [value]);
}

beforeAll(async () => {
  addon = await startAddonRuntime();
  urls = await addon.control.sampleUrls(80);
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  addon.runtime.resetCounters();
});

describe("=LOOKUP_LEAD in a cell", () => {
  it("fills one row for one URL with the default fields, for 1 credit", async () => {
    const url = freshUrl();
    addon.runtime.setCell(SHEET, "A2", url);
    addon.runtime.setCell(SHEET, "B2", "=LOOKUP_LEAD(A2)");
    const cell = addon.runtime.getCell(SHEET, "B2");
    expect(cell.error).toBeUndefined();
    const row = addon.runtime.getValues(SHEET, "B2:G2")[0]!;
    expect(row).toHaveLength(6);
    expect(row.slice(0, DEFAULT_LOOKUP_FIELDS.length).every((value) => value !== "")).toBe(true);
    expect(row[4]).toBe(url);
    expect(row[5]).toBe("");
    const charges = await lookupCharges();
    expect(charges.map((c) => [Math.abs(c.amount), c.url])).toEqual([[1, url]]);
  });

  it("answers a column with duplicates and blanks in one fetch, one row per cell", async () => {
    const [a, b] = [freshUrl(), freshUrl()];
    const sameAsA = a.replace("https://www.", "http://").replace(/\/?$/, "/");
    addon.runtime.setValues(SHEET, "A10", column([a, "", sameAsA, b, a, ""]));
    addon.runtime.setCell(SHEET, "C10", '=LOOKUP_LEAD(A10:A15, "full_name, network_url")');
    const rows = addon.runtime.getValues(SHEET, "C10:D15");
    expect(rows[1]).toEqual(["", ""]);
    expect(rows[5]).toEqual(["", ""]);
    expect(rows[0]![1]).toBe(a);
    expect(rows[2]).toEqual(rows[0]);
    expect(rows[4]).toEqual(rows[0]);
    expect(rows[3]![1]).toBe(b);
    expect(addon.runtime.counters.fetchAllCalls).toBe(1);
    expect((await lookupCharges()).map((c) => c.url).sort()).toEqual([a, b].sort());
  });

  it("spends nothing on recalculation, on reopening, or for other fields of the same URLs", async () => {
    const [a, b] = [freshUrl(), freshUrl()];
    addon.runtime.setValues(SHEET, "A20", column([a, b]));
    addon.runtime.setCell(SHEET, "C20", "=LOOKUP_LEAD(A20:A21)");
    expect(await lookupCharges()).toHaveLength(2);
    const first = addon.runtime.getValues(SHEET, "C20:G21");

    addon.runtime.recalculate({ all: true });
    addon.runtime.setCell(SHEET, "I20", '=LOOKUP_LEAD(A20:A21, "company_name, num_of_connections")');
    expect(addon.runtime.getValues(SHEET, "C20:G21")).toEqual(first);
    expect(addon.runtime.getValues(SHEET, "I20:I21")).toEqual([[first[0]![2]], [first[1]![2]]]);
    expect(await lookupCharges()).toHaveLength(2);
  });

  it("puts a message in the row of a bad URL or a missing lead, free, and fills the others", async () => {
    const good = freshUrl();
    const missing = "https://www.network.example/in/no-such-person-anywhere-42";
    addon.runtime.setValues(
      SHEET,
      "A30",
      column(["hello world", missing, good, "https://example.com/about"]),
    );
    addon.runtime.setCell(SHEET, "C30", '=LOOKUP_LEAD(A30:A33, "full_name, job_title")');
    expect(addon.runtime.getCell(SHEET, "C30").error).toBeUndefined();
    const rows = addon.runtime.getValues(SHEET, "C30:D33");
    expect(String(rows[0]![0])).toMatch(/^Not a profile URL: "hello world"/);
    expect(String(rows[1]![0])).toMatch(/No profile was found/);
    expect(rows[2]![0]).not.toBe("");
    expect(String(rows[3]![0])).toMatch(/^Not a profile URL/);
    for (const row of [rows[0], rows[1], rows[3]]) expect(row![1]).toBe("");
    expect((await lookupCharges()).map((c) => c.url)).toEqual([good]);
  });

  it("fails the formula for an unknown field, listing the valid ones, and spends nothing", async () => {
    addon.runtime.setCell(SHEET, "A40", freshUrl());
    addon.runtime.setCell(SHEET, "C40", '=LOOKUP_LEAD(A40, "full_name, favourite_colour")');
    const error = addon.runtime.getCell(SHEET, "C40").error;
    expect(error?.message).toMatch(/^Unknown field "favourite_colour"\. Valid fields: /);
    for (const field of ["full_name", "job_title", "company_name", "jobs", "people_also_viewed"]) {
      expect(error?.message).toContain(field);
    }
    addon.runtime.setCell(SHEET, "C41", '=LOOKUP_LEAD(A40, , "turbo")');
    expect(addon.runtime.getCell(SHEET, "C41").error?.message).toMatch(
      /Unknown lookup option "turbo".*fresh/,
    );
    expect(await lookupCharges()).toHaveLength(0);
  });

  it("fails the formula for an extras field without its option, saying to add it, and spends nothing", async () => {
    addon.runtime.setCell(SHEET, "A42", freshUrl());
    addon.runtime.setCell(SHEET, "C42", '=LOOKUP_LEAD(A42, "posts")');
    expect(addon.runtime.getCell(SHEET, "C42").error?.message).toMatch(
      /^The field "posts" is only filled with the option of the same name \(\+1 credit per lead each\)/,
    );
    expect(await lookupCharges()).toHaveLength(0);
  });

  it.each([
    ["", 1],
    ["fresh", 1],
    ["full_experience", 1],
    ["fresh, full_experience", 1],
    ["inexact_company", 1],
    ["posts", 2],
    ["comments", 2],
    ["similar", 2],
    ["people_also_viewed, posts, comments", 4],
  ])("options %j cost what the sandbox's ledger charges: %i", async (options, credits) => {
    const row = 100 + nextUrl;
    addon.runtime.setCell(SHEET, `A${row}`, freshUrl());
    // Each paid option with its field (issue 12.10: paid data no cell shows is refused).
    const paid = String(options)
      .split(",")
      .map((name) => name.trim())
      .map((name) => (name === "similar" ? "people_also_viewed" : name))
      .filter((name) => ["posts", "comments", "people_also_viewed", "reactions"].includes(name));
    const fields = ["full_name", ...paid].join(", ");
    addon.runtime.setCell(SHEET, `C${row}`, `=LOOKUP_LEAD(A${row}, "${fields}", "${options}")`);
    expect(addon.runtime.getCell(SHEET, `C${row}`).error).toBeUndefined();
    const charges = await lookupCharges();
    expect(charges.map((c) => Math.abs(c.amount))).toEqual([credits]);
  });

  it("takes fields and options from ranges", async () => {
    addon.runtime.setCell(SHEET, "A60", freshUrl());
    addon.runtime.setValues(SHEET, "E59", [["job_title", "network_url", "posts"]]);
    addon.runtime.setValues(SHEET, "H59", [["posts"]]);
    addon.runtime.setCell(SHEET, "C60", "=LOOKUP_LEAD(A60, E59:G59, H59)");
    const row = addon.runtime.getValues(SHEET, "C60:D60")[0]!;
    expect(row[1]).toBe(addon.runtime.getValues(SHEET, "A60")[0]![0]);
    expect((await lookupCharges()).map((c) => Math.abs(c.amount))).toEqual([2]);
  });
});

describe("what Sheets' autocomplete shows", () => {
  it("is LOOKUP_LEAD's JSDoc in the bundle: examples, costs, the full-history rule, the owner's key and list style", () => {
    const code = builtAddon().codeJs;
    const doc = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*\nfunction LOOKUP_LEAD\(/.exec(code)?.[1] ?? "";
    for (const text of [
      "=LOOKUP_LEAD(A2)",
      '=LOOKUP_LEAD(A2:A200, "full_name,job_title,company_name")',
      "1 credit per distinct URL",
      "needs both full_experience and fresh",
      "owner's API key",
      "owner's List fields setting",
      "@customfunction",
    ]) {
      expect(doc).toContain(text);
    }
  });
});

describe("=CREDIT_BALANCE()", () => {
  it("shows the spendable balance (users/me), free, and caches it for a short while", async () => {
    addon.runtime.setCell(SHEET, "A70", freshUrl());
    addon.runtime.setCell(SHEET, "B70", '=LOOKUP_LEAD(A70, "full_name")');
    addon.runtime.setCell(SHEET, "C70", "=CREDIT_BALANCE()");
    expect(addon.runtime.getValues(SHEET, "C70")).toEqual([[9999]]);
    const requests = addon.runtime.counters.requests;
    addon.runtime.setCell(SHEET, "D70", "=CREDIT_BALANCE()");
    expect(addon.runtime.getValues(SHEET, "D70")).toEqual([[9999]]);
    expect(addon.runtime.counters.requests).toBe(requests);
    expect((await addon.control.stats()).ledger).toHaveLength(1);
  });

  it("reads the balance again when its refresh cell changes, as its help says, even within the minute", async () => {
    addon.runtime.setCell(SHEET, "B72", "1");
    addon.runtime.setCell(SHEET, "C72", "=CREDIT_BALANCE(B72)");
    expect(addon.runtime.getValues(SHEET, "C72")).toEqual([[10000]]);
    addon.runtime.setCell(SHEET, "A73", freshUrl());
    addon.runtime.setCell(SHEET, "B73", '=LOOKUP_LEAD(A73, "full_name")');
    addon.runtime.setCell(SHEET, "B72", "2");
    expect(addon.runtime.getValues(SHEET, "C72")).toEqual([[9999]]);
  });
});
