/**
 * The Credits export and the Transactions sheet it writes to, in the emulated runtime running the
 * built add-on against the sandbox: a new export replaces the sheet's content but keeps the sheet
 * itself (its id, its place, the notes and formats the user gave it), so formulas, charts and pivot
 * tables built on it keep working; the previous export's rows and columns beyond the new one are
 * blanked; a re-export needs no new room; a renamed or deleted sheet, a full spreadsheet and a
 * cut-off each leave the user's data whole.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RunOptions } from "../../sandbox/gas/runtime";
import type { SheetData } from "../../sandbox/gas/spreadsheet-data";
import { PATHS, type Transaction, type TransactionListResponse } from "../../src/api/wire";
import type { CreditsExportResult } from "../../src/rpc/credits";
import { TRANSACTION_FIELDS } from "../../src/sheet/lead-fields";
import { type AddonRuntime, DEMO_KEY, startAddonRuntime } from "./support";

let addon: AddonRuntime | undefined;

afterEach(async () => {
  await addon?.close();
  addon = undefined;
});

async function start(sheets: SheetData[]): Promise<AddonRuntime> {
  addon = await startAddonRuntime({ runtime: { spreadsheet: { sheets } } });
  return addon;
}

async function demoList(): Promise<Transaction[]> {
  const response = await fetch(`${addon!.sandboxUrl}${PATHS.transactions}?limit=100`, {
    headers: { Authorization: `Token ${DEMO_KEY}` },
  });
  const page = (await response.json()) as TransactionListResponse;
  expect(page.next).toBeNull();
  return page.results;
}

function exportNow(replace: boolean, options?: RunOptions): CreditsExportResult {
  const answer = addon!.runtime.rpc("creditsExport", { filters: {}, replace }, options) as {
    ok: boolean;
    value?: CreditsExportResult;
    error?: unknown;
  };
  if (!answer.ok) throw new Error(`creditsExport failed: ${JSON.stringify(answer.error)}`);
  return answer.value!;
}

const sheet = (name: string) => addon!.runtime.sheets().find((s) => s.name === name);
const inputs = (name: string) => addon!.runtime.getSheetCells(name).map((row) => row.map((c) => c.input));
const rowOf = (t: Transaction) => TRANSACTION_FIELDS.map((field) => t[field]);

/** An earlier export, as a user left it: 8 columns, a column of their own, a note and a format. */
function previousExport(rows: number, name = "Transactions"): SheetData {
  const cells: SheetData["cells"] = {
    A1: { value: "id", note: "exported by the add-on" },
    F2: { value: -3, numberFormat: "#,##0" },
  };
  return {
    name,
    frozenRows: 1,
    rows: [
      [...TRANSACTION_FIELDS, "my category"],
      ...Array.from({ length: rows }, (_, i) => [
        `old-${i + 1}`,
        "2026-01-01T00:00:00",
        "2026-01-01T00:00:00",
        "success",
        "leads_by_icp",
        -1,
        "old row",
        100 - i,
        "mine",
      ]),
    ],
    cells,
  };
}

