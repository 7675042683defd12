/**
 * The emulated spreadsheet's state: sheets of sparse cells, the selection, formula cells and their
 * spilled results, and which formulas a change makes stale. No Apps Script surface here (that is
 * services/spreadsheet-app.ts) and no evaluation (recalc.ts): this file only keeps the data right.
 */
import {
  type A1Reference,
  cellA1,
  contains,
  type GridRange,
  intersects,
  parseA1,
  rangeA1,
  resolveReference,
} from "./a1";
import { cellFromData, cellToData } from "./cell-json";
import { cellKey, keyColumn, keyRow } from "./cell-key";
import {
  type Cell,
  type CellScalar,
  displayText,
  type ErrorCode,
  isEmptyCell,
  type ParsedInput,
  type ParseOptions,
  parseInput,
} from "./cells";
import { FormulaParseError, parseFormula, referencesOf } from "./formula";
import { type GridChange, renameSheetInFormula, shiftFormula } from "./formula-shift";
import type { CellSeed, SheetData, SpreadsheetData } from "./spreadsheet-data";

export { cellKey, keyColumn, keyRow } from "./cell-key";

export const DEFAULT_ROWS = 1000;
export const DEFAULT_COLUMNS = 26;
/** Sheets' limit on the cells of a spreadsheet (all sheets' grids together). */
export const MAX_CELLS = 10_000_000;
export const TOO_MANY_CELLS = `This action would increase the number of cells in the workbook above the limit of ${MAX_CELLS} cells.`;

export interface SheetModel {
  id: number;
  name: string;
  maxRows: number;
  maxColumns: number;
  frozenRows: number;
  frozenColumns: number;
  hidden: boolean;
  cells: Map<number, Cell>;
  /** Keys of the formula cells (so a change need not scan every cell). */
  formulas: Set<number>;
}

/** A formula cell, identified across sheets. */
export interface FormulaCell {
  sheetId: number;
  key: number;
}

export type ChangeListener = (change: { kind: "cells" | "sheets" | "selection"; sheet?: string }) => void;

const formulaId = (sheetId: number, key: number): string => `${sheetId}:${key}`;

/** Sheets' longest sheet name (the sheet-name box stops at it; the add-on's guards use it too). */
export const SHEET_NAME_LIMIT = 100;

/** Refuses a name Sheets would not take: empty, or longer than SHEET_NAME_LIMIT (message ours). */
function checkSheetName(name: string): void {
  if (name.trim() === "") throw new Error("A sheet's name cannot be empty.");
  if (name.length > SHEET_NAME_LIMIT) {
    throw new Error(`A sheet's name can be at most ${SHEET_NAME_LIMIT} characters, not ${name.length}.`);
  }
}

export class SpreadsheetModel {
  id: string;
  name: string;
  owner: string;
  timeZone: string;
  sheets: SheetModel[] = [];
  activeSheetId = 0;
  activeRange: GridRange = { row: 1, column: 1, numRows: 1, numColumns: 1 };
  /** How text written into cells is read (cells.ts): the runtime's `inferMonthNames`. */
  parseOptions: ParseOptions = {};
  private nextSheetId = 0;
  /** Formula cells whose inputs changed: they must run again. */
  private readonly stale = new Map<string, FormulaCell>();
  /** Formula cells whose spill area changed (blocked or freed): lay out the kept result again. */
  private readonly relayout = new Map<string, FormulaCell>();
  private readonly listeners = new Set<ChangeListener>();

