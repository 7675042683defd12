/**
 * Spreadsheet and SpreadsheetApp: sheets, the selection (inside a custom function the active range
 * is the formula's own cell, as in Sheets), insertSheet, toast, getUi.
 */
import type { GridRange } from "../a1";
import type { SheetModel } from "../spreadsheet-model";
import { enter, forbidInCustomFunction, type ServiceHost } from "./host";
import { RangeObject } from "./range";
import { SheetObject } from "./sheet";
import { getUi } from "./ui";

export class SpreadsheetObject {
  constructor(readonly host: ServiceHost) {}

  private get model() {
    return this.host.state.model;
  }

  private enter(method: string): void {
    enter(this.host, `Spreadsheet.${method}`);
  }

  getId(): string {
    return this.model.id;
  }

  getName(): string {
    return this.model.name;
  }

  rename(name: unknown): void {
    this.enter("rename");
    forbidInCustomFunction(this.host, "Spreadsheet.rename");
    this.model.name = String(name);
  }

  getUrl(): string {
    return `https://docs.google.com/spreadsheets/d/${this.model.id}/edit`;
  }

  getSpreadsheetTimeZone(): string {
    return this.model.timeZone;
  }

  getSpreadsheetLocale(): string {
    return "en_US";
  }

  getOwner(): { getEmail(): string } {
    const owner = this.model.owner;
    return { getEmail: () => owner };
  }

  getSheets(): SheetObject[] {
    this.enter("getSheets");
    return this.host.exec.realm.Array.from(this.model.sheets.map((s) => new SheetObject(this.host, s)));
  }

  getNumSheets(): number {
    return this.model.sheets.length;
  }

  getSheetByName(name: unknown): SheetObject | null {
    this.enter("getSheetByName");
    const sheet = this.model.sheetByName(String(name));
    return sheet ? new SheetObject(this.host, sheet) : null;
  }

  getSheetById(id: unknown): SheetObject | null {
    this.enter("getSheetById");
    const sheet = this.model.sheetById(Number(id));
    return sheet ? new SheetObject(this.host, sheet) : null;
  }

  /** insertSheet() | insertSheet(name) | insertSheet(index) | insertSheet(name, index). The new sheet becomes active. */
  insertSheet(a?: unknown, b?: unknown): SheetObject {
    enter(this.host, "Spreadsheet.insertSheet", "write");
    forbidInCustomFunction(this.host, "Spreadsheet.insertSheet");
    const name = typeof a === "string" ? a : undefined;
    const index = typeof a === "number" ? a : typeof b === "number" ? b : undefined;
    let sheet: SheetModel;
    try {
      sheet = this.model.insertSheet(name, index);
    } catch (error) {
      throw this.host.exec.exception((error as Error).message);
    }
    this.model.activate(sheet, { row: 1, column: 1, numRows: 1, numColumns: 1 });
    return new SheetObject(this.host, sheet);
  }

  deleteSheet(sheet: unknown): void {
    enter(this.host, "Spreadsheet.deleteSheet", "write");
    forbidInCustomFunction(this.host, "Spreadsheet.deleteSheet");
    if (!(sheet instanceof SheetObject)) throw this.host.exec.exception("Invalid argument: sheet");
    try {
      this.model.deleteSheet(sheet.sheet);
    } catch (error) {
      throw this.host.exec.exception((error as Error).message);
    }
  }

  getActiveSheet(): SheetObject {
    this.enter("getActiveSheet");
    return new SheetObject(this.host, this.activeSheetModel());
  }

  setActiveSheet(sheet: unknown): SheetObject {
    this.enter("setActiveSheet");
    forbidInCustomFunction(this.host, "Spreadsheet.setActiveSheet");
    if (!(sheet instanceof SheetObject)) throw this.host.exec.exception("Invalid argument: sheet");
    this.model.activate(sheet.sheet, { row: 1, column: 1, numRows: 1, numColumns: 1 });
    return sheet;
  }

  getActiveRange(): RangeObject | null {
    this.enter("getActiveRange");
    return this.activeRangeOn(this.activeSheetModel());
  }

