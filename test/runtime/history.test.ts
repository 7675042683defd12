/**
 * Issue 13.1 done-when: a refresh then Undo last run restores every cell byte for byte (the
 * formula bar's input: apostrophes, formulas, numbers, dates) except cells edited since, which are
 * reported; the history sheet holds the changes as literal text (compact rows, issue 20); the
 * undo is itself recorded.
 * Also 13.2: the job-change digest after the run and the `Job changes` sheet since a date.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/clock";
import { HISTORY_HEADERS, HISTORY_SHEET } from "../../src/jobs/history/columns";
import type { EnrichEstimate, EnrichProgress, EnrichRequest } from "../../src/rpc/enrich";
import type { JobChangeDigest, JobChangesSheet, UndoAnswer } from "../../src/rpc/history";
import { driveSteps, type EnrichWorld, rpcValue, SHEET, startEnrichWorld } from "../jobs/enrich-world";

const HISTORY = HISTORY_SHEET;

/**
 * The history row (as texts) that records the sheet row of `url`, that row's Summary line, and its
 * cells as [column, header, old, new, kept?] (the packed JSON's entries without the row index).
 */
function recordOf(url: string) {
  const history = world.runtime.getSheetCells(HISTORY).map((row) => row.map((cell) => String(cell.value)));
  const row = history.find((cells) => cells[3]!.split("\n").includes(url))!;
  const json = JSON.parse(row[5]!) as { rows: unknown[][]; cells: unknown[][] };
  const index = json.rows.findIndex((ref) => ref[0] === url);
  const line = row[4]!.split("\n").find((text) => text.startsWith(`${url}: `)) ?? row[4]!;
  return { line, cells: json.cells.filter((cell) => cell[0] === index).map((cell) => cell.slice(1)) };
}
const request: EnrichRequest = {
  options: {
    fields: ["full_name", "job_title", "company_name", "location"],
    extras: { up_to_the_second_fresh: true },
    mode: "refresh",
  },
};

let world: EnrichWorld;
let urls: string[];

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { CHUNK_SIZE: "40", SPEND_CAP: "5000" },
    clock: manualClock(Date.UTC(2026, 10, 21, 9, 0, 0)),
  });
  urls = await world.control.sampleUrls(6, 77);
});

afterAll(async () => {
  await world?.close();
});

/** Every cell's formula-bar input, A1 to the last used cell. */
function inputs(sheet = SHEET): string[][] {
  return world.runtime.getSheetCells(sheet).map((row) => row.map((cell) => cell.input));
}

function run(mode: EnrichRequest["options"]["mode"] = "refresh"): { jobId: string; end: EnrichProgress } {
  world.runtime.select(SHEET, "A1:A8");
  const estimate = rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", {
    ...request,
    options: { ...request.options, mode },
  });
  rpcValue<EnrichProgress>(world.runtime, "enrichConfirm", { jobId: estimate.progress.jobId });
  return { jobId: estimate.progress.jobId, end: driveSteps(world.runtime, estimate.progress.jobId) };
}

beforeEach(async () => {
  await world.control.reset();
  world.runtime.properties.document.clear();
  for (const name of [SHEET, HISTORY, "Job changes"]) {
    if (!world.runtime.sheets().some((sheet) => sheet.name === name)) continue;
    const cells = world.runtime.getSheetCells(name);
    cells.forEach((row, r) => {
      row.forEach((cell, c) => {
        if (cell.input !== "") world.runtime.setCell(name, `${String.fromCharCode(65 + c)}${r + 1}`, "");
      });
    });
  }
  world.runtime.setValues(SHEET, "A1", [
    ["Profile URL", "Title", "Company", "Location", "Notes"],
    [urls[0]!, "Old title", "Old Co", "", ""],
    [urls[1]!, "", "", "", ""],
    [urls[2]!, "", "", "", ""],
    [urls[3]!, "", "", "", ""],
    [urls[4]!, "", "", "", ""],
    [urls[5]!, "", "", "", ""],
    ["", "", "", "", ""],
  ]);
  // What getValues cannot tell apart from other text or values, in cells the run overwrites.
  const typed: Record<string, string> = {
    B3: "'00123",
    C3: "'=1+1",
    D3: "=LEN(A3)",
    B4: "'+1 555 0100",
    C4: "42",
    D4: "2024-01-15",
    B5: "TRUE",
    C5: "'-2+3",
    D5: "'@home",
    B6: "''Tis the season",
    C6: "1,234.5",
    D6: "10:30",
  };
  for (const [a1, text] of Object.entries(typed)) world.runtime.setCell(SHEET, a1, text);
});