describe("Credits export: the Transactions sheet is kept", () => {
  it("replaces the content of the same sheet: its id, place, notes and formats stay; references read the new rows", async () => {
    await start([
      { name: "Dashboard", cells: { A1: "=Transactions!A2", B1: "=Transactions!I2" } },
      previousExport(200),
      { name: "Notes" },
    ]);
    const all = await demoList();
    expect(all.length).toBeLessThan(200);
    addon!.runtime.recalculate({ all: true });
    expect(addon!.runtime.getValues("Dashboard", "A1:B1")).toEqual([["old-1", "mine"]]);
    const before = sheet("Transactions")!;
    const order = addon!.runtime.sheets().map((s) => s.name);

    expect(exportNow(false)).toEqual({ status: "confirm", sheetName: "Transactions", existingRows: 201 });
    addon!.runtime.resetCounters();
    expect(exportNow(true)).toMatchObject({ status: "done", sheetName: "Transactions", written: all.length });

    // The same sheet object, where it was: what points at it keeps working.
    const after = sheet("Transactions")!;
    expect(after.id).toBe(before.id);
    expect(addon!.runtime.sheets().map((s) => s.name)).toEqual(order);
    expect(after.frozenRows).toBe(1);
    expect(addon!.runtime.activeSheet()).toBe("Transactions");
    // The new export, and nothing of the previous one beyond it (its 201 rows, the 9th column).
    expect(addon!.runtime.getValues("Transactions", `A1:H${all.length + 1}`)).toEqual([
      [...TRANSACTION_FIELDS],
      ...all.map(rowOf),
    ]);
    expect(after.lastRow).toBe(all.length + 1);
    expect(after.lastColumn).toBe(8);
    // Every value went in as text or a number, never as a formula.
    const cells = addon!.runtime.getSheetCells("Transactions").flat();
    expect(cells.filter((c) => c.formula !== undefined)).toEqual([]);
    // What the user gave the sheet stays: a note on the header, a number format.
    expect(addon!.runtime.getCell("Transactions", "A1").note).toBe("exported by the add-on");
    const snapshot = addon!.runtime.snapshot().sheets.find((s) => s.name === "Transactions")!;
    expect(snapshot.cells?.F2).toMatchObject({ numberFormat: "#,##0" });
    // Formulas on other sheets read the new content.
    expect(addon!.runtime.getValues("Dashboard", "A1:B1")).toEqual([[all[0]!.id, ""]]);
    // One write puts the new content in place, blanking the previous rows in the same call.
    expect(addon!.runtime.counters.byMethod["Range.setValues"]).toBe(1);
    expect(addon!.runtime.counters.byMethod["Spreadsheet.insertSheet"] ?? 0).toBe(0);
    expect(addon!.runtime.counters.byMethod["Spreadsheet.deleteSheet"] ?? 0).toBe(0);
  });

  it("re-exports into a full spreadsheet when the sheet's grid already holds the export", async () => {
    // Transactions and Dashboard: 1,000 x 26 each; Archive fills all but 10,000 of the 10 million
    // cells. A new sheet for the export (26,000 cells) would not fit; the existing grid does.
    await start([
      { name: "Dashboard", cells: { A1: "=Transactions!A2" } },
      previousExport(5),
      { name: "Archive", maxRows: 1000, maxColumns: (10_000_000 - 10_000 - 52_000) / 1000 },
    ]);
    const all = await demoList();
    expect(exportNow(true)).toMatchObject({ status: "done", written: all.length });
    expect(inputs("Transactions").map((row) => row[0])).toEqual(["id", ...all.map((t) => t.id)]);
  });

  it("refuses an export the spreadsheet has no room for, before fetching, and leaves the sheet as it was", async () => {
    // Transactions: 4 x 26 cells, full; Archive leaves 896 cells free, fewer than the rows need.
    const small = { ...previousExport(3), maxRows: 4, maxColumns: 26 };
    await start([small, { name: "Archive", maxRows: 1000, maxColumns: 9999 }]);
    const before = inputs("Transactions");
    const id = sheet("Transactions")!.id;
    addon!.runtime.resetCounters();
    const answer = addon!.runtime.rpc("creditsExport", { filters: {}, replace: true }) as {
      ok: true;
      value: CreditsExportResult;
    };
    expect(answer.value).toMatchObject({
      status: "failed",
      error: { message: expect.stringMatching(/too full.*previous export is as it was/) },
    });
    // Only the one-row probe was sent.
    expect(addon!.runtime.counters.requests).toBe(1);
    expect(inputs("Transactions")).toEqual(before);
    expect(sheet("Transactions")!.id).toBe(id);
  });
});

