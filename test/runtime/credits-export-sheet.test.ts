/**
 * The Credits export and the Transactions sheet it writes to, in the emulated runtime running the
 * built add-on against the sandbox: a new export replaces the sheet's content but keeps the sheet
 * itself (its id, its place, the notes and formats the user gave it), so formulas, charts and pivot
 * tables built on it keep working; the previous export's rows and columns beyond the new one are
 * blanked; a re-export needs no new room; a renamed or deleted sheet, a full spreadsheet and a
 * cut-off each leave the user's data whole.
 */
import { afterEach, describe, expect, it } from "vitest";
import { sandboxAccountEmail } from "../../sandbox/api/account-me";
import type { RunOptions } from "../../sandbox/gas/runtime";
import type { SheetData } from "../../sandbox/gas/spreadsheet-data";
import { PATHS, type Transaction, type TransactionListResponse } from "../../src/api/wire";
import { emptyForm as emptyCompanyForm } from "../../src/jobs/company-search/form";
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

/** `replace` as the user's Replace button: the previous export's own rows and values may go. */
function exportNow(replace: boolean, options?: RunOptions): CreditsExportResult {
  const answer = addon!.runtime.rpc(
    "creditsExport",
    { filters: {}, replace, dropNotes: replace },
    options,
  ) as {
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
    B1: { value: "created_at", note: "the user's note" },
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

    expect(exportNow(false)).toEqual({
      status: "confirm",
      reason: "replace",
      sheetName: "Transactions",
      existingRows: 201,
      account: sandboxAccountEmail(DEMO_KEY),
      listed: null,
      keptColumns: ["I (my category)"],
    });
    addon!.runtime.resetCounters();
    expect(exportNow(true)).toMatchObject({ status: "done", sheetName: "Transactions", written: all.length });

    // The same sheet object, where it was: what points at it keeps working.
    const after = sheet("Transactions")!;
    expect(after.id).toBe(before.id);
    expect(addon!.runtime.sheets().map((s) => s.name)).toEqual(order);
    expect(after.frozenRows).toBe(1);
    expect(addon!.runtime.activeSheet()).toBe("Transactions");
    // The new export, and nothing of the previous one beyond it (its 201 rows; the user's column
    // keeps its header, its values went with the old transactions, as the user agreed).
    expect(addon!.runtime.getValues("Transactions", `A1:I${all.length + 1}`)).toEqual([
      [...TRANSACTION_FIELDS, "my category"],
      ...all.map((t) => [...rowOf(t), ""]),
    ]);
    expect(after.lastRow).toBe(all.length + 1);
    expect(after.lastColumn).toBe(9);
    // Every value went in as text or a number, never as a formula.
    const cells = addon!.runtime.getSheetCells("Transactions").flat();
    expect(cells.filter((c) => c.formula !== undefined)).toEqual([]);
    // What the user gave the sheet stays: a note on a header cell, a number format.
    expect(addon!.runtime.getCell("Transactions", "B1").note).toBe("the user's note");
    const snapshot = addon!.runtime.snapshot().sheets.find((s) => s.name === "Transactions")!;
    expect(snapshot.cells?.F2).toMatchObject({ numberFormat: "#,##0" });
    // Formulas on other sheets read the new content.
    expect(addon!.runtime.getValues("Dashboard", "A1:B1")).toEqual([[all[0]!.id, ""]]);
    // The header's first cell says whose transactions these are.
    expect(addon!.runtime.getCell("Transactions", "A1").note).toMatch(
      new RegExp(
        `^Credit transactions of ${sandboxAccountEmail(DEMO_KEY)}, exported by user@example\\.com on `,
      ),
    );
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
    const answer = addon!.runtime.rpc("creditsExport", { filters: {}, replace: true, dropNotes: true }) as {
      ok: true;
      value: CreditsExportResult;
    };
    expect(answer.value).toMatchObject({
      status: "failed",
      error: { message: expect.stringMatching(/too full.*previous export is as it was/) },
    });
    // Only the account (whose transactions) and the one-row probe were asked.
    expect(addon!.runtime.counters.requests).toBe(2);
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
        if (call.method === "UrlFetchApp.fetchAll" && call.count === 3)
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
    return addon!.runtime.rpc("creditsExport", { filters: {}, replace: true, dropNotes: true }, options) as {
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
        // The 3rd request: after the account and the one-row probe (the room was checked then).
        if (call.method === "UrlFetchApp.fetchAll" && call.count === 3) {
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

describe("Credits export: columns of your own beside it", () => {
  /** A company search of 5 (5 new charges at the top of the list), as a user spends between exports. */
  function spendFive(): void {
    const answer = addon!.runtime.rpc("companyRun", {
      form: { ...emptyCompanyForm(), limit_by: 5 },
      confirmedCredits: 5,
    }) as { ok: boolean };
    expect(answer.ok).toBe(true);
  }

  it("keeps a notes column beside its transactions and a formula column in place when new transactions push the rows down", async () => {
    await start([{ name: "Sheet1" }]);
    expect(exportNow(false)).toMatchObject({ status: "done" });
    const first = await demoList();
    // The user's columns: I notes on two transactions, J a formula on every row (row-relative).
    addon!.runtime.setCell("Transactions", "I1", "my notes");
    addon!.runtime.setCell("Transactions", "J1", "credits");
    addon!.runtime.setCell("Transactions", "I2", "checked with finance");
    addon!.runtime.setCell("Transactions", "I4", "'=not a formula");
    for (let row = 2; row <= first.length + 1; row += 1)
      addon!.runtime.setCell("Transactions", `J${row}`, `=F${row}*-1`);
    spendFive();
    const all = await demoList();
    expect(all.length).toBeGreaterThan(first.length);

    expect(exportNow(false)).toMatchObject({ status: "confirm", sheetName: "Transactions" });
    expect(exportNow(true)).toMatchObject({ status: "done", written: all.length });

    const cells = addon!.runtime.getSheetCells("Transactions");
    const rowOfId = (id: string) => cells.findIndex((row) => row[0]?.value === id);
    expect(inputs("Transactions")[0]).toEqual([...TRANSACTION_FIELDS, "my notes", "credits"]);
    // Each note is still beside the transaction it was written next to.
    expect(cells[rowOfId(first[0]!.id)]?.[8]?.input).toBe("checked with finance");
    expect(cells[rowOfId(first[2]!.id)]?.[8]?.input).toBe("'=not a formula");
    expect(cells.flat().filter((c) => c.input === "checked with finance")).toHaveLength(1);
    // The formula column is where the user put it, every formula as typed.
    for (let row = 2; row <= first.length + 1; row += 1)
      expect(cells[row - 1]?.[9]?.input).toBe(`=F${row}*-1`);
    // The export's own columns hold the new export, newest first.
    expect(addon!.runtime.getValues("Transactions", `A1:H${all.length + 1}`)).toEqual([
      [...TRANSACTION_FIELDS],
      ...all.map(rowOf),
    ]);
  });

  it("does not write over a Transactions sheet the export did not make: it says so, and the sheet is as it was", async () => {
    await start([
      { name: "Sheet1" },
      {
        name: "Transactions",
        rows: [
          ["Date", "Payee", "Amount"],
          ["2026-11-01", "Rent", -1200],
        ],
      },
    ]);
    const before = inputs("Transactions");
    addon!.runtime.resetCounters();
    const answer = addon!.runtime.rpc("creditsExport", { filters: {}, replace: true }) as {
      ok: true;
      value: CreditsExportResult;
    };
    expect(answer.value).toMatchObject({
      status: "failed",
      error: {
        kind: "sheet",
        message: expect.stringMatching(/Transactions sheet was not made by the Credits export/),
        next: expect.stringMatching(/Rename/),
      },
    });
    expect(inputs("Transactions")).toEqual(before);
    expect(addon!.runtime.counters.requests).toBe(0);
  });
});

describe("Credits export: values of your own whose transaction the export leaves out", () => {
  it("asks before dropping them, writes nothing until told, then drops only them", async () => {
    await start([{ name: "Sheet1" }]);
    expect(exportNow(false)).toMatchObject({ status: "done" });
    const all = await demoList();
    const topUp = all.findIndex((t) => t.amount > 0);
    const charge = all.findIndex((t) => t.amount < 0);
    addon!.runtime.setCell("Transactions", "I1", "my notes");
    addon!.runtime.setCell("Transactions", `I${topUp + 2}`, "invoice 17");
    addon!.runtime.setCell("Transactions", `I${charge + 2}`, "campaign A");
    const before = inputs("Transactions");
    const charges = { amount: { modifier: "lt", value: "0" } };
    const ask = (dropNotes: boolean) =>
      (
        addon!.runtime.rpc("creditsExport", { filters: charges, replace: true, dropNotes }) as {
          value: CreditsExportResult;
        }
      ).value;

    expect(ask(false)).toEqual({
      status: "confirm",
      reason: "drop",
      sheetName: "Transactions",
      dropped: 1,
      account: sandboxAccountEmail(DEMO_KEY),
    });
    expect(inputs("Transactions")).toEqual(before);

    expect(ask(true)).toMatchObject({ status: "done", written: all.filter((t) => t.amount < 0).length });
    const cells = addon!.runtime.getSheetCells("Transactions");
    const kept = cells.find((row) => row[0]?.value === all[charge]!.id);
    expect(kept?.[8]?.input).toBe("campaign A");
    expect(cells.flat().some((c) => c.input === "invoice 17")).toBe(false);
    expect(addon!.runtime.getCell("Transactions", "A1").note).toMatch(/Filters: amount__lt=0\./);
  });
});