  getActiveCell(): RangeObject {
    this.enter("getActiveCell");
    const { sheet, grid } = this.selection();
    return new RangeObject(this.host, sheet, { ...grid, numRows: 1, numColumns: 1 });
  }

  getCurrentCell(): RangeObject {
    return this.getActiveCell();
  }

  getActiveRangeList(): { getRanges(): RangeObject[] } {
    this.enter("getActiveRangeList");
    const { sheet, grid } = this.selection();
    const grids = this.model.activeRangeList ?? [grid];
    const ranges = this.host.exec.realm.Array.from(grids.map((g) => new RangeObject(this.host, sheet, g)));
    return { getRanges: () => ranges };
  }

  getSelection(): object {
    this.enter("getSelection");
    return {
      getActiveRange: () => this.getActiveRange(),
      getActiveSheet: () => this.getActiveSheet(),
      getCurrentCell: () => this.getActiveCell(),
      getActiveRangeList: () => this.getActiveRangeList(),
    };
  }

  setActiveSelection(range: unknown): RangeObject {
    return this.getActiveSheet().setActiveSelection(range);
  }

  setActiveRange(range: unknown): RangeObject {
    return this.getActiveSheet().setActiveRange(range);
  }

  getRange(a1: unknown): RangeObject {
    this.enter("getRange");
    const resolved = this.model.resolve(String(a1), this.activeSheetModel());
    if (!resolved) throw this.host.exec.exception("Range not found");
    return new SheetObject(this.host, resolved.sheet).rangeAt(resolved.range);
  }

  getRangeByName(_name: unknown): null {
    return null;
  }

  toast(msg: unknown, title?: unknown, timeoutSeconds?: unknown): void {
    this.enter("toast");
    forbidInCustomFunction(this.host, "Spreadsheet.toast");
    this.host.state.ui.record({
      type: "toast",
      message: String(msg),
      title: title === undefined ? "" : String(title),
      timeoutSeconds: timeoutSeconds === undefined ? 5 : Number(timeoutSeconds),
    });
  }

  /** The active range on a sheet: the selection, or in a custom function the formula's cell. */
  activeRangeOn(sheet: SheetModel): RangeObject | null {
    const selection = this.selection();
    if (selection.sheet !== sheet) return null;
    return new RangeObject(this.host, sheet, selection.grid);
  }

  private activeSheetModel(): SheetModel {
    return this.selection().sheet;
  }

  private selection(): { sheet: SheetModel; grid: GridRange } {
    const formula = this.host.exec.formula;
    if (formula) {
      const sheet = this.model.sheetById(formula.sheetId);
      if (sheet)
        return { sheet, grid: { row: formula.row, column: formula.column, numRows: 1, numColumns: 1 } };
    }
    return { sheet: this.model.activeSheet(), grid: this.model.activeRange };
  }

  toString(): string {
    return "Spreadsheet";
  }
}

export function createSpreadsheetApp(host: ServiceHost): object {
  const active = () => new SpreadsheetObject(host);
  const openOther = (method: string) => () => {
    enter(host, `SpreadsheetApp.${method}`);
    forbidInCustomFunction(host, `SpreadsheetApp.${method}`);
    throw host.exec.exception("The emulation holds one spreadsheet: open it with getActiveSpreadsheet().");
  };
  return {
    getActive: () => {
      enter(host, "SpreadsheetApp.getActive");
      return active();
    },
    getActiveSpreadsheet: () => {
      enter(host, "SpreadsheetApp.getActiveSpreadsheet");
      return active();
    },
    getActiveSheet: () => active().getActiveSheet(),
    getActiveRange: () => active().getActiveRange(),
    getActiveRangeList: () => active().getActiveRangeList(),
    getCurrentCell: () => active().getCurrentCell(),
    getSelection: () => active().getSelection(),
    setActiveSheet: (sheet: unknown) => active().setActiveSheet(sheet),
    setActiveRange: (range: unknown) => active().setActiveRange(range),
    getUi: () => getUi(host),
    flush: () => {
      enter(host, "SpreadsheetApp.flush");
    },
    openById: openOther("openById"),
    openByUrl: openOther("openByUrl"),
    WrapStrategy: { WRAP: "WRAP", OVERFLOW: "OVERFLOW", CLIP: "CLIP" },
  };
}