describe("change history and Undo last run", () => {
  it("restores every cell byte for byte except the ones edited since, and records the undo", () => {
    const before = inputs();
    expect(before[2]).toEqual([urls[1], "'00123", "'=1+1", "=LEN(A3)", ""]);
    const { end } = run();
    expect(end.state).toBe("done");
    const afterRun = inputs();
    expect(afterRun[2]![1]).not.toBe("'00123");
    expect(afterRun[0]!.length).toBeGreaterThan(5);

    // The history: a row per write (up to 40 sheet rows), old values as literal text (a formula's
    // text, not a formula) in the Summary and in the signed JSON of Changes.
    const history = world.runtime.getSheetCells(HISTORY);
    expect(history[0]!.map((cell) => cell.input)).toEqual([...HISTORY_HEADERS]);
    expect(history[0]![5]!.note).toMatch(/the only column Undo reads/);
    const { line, cells } = recordOf(urls[1]!);
    expect(line).toContain('Location: "=LEN(A3)" -> ');
    expect(cells).toContainEqual([4, "Location", "=LEN(A3)", expect.any(String)]);
    expect(cells).toContainEqual([2, "Title", "'00123", expect.any(String)]);
    expect(history.every((row) => row.length <= 7 || row.slice(7).every((cell) => cell.input === ""))).toBe(
      true,
    );
    expect(
      world.runtime
        .getFormulas(HISTORY, "A1:H200")
        .flat()
        .every((formula) => formula === ""),
    ).toBe(true);

    // The user edits two cells the run wrote.
    world.runtime.setCell(SHEET, "B4", "edited by hand");
    world.runtime.setCell(SHEET, "C7", "'=edited");
    const answer = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
    expect(answer.leftAlone).toBe(2);
    expect(answer.leftAloneCells.sort()).toEqual([`${SHEET}!B4`, `${SHEET}!C7`]);
    expect(answer.message).toMatch(/left alone because they were edited since/);

    const expected = before.map((row) => [...row]);
    expected[3]![1] = "edited by hand";
    expected[6]![2] = "'=edited";
    const restored = inputs();
    // Compare over the original columns; the appended columns are empty again except nothing.
    expect(restored.map((row) => row.slice(0, 5))).toEqual(expected.map((row) => row.slice(0, 5)));
    expect(restored.flatMap((row) => row.slice(5)).every((input) => input === "")).toBe(true);
    expect(world.runtime.getFormulas(SHEET, "D3")).toEqual([["=LEN(A3)"]]);

    const undoRows = world.runtime
      .getSheetCells(HISTORY)
      .filter((row) => String(row[0]!.value) === `undo:${answer.runId}`);
    const undoCells = undoRows.flatMap(
      (row) => (JSON.parse(String(row[5]!.value)) as { cells: unknown[] }).cells,
    );
    expect(undoCells.length).toBe(answer.restored);
    // Nothing left to undo.
    const again = world.runtime.rpc("historyUndo", null) as { ok: boolean; error?: { message: string } };
    expect(again.ok).toBe(false);
  });

  it("the menu's Undo last run says what it did", () => {
    run();
    world.runtime.install();
    world.runtime.clickMenu("Undo last run");
    const alert = world.runtime.ui.events.filter((event) => event.type === "alert").at(-1);
    expect(alert).toMatchObject({ title: "Undo last run", prompt: expect.stringMatching(/cells restored/) });
  });

  it("turned off, a run records nothing", () => {
    rpcValue(world.runtime, "historySaveSettings", { enabled: false, maxRows: 1000 });
    const rows = () =>
      world.runtime.sheets().some((sheet) => sheet.name === HISTORY)
        ? world.runtime.getSheetCells(HISTORY).length
        : 0;
    const start = rows();
    run();
    expect(rows()).toBe(start);
  });

  it("job-change digest after the run, and the Job changes sheet since a date", () => {
    const { jobId } = run();
    const digest = rpcValue<JobChangeDigest>(world.runtime, "historyDigest", { jobId });
    // Row 2 had Old title @ Old Co; the rest were empty or had no title/company before.
    const moved = digest.changes.find((change) => change.url === urls[0]);
    expect(moved).toMatchObject({ oldTitle: "Old title", oldCompany: "Old Co" });
    expect(moved!.name).not.toBe("");
    expect(digest.count).toBe(digest.changes.length);
    const sheet = rpcValue<JobChangesSheet>(world.runtime, "historyShowJobChanges", { since: "2026-11-01" });
    expect(sheet.count).toBe(digest.count);
    const cells = world.runtime.getSheetCells("Job changes");
    expect(cells[0]![0]!.value).toBe("Time");
    expect(cells.some((row) => row.some((cell) => cell.value === urls[0]))).toBe(true);
    expect(world.runtime.activeSheet()).toBe("Job changes");
  });

  it("fill mode: a job change the run kept out of filled Title/Company cells is in the digest and the sheet; undo leaves those cells alone", () => {
    const before = inputs();
    const { jobId, end } = run("fill");
    expect(end.state).toBe("done");
    // Fill mode does not overwrite: row 2 still shows the old job.
    expect(inputs()[1]!.slice(1, 3)).toEqual(["Old title", "Old Co"]);
    const digest = rpcValue<JobChangeDigest>(world.runtime, "historyDigest", { jobId });
    const moved = digest.changes.find((change) => change.url === urls[0]);
    expect(moved).toMatchObject({ oldTitle: "Old title", oldCompany: "Old Co", kept: "fill mode" });
    expect(moved!.newTitle).not.toBe("Old title");
    expect(moved!.newTitle).not.toBe("");
    expect(recordOf(urls[0]!).cells).toContainEqual([2, "Title", "Old title", moved!.newTitle, "fill mode"]);
    const sheet = rpcValue<JobChangesSheet>(world.runtime, "historyShowJobChanges", { since: "2026-11-01" });
    expect(sheet.count).toBe(digest.count);
    const cells = world.runtime
      .getSheetCells("Job changes")
      .map((row) => row.map((cell) => String(cell.value)));
    expect(cells[0]!.at(-1)).toBe("Note");
    expect(cells.find((row) => row.includes(urls[0]!))!.at(-1)).toBe("old job kept in the sheet (fill mode)");

    // Undo puts back exactly what the run wrote: every cell as before, none reported as edited.
    const answer = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
    expect(answer.leftAlone).toBe(0);
    expect(answer.restored).toBeGreaterThan(0);
    expect(inputs().map((row) => row.slice(0, 5))).toEqual(before.map((row) => row.slice(0, 5)));
  });
});
