/**
 * Range: reads and writes of a block of cells with Apps Script's checks and messages (dimension
 * mismatch, bounds, 50,000 characters a cell). Writes parse strings as Sheets does ("=" makes a
 * formula, a leading apostrophe keeps text literal and is not part of the value). Inside a custom
 * function every write throws, as it does in Sheets.
 */
import { type GridRange, rangeA1 } from "../a1";
import { type Cell, type ParsedInput, scriptValueToInput, tooLongMessage } from "../cells";
import { intoRealm } from "../realm";
import type { SheetModel } from "../spreadsheet-model";
import { checkProtection, checkValidation } from "./edit-checks";
import { type CallKind, enter, forbidInCustomFunction, type ServiceHost } from "./host";
import { SheetObject } from "./sheet";

export class RangeObject {
  constructor(
    readonly host: ServiceHost,
    readonly sheet: SheetModel,
    readonly grid: GridRange,
  ) {}

  private get model() {
    return this.host.state.model;
  }

  private enter(method: string, kind: CallKind): void {
    enter(this.host, `Range.${method}`, kind, this.grid.numRows * this.grid.numColumns);
    if (kind === "write") forbidInCustomFunction(this.host, `Range.${method}`);
    // A Sheet or Range of a sheet deleted since (by a user, mid-execution) throws, as in Sheets.
    if (!this.host.state.model.sheets.includes(this.sheet))
      throw this.host.exec.exception("The sheet this range belongs to has been deleted.");
    if (kind === "write") checkProtection(this.host, this.sheet, this.grid);
  }

  private out<T>(value: T): T {
    return intoRealm(this.host.exec.realm, value) as T;
  }

  // ---- geometry ----

  getA1Notation(): string {
    return rangeA1(this.grid);
  }

  getRow(): number {
    return this.grid.row;
  }

  getColumn(): number {
    return this.grid.column;
  }

  getNumRows(): number {
    return this.grid.numRows;
  }

  getNumColumns(): number {
    return this.grid.numColumns;
  }

  getLastRow(): number {
    return this.grid.row + this.grid.numRows - 1;
  }

  getLastColumn(): number {
    return this.grid.column + this.grid.numColumns - 1;
  }

  getHeight(): number {
    return this.grid.numRows;
  }

  getWidth(): number {
    return this.grid.numColumns;
  }

  getSheet(): SheetObject {
    return new SheetObject(this.host, this.sheet);
  }

  getGridId(): number {
    return this.sheet.id;
  }

  offset(rowOffset: unknown, columnOffset: unknown, numRows?: unknown, numColumns?: unknown): RangeObject {
    enter(this.host, "Range.offset");
    return this.getSheet().getRange(
      this.grid.row + Number(rowOffset),
      this.grid.column + Number(columnOffset),
      numRows === undefined ? this.grid.numRows : numRows,
      numColumns === undefined ? this.grid.numColumns : numColumns,
    );
  }

  getCell(row: unknown, column: unknown): RangeObject {
    enter(this.host, "Range.getCell");
    const r = Number(row);
    const c = Number(column);
    if (r < 1 || c < 1 || r > this.grid.numRows || c > this.grid.numColumns) {
      throw this.host.exec.exception("The coordinates of the range are outside the dimensions of the sheet.");
    }
    return new RangeObject(this.host, this.sheet, {
      row: this.grid.row + r - 1,
      column: this.grid.column + c - 1,
      numRows: 1,
      numColumns: 1,
    });
  }

  activate(): this {
    this.enter("activate", "other");
    forbidInCustomFunction(this.host, "Range.activate");
    this.model.activate(this.sheet, this.grid);
    return this;
  }

  /**
   * Whether the user may edit every cell of the range; the owner always may (documented:
   * developers.google.com/apps-script/reference/spreadsheet/range#canEdit()).
   */
  canEdit(): boolean {
    this.enter("canEdit", "read");
    const { editRules, model } = this.host.state;
    return editRules.protectionError(this.sheet.id, this.grid, this.host.exec.user, model.owner) === null;
  }

  // ---- reads ----

  getValues(): unknown[][] {
    this.enter("getValues", "read");
    return this.out(this.model.values(this.sheet, this.grid));
  }

  getValue(): unknown {
    this.enter("getValue", "read");
    return this.out(this.model.values(this.sheet, this.topLeft())[0]![0]);
  }