  constructor(data: SpreadsheetData | undefined, defaultOwner: string) {
    this.id = data?.id ?? "emulated-spreadsheet";
    this.name = data?.name ?? "Untitled spreadsheet";
    this.owner = data?.owner ?? defaultOwner;
    this.timeZone = data?.timeZone ?? "Etc/UTC";
    const sheets = data?.sheets.length ? data.sheets : [{ name: "Sheet1" }];
    for (const sheet of sheets) this.loadSheet(sheet);
    const active = (data?.activeSheet && this.sheetByName(data.activeSheet)) || this.sheets[0]!;
    this.activeSheetId = active.id;
    const ref = data?.activeRange ? parseA1(data.activeRange) : null;
    if (ref) this.activeRange = resolveReference(ref, active.maxRows, active.maxColumns);
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(kind: "cells" | "sheets" | "selection", sheet?: SheetModel): void {
    for (const listener of this.listeners) listener(sheet ? { kind, sheet: sheet.name } : { kind });
  }

  // ---- sheets ----

  sheetByName(name: string): SheetModel | undefined {
    return this.sheets.find((s) => s.name === name);
  }

  sheetById(id: number): SheetModel | undefined {
    return this.sheets.find((s) => s.id === id);
  }

  activeSheet(): SheetModel {
    return this.sheetById(this.activeSheetId) ?? this.sheets[0]!;
  }

  /**
   * Adds a sheet; throws Sheets' message when the name is taken. Formulas that name it (typed
   * while no sheet had that name) now read it.
   */
  insertSheet(name: string | undefined, index?: number): SheetModel {
    const sheet = this.addSheet(name, index);
    this.namedSheetAppeared(sheet.name);
    return sheet;
  }

  private addSheet(name: string | undefined, index?: number): SheetModel {
    if (!this.hasRoomFor(DEFAULT_ROWS * DEFAULT_COLUMNS)) throw new Error(TOO_MANY_CELLS);
    const finalName = name ?? this.freeSheetName();
    checkSheetName(finalName);
    if (this.sheets.some((s) => s.name.toLowerCase() === finalName.toLowerCase())) {
      throw new Error(`A sheet with the name "${finalName}" already exists. Please enter another name.`);
    }
    const sheet: SheetModel = {
      id: this.nextSheetId++,
      name: finalName,
      maxRows: DEFAULT_ROWS,
      maxColumns: DEFAULT_COLUMNS,
      frozenRows: 0,
      frozenColumns: 0,
      hidden: false,
      cells: new Map(),
      formulas: new Set(),
    };
    const at = index === undefined ? this.sheets.length : Math.max(0, Math.min(index, this.sheets.length));
    this.sheets.splice(at, 0, sheet);
    this.emit("sheets");
    return sheet;
  }

  deleteSheet(sheet: SheetModel): void {
    if (this.sheets.length === 1) {
      throw new Error("You can't remove all the sheets in a document.");
    }
    this.sheets = this.sheets.filter((s) => s !== sheet);
    for (const [id, f] of [...this.stale, ...this.relayout]) {
      if (f.sheetId === sheet.id) {
        this.stale.delete(id);
        this.relayout.delete(id);
      }
    }
    if (this.activeSheetId === sheet.id)
      this.activate(this.sheets[0]!, { row: 1, column: 1, numRows: 1, numColumns: 1 });
    // References to it become #REF! in every other formula, for good (a sheet given its name
    // later is not read), and those formulas run again to show it.
    this.renameReferences(sheet.name, null);
    this.emit("sheets");
  }

  renameSheet(sheet: SheetModel, name: string): void {
    checkSheetName(name);
    if (this.sheets.some((s) => s !== sheet && s.name.toLowerCase() === name.toLowerCase())) {
      throw new Error(`A sheet with the name "${name}" already exists. Please enter another name.`);
    }
    const oldName = sheet.name;
    if (name === oldName) return;
    sheet.name = name;
    // Formulas naming the sheet follow it, as in Sheets (they read the same cells: no rerun);
    // formulas that named the new name while no sheet had it now read this one.
    const before = this.renameReferences(oldName, name);
    this.namedSheetAppeared(name, before);
    this.emit("sheets");
  }

  /**
   * Rewrites the references to sheet `from` in every formula: to sheet `to`, or to #REF! when
   * `to` is null (the sheet is deleted; those formulas go stale). Returns the changed formulas'
   * text before the change.
   */
  private renameReferences(from: string, to: string | null): Map<string, string> {
    const before = new Map<string, string>();
    for (const sheet of this.sheets) {
      for (const key of sheet.formulas) {
        const cell = sheet.cells.get(key)!;
        const rewritten = renameSheetInFormula(cell.formula!, sheet.name, from, to);
        if (rewritten === cell.formula) continue;
        before.set(formulaId(sheet.id, key), cell.formula!);
        cell.formula = rewritten;
        if (to === null) this.stale.set(formulaId(sheet.id, key), { sheetId: sheet.id, key });
      }
    }
    return before;
  }

  /**
   * A sheet now has `name`: formulas that named it (unresolved until now; `before` holds the text
   * of formulas just rewritten) run again.
   */
  private namedSheetAppeared(name: string, before = new Map<string, string>()): void {
    for (const sheet of this.sheets) {
      for (const key of sheet.formulas) {
        const id = formulaId(sheet.id, key);
        const formula = before.get(id) ?? sheet.cells.get(key)!.formula!;
        if (formulaReferences(formula).some((ref) => ref.sheet === name))
          this.stale.set(id, { sheetId: sheet.id, key });
      }
    }
  }

  private freeSheetName(): string {
    for (let n = this.sheets.length + 1; ; n++) {
      const name = `Sheet${n}`;
      if (!this.sheetByName(name)) return name;
    }
  }

  /** Several ranges selected at once (RangeList.activate); null when the selection is one range. */
  activeRangeList: GridRange[] | null = null;

  activate(sheet: SheetModel, range: GridRange): void {
    this.activeSheetId = sheet.id;
    this.activeRange = range;
    this.activeRangeList = null;
    this.emit("selection", sheet);
  }

  /** RangeList.activate: every range selected, the last one current (as Sheets does). */
  activateList(sheet: SheetModel, ranges: GridRange[]): void {
    if (ranges.length === 0) return;
    this.activate(sheet, ranges[ranges.length - 1]!);
    this.activeRangeList = ranges.length > 1 ? ranges : null;
  }

  /** Resolves "A1:B2" or "Sheet2!A1" against a default sheet; null when it names no range. */
  resolve(a1: string, defaultSheet: SheetModel): { sheet: SheetModel; range: GridRange } | null {
    const ref = parseA1(a1);
    if (!ref) return null;
    const sheet = ref.sheet === null ? defaultSheet : this.sheetByName(ref.sheet);
    if (!sheet) return null;
    return { sheet, range: resolveReference(ref, sheet.maxRows, sheet.maxColumns) };
  }

  inBounds(sheet: SheetModel, range: GridRange): boolean {
    return (
      range.row >= 1 &&
      range.column >= 1 &&
      range.numRows >= 1 &&
      range.numColumns >= 1 &&
      range.row + range.numRows - 1 <= sheet.maxRows &&
      range.column + range.numColumns - 1 <= sheet.maxColumns
    );
  }

  // ---- reading ----

  cell(sheet: SheetModel, row: number, column: number): Cell | undefined {
    return sheet.cells.get(cellKey(row, column));
  }

  /** Values as getValues answers: "" for empty cells, error codes for errors. */
  values(sheet: SheetModel, range: GridRange): CellScalar[][] {
    return this.map(sheet, range, (cell) => (cell ? cell.value : ""));
  }

  displayValues(sheet: SheetModel, range: GridRange): string[][] {
    return this.map(sheet, range, (cell) => displayText(cell, this.timeZone));
  }

  formulas(sheet: SheetModel, range: GridRange): string[][] {
    return this.map(sheet, range, (cell) => cell?.formula ?? "");
  }

  map<T>(sheet: SheetModel, range: GridRange, read: (cell: Cell | undefined) => T): T[][] {
    const out: T[][] = [];
    for (let r = 0; r < range.numRows; r++) {
      const row: T[] = [];
      for (let c = 0; c < range.numColumns; c++)
        row.push(read(this.cell(sheet, range.row + r, range.column + c)));
      out.push(row);
    }
    return out;
  }

  /** Last row / column with content (getLastRow / getLastColumn), 0 for an empty sheet. */
  lastRow(sheet: SheetModel): number {
    let last = 0;
    for (const [key, cell] of sheet.cells) if (!isEmptyCell(cell)) last = Math.max(last, keyRow(key));
    return last;
  }

  lastColumn(sheet: SheetModel): number {
    let last = 0;
    for (const [key, cell] of sheet.cells) if (!isEmptyCell(cell)) last = Math.max(last, keyColumn(key));
    return last;
  }

  // ---- writing ----

  /** Writes parsed input into a block (the caller checked bounds and dimensions). */
  write(sheet: SheetModel, range: GridRange, inputs: ParsedInput[][]): void {
    for (let r = 0; r < range.numRows; r++) {
      for (let c = 0; c < range.numColumns; c++) {
        this.writeOne(sheet, range.row + r, range.column + c, inputs[r]![c]!);
      }
    }
    this.changed(sheet, range);
  }

  /** Changes the cells' formatting or notes in place (no effect on values). */
  decorate(sheet: SheetModel, range: GridRange, apply: (cell: Cell, r: number, c: number) => void): void {
    for (let r = 0; r < range.numRows; r++) {
      for (let c = 0; c < range.numColumns; c++) {
        const key = cellKey(range.row + r, range.column + c);
        const cell = sheet.cells.get(key) ?? { value: "" };
        apply(cell, r, c);
        sheet.cells.set(key, cell);
      }
    }
    this.emit("cells", sheet);
  }

  /** Clears contents and/or formats of a block (Range.clear / clearContent / clearFormat). */
  clear(
    sheet: SheetModel,
    range: GridRange,
    what: { contents: boolean; formats: boolean; notes: boolean },
  ): void {
    for (let r = 0; r < range.numRows; r++) {
      for (let c = 0; c < range.numColumns; c++) {
        const row = range.row + r;
        const column = range.column + c;
        const cell = this.cell(sheet, row, column);
        if (!cell) continue;
        if (what.contents) this.writeOne(sheet, row, column, { kind: "empty" });
        const kept = this.cell(sheet, row, column);
        if (!kept) continue;
        if (what.formats) {
          delete kept.numberFormat;
          delete kept.format;
        }
        if (what.notes) delete kept.note;
        if (
          kept.value === "" &&
          kept.formula === undefined &&
          !kept.note &&
          !kept.numberFormat &&
          !kept.format
        ) {
          sheet.cells.delete(cellKey(row, column));
        }
      }
    }
    this.changed(sheet, range);
  }

  private writeOne(sheet: SheetModel, row: number, column: number, input: ParsedInput): void {
    const key = cellKey(row, column);
    const old = sheet.cells.get(key);
    if (old?.formula !== undefined) this.removeSpill(sheet, key, old);
    if (old?.formula !== undefined) {
      this.stale.delete(formulaId(sheet.id, key));
      this.relayout.delete(formulaId(sheet.id, key));
    }
    const kept = old ? keepDecoration(old) : {};
    sheet.formulas.delete(key);
    if (input.kind === "empty") {
      if (Object.keys(kept).length === 0) sheet.cells.delete(key);
      else sheet.cells.set(key, { ...kept, value: "" });
      return;
    }
    if (input.kind === "formula") {
      sheet.cells.set(key, { ...kept, value: "", formula: input.formula });
      sheet.formulas.add(key);
      this.stale.set(formulaId(sheet.id, key), { sheetId: sheet.id, key });
      return;
    }
    const cell: Cell = { ...kept, value: input.value };
    if (input.quoted) cell.quoted = true;
    sheet.cells.set(key, cell);
  }

  /** Clears the cells a formula's result spilled into. */
  private removeSpill(sheet: SheetModel, anchor: number, cell: Cell): void {
    const area = spillArea(anchor, cell);
    if (!area) return;
    for (let r = 0; r < area.numRows; r++) {
      for (let c = 0; c < area.numColumns; c++) {
        const key = cellKey(area.row + r, area.column + c);
        const spilled = sheet.cells.get(key);
        if (key !== anchor && spilled?.spillOf === anchor) {
          const kept = keepDecoration(spilled);
          if (Object.keys(kept).length === 0) sheet.cells.delete(key);
          else sheet.cells.set(key, { ...kept, value: "" });
        }
      }
    }
  }

  /** Marks the formulas that read `range`, or whose spill area it touches, for recalculation. */
  private changed(sheet: SheetModel, range: GridRange): void {
    for (const other of this.sheets) {
      for (const key of other.formulas) {
        const cell = other.cells.get(key);
        if (cell?.formula === undefined) continue;
        const id = formulaId(other.id, key);
        if (other === sheet && contains(range, keyRow(key), keyColumn(key))) continue;
        if (this.readsRange(other, cell, sheet, range)) this.stale.set(id, { sheetId: other.id, key });
        const area = other === sheet ? spillArea(key, cell) : null;
        if (area && intersects(area, range)) this.relayout.set(id, { sheetId: other.id, key });
      }
    }
    this.emit("cells", sheet);
  }

  private readsRange(formulaSheet: SheetModel, cell: Cell, sheet: SheetModel, range: GridRange): boolean {
    for (const ref of formulaReferences(cell.formula!)) {
      const target = ref.sheet === null ? formulaSheet : this.sheetByName(ref.sheet);
      if (target !== sheet) continue;
      if (intersects(resolveReference(ref, sheet.maxRows, sheet.maxColumns), range)) return true;
    }
    return false;
  }

  // ---- formula results ----

  /** Formula cells that must run again, and forgets them. */
  takeStale(): FormulaCell[] {
    const out = [...this.stale.values()];
    this.stale.clear();
    return out;
  }

  takeRelayout(): FormulaCell[] {
    const out = [...this.relayout.values()];
    this.relayout.clear();
    return out;
  }

  hasPending(): boolean {
    return this.stale.size > 0 || this.relayout.size > 0;
  }

  /** Every formula cell of the spreadsheet. */
  allFormulas(): FormulaCell[] {
    const out: FormulaCell[] = [];
    for (const sheet of this.sheets) {
      for (const key of sheet.formulas) out.push({ sheetId: sheet.id, key });
    }
    return out;
  }

  /** Stores a formula's error (Sheets shows the code; the message on hover). */
  setFormulaError(sheet: SheetModel, anchor: number, code: ErrorCode, message: string): void {
    const cell = sheet.cells.get(anchor);
    if (cell?.formula === undefined) return;
    const oldArea = spillArea(anchor, cell);
    this.removeSpill(sheet, anchor, cell);
    delete cell.result;
    cell.value = code;
    cell.error = { code, message };
    this.spillChanged(sheet, anchor, union(singleCell(anchor), oldArea));
  }

  /**
   * Lays a formula's result out from its cell: down and right for a grid. A result that would
   * overwrite data or leave the sheet becomes #REF! as in Sheets (the result is kept, so freeing
   * the blocking cells lays it out again without running the function).
   */
  layOut(sheet: SheetModel, anchor: number, result: CellScalar[][]): void {
    const cell = sheet.cells.get(anchor);
    if (cell?.formula === undefined) return;
    const oldArea = spillArea(anchor, cell);
    this.removeSpill(sheet, anchor, cell);
    delete cell.error;
    cell.result = result;
    const row = keyRow(anchor);
    const column = keyColumn(anchor);
    const numRows = result.length;
    const numColumns = Math.max(1, ...result.map((r) => r.length));
    const area = { row, column, numRows, numColumns };
    const rowsShort = row + numRows - 1 - sheet.maxRows;
    const columnsShort = column + numColumns - 1 - sheet.maxColumns;
    if (rowsShort > 0 || columnsShort > 0) {
      const what = rowsShort > 0 ? `rows (${rowsShort})` : `columns (${columnsShort})`;
      this.blocked(
        sheet,
        anchor,
        cell,
        oldArea,
        `Result was not automatically expanded, please insert more ${what}.`,
      );
      return;
    }
    for (let r = 0; r < numRows; r++) {
      for (let c = 0; c < numColumns; c++) {
        if (r === 0 && c === 0) continue;
        const other = this.cell(sheet, row + r, column + c);
        if (!isEmptyCell(other) && other?.spillOf !== anchor) {
          const where = cellA1(row + r, column + c);
          const message = `Array result was not expanded because it would overwrite data in ${where}.`;
          this.blocked(sheet, anchor, cell, oldArea, message);
          return;
        }
      }
    }
    for (let r = 0; r < numRows; r++) {
      for (let c = 0; c < numColumns; c++) {
        const value = result[r]?.[c] ?? "";
        const key = cellKey(row + r, column + c);
        if (r === 0 && c === 0) {
          cell.value = value;
          continue;
        }
        const kept = keepDecoration(sheet.cells.get(key) ?? { value: "" });
        sheet.cells.set(key, { ...kept, value, spillOf: anchor });
      }
    }
    this.spillChanged(sheet, anchor, union(area, oldArea));
  }

  private blocked(
    sheet: SheetModel,
    anchor: number,
    cell: Cell,
    oldArea: GridRange | null,
    message: string,
  ): void {
    cell.value = "#REF!";
    cell.error = { code: "#REF!", message };
    this.spillChanged(sheet, anchor, union(singleCell(anchor), oldArea));
  }

  /** A spill changed cells: formulas reading them go stale (not the formula itself). */
  private spillChanged(sheet: SheetModel, anchor: number, area: GridRange): void {
    const wasStale = this.stale.has(formulaId(sheet.id, anchor));
    const wasRelayout = this.relayout.has(formulaId(sheet.id, anchor));
    this.changed(sheet, area);
    if (!wasStale) this.stale.delete(formulaId(sheet.id, anchor));
    if (!wasRelayout) this.relayout.delete(formulaId(sheet.id, anchor));
  }

  // ---- rows and columns ----

  /** Whether `extra` more cells keep the spreadsheet within Sheets' 10 million. */
  hasRoomFor(extra: number): boolean {
    const used = this.sheets.reduce((sum, s) => sum + s.maxRows * s.maxColumns, 0);
    return used + extra <= MAX_CELLS;
  }

  /**
   * Inserts rows or columns before `at` (1-based), moving cells below / right of it. Formulas'
   * references move with them (formula-shift.ts); spilled results stay with their formula cell.
   */
  insert(sheet: SheetModel, dimension: "rows" | "columns", at: number, count: number): void {
    this.move(sheet, (pos) => (pos >= at ? pos + count : pos), dimension);
    if (dimension === "rows") sheet.maxRows += count;
    else sheet.maxColumns += count;
    this.shiftReferences({ sheet: sheet.name, dimension, at, count, kind: "insert" });
    this.emit("cells", sheet);
  }

  /** Deletes rows or columns from `at`, moving the rest up / left; a deleted formula takes its spill along. */
  remove(sheet: SheetModel, dimension: "rows" | "columns", at: number, count: number): void {
    this.move(sheet, (pos) => (pos < at ? pos : pos >= at + count ? pos - count : null), dimension);
    if (dimension === "rows") sheet.maxRows -= count;
    else sheet.maxColumns -= count;
    this.shiftReferences({ sheet: sheet.name, dimension, at, count, kind: "delete" });
    this.emit("cells", sheet);
  }

  /** Rewrites every formula's references to a sheet whose rows or columns changed. */
  private shiftReferences(change: GridChange): void {
    for (const sheet of this.sheets) {
      for (const key of sheet.formulas) {
        const cell = sheet.cells.get(key)!;
        const shifted = shiftFormula(cell.formula!, sheet.name, change);
        if (shifted.formula === cell.formula) continue;
        cell.formula = shifted.formula;
        if (shifted.readsChanged) this.stale.set(formulaId(sheet.id, key), { sheetId: sheet.id, key });
      }
    }
  }

  /** Moves every cell of a sheet along one dimension (null: the cell goes away). */
  private move(sheet: SheetModel, to: (pos: number) => number | null, dimension: "rows" | "columns"): void {
    const newKey = (key: number): number | null => {
      const row = keyRow(key);
      const column = keyColumn(key);
      const pos = to(dimension === "rows" ? row : column);
      if (pos === null) return null;
      return dimension === "rows" ? cellKey(pos, column) : cellKey(row, pos);
    };
    const moved = new Map<number, Cell>();
    for (const [key, cell] of sheet.cells) {
      const target = newKey(key);
      if (target !== null) moved.set(target, cell);
    }
    for (const [key, cell] of moved) {
      if (cell.spillOf === undefined) continue;
      const anchor = newKey(cell.spillOf);
      if (anchor !== null && moved.get(anchor)?.formula !== undefined) {
        cell.spillOf = anchor;
        continue;
      }
      const kept = keepDecoration(cell);
      if (Object.keys(kept).length === 0) moved.delete(key);
      else moved.set(key, { ...kept, value: "" });
    }
    sheet.cells = moved;
    reindexFormulas(sheet);
    for (const pending of [this.stale, this.relayout]) {
      for (const [id, cell] of [...pending]) {
        if (cell.sheetId !== sheet.id) continue;
        pending.delete(id);
        const key = newKey(cell.key);
        if (key !== null) pending.set(formulaId(sheet.id, key), { sheetId: sheet.id, key });
      }
    }
  }

  // ---- JSON ----

  toData(): SpreadsheetData {
    const active = this.activeSheet();
    return {
      id: this.id,
      name: this.name,
      owner: this.owner,
      timeZone: this.timeZone,
      activeSheet: active.name,
      activeRange: rangeA1(this.activeRange),
      sheets: this.sheets.map((sheet) => ({
        name: sheet.name,
        id: sheet.id,
        maxRows: sheet.maxRows,
        maxColumns: sheet.maxColumns,
        frozenRows: sheet.frozenRows,
        frozenColumns: sheet.frozenColumns,
        hidden: sheet.hidden,
        cells: Object.fromEntries(
          [...sheet.cells.entries()]
            .sort(([a], [b]) => a - b)
            .map(([key, cell]) => [cellA1(keyRow(key), keyColumn(key)), cellToData(cell)]),
        ),
      })),
    };
  }

  private loadSheet(data: SheetData): void {
    const sheet = this.addSheet(data.name);
    if (data.id !== undefined) {
      sheet.id = data.id;
      this.nextSheetId = Math.max(this.nextSheetId, data.id + 1);
    }
    sheet.maxRows = data.maxRows ?? DEFAULT_ROWS;
    sheet.maxColumns = data.maxColumns ?? DEFAULT_COLUMNS;
    sheet.frozenRows = data.frozenRows ?? 0;
    sheet.frozenColumns = data.frozenColumns ?? 0;
    sheet.hidden = data.hidden ?? false;
    const typed: Array<[number, number, CellSeed]> = [];
    data.rows?.forEach((values, r) => {
      values.forEach((value, c) => {
        typed.push([r + 1, c + 1, value]);
      });
    });
    for (const [a1, seed] of Object.entries(data.cells ?? {})) {
      const ref = parseA1(a1);
      if (!ref || ref.startRow === null || ref.startColumn === null)
        throw new Error(`Bad cell address: ${a1}`);
      typed.push([ref.startRow, ref.startColumn, seed]);
    }
    for (const [row, column, seed] of typed) {
      sheet.maxRows = Math.max(sheet.maxRows, row);
      sheet.maxColumns = Math.max(sheet.maxColumns, column);
      if (seed !== null && typeof seed === "object") {
        const cell = cellFromData(seed);
        sheet.cells.set(cellKey(row, column), cell);
        if (cell.formula !== undefined) sheet.formulas.add(cellKey(row, column));
        if (cell.formula !== undefined && cell.result === undefined && cell.error === undefined) {
          this.stale.set(formulaId(sheet.id, cellKey(row, column)), {
            sheetId: sheet.id,
            key: cellKey(row, column),
          });
        }
      } else {
        this.writeOne(sheet, row, column, seedInput(seed));
      }
    }
  }
}

function reindexFormulas(sheet: SheetModel): void {
  sheet.formulas = new Set(
    [...sheet.cells].filter(([, cell]) => cell.formula !== undefined).map(([key]) => key),
  );
}

function seedInput(seed: string | number | boolean | null): ParsedInput {
  if (seed === null) return { kind: "empty" };
  if (typeof seed === "string") return parseInput(seed);
  return { kind: "value", value: seed };
}

/** The smallest block holding both. */
function union(a: GridRange, b: GridRange | null): GridRange {
  if (!b) return a;
  const row = Math.min(a.row, b.row);
  const column = Math.min(a.column, b.column);
  return {
    row,
    column,
    numRows: Math.max(a.row + a.numRows, b.row + b.numRows) - row,
    numColumns: Math.max(a.column + a.numColumns, b.column + b.numColumns) - column,
  };
}

function keepDecoration(cell: Cell): Partial<Cell> {
  const kept: Partial<Cell> = {};
  if (cell.note !== undefined) kept.note = cell.note;
  if (cell.numberFormat !== undefined) kept.numberFormat = cell.numberFormat;
  if (cell.format !== undefined) kept.format = cell.format;
  return kept;
}

function singleCell(key: number): GridRange {
  return { row: keyRow(key), column: keyColumn(key), numRows: 1, numColumns: 1 };
}

/** Where a formula cell's kept result lies (null when it has none). */
function spillArea(anchor: number, cell: Cell): GridRange | null {
  if (!cell.result) return null;
  return {
    row: keyRow(anchor),
    column: keyColumn(anchor),
    numRows: Math.max(1, cell.result.length),
    numColumns: Math.max(1, ...cell.result.map((r) => r.length)),
  };
}

const referenceCache = new Map<string, A1Reference[]>();

function formulaReferences(formula: string): A1Reference[] {
  let refs = referenceCache.get(formula);
  if (!refs) {
    try {
      refs = referencesOf(parseFormula(formula));
    } catch (error) {
      if (!(error instanceof FormulaParseError)) throw error;
      refs = [];
    }
    referenceCache.set(formula, refs);
  }
  return refs;
}
