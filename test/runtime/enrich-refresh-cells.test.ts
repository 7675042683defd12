/**
 * Issue 20, the weekly refresh, by counts: every cell a write holds is committed at a price
 * (PRODUCTION.md G6), and a refresh that finds a few people moved must commit their changed cells
 * and every row's Enriched At, not whole columns of values that stay. main wrote each column that
 * any row of a chunk changed in every row of the chunk: with 1 person in 10 moved, Title, Company,
 * Job changed and Previous job for all 200 rows. The cost model counts the cells its flushes
 * commit (every price 0, so the run's timing is the emulation's own). Built add-on, emulated
 * runtime, sandbox ledger; the lookup path (API generation legacy).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { MEASURED_COSTS } from "../../sandbox/gas/cost-model";
import { PATHS } from "../../src/api/wire";
import {
  crmRows,
  DEFAULT_REQUEST,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  startEnrichWorld,
} from "../jobs/enrich-world";

const SHEET = "Weekly";
const ROWS = 200;
const MOVED_EVERY = 10;

let world: EnrichWorld;

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { SPEND_CAP: "100000", API_GENERATION: "legacy" },
  });
});

afterAll(async () => {
  world.runtime.setCostModel(false);
  await world?.close();
});

const zeroCosts = Object.fromEntries(Object.keys(MEASURED_COSTS).map((key) => [key, 0]));

/** Cells committed by one run's flushes. */
function cellsCommitted(run: () => void): number {
  world.runtime.setCostModel(zeroCosts);
  world.runtime.resetCounters();
  run();
  const cells = world.runtime.counters.committedCells;
  world.runtime.setCostModel(false);
  return cells;
}

describe("a refresh commits the cells that change, not whole columns", () => {
  it(`${ROWS} rows, 1 in ${MOVED_EVERY} moved since the last refresh: their 4 job cells and every row's Enriched At`, async () => {
    const urls = await world.control.sampleUrls(ROWS, 7_000);
    world.runtime.insertSheet(SHEET);
    world.runtime.setValues(SHEET, "A1", crmRows(urls, 0));
    const range = `A1:A${ROWS + 1}`;
    const refresh = () =>
      driveSteps(world.runtime, estimateAndConfirm(world.runtime, range, DEFAULT_REQUEST, SHEET));
    // The first enrichment, then a refresh that finds nobody moved (Job changed back to FALSE).
    expect(refresh()).toMatchObject({ state: "done", ok: ROWS });
    expect(refresh()).toMatchObject({ state: "done", ok: ROWS });
    const header = world.runtime.getValues(SHEET, "A1:I1")[0]!.map(String);
    expect(header.slice(0, 3)).toEqual(["Profile URL", "Title", "Company"]);
    let moved = 0;
    for (let row = 2; row <= ROWS + 1; row += MOVED_EVERY) {
      world.runtime.setValues(SHEET, `B${row}:C${row}`, [["Old title", "Old Co"]]);
      moved += 1;
    }
    await world.control.reset();
    // A week later: every row's Enriched At changes.
    world.runtime.advanceClock(7 * 24 * 3600 * 1000);

    let end: ReturnType<typeof refresh> | undefined;
    const cells = cellsCommitted(() => {
      end = refresh();
    });
    expect(end).toMatchObject({ state: "done", ok: ROWS });
    expect(await ledgerCredits(world.control, PATHS.leadLookup)).toBe(ROWS);
    // Every moved row shows its new job and says so; the others say nothing moved.
    const changed = header.findIndex((text) => /^job[ _]changed$/i.test(text));
    const values = world.runtime.getValues(SHEET, `A2:I${ROWS + 1}`);
    expect(values.filter((row) => row[changed] === true)).toHaveLength(moved);
    expect(values.filter((row) => row[1] === "Old title")).toHaveLength(0);
    // Title, Company, Job changed and Previous job of the movers, Enriched At of every row: 280.
    // The history adds a few dozen (a packed row of 7 cells per 40 rows, its clipped columns and
    // time format). main committed 1,255.
    const mainSheet = moved * 4 + ROWS;
    expect(cells).toBeGreaterThanOrEqual(mainSheet);
    expect(cells).toBeLessThan(mainSheet + 150);
  });
});