  getDisplayValues(): string[][] {
    this.enter("getDisplayValues", "read");
    return this.out(this.model.displayValues(this.sheet, this.grid));
  }

  getDisplayValue(): string {
    this.enter("getDisplayValue", "read");
    return this.model.displayValues(this.sheet, this.topLeft())[0]![0]!;
  }

  getFormulas(): string[][] {
    this.enter("getFormulas", "read");
    return this.out(this.model.formulas(this.sheet, this.grid));
  }

  getFormula(): string {
    this.enter("getFormula", "read");
    return this.model.formulas(this.sheet, this.topLeft())[0]![0]!;
  }

  getNotes(): string[][] {
    this.enter("getNotes", "read");
    return this.out(this.model.map(this.sheet, this.grid, (cell) => cell?.note ?? ""));
  }

  getNote(): string {
    this.enter("getNote", "read");
    return this.model.cell(this.sheet, this.grid.row, this.grid.column)?.note ?? "";
  }

  getNumberFormats(): string[][] {
    this.enter("getNumberFormats", "read");
    return this.out(this.model.map(this.sheet, this.grid, (cell) => cell?.numberFormat ?? "General"));
  }

  getNumberFormat(): string {
    this.enter("getNumberFormat", "read");
    return this.model.cell(this.sheet, this.grid.row, this.grid.column)?.numberFormat ?? "General";
  }

  getBackgrounds(): string[][] {
    this.enter("getBackgrounds", "read");
    return this.out(this.model.map(this.sheet, this.grid, (cell) => cell?.format?.background ?? "#ffffff"));
  }

  getFontWeights(): string[][] {
    this.enter("getFontWeights", "read");
    return this.out(this.model.map(this.sheet, this.grid, (cell) => cell?.format?.fontWeight ?? "normal"));
  }

  isBlank(): boolean {
    this.enter("isBlank", "read");
    return this.model
      .map(this.sheet, this.grid, (cell) => cell)
      .every((row) => row.every((cell) => !cell || (cell.value === "" && cell.formula === undefined)));
  }

  // ---- writes ----

  setValues(values: unknown): this {
    this.enter("setValues", "write");
    this.writeGrid("setValues", values);
    return this;
  }

  setValue(value: unknown): this {
    this.enter("setValue", "write");
    this.writeAll(value);
    return this;
  }

  setFormulas(formulas: unknown): this {
    this.enter("setFormulas", "write");
    this.writeGrid("setFormulas", formulas);
    return this;
  }

  setFormula(formula: unknown): this {
    this.enter("setFormula", "write");
    this.writeAll(formula);
    return this;
  }

  clear(options?: unknown): this {
    this.enter("clear", "write");
    const o = (options ?? {}) as Record<string, unknown>;
    const some = o.contentsOnly === true || o.formatOnly === true || o.commentsOnly === true;
    this.model.clear(this.sheet, this.grid, {
      contents: !some || o.contentsOnly === true,
      formats: !some || o.formatOnly === true,
      notes: !some || o.commentsOnly === true,
    });
    return this;
  }

  clearContent(): this {
    this.enter("clearContent", "write");
    this.model.clear(this.sheet, this.grid, { contents: true, formats: false, notes: false });
    return this;
  }

  clearFormat(): this {
    this.enter("clearFormat", "write");
    this.model.clear(this.sheet, this.grid, { contents: false, formats: true, notes: false });
    return this;
  }

  clearNote(): this {
    this.enter("clearNote", "write");
    this.model.clear(this.sheet, this.grid, { contents: false, formats: false, notes: true });
    return this;
  }

  setNote(note: unknown): this {
    this.enter("setNote", "write");
    this.decorate((cell) => {
      if (note === null || note === "") delete cell.note;
      else cell.note = String(note);
    });
    return this;
  }

  setNotes(notes: unknown): this {
    this.enter("setNotes", "write");
    const grid = this.checkGrid("setNotes", notes);
    this.decorate((cell, r, c) => {
      const note = grid[r]![c];
      if (note === null || note === "" || note === undefined) delete cell.note;
      else cell.note = String(note);
    });
    return this;
  }

  setNumberFormat(numberFormat: unknown): this {
    this.enter("setNumberFormat", "write");
    this.decorate((cell) => {
      cell.numberFormat = String(numberFormat);
    });
    return this;
  }

