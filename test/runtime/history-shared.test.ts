/**
 * The change history on a shared spreadsheet, in the emulated runtime over the built add-on and
 * the sandbox: the owner (with the API key) refreshes a list; an editor without a key reads the
 * digest, writes the Job changes sheet and presses Undo (free: the sandbox sees no request and
 * its ledger no charge), and edits the history sheet by hand: a typed `undo:<run>` row, the rows
 * sorted newest first. Undo must still take back the owner's latest run.
 * The lookup path is pinned (API_GENERATION legacy): bulk jobs are the default generation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/clock";
import { HISTORY_HEADERS, HISTORY_SHEET } from "../../src/jobs/history/columns";
import type { EnrichEstimate, EnrichProgress, EnrichRequest } from "../../src/rpc/enrich";
import type { JobChangeDigest, JobChangesSheet, UndoAnswer, UndoQuestion } from "../../src/rpc/history";
import {
  driveSteps,
  type EnrichWorld,
  freshDocument,
  rpcValue,
  SHEET,
  startEnrichWorld,
} from "../jobs/enrich-world";

const EDITOR = "editor@example.com";
const START = Date.UTC(2026, 10, 21, 9, 0, 0);
const HEAD = ["Profile URL", "Name", "Title", "Company"];

let world: EnrichWorld;
let urls: string[];

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { CHUNK_SIZE: "40", SPEND_CAP: "5000", API_GENERATION: "legacy" },
    clock: manualClock(START),
  });
  urls = await world.control.sampleUrls(3, 31);
});

afterAll(async () => {
  await world?.close();
});

beforeEach(async () => {
  await freshDocument(world, [HISTORY_SHEET, "Job changes"]);
  world.runtime.setValues(SHEET, "A1", [
    HEAD,
    [urls[0]!, "", "Old title", "Old Co"],
    [urls[1]!, "", "", ""],
    [urls[2]!, "", "Another old title", "Another Old Co"],
  ]);
});

/** The owner refreshes the list (Fresh data on), then a minute passes. */
function ownerRun(sheet = SHEET): string {
  const request: EnrichRequest = {
    options: {
      fields: ["full_name", "job_title", "company_name"],
      extras: { up_to_the_second_fresh: true },
      mode: "refresh",
    },
  };
  world.runtime.select(sheet, "A1:A4");
  const estimate = rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", request);
  rpcValue<EnrichProgress>(world.runtime, "enrichConfirm", { jobId: estimate.progress.jobId });
  expect(driveSteps(world.runtime, estimate.progress.jobId).state).toBe("done");
  world.runtime.advanceClock(60_000);
  return estimate.progress.jobId;
}

const asEditor = { user: EDITOR };
const listInputs = () =>
  world.runtime.getSheetCells(SHEET).map((row) => row.slice(0, 4).map((cell) => cell.input));

