/**
 * Evaluates formula cells as Sheets does for custom functions: arguments are read from the sheet
 * (a single cell -> its value, a range -> a 2-D array, an omitted argument -> undefined), the
 * global is called in its own custom-function execution, and the result is laid out from the
 * formula's cell (a 2-D array spills down and right; a spill onto data is #REF!). A failure shows
 * as #ERROR! with its message; an unknown function as #NAME?. When a cell a formula reads changes,
 * the formula runs again; a blocked or freed spill is laid out again from the kept result.
 */
import { types } from "node:util";
import { resolveReference } from "./a1";
import type { CellError, CellScalar, ErrorCode } from "./cells";
import type { FormulaLocation } from "./execution";
import { type Expr, FormulaParseError, parseFormula } from "./formula";
import {
  type FormulaCell,
  keyColumn,
  keyRow,
  type SheetModel,
  type SpreadsheetModel,
} from "./spreadsheet-model";

export type CustomFunctionOutcome = { ok: true; value: unknown } | { ok: false; message: string };

export interface FormulaEngine {
  model: SpreadsheetModel;
  /** Finds the global a formula names (Sheets matches names case-insensitively). */
  resolveFunction(name: string): string | null;
  /** Runs one custom-function execution. */
  callCustomFunction(name: string, args: unknown[], location: FormulaLocation): CustomFunctionOutcome;
}

/** Past this many rounds, formulas still changing each other are circular. */
const MAX_ROUNDS = 50;
const CIRCULAR = "Circular dependency detected. To resolve with iterative calculation, see File > Settings.";

type Evaluated =
  | { ok: true; value: CellScalar | CellScalar[][] | undefined }
  | { ok: false; error: CellError };

class FormulaError {
  constructor(readonly error: CellError) {}
}

/**
 * Recalculates until nothing is stale; `all` re-runs every formula first (like reopening the
 * file); `pick` re-runs the formulas it keeps (Sheets' recalculations at times of its own).
 */
export function recalculate(
  engine: FormulaEngine,
  options: { all?: boolean; pick?: (cell: FormulaCell) => boolean } = {},
): void {
  const { model } = engine;
  let forced: FormulaCell[] = options.all
    ? model.allFormulas()
    : options.pick
      ? model.allFormulas().filter(options.pick)
      : [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const stale = dedupe([...forced, ...model.takeStale()]);
    forced = [];
    const relayout = model.takeRelayout();
    if (stale.length === 0 && relayout.length === 0) return;
    const done = new Set(stale.map(id));
    for (const cell of stale) evaluate(engine, cell);
    for (const cell of relayout) if (!done.has(id(cell))) relayOut(model, cell);
  }
  for (const cell of model.takeStale()) {
    const sheet = model.sheetById(cell.sheetId);
    if (sheet) model.setFormulaError(sheet, cell.key, "#REF!", CIRCULAR);
  }
  model.takeRelayout();
}

const id = (cell: FormulaCell): string => `${cell.sheetId}:${cell.key}`;

function dedupe(cells: FormulaCell[]): FormulaCell[] {
  const seen = new Map<string, FormulaCell>();
  for (const cell of cells) seen.set(id(cell), cell);
  return [...seen.values()];
}

function relayOut(model: SpreadsheetModel, target: FormulaCell): void {
  const sheet = model.sheetById(target.sheetId);
  const cell = sheet?.cells.get(target.key);
  if (!sheet || !cell?.result) return;
  model.layOut(sheet, target.key, cell.result);
}

/** Runs one formula cell and stores its result or error. */
export function evaluate(engine: FormulaEngine, target: FormulaCell): void {
  const { model } = engine;
  const sheet = model.sheetById(target.sheetId);
  const cell = sheet?.cells.get(target.key);
  if (!sheet || cell?.formula === undefined) return;
  const location = { sheetId: sheet.id, row: keyRow(target.key), column: keyColumn(target.key) };
  // Rows or columns it read were deleted (formula-shift.ts).
  if (cell.formula.replace(/"(?:[^"]|"")*"/g, "").includes("#REF!")) {
    model.setFormulaError(sheet, target.key, "#REF!", "Reference does not exist.");
    return;
  }
  let outcome: Evaluated;
  try {
    outcome = { ok: true, value: evalExpr(engine, sheet, location, parseFormula(cell.formula)) };
  } catch (error) {
    if (error instanceof FormulaError) outcome = { ok: false, error: error.error };
    else if (error instanceof FormulaParseError)
      outcome = { ok: false, error: { code: "#ERROR!", message: error.message } };
    else throw error;
  }
  if (!outcome.ok) {
    model.setFormulaError(sheet, target.key, outcome.error.code, outcome.error.message);
    return;
  }
  const grid = toGrid(outcome.value);
  const bad = grid.flat().find((v): v is string => typeof v === "string" && v.startsWith("#NUM!"));
  if (bad) model.setFormulaError(sheet, target.key, "#NUM!", "The result is not a finite number.");
  else model.layOut(sheet, target.key, grid);
}

