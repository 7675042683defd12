/**
 * Cells to and from their JSON form (spreadsheet-data.ts): dates as { date: ISO }, spill anchors
 * as A1 addresses.
 */
import { cellA1, parseA1 } from "./a1";
import { cellKey, keyColumn, keyRow } from "./cell-key";
import type { Cell, CellScalar } from "./cells";
import type { CellData, JsonCellValue } from "./spreadsheet-data";

export function valueToJson(value: CellScalar): JsonCellValue {
  return value instanceof Date ? { date: value.toISOString() } : value;
}

export function valueFromJson(value: JsonCellValue): CellScalar {
  return typeof value === "object" ? new Date(value.date) : value;
}

export function cellToData(cell: Cell): CellData {
  const data: CellData = {};
  if (cell.value !== "") data.value = valueToJson(cell.value);
  if (cell.formula !== undefined) data.formula = cell.formula;
  if (cell.error) data.error = cell.error;
  if (cell.result) data.result = cell.result.map((row) => row.map(valueToJson));
  if (cell.spillOf !== undefined) data.spillOf = cellA1(keyRow(cell.spillOf), keyColumn(cell.spillOf));
  if (cell.quoted) data.quoted = true;
  if (cell.note !== undefined) data.note = cell.note;
  if (cell.numberFormat !== undefined) data.numberFormat = cell.numberFormat;
  if (cell.format !== undefined) data.format = cell.format;
  return data;
}

export function cellFromData(data: CellData): Cell {
  const cell: Cell = { value: data.value === undefined ? "" : valueFromJson(data.value) };
  if (data.formula !== undefined) cell.formula = data.formula;
  if (data.error) cell.error = data.error;
  if (data.result) cell.result = data.result.map((row) => row.map(valueFromJson));
  if (data.spillOf !== undefined) {
    const ref = parseA1(data.spillOf);
    if (ref?.startRow && ref.startColumn) cell.spillOf = cellKey(ref.startRow, ref.startColumn);
  }
  if (data.quoted) cell.quoted = true;
  if (data.note !== undefined) cell.note = data.note;
  if (data.numberFormat !== undefined) cell.numberFormat = data.numberFormat;
  if (data.format !== undefined) cell.format = data.format;
  return cell;
}