describe("Undo on a shared spreadsheet", () => {
  it("an editor without a key reads the owner's job changes and undoes the owner's run, for free", async () => {
    const before = listInputs();
    const jobId = ownerRun();
    const charged = await world.control.stats();
    expect(charged.creditsCharged).toBe(3);

    const digest = rpcValue<JobChangeDigest>(world.runtime, "historyDigest", { jobId }, asEditor);
    expect(digest.count).toBe(2);
    const sheet = rpcValue<JobChangesSheet>(
      world.runtime,
      "historyShowJobChanges",
      { since: "2026-11-01" },
      asEditor,
    );
    expect(sheet.count).toBe(2);

    const undo = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null, asEditor);
    expect(undo).toMatchObject({ runId: jobId, leftAlone: 0, refused: 0, notFound: 0 });
    expect(undo.message).toMatch(/^Undid the run of 2026-11-21T09:00:\d\dZ: \d+ cells restored\.$/);
    expect(listInputs()).toEqual(before);
    // Undo sent nothing and charged nothing.
    const after = await world.control.stats();
    expect(after.requests).toEqual(charged.requests);
    expect(after.ledger).toEqual(charged.ledger);
  });

  it("an undo:<run> row typed into the history does not hide the owner's run from Undo", () => {
    const jobId = ownerRun();
    const size = world.runtime.getSheetCells(HISTORY_SHEET).length;
    world.runtime.setCell(HISTORY_SHEET, `A${size + 1}`, `undo:${jobId}`);
    const digest = rpcValue<JobChangeDigest>(world.runtime, "historyDigest", { jobId });
    expect(digest).toMatchObject({ count: 2 });
    expect(digest.undone).toBeUndefined();
    const undo = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
    expect(undo.runId).toBe(jobId);
    expect(world.runtime.getCell(SHEET, "C2").input).toBe("Old title");
  });

  it("a history sorted newest first: Undo takes back the latest run, not the first one", () => {
    ownerRun();
    // A colleague retypes a title; the owner's weekly refresh overwrites it.
    world.runtime.setCell(SHEET, "C2", "Typed by a colleague");
    const latest = ownerRun();
    const filled = listInputs();
    // Data > Sort sheet Z -> A by Time: rows pasted back newest first (one run's rows in order).
    const rows = world.runtime.getSheetCells(HISTORY_SHEET).map((row) => row.map((cell) => cell.input));
    const data = rows.slice(1);
    const runs = [...new Set(data.map((row) => row[0]!))].reverse();
    world.runtime.pasteCells(
      HISTORY_SHEET,
      "A2",
      runs.flatMap((run) => data.filter((row) => row[0] === run)),
    );
    expect(world.runtime.getCell(HISTORY_SHEET, "A2").input).toBe(latest);
    const undo = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
    expect(undo).toMatchObject({ runId: latest, leftAlone: 0, refused: 0 });
    // Only what the latest run changed goes back: the colleague's title; the first run's
    // answers (names, the other rows' jobs) stay.
    const after = listInputs();
    expect(after[1]![2]).toBe("Typed by a colleague");
    expect(after.map((row, index) => (index === 1 ? [row[0], row[1], row[3]] : row))).toEqual(
      filled.map((row, index) => (index === 1 ? [row[0], row[1], row[3]] : row)),
    );
  });

  it("a run on a sheet deleted since is undone as far as it can be, and does not block the runs before it", () => {
    const before = listInputs();
    const first = ownerRun();
    world.runtime.insertSheet("Scratch list");
    world.runtime.setValues("Scratch list", "A1", [HEAD, [urls[2]!, "", "Temp title", "Temp Co"]]);
    const scratch = ownerRun("Scratch list");
    world.runtime.deleteSheet("Scratch list");
    const gone = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
    expect(gone).toMatchObject({ runId: scratch, restored: 0, partial: false });
    expect(gone.message).toMatch(/Scratch list .*\(sheet deleted\)/);
    expect(gone.message).not.toMatch(/can still be undone/);
    const next = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
    expect(next).toMatchObject({ runId: first, leftAlone: 0, notFound: 0 });
    expect(listInputs()).toEqual(before);
  });

  it("a URL column of =HYPERLINK(url, name) cells (a CRM export): Undo finds every row", () => {
    urls.forEach((url, index) => {
      world.runtime.setCell(SHEET, `A${index + 2}`, `=HYPERLINK("${url}", "Person ${index + 1}")`);
    });
    const before = listInputs();
    const jobId = ownerRun();
    const undo = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
    expect(undo).toMatchObject({ runId: jobId, notFound: 0, leftAlone: 0, partial: false });
    expect(listInputs()).toEqual(before);
  });
});

