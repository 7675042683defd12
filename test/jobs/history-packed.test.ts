/**
 * Issue 20.1: the packed history (a history row per write, up to 40 sheet rows) is read back
 * whole, and histories written before it (v2: a history row per sheet row) are still read by Undo,
 * the digest and the Job changes sheet, in the same sheet as packed rows, with no migration.
 */
import { describe, expect, it } from "vitest";
import { decodeHistoryRows } from "../../src/jobs/history/decode";
import { jobChangesOfRun, jobChangesSince } from "../../src/jobs/history/digest";
import { encodeChanges, ROWS_PER_RECORD, type RowChanges } from "../../src/jobs/history/format";
import { historyKeys } from "../../src/jobs/history/signature";
import { undoLastRun } from "../../src/jobs/history/undo";
import { CELL_CHAR_LIMIT } from "../../src/sheet/cell-value";
import { url } from "./enrich-fakes";
import { historyWorld } from "./history-fakes";
import { v2Row } from "./history-v2";

const SECRET = "s".repeat(40);
const rowChanges = (index: number, cells: RowChanges["cells"]): RowChanges => ({
  runId: "r1",
  time: "2026-11-21T12:00:00Z",
  sheet: "CRM",
  sheetId: 1,
  url: url(`p${index}`),
  row: index + 2,
  headerRow: 1,
  cells,
  fresh: index % 2 === 0,
});
const readBack = (rows: ReturnType<typeof encodeChanges>) =>
  rows.map((row) => row.map((value) => String(value).replace(/^'/, "")));

describe("packed history rows", () => {
  it("pack up to 40 sheet rows a history row, and read back every cell in order with its row's URL and freshness", () => {
    const rows = Array.from({ length: 95 }, (_, index) =>
      rowChanges(index, [
        { column: 2, header: "Title", before: `Old ${index}`, after: `New ${index}` },
        { column: 3, header: "Company", before: "", after: "=cmd|' /C calc'!A0" },
      ]),
    );
    const written = encodeChanges(SECRET, rows);
    expect(written).toHaveLength(Math.ceil(95 / ROWS_PER_RECORD));
    const decoded = decodeHistoryRows(SECRET, readBack(written), 1);
    expect(decoded).toHaveLength(190);
    expect(decoded.every((change) => change.trust === "signed")).toBe(true);
    expect(decoded.slice(0, 2)).toEqual([
      expect.objectContaining({ cell: "B2", url: url("p0"), before: "Old 0", after: "New 0", fresh: true }),
      expect.objectContaining({ cell: "C2", url: url("p0"), after: "=cmd|' /C calc'!A0", fresh: true }),
    ]);
    expect(decoded.at(-1)).toMatchObject({ cell: "C96", url: url("p94"), fresh: true, origin: 3 });
    expect(decoded[3]).toMatchObject({ url: url("p1"), fresh: false });
  });

  it("a long row among short ones: it starts a history row of its own, the others stay packed, all within a cell", () => {
    const long = "x".repeat(45_000);
    const rows = [
      rowChanges(0, [{ column: 2, header: "Title", before: "a", after: "b" }]),
      rowChanges(1, [{ column: 2, header: "Title", before: long, after: `${long}!` }]),
      rowChanges(2, [{ column: 2, header: "Title", before: "c", after: "d" }]),
    ];
    const written = encodeChanges(SECRET, rows);
    for (const row of written)
      for (const cell of row) expect(String(cell).length).toBeLessThanOrEqual(CELL_CHAR_LIMIT);
    const decoded = decodeHistoryRows(SECRET, readBack(written), 1);
    expect(decoded.map((change) => [change.cell, change.before.length, change.trust])).toEqual([
      ["B2", 1, "signed"],
      ["B3", 45_000, "signed"],
      ["B4", 1, "signed"],
    ]);
    // The long row's continuation says so in its Summary.
    expect(readBack(written).some((row) => row[4]!.includes(`${url("p1")}: (continued)`))).toBe(true);
  });

  it("a hand-edited packed row is refused whole, every change it records marked forged", () => {
    const written = readBack(
      encodeChanges(SECRET, [
        rowChanges(0, [{ column: 2, header: "Title", before: "a", after: "b" }]),
        rowChanges(1, [{ column: 2, header: "Title", before: "c", after: "d" }]),
      ]),
    );
    written[0]![5] = written[0]![5]!.replace('"c"', '"=HYPERLINK(1)"');
    const decoded = decodeHistoryRows(SECRET, written, 1);
    expect(decoded).toEqual([expect.objectContaining({ trust: "forged", url: url("p0"), runId: "r1" })]);
  });
});

describe("a history holding v2 rows (one per sheet row) and packed rows", () => {
  const start = [
    ["Profile URL", "Title", "Company"],
    [url("a"), "Old title a", "Old Co a"],
    [url("b"), "Old title b", "Old Co b"],
  ];

  /** A packed run, then a run recorded in v2 rows (as the add-on wrote them before) that moved a to Acme. */
  function mixed() {
    const w = historyWorld(start, { extras: {} });
    const packedRun = w.run();
    const { secret } = historyKeys(w.history.store, w.table, w.history.freshSecret);
    const title = w.grid.cells[1]![1]!;
    const company = w.grid.cells[1]![2]!;
    w.grid.cells[1]![1] = "Founder";
    w.grid.cells[1]![2] = "Acme";
    w.table.rows.push(
      v2Row(secret, {
        runId: "v2-run",
        time: "2026-11-30T09:00:00Z",
        sheet: "CRM",
        sheetId: 1,
        url: url("a"),
        row: 2,
        headerRow: 1,
        fresh: true,
        cells: [
          { column: 2, header: "Title", before: String(title), after: "Founder" },
          { column: 3, header: "Company", before: String(company), after: "Acme" },
        ],
      }),
    );
    return { w, packedRun, title, company };
  }

  it("the digest and the job changes read the v2 run", () => {
    const { w, company } = mixed();
    const changes = jobChangesOfRun(w.history, "v2-run");
    expect(changes).toEqual([
      expect.objectContaining({
        url: url("a"),
        oldCompany: company,
        newCompany: "Acme",
        newTitle: "Founder",
      }),
    ]);
    expect(jobChangesSince(w.history, "2026-11-29").map((change) => change.runId)).toEqual(["v2-run"]);
  });

  it("Undo undoes the v2 run, then the packed run before it, every cell back", () => {
    const { w, packedRun, title, company } = mixed();
    expect(undoLastRun(w.history)).toMatchObject({ runId: "v2-run", restored: 2, refused: 0, leftAlone: 0 });
    expect(w.grid.cells[1]!.slice(1, 3)).toEqual([title, company]);
    expect(undoLastRun(w.history)).toMatchObject({ runId: packedRun, refused: 0, leftAlone: 0 });
    expect(w.grid.cells.map((row) => row.slice(0, 3))).toEqual(start);
    expect(w.grid.cells.every((row) => row.slice(3).every((cell) => cell === ""))).toBe(true);
  });
});