  setNumberFormats(numberFormats: unknown): this {
    this.enter("setNumberFormats", "write");
    const grid = this.checkGrid("setNumberFormats", numberFormats);
    this.decorate((cell, r, c) => {
      cell.numberFormat = String(grid[r]![c]);
    });
    return this;
  }

  setFontWeight(fontWeight: unknown): this {
    return this.setFormat("setFontWeight", "fontWeight", fontWeight);
  }

  setFontStyle(fontStyle: unknown): this {
    return this.setFormat("setFontStyle", "fontStyle", fontStyle);
  }

  setFontColor(color: unknown): this {
    return this.setFormat("setFontColor", "fontColor", color);
  }

  setBackground(color: unknown): this {
    return this.setFormat("setBackground", "background", color);
  }

  setHorizontalAlignment(alignment: unknown): this {
    return this.setFormat("setHorizontalAlignment", "horizontalAlignment", alignment);
  }

  setWrap(wrap: unknown): this {
    return this.setFormat("setWrap", "wrap", wrap);
  }

  setWrapStrategy(strategy: unknown): this {
    return this.setFormat("setWrapStrategy", "wrapStrategy", strategy);
  }

  setBackgrounds(colors: unknown): this {
    this.enter("setBackgrounds", "write");
    const grid = this.checkGrid("setBackgrounds", colors);
    this.decorate((cell, r, c) => {
      cell.format = { ...cell.format, background: String(grid[r]![c]) };
    });
    return this;
  }

  private setFormat(method: string, key: string, value: unknown): this {
    this.enter(method, "write");
    this.decorate((cell) => {
      const format = { ...cell.format };
      if (value === null) delete format[key];
      else format[key] = String(value);
      cell.format = format;
    });
    return this;
  }

  // ---- helpers ----

  private topLeft(): GridRange {
    return { row: this.grid.row, column: this.grid.column, numRows: 1, numColumns: 1 };
  }

  private decorate(apply: (cell: Cell, r: number, c: number) => void): void {
    this.model.decorate(this.sheet, this.grid, apply);
  }

  /** Apps Script's dimension checks for the 2-D setters. */
  private checkGrid(method: string, values: unknown): unknown[][] {
    if (!Array.isArray(values) || !values.every((row) => Array.isArray(row))) {
      const type = Array.isArray(values)
        ? "Object[]"
        : values === null
          ? "null"
          : typeof values === "string"
            ? "String"
            : "Object";
      throw this.host.exec.exception(
        `The parameters (${type}) don't match the method signature for SpreadsheetApp.Range.${method}.`,
      );
    }
    if (values.length !== this.grid.numRows) {
      throw this.host.exec.exception(
        `The number of rows in the data does not match the number of rows in the range. The data has ${values.length} but the range has ${this.grid.numRows}.`,
      );
    }
    for (const row of values as unknown[][]) {
      if (row.length !== this.grid.numColumns) {
        throw this.host.exec.exception(
          `The number of columns in the data does not match the number of columns in the range. The data has ${row.length} but the range has ${this.grid.numColumns}.`,
        );
      }
    }
    return values as unknown[][];
  }

  private inputFor(value: unknown, r: number, c: number): ParsedInput {
    const format = this.model.cell(this.sheet, this.grid.row + r, this.grid.column + c)?.numberFormat;
    const input = scriptValueToInput(value, format, this.model.parseOptions);
    const tooLong = tooLongMessage(input);
    if (tooLong) throw this.host.exec.exception(tooLong);
    return input;
  }

  private writeGrid(method: string, values: unknown): void {
    const grid = this.checkGrid(method, values);
    const inputs = grid.map((row, r) => row.map((value, c) => this.inputFor(value, r, c)));
    checkValidation(this.host, this.sheet, this.grid, inputs);
    this.model.write(this.sheet, this.grid, inputs);
  }

  private writeAll(value: unknown): void {
    const inputs: ParsedInput[][] = [];
    for (let r = 0; r < this.grid.numRows; r++) {
      const row: ParsedInput[] = [];
      for (let c = 0; c < this.grid.numColumns; c++) row.push(this.inputFor(value, r, c));
      inputs.push(row);
    }
    checkValidation(this.host, this.sheet, this.grid, inputs);
    this.model.write(this.sheet, this.grid, inputs);
  }

  toString(): string {
    return "Range";
  }
}
