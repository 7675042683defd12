/**
 * Issue 13.4 done-when: Freeze selected formulas to values turns 500 formula cells (100
 * =LOOKUP_LEAD answers of 5 fields) into the values they showed, escaped, and the next
 * recalculation, after the 6-hour cache has expired, sends 0 lookups for them; a formula that
 * shows an error stays a formula, and the alert says how many were frozen and which were not.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CellScalar } from "../../sandbox/gas/cells";
import { type ManualClock, manualClock } from "../../sandbox/gas/clock";
import { type EnrichWorld, SHEET, startEnrichWorld } from "../jobs/enrich-world";

const ROWS = 100;
let world: EnrichWorld;
let clock: ManualClock;

beforeAll(async () => {
  clock = manualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
  const urls = await (async () => {
    const probe = await startEnrichWorld({ rows: [] });
    const sample = await probe.control.sampleUrls(ROWS, 13);
    await probe.close();
    return sample;
  })();
  world = await startEnrichWorld({
    rows: [["Profile URL"], ...urls.map((url) => [url])],
    userProperties: { SPEND_CAP: "5000" },
    clock,
  });
});

afterAll(async () => {
  await world?.close();
});

const lookups = async () =>
  (await world.control.stats()).ledger.filter((entry) => entry.path.includes("/leads/by_link/")).length;

describe("Freeze selected formulas to values", () => {
  it("freezes 500 formula cells; the next recalculation asks the API for none of them", async () => {
    for (let row = 2; row <= ROWS + 1; row += 1)
      world.runtime.setCell(SHEET, `B${row}`, `=LOOKUP_LEAD(A${row})`);
    // An error (an extras field without its option) and a live formula outside the selection.
    world.runtime.setCell(SHEET, "G2", '=LOOKUP_LEAD(A2, "posts")');
    world.runtime.setCell(SHEET, "H2", '=LOOKUP_LEAD(A3, "full_name")');
    const last = ROWS + 1;
    const shown: CellScalar[][] = world.runtime.getValues(SHEET, `B2:F${last}`);
    expect(shown.flat().filter((value) => value !== "").length).toBeGreaterThan(400);
    expect(world.runtime.getCell(SHEET, "G2").error).toBeDefined();

    world.runtime.install();
    world.runtime.select(SHEET, `B2:G${last}`);
    world.runtime.clickMenu("Freeze selected formulas to values");
    const alert = world.runtime.ui.events.filter((event) => event.type === "alert").at(-1);
    expect(alert).toMatchObject({
      prompt: expect.stringMatching(
        /^Froze 100 formulas \(500 cells\).*Left 1 as formulas \(G2: it shows #ERROR!/,
      ),
    });

    expect(
      world.runtime
        .getFormulas(SHEET, `B2:F${last}`)
        .flat()
        .every((formula) => formula === ""),
    ).toBe(true);
    expect(world.runtime.getValues(SHEET, `B2:F${last}`)).toEqual(shown);
    // Text that would parse as something else was written with its apostrophe (escaped).
    for (const row of world.runtime.getSheetCells(SHEET).slice(1)) {
      for (const cell of row.slice(1, 6)) {
        if (typeof cell.value === "string" && /^[=+\-@]/.test(cell.value))
          expect(cell.input).toBe(`'${cell.value}`);
      }
    }
    expect(world.runtime.getFormulas(SHEET, "G2")).toEqual([['=LOOKUP_LEAD(A2, "posts")']]);

    // Seven hours on, the cache has expired: only the live formula outside the selection asks again.
    clock.advance(7 * 3600_000);
    const before = await lookups();
    world.runtime.recalculate({ all: true });
    expect((await lookups()) - before).toBe(1);
  });
});
