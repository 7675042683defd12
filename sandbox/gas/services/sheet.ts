/**
 * Sheet: ranges by A1 or coordinates (with Apps Script's bounds errors), size and content extent,
 * rows and columns, frozen rows, appendRow, activation.
 */
import type { GridRange } from "../a1";
import { parseA1, resolveReference } from "../a1";
import { scriptValueToInput, tooLongMessage } from "../cells";
import { type SheetModel, TOO_MANY_CELLS } from "../spreadsheet-model";
import { checkProtection, checkValidation } from "./edit-checks";
import { type CallKind, enter, forbidInCustomFunction, type ServiceHost } from "./host";
import { RangeObject } from "./range";
import { SpreadsheetObject } from "./spreadsheet";

export class SheetObject {
  constructor(
    readonly host: ServiceHost,
    readonly sheet: SheetModel,
  ) {}

  private get model() {
    return this.host.state.model;
  }

  private enter(method: string, kind: CallKind = "other"): void {
    enter(this.host, `Sheet.${method}`, kind);
    if (kind === "write") forbidInCustomFunction(this.host, `Sheet.${method}`);
    // A Sheet or Range of a sheet deleted since (by a user, mid-execution) throws, as in Sheets.
    if (!this.host.state.model.sheets.includes(this.sheet))
      throw this.host.exec.exception("The sheet this range belongs to has been deleted.");
  }

  private fail(message: string): Error {
    return this.host.exec.exception(message);
  }

  getName(): string {
    return this.sheet.name;
  }

  setName(name: unknown): this {
    this.enter("setName", "write");
    this.model.renameSheet(this.sheet, String(name));
    return this;
  }

  getSheetId(): number {
    return this.sheet.id;
  }

  getSheetName(): string {
    return this.sheet.name;
  }

  getIndex(): number {
    return this.model.sheets.indexOf(this.sheet) + 1;
  }

  getParent(): SpreadsheetObject {
    return new SpreadsheetObject(this.host);
  }

  getMaxRows(): number {
    this.enter("getMaxRows");
    return this.sheet.maxRows;
  }

  getMaxColumns(): number {
    this.enter("getMaxColumns");
    return this.sheet.maxColumns;
  }

  getLastRow(): number {
    this.enter("getLastRow", "read");
    return this.model.lastRow(this.sheet);
  }

  getLastColumn(): number {
    this.enter("getLastColumn", "read");
    return this.model.lastColumn(this.sheet);
  }

  /** getRange(a1) | getRange(row, column) | getRange(row, column, numRows) | (..., numColumns). */
  /** Sheet.getRangeList(a1Notations): what the add-on needs of it (getRanges, activate). */
  getRangeList(a1Notations: unknown): { getRanges(): RangeObject[]; activate(): unknown } {
    this.enter("getRangeList");
    const names = Array.isArray(a1Notations) ? a1Notations.map(String) : [];
    const ranges = names.map((a1) => {
      const ref = parseA1(a1);
      if (!ref || (ref.sheet !== null && ref.sheet !== this.sheet.name)) throw this.fail("Range not found");
      return this.rangeAt(resolveReference(ref, this.sheet.maxRows, this.sheet.maxColumns));
    });
    const list = {
      getRanges: () => this.host.exec.realm.Array.from(ranges) as RangeObject[],
      activate: () => {
        this.enter("RangeList.activate", "write");
        this.model.activateList(
          this.sheet,
          ranges.map((range) => range.grid),
        );
        return list;
      },
    };
    return list;
  }

  getRange(a: unknown, column?: unknown, numRows?: unknown, numColumns?: unknown): RangeObject {
    this.enter("getRange");
    if (typeof a === "string") {
      const ref = parseA1(a);
      if (!ref || (ref.sheet !== null && ref.sheet !== this.sheet.name)) throw this.fail("Range not found");
      return this.rangeAt(resolveReference(ref, this.sheet.maxRows, this.sheet.maxColumns));
    }
    const grid = {
      row: Number(a),
      column: Number(column),
      numRows: numRows === undefined ? 1 : Number(numRows),
      numColumns: numColumns === undefined ? 1 : Number(numColumns),
    };
    if (!Number.isInteger(grid.row) || !Number.isInteger(grid.column))
      throw this.fail("Invalid argument: row or column");
    if (grid.row < 1) throw this.fail("The starting row of the range is too small.");
    if (grid.column < 1) throw this.fail("The starting column of the range is too small.");
    if (grid.numRows < 1) throw this.fail("The number of rows in the range must be at least 1.");
    if (grid.numColumns < 1) throw this.fail("The number of columns in the range must be at least 1.");
    return this.rangeAt(grid);
  }

