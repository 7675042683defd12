/**
 * Issue 20, by counts (never wall time): a refresh does not set the date-time format again on the
 * Enriched At cells that carry it (src/jobs/enrich/time-formats.ts): every cell formatted is
 * committed at a price per cell. A first run formats every time it writes. Built add-on, emulated
 * runtime; the lookup path (API generation legacy), the history off (its sheet formats its own
 * Time column).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EnrichProgress } from "../../src/rpc/enrich";
import { DATE_TIME_FORMAT } from "../../src/sheet/sheet-time";
import {
  crmRows,
  DEFAULT_REQUEST,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  rpcValue,
  startEnrichWorld,
} from "../jobs/enrich-world";

const URLS = 200;
const SHEET = "Formats";

let world: EnrichWorld;

beforeAll(async () => {
  world = await startEnrichWorld({
    rows: [],
    userProperties: { SPEND_CAP: "100000", CHUNK_SIZE: "50", API_GENERATION: "legacy" },
  });
  rpcValue(world.runtime, "historySaveSettings", { enabled: false, maxRows: 100_000 });
});

afterAll(async () => {
  await world?.close();
});

const setNumberFormatCalls = () => world.runtime.counters.byMethod["Range.setNumberFormat"] ?? 0;

/** The Enriched At column's cells below the header, as the sheet holds them. */
function enrichedAt() {
  const cells = world.runtime.getSheetCells(SHEET);
  const column = cells[0]!.findIndex((cell) => cell.value === "Enriched At");
  expect(column).toBeGreaterThan(0);
  return cells.slice(1).map((row) => row[column]!);
}

function run(rows: number): EnrichProgress {
  const jobId = estimateAndConfirm(world.runtime, `A1:A${rows}`, DEFAULT_REQUEST, SHEET);
  world.runtime.resetCounters();
  return driveSteps(world.runtime, jobId);
}

describe("Enriched At's date-time format", () => {
  it("a refresh does not set it again where the cells carry it; a first run sets it on every time", async () => {
    // An Enriched At column the sheet has already (not appended): empty, no format.
    const urls = await world.control.sampleUrls(URLS, 4_000);
    const rows = crmRows(urls, 0).map((row, index) => [...row, index === 0 ? "Enriched At" : ""]);
    world.runtime.insertSheet(SHEET);
    world.runtime.setValues(SHEET, "A1", rows);
    expect(run(rows.length)).toMatchObject({ state: "done", ok: URLS });
    expect(setNumberFormatCalls()).toBeGreaterThan(0);
    const first = enrichedAt();
    expect(first.every((cell) => cell.numberFormat === DATE_TIME_FORMAT && cell.value instanceof Date)).toBe(
      true,
    );

    world.runtime.advanceClock(60_000);
    await world.control.reset();
    expect(run(rows.length)).toMatchObject({ state: "done", ok: URLS });
    // Main set the format on every time again: one call a rectangle, 200 cells committed.
    expect(setNumberFormatCalls()).toBe(0);
    const refreshed = enrichedAt();
    expect(refreshed.every((cell) => cell.numberFormat === DATE_TIME_FORMAT)).toBe(true);
    // New times were written, as dates.
    expect(
      refreshed.every(
        (cell, index) =>
          cell.value instanceof Date && cell.value.getTime() > (first[index]!.value as Date).getTime(),
      ),
    ).toBe(true);
  });
});