describe("Credits export: a sheet the user renamed or deleted", () => {
  it("a renamed export is the user's: a new Transactions sheet is made and the renamed one is left alone", async () => {
    await start([{ name: "Sheet1", cells: { A1: "='Q1 spending'!A2" } }, previousExport(4, "Q1 spending")]);
    const all = await demoList();
    const kept = inputs("Q1 spending");
    expect(exportNow(false)).toMatchObject({ status: "done", written: all.length });
    expect(inputs("Q1 spending")).toEqual(kept);
    expect(inputs("Transactions")[1]?.[0]).toBe(all[0]!.id);
    expect(sheet("Transactions")!.frozenRows).toBe(1);
    expect(addon!.runtime.getValues("Sheet1", "A1")).toEqual([["old-1"]]);
  });

  it("deleted while the pages were being fetched: the export goes to a new Transactions sheet", async () => {
    await start([{ name: "Sheet1" }, previousExport(4)]);
    const all = await demoList();
    const result = exportNow(true, {
      interrupt: (call) => {
        if (call.method === "UrlFetchApp.fetchAll" && call.count === 2)
          addon!.runtime.deleteSheet("Transactions");
        return false;
      },
    });
    expect(result).toMatchObject({ status: "done", written: all.length });
    expect(inputs("Transactions").map((row) => row[0])).toEqual(["id", ...all.map((t) => t.id)]);
    expect(addon!.runtime.sheets().map((s) => s.name)).toEqual(["Sheet1", "Transactions"]);
  });
});

describe("Credits export: the sheet refuses the write", () => {
  function exportAnswer(options: RunOptions) {
    return addon!.runtime.rpc("creditsExport", { filters: {}, replace: true }, options) as {
      ok: true;
      value: CreditsExportResult;
    };
  }

  it("the spreadsheet filled up while the pages were being fetched: told, and the sheet is as it was", async () => {
    const small = { ...previousExport(3), maxRows: 4, maxColumns: 26 };
    await start([{ name: "Sheet1" }, small]);
    const before = inputs("Transactions");
    const answer = exportAnswer({
      interrupt: (call) => {
        if (call.method === "UrlFetchApp.fetchAll" && call.count === 2) {
          // 1,000 x 9,973 cells: 896 left, fewer than the 57 new rows need (1,482).
          addon!.runtime.insertSheet("Archive");
          addon!.runtime.insertColumns("Archive", 1, 9_973 - 26);
        }
        return false;
      },
    });
    expect(answer.value).toMatchObject({
      status: "failed",
      error: {
        kind: "sheet",
        message: expect.stringMatching(
          /Transactions sheet could not take the export \(.*10000000 cells.*as it was/,
        ),
        next: expect.stringMatching(/room/),
      },
    });
    expect(inputs("Transactions")).toEqual(before);
  });

  it("deleted at the moment of the write: told, and nothing is half-written", async () => {
    await start([{ name: "Sheet1" }, previousExport(4)]);
    const answer = exportAnswer({
      interrupt: (call) => {
        if (call.method === "Range.setValues") addon!.runtime.deleteSheet("Transactions");
        return false;
      },
    });
    expect(answer.value).toMatchObject({
      status: "failed",
      error: { kind: "sheet", message: expect.stringMatching(/has been deleted/) },
    });
    expect(addon!.runtime.sheets().map((s) => s.name)).toEqual(["Sheet1"]);
  });

  it("removes the unfinished sheet an export of an earlier version left behind", async () => {
    await start([
      { name: "Sheet1" },
      previousExport(4),
      previousExport(2, "Transactions (export in progress)"),
    ]);
    expect(exportNow(true)).toMatchObject({ status: "done" });
    expect(addon!.runtime.sheets().map((s) => s.name)).toEqual(["Sheet1", "Transactions"]);
  });
});

describe("Credits export: cut off", () => {
  it("before the content is replaced: the previous export stays, whole", async () => {
    await start([{ name: "Sheet1" }, previousExport(200)]);
    const before = inputs("Transactions");
    expect(() => exportNow(true, { interrupt: (call) => call.method === "Range.setValues" })).toThrow(
      /Exceeded maximum execution time/,
    );
    expect(inputs("Transactions")).toEqual(before);
    expect(addon!.runtime.sheets().map((s) => s.name)).toEqual(["Sheet1", "Transactions"]);
  });

  it("right after the content is replaced: the new export is there, whole", async () => {
    await start([{ name: "Sheet1" }, previousExport(200)]);
    const all = await demoList();
    expect(() => exportNow(true, { interrupt: (call) => call.method === "Sheet.setFrozenRows" })).toThrow(
      /Exceeded maximum execution time/,
    );
    expect(inputs("Transactions").map((row) => row[0])).toEqual(["id", ...all.map((t) => t.id)]);
  });
});