  rangeAt(grid: GridRange): RangeObject {
    if (!this.model.inBounds(this.sheet, grid)) {
      throw this.fail("The coordinates of the range are outside the dimensions of the sheet.");
    }
    return new RangeObject(this.host, this.sheet, grid);
  }

  getDataRange(): RangeObject {
    this.enter("getDataRange", "read");
    const rows = Math.max(1, this.model.lastRow(this.sheet));
    const columns = Math.max(1, this.model.lastColumn(this.sheet));
    return new RangeObject(this.host, this.sheet, { row: 1, column: 1, numRows: rows, numColumns: columns });
  }

  appendRow(rowContents: unknown): this {
    this.enter("appendRow", "write");
    if (!Array.isArray(rowContents))
      throw this.fail(
        "The parameters (Object) don't match the method signature for SpreadsheetApp.Sheet.appendRow.",
      );
    const row = this.model.lastRow(this.sheet) + 1;
    const inputs = rowContents.map((value: unknown) => {
      const input = scriptValueToInput(value, undefined, this.model.parseOptions);
      const tooLong = tooLongMessage(input);
      if (tooLong) throw this.fail(tooLong);
      return input;
    });
    if (inputs.length === 0) return this;
    const grid = { row, column: 1, numRows: 1, numColumns: inputs.length };
    checkProtection(this.host, this.sheet, grid);
    checkValidation(this.host, this.sheet, grid, [inputs]);
    // appendRow grows the sheet when it is full.
    if (row > this.sheet.maxRows) {
      if (!this.model.hasRoomFor(this.sheet.maxColumns)) throw this.fail(TOO_MANY_CELLS);
      this.sheet.maxRows = row;
    }
    if (inputs.length > this.sheet.maxColumns) this.sheet.maxColumns = inputs.length;
    this.model.write(this.sheet, grid, [inputs]);
    return this;
  }

  insertRowsAfter(afterPosition: unknown, howMany: unknown): this {
    this.enter("insertRowsAfter", "write");
    return this.insert("rows", Number(afterPosition) + 1, Number(howMany));
  }

  insertRowAfter(afterPosition: unknown): this {
    this.enter("insertRowAfter", "write");
    return this.insert("rows", Number(afterPosition) + 1, 1);
  }

  insertRowsBefore(beforePosition: unknown, howMany: unknown): this {
    this.enter("insertRowsBefore", "write");
    return this.insert("rows", Number(beforePosition), Number(howMany));
  }

  insertRowBefore(beforePosition: unknown): this {
    this.enter("insertRowBefore", "write");
    return this.insert("rows", Number(beforePosition), 1);
  }

  insertColumnsAfter(afterPosition: unknown, howMany: unknown): this {
    this.enter("insertColumnsAfter", "write");
    return this.insert("columns", Number(afterPosition) + 1, Number(howMany));
  }

  insertColumnAfter(afterPosition: unknown): this {
    this.enter("insertColumnAfter", "write");
    return this.insert("columns", Number(afterPosition) + 1, 1);
  }

  insertColumnsBefore(beforePosition: unknown, howMany: unknown): this {
    this.enter("insertColumnsBefore", "write");
    return this.insert("columns", Number(beforePosition), Number(howMany));
  }

  deleteRows(rowPosition: unknown, howMany: unknown): void {
    this.enter("deleteRows", "write");
    this.remove("rows", Number(rowPosition), Number(howMany));
  }

  deleteRow(rowPosition: unknown): void {
    this.enter("deleteRow", "write");
    this.remove("rows", Number(rowPosition), 1);
  }

  deleteColumns(columnPosition: unknown, howMany: unknown): void {
    this.enter("deleteColumns", "write");
    this.remove("columns", Number(columnPosition), Number(howMany));
  }

  deleteColumn(columnPosition: unknown): void {
    this.enter("deleteColumn", "write");
    this.remove("columns", Number(columnPosition), 1);
  }