function fail(code: ErrorCode, message: string): never {
  throw new FormulaError({ code, message });
}

function evalExpr(
  engine: FormulaEngine,
  sheet: SheetModel,
  at: FormulaLocation,
  expr: Expr,
): CellScalar | CellScalar[][] | undefined {
  if (expr.kind === "literal") return expr.value;
  if (expr.kind === "ref") return readReference(engine.model, sheet, at, expr.ref);
  // Sheets passes what was given: an empty argument between commas is an empty value; arguments
  // left off at the end are simply absent (undefined in the function).
  const evalArgs = () => expr.args.map((arg) => (arg === null ? "" : evalExpr(engine, sheet, at, arg)));
  const builtIn = BUILT_INS[expr.name.toUpperCase()];
  if (builtIn) return builtIn(evalArgs());
  const name = engine.resolveFunction(expr.name);
  if (!name) fail("#NAME?", `Unknown function: '${expr.name}'.`);
  const args = evalArgs();
  const outcome = engine.callCustomFunction(name, args, at);
  if (!outcome.ok) fail("#ERROR!", outcome.message);
  return fromResult(outcome.value);
}

type BuiltIn = (args: Array<CellScalar | CellScalar[][] | undefined>) => CellScalar;

/**
 * The few Sheets built-ins a sheet of this add-on is likely to hold; built-in names win over
 * custom functions, as in Sheets. Everything else is an unknown function here.
 */
const BUILT_INS: Record<string, BuiltIn> = {
  HYPERLINK: ([url, label]) => {
    if (Array.isArray(url) || Array.isArray(label)) fail("#VALUE!", "HYPERLINK takes single values.");
    return label === undefined || label === "" ? (url ?? "") : label;
  },
};

function readReference(
  model: SpreadsheetModel,
  sheet: SheetModel,
  at: FormulaLocation,
  ref: Parameters<typeof resolveReference>[0],
): CellScalar | CellScalar[][] {
  const target = ref.sheet === null ? sheet : model.sheetByName(ref.sheet);
  if (!target) fail("#REF!", `Unresolved sheet name '${ref.sheet}'.`);
  const range = resolveReference(ref, target.maxRows, target.maxColumns);
  const inside =
    target.id === at.sheetId &&
    at.row >= range.row &&
    at.row < range.row + range.numRows &&
    at.column >= range.column &&
    at.column < range.column + range.numColumns;
  if (inside) fail("#REF!", CIRCULAR);
  const cells = model.map(target, range, (cell) => cell);
  for (const row of cells) for (const cell of row) if (cell?.error) fail(cell.error.code, cell.error.message);
  const values = model.values(target, range);
  return range.numRows === 1 && range.numColumns === 1 ? values[0]![0]! : values;
}

/** A custom function's return value as cell values (host realm). */
function fromResult(value: unknown): CellScalar | CellScalar[][] | undefined {
  if (Array.isArray(value)) {
    if (value.length === 0) return "";
    // A 1-D array fills a column, one value per row.
    const rows = value.map((row: unknown) => (Array.isArray(row) ? row : [row]));
    return rows.map((row: unknown[]) => row.map(toScalar));
  }
  return value === undefined || value === null ? "" : toScalar(value);
}

function toScalar(value: unknown): CellScalar {
  if (value === undefined || value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? value : "#NUM!";
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (types.isDate(value)) return new Date((value as Date).getTime());
  if (Array.isArray(value)) return value.map(String).join(",");
  return String(value);
}

function toGrid(value: CellScalar | CellScalar[][] | undefined): CellScalar[][] {
  if (value === undefined) return [[""]];
  if (!Array.isArray(value)) return [[value]];
  const width = Math.max(1, ...value.map((row) => row.length));
  // Sheets pads short rows of a ragged result with empty cells.
  return value.map((row) => [...row, ...Array<CellScalar>(width - row.length).fill("")]);
}