describe("Undo asks first (it cannot be redone; running again charges again)", () => {
  it("the menu says which run and how much; No changes nothing, Yes undoes it", () => {
    const before = listInputs();
    const jobId = ownerRun();
    const filled = listInputs();
    world.runtime.install();
    world.runtime.ui.respondWith({ button: "NO" });
    world.runtime.clickMenu("Undo last run", asEditor);
    const asked = world.runtime.ui.events.filter((event) => event.type === "alert").at(-1);
    expect(asked).toMatchObject({
      buttons: "YES_NO",
      prompt: expect.stringMatching(
        /^Undo the run of 2026-11-21 \d\d:\d\d UTC on "CRM"\? \d+ cells in 3 rows go back .*cannot be redone.*charges again\.$/,
      ),
    });
    expect(listInputs()).toEqual(filled);
    world.runtime.clickMenu("Undo last run", asEditor);
    const told = world.runtime.ui.events.filter((event) => event.type === "alert").at(-1);
    expect(told).toMatchObject({
      buttons: "OK",
      prompt: expect.stringMatching(/^Undid the run of .*cells restored/),
    });
    expect(listInputs()).toEqual(before);
    expect(rpcValue<JobChangeDigest>(world.runtime, "historyDigest", { jobId })).toMatchObject({
      undone: true,
    });
  });

  it("the sidebar's confirmation for a run that is no longer the latest is refused", () => {
    const first = ownerRun();
    const question = rpcValue<UndoQuestion>(world.runtime, "historyUndoPreview", null, asEditor);
    expect(question).toMatchObject({ runId: first, sheets: ["CRM"], rows: 3 });
    // Meanwhile the owner runs again: the editor's Undo it must not take back that newer run.
    world.runtime.setCell(SHEET, "C2", "Typed by a colleague");
    const second = ownerRun();
    const stale = world.runtime.rpc("historyUndo", { runId: question.runId }, asEditor);
    expect(stale).toMatchObject({ ok: false, error: { kind: "changed" } });
    expect(world.runtime.getCell(SHEET, "C2").input).not.toBe("Typed by a colleague");
    const fresh = rpcValue<UndoQuestion>(world.runtime, "historyUndoPreview", null, asEditor);
    expect(fresh.runId).toBe(second);
    const undo = rpcValue<UndoAnswer>(world.runtime, "historyUndo", { runId: fresh.runId }, asEditor);
    expect(undo.runId).toBe(second);
    expect(world.runtime.getCell(SHEET, "C2").input).toBe("Typed by a colleague");
  });
});

describe("a column a colleague inserted into the history", () => {
  it("a Reviewed column inserted at B: the next run records beside it, Undo still takes back both runs, and the column keeps what was typed", () => {
    const before = listInputs();
    ownerRun();
    world.runtime.setCell(SHEET, "C2", "Typed by a colleague");
    world.runtime.insertColumns(HISTORY_SHEET, 2, 1);
    const size = world.runtime.getSheetCells(HISTORY_SHEET).length;
    world.runtime.setCell(HISTORY_SHEET, "B1", "Reviewed");
    for (let row = 2; row <= size; row += 1) world.runtime.setCell(HISTORY_SHEET, `B${row}`, "yes");
    const second = ownerRun();
    const history = () =>
      world.runtime.getSheetCells(HISTORY_SHEET).map((row) => row.map((cell) => String(cell.value)));
    expect(history()[0]).toEqual([HISTORY_HEADERS[0], "Reviewed", ...HISTORY_HEADERS.slice(1)]);
    // The second run's rows are under the headers, the Reviewed cells of its rows empty.
    const added = history().slice(size);
    expect(added.length).toBeGreaterThan(0);
    for (const row of added) {
      expect(row[0]).toBe(second);
      expect(row[1]).toBe("");
      expect(row[6]).toMatch(/^\{"v":3,/);
    }
    expect(rpcValue<UndoAnswer>(world.runtime, "historyUndo", null)).toMatchObject({
      runId: second,
      refused: 0,
    });
    expect(rpcValue<UndoAnswer>(world.runtime, "historyUndo", null)).toMatchObject({
      refused: 0,
      notFound: 0,
    });
    expect(listInputs().map((row, index) => (index === 1 ? [row[0], row[1], row[3]] : row))).toEqual(
      before.map((row, index) => (index === 1 ? [row[0], row[1], row[3]] : row)),
    );
    expect(
      history()
        .slice(1, size)
        .every((row) => row[1] === "yes"),
    ).toBe(true);
  });
});
