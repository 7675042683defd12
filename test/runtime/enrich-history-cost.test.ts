/**
 * Issue 20 in the emulated runtime, by counts (never wall time): a refresh that fits in one
 * execution runs in one step; the history writes one row of 7 cells per 40 changed rows of a write; the step
 * reads after writing once per chunk (the header row it re-reads to follow moved columns), and
 * once at the end; store calls a few a step and one write a chunk;
 * and a refresh-then-undo of 10,000 rows restores every cell byte for byte.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HISTORY_HEADERS, HISTORY_SHEET } from "../../src/jobs/history/columns";
import type { UndoAnswer } from "../../src/rpc/history";
import {
  crmRows,
  DEFAULT_REQUEST,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  rpcValue,
  startEnrichWorld,
} from "../jobs/enrich-world";

let world: EnrichWorld;

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { SPEND_CAP: "100000", CHUNK_SIZE: "100", API_GENERATION: "legacy" },
  });
});

afterAll(async () => {
  await world?.close();
});

/** Every cell's formula-bar input. */
const inputs = (sheet: string) =>
  world.runtime.getSheetCells(sheet).map((row) => row.map((cell) => cell.input));

function historyCells(): number {
  const sheet = world.runtime.sheets().find((each) => each.name === HISTORY_SHEET);
  return sheet ? (sheet.lastRow - 1) * sheet.lastColumn : 0;
}

describe("Enrich with the compact history, by counts", () => {
  it("600 rows in 6 chunks: one step, one history row of 7 cells per 40 changed rows, at most one read after writes per chunk", async () => {
    const urls = await world.control.sampleUrls(540, 0);
    const rows = crmRows(urls, 60);
    world.runtime.insertSheet("Counts");
    world.runtime.setValues("Counts", "A1", rows);
    const jobId = estimateAndConfirm(world.runtime, `A1:A${rows.length}`, DEFAULT_REQUEST, "Counts");
    const fetchCountBefore = Number(
      (world.runtime.properties.user().get("URL_FETCH_COUNT") ?? "0:0").split(":")[1],
    );
    world.runtime.resetCounters();
    const end = driveSteps(world.runtime, jobId);
    const counters = world.runtime.counters;
    expect(end).toMatchObject({ state: "done", ok: 540 });
    expect(counters.executions).toBe(1);
    // 6 chunks of lookups, and the free ledger read that gives the run's total (issue 23.4): its
    // 6 pages in one fetchAll.
    expect(counters.fetchAllCalls).toBe(6 + 1);
    // Reads after writes: one header-row read per chunk (to follow a column moved meanwhile: after
    // the headers the step appended, then after the chunk before), and the statuses read once the
    // run ends (that read needs the writes). Nothing else reads between two writes.
    expect(counters.readsAfterWrites).toBeLessThanOrEqual(6 + 1);
    // The header row's history row, then per chunk (100 URLs, the 60 repeated ones' rows among
    // them) a history row per 40 changed rows: 17 history rows of 7 cells (one per changed row
    // made 601).
    expect(historyCells()).toBe(17 * HISTORY_HEADERS.length);
    const calls = (...methods: string[]) =>
      methods.reduce((sum, method) => sum + (counters.byMethod[method] ?? 0), 0);
    // Store writes (62 ms each in production, G6): one a chunk (its URLs in flight, with the
    // chunk before's results), and a few a step; 15 + 9 before.
    expect(calls("Properties.setProperty", "Properties.setProperties")).toBeLessThanOrEqual(6 + 5);
    // Store reads (30 ms): a few a step, however many chunks. Cancel's check before each group
    // reads the document cache (3 ms), and the URL Fetch count is read and written once; 29 before.
    // One more a step since issue 23.16: whether the trigger drives the run (then no sidebar may).
    expect(calls("Properties.getProperty", "Properties.getProperties")).toBeLessThanOrEqual(11);
    expect(calls("Cache.get")).toBeGreaterThanOrEqual(6);
    const fetchCount = world.runtime.properties.user().get("URL_FETCH_COUNT") ?? "";
    // Every request sent is in the count, written once at the end of the execution.
    expect(Number(fetchCount.split(":")[1]) - fetchCountBefore).toBe(counters.requests);
    // Sheet reads (10 ms each): per chunk the header row (getLastColumn, getValues, getFormulas)
    // and its rows' block, values and literals from one getValues and getFormulas; 66 before.
    expect(calls("Range.getValues", "Range.getFormulas", "Sheet.getLastColumn")).toBeLessThanOrEqual(
      5 * 6 + 9,
    );
  });

  it("a refresh of 10,000 rows, then Undo, restores every cell byte for byte", async () => {
    const urls = await world.control.sampleUrls(9_000, 1_000);
    const rows = crmRows(urls, 1_000).map((row, index) =>
      // Text Sheets would read as something else, in cells the run overwrites.
      index % 1_000 === 5 ? [row[0]!, "'00123", "=LEN(A2)"] : row,
    );
    world.runtime.insertSheet("Big");
    world.runtime.setValues("Big", "A1", rows);
    for (const [index, row] of rows.entries()) {
      if (row[1] === "'00123") {
        world.runtime.setCell("Big", `B${index + 1}`, "'00123");
        world.runtime.setCell("Big", `C${index + 1}`, "=LEN(A2)");
      }
    }
    const before = inputs("Big");
    const jobId = estimateAndConfirm(world.runtime, `A1:A${rows.length}`, DEFAULT_REQUEST, "Big");
    world.runtime.resetCounters();
    const end = driveSteps(world.runtime, jobId);
    expect(end).toMatchObject({ state: "done", ok: 9_000 });
    expect(world.runtime.counters.executions).toBe(1);
    expect(inputs("Big")[1]![1]).not.toBe(before[1]![1]);
    const answer = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
    expect(answer).toMatchObject({ leftAlone: 0, notFound: 0, refused: 0, partial: false });
    const after = inputs("Big");
    expect(after.map((row) => row.slice(0, 3))).toEqual(before.map((row) => row.slice(0, 3)));
    expect(after.every((row) => row.slice(3).every((input) => input === ""))).toBe(true);
  }, 300_000);
});