  private insert(dimension: "rows" | "columns", at: number, count: number): this {
    const max = dimension === "rows" ? this.sheet.maxRows : this.sheet.maxColumns;
    if (!Number.isInteger(count) || count < 1) throw this.fail(`Invalid argument: howMany`);
    if (!Number.isInteger(at) || at < 1 || at > max + 1) {
      throw this.fail(`Those ${dimension} are out of bounds.`);
    }
    const extra = count * (dimension === "rows" ? this.sheet.maxColumns : this.sheet.maxRows);
    if (!this.model.hasRoomFor(extra)) throw this.fail(TOO_MANY_CELLS);
    this.model.insert(this.sheet, dimension, at, count);
    return this;
  }

  private remove(dimension: "rows" | "columns", at: number, count: number): void {
    const max = dimension === "rows" ? this.sheet.maxRows : this.sheet.maxColumns;
    if (!Number.isInteger(at) || at < 1 || !Number.isInteger(count) || count < 1 || at + count - 1 > max) {
      throw this.fail(`Those ${dimension} are out of bounds.`);
    }
    if (count === max) throw this.fail(`Sorry, it is not possible to delete all non-frozen ${dimension}.`);
    this.model.remove(this.sheet, dimension, at, count);
  }

  setFrozenRows(rows: unknown): this {
    this.enter("setFrozenRows", "write");
    this.sheet.frozenRows = Number(rows);
    this.model.emit("sheets", this.sheet);
    return this;
  }

  getFrozenRows(): number {
    this.enter("getFrozenRows");
    return this.sheet.frozenRows;
  }

  setFrozenColumns(columns: unknown): this {
    this.enter("setFrozenColumns", "write");
    this.sheet.frozenColumns = Number(columns);
    this.model.emit("sheets", this.sheet);
    return this;
  }

  getFrozenColumns(): number {
    this.enter("getFrozenColumns");
    return this.sheet.frozenColumns;
  }

  clear(): this {
    this.enter("clear", "write");
    this.model.clear(this.sheet, this.whole(), { contents: true, formats: true, notes: true });
    return this;
  }

  clearContents(): this {
    this.enter("clearContents", "write");
    this.model.clear(this.sheet, this.whole(), { contents: true, formats: false, notes: false });
    return this;
  }

  private whole(): GridRange {
    return { row: 1, column: 1, numRows: this.sheet.maxRows, numColumns: this.sheet.maxColumns };
  }

  activate(): this {
    this.enter("activate");
    forbidInCustomFunction(this.host, "Sheet.activate");
    this.model.activate(this.sheet, { row: 1, column: 1, numRows: 1, numColumns: 1 });
    return this;
  }

  getActiveRange(): RangeObject | null {
    this.enter("getActiveRange");
    return new SpreadsheetObject(this.host).activeRangeOn(this.sheet);
  }

  getActiveCell(): RangeObject | null {
    this.enter("getActiveCell");
    const range = new SpreadsheetObject(this.host).activeRangeOn(this.sheet);
    return range
      ? new RangeObject(this.host, this.sheet, { ...range.grid, numRows: 1, numColumns: 1 })
      : null;
  }

  setActiveRange(range: unknown): RangeObject {
    this.enter("setActiveRange");
    forbidInCustomFunction(this.host, "Sheet.setActiveRange");
    if (!(range instanceof RangeObject)) throw this.fail("Invalid argument: range");
    this.model.activate(range.sheet, range.grid);
    return range;
  }

  setActiveSelection(range: unknown): RangeObject {
    this.enter("setActiveSelection");
    forbidInCustomFunction(this.host, "Sheet.setActiveSelection");
    const target = range instanceof RangeObject ? range : this.getRange(String(range));
    this.model.activate(target.sheet, target.grid);
    return target;
  }

  hideSheet(): this {
    this.enter("hideSheet", "write");
    this.sheet.hidden = true;
    this.model.emit("sheets", this.sheet);
    return this;
  }

  showSheet(): this {
    this.enter("showSheet", "write");
    this.sheet.hidden = false;
    this.model.emit("sheets", this.sheet);
    return this;
  }

  isSheetHidden(): boolean {
    this.enter("isSheetHidden");
    return this.sheet.hidden;
  }

  autoResizeColumns(_start: unknown, _count: unknown): this {
    this.enter("autoResizeColumns", "write");
    return this;
  }

  autoResizeColumn(_column: unknown): this {
    this.enter("autoResizeColumn", "write");
    return this;
  }

  setColumnWidth(_column: unknown, _width: unknown): this {
    this.enter("setColumnWidth", "write");
    return this;
  }

  setColumnWidths(_start: unknown, _count: unknown, _width: unknown): this {
    this.enter("setColumnWidths", "write");
    return this;
  }

  toString(): string {
    return "Sheet";
  }
}
