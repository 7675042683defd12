/**
 * Freeze selected formulas to values is a recorded run of the change history: Undo last run (the
 * menu, or the sidebar's question and answer) puts every frozen formula back, its text byte for
 * byte, and clears the values its answer had spilled into, so the formula spills again instead of
 * colliding with them (#REF!). Rows are found as the Emails action's are, by a row key column
 * (here the profile URLs); rows with no key at all (formulas over typed text) are found where they
 * were, while they still hold what the freeze wrote. A cell edited since is left alone and named.
 * An editor may freeze the owner's formulas and either may undo; the Undo asks the API nothing
 * (the sandbox's ledger is unchanged: the restored formulas answer from the 6-hour cache). A
 * frozen answer that begins with "=" is kept and restored inert.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../sandbox/gas/clock";
import { HISTORY_SHEET } from "../../src/jobs/history/columns";
import type { JobChangeDigest, UndoAnswer, UndoQuestion } from "../../src/rpc/history";
import { type EnrichWorld, freshDocument, rpcValue, SHEET, startEnrichWorld } from "../jobs/enrich-world";

const EDITOR = "editor@example.com";
const asEditor = { user: EDITOR };
const NOTES = "Notes";
let world: EnrichWorld;
let urls: string[];

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { SPEND_CAP: "5000" },
    clock: manualClock(Date.UTC(2026, 10, 21, 9, 0, 0)),
  });
  urls = await world.control.sampleUrls(5, 41);
});

afterAll(async () => {
  await world?.close();
});

beforeEach(async () => {
  await freshDocument(world, [HISTORY_SHEET, NOTES]);
  world.runtime.setValues(SHEET, "A1", [
    ["Profile URL", "Owner", "", "Lead", "", "", "Company"],
    ...urls.map((url, index) => [url, `rep ${index + 1}`, "", "", "", "", ""]),
  ]);
  // One answer spilled over D2:E6 (E has no header), and one formula a row in G.
  world.runtime.setCell(SHEET, "D2", '=LOOKUP_LEAD(A2:A6, "full_name,job_title")');
  for (let row = 2; row <= 6; row += 1)
    world.runtime.setCell(SHEET, `G${row}`, `=LOOKUP_LEAD(A${row}, "company_name")`);
});

const inputs = (sheet = SHEET) =>
  world.runtime.getSheetCells(sheet).map((row) => row.map((cell) => cell.input));
const shown = (sheet = SHEET) => world.runtime.getValues(sheet, "A1:G6");
const lastAlert = () => world.runtime.ui.events.filter((event) => event.type === "alert").at(-1);

function freeze(range: string, sheet = SHEET, options?: { user: string }): void {
  world.runtime.install();
  world.runtime.select(sheet, range);
  world.runtime.clickMenu("Freeze selected formulas to values", options);
  expect(lastAlert()).toMatchObject({ prompt: expect.stringMatching(/^Froze \d+ formulas?/) });
}

describe("Undo last run after Freeze selected formulas to values", () => {
  it("the menu names the freeze, and Undo puts back 6 formulas (15 cells) byte for byte and clears their spills (ledger untouched)", async () => {
    const before = inputs();
    const values = shown();
    expect(values[1]![3]).not.toBe("");
    freeze("D2:G6");
    expect(world.runtime.getFormulas(SHEET, "D2:G6").flat().join("")).toBe("");
    const ledger = (await world.control.stats()).ledger;

    world.runtime.ui.respondWith({ button: "YES" });
    world.runtime.clickMenu("Undo last run");
    const asked = world.runtime.ui.events.filter((event) => event.type === "alert").at(-2);
    expect(asked).toMatchObject({
      buttons: "YES_NO",
      prompt: expect.stringMatching(
        /^Undo the freeze of 2026-11-21 09:00 UTC on "CRM"\? 6 formulas \(15 cells in 5 rows\) go back to formulas/,
      ),
    });
    expect(lastAlert()).toMatchObject({
      prompt: expect.stringMatching(/^Undid the freeze of 2026-11-21T09:00:00Z: 15 cells restored\.$/),
    });
    expect(inputs()).toEqual(before);
    expect(shown()).toEqual(values);
    // Undo sent nothing and charged nothing: the formulas answered from the cache.
    expect((await world.control.stats()).ledger).toEqual(ledger);
    const again = world.runtime.rpc("historyUndo", null) as { ok: boolean; error?: { message: string } };
    expect(again).toMatchObject({ ok: false, error: { message: expect.stringMatching(/no run to undo/) } });
  });

  it("an editor freezes the owner's formulas; the owner undoes from the sidebar; a cell edited since is left alone and named", () => {
    const before = inputs();
    const formulas = world.runtime.getFormulas(SHEET, "A1:G6");
    freeze("D2:G6", SHEET, asEditor);
    world.runtime.setCell(SHEET, "E3", "typed since");
    const question = rpcValue<UndoQuestion & { message: string }>(world.runtime, "historyUndoPreview", null);
    expect(question.message).toMatch(/^Undo the freeze of .* on "CRM"\? 6 formulas/);
    // Frozen Company cells (a formula before, a company after) are no job change.
    const digest = rpcValue<JobChangeDigest>(world.runtime, "historyDigest", { jobId: question.runId });
    expect(digest.count).toBe(0);
    const answer = rpcValue<UndoAnswer>(world.runtime, "historyUndo", { runId: question.runId });
    expect(answer).toMatchObject({ restored: 14, leftAlone: 1, leftAloneCells: ["CRM!E3"], notFound: 0 });
    expect(answer.message).toMatch(/^Undid the freeze of .*14 cells restored; 1 left alone .*\(CRM!E3\)/);
    // Every formula is back; the edited cell stays, so the spilled answer is blocked there, as
    // it would be had the cell been typed over the live formula.
    expect(world.runtime.getFormulas(SHEET, "A1:G6")).toEqual(formulas);
    expect(world.runtime.getCell(SHEET, "E3").input).toBe("typed since");
    expect(world.runtime.getCell(SHEET, "D2").error).toBeDefined();
    expect(inputs().map((row) => row.slice(6))).toEqual(before.map((row) => row.slice(6)));
  });

  it("formulas over typed text, in rows with no key: found where they were", () => {
    world.runtime.insertSheet(NOTES);
    world.runtime.setCell(NOTES, "B2", `=LOOKUP_LEAD("${urls[0]}", "full_name")`);
    world.runtime.setCell(NOTES, "B3", `=LOOKUP_LEAD("${urls[1]}", "full_name")`);
    const before = inputs(NOTES);
    freeze("B2:B3", NOTES);
    expect(world.runtime.getFormulas(NOTES, "B2:B3").flat().join("")).toBe("");
    const answer = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
    expect(answer).toMatchObject({ restored: 2, leftAlone: 0, notFound: 0 });
    expect(inputs(NOTES)).toEqual(before);
  });

  it("hostile answers: a frozen value that begins with = is stored and restored inert", async () => {
    await world.control.configure({ hostileText: true });
    try {
      world.runtime.setCell(SHEET, "D2", '=LOOKUP_LEAD(A2:A6, "full_name,job_title", "fresh")');
      const before = inputs();
      freeze("D2");
      const frozen = world.runtime.getSheetCells(SHEET).flatMap((row) => row.slice(3, 5));
      const starters = frozen.filter((cell) => typeof cell.value === "string" && /^[=+\-@]/.test(cell.value));
      expect(starters.length).toBeGreaterThan(0);
      for (const cell of starters) expect(cell.input).toBe(`'${cell.value}`);
      // The history holds them as text: no history cell is a formula.
      const history = world.runtime.getSheetCells(HISTORY_SHEET).flat();
      expect(history.some((cell) => cell.formula !== undefined)).toBe(false);
      const answer = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
      expect(answer).toMatchObject({ leftAlone: 0, notFound: 0, refused: 0 });
      expect(inputs()).toEqual(before);
    } finally {
      await world.control.configure({ hostileText: false });
    }
  });
});
