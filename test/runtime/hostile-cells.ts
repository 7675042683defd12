/**
 * What the hostile-text tests check of a sheet the add-on wrote (sandbox/api/hostile-text.ts makes
 * the API's text hostile): its cells hold that text inert.
 */
import { expect } from "vitest";
import { HOSTILE_PREFIXES, HOSTILE_VALUES } from "../../sandbox/api/hostile-text";
import type { CellView, Runtime } from "../../sandbox/gas/runtime";

/** Hostile texts Sheets (or a CSV reader) would not keep as they are without the apostrophe. */
const CONVERTED = HOSTILE_VALUES.filter((text) => /^[^A-Za-z<]|^TRUE$/.test(text));

/** Whether a cell's text is one of the hostile answers' (a prefix kept, or a converted value). */
export function isHostile(text: string): boolean {
  return (CONVERTED as readonly string[]).includes(text) || HOSTILE_PREFIXES.some((p) => text.startsWith(p));
}

/** Every cell of a sheet, with its A1 address and its column's header. */
function cellsOf(runtime: Runtime, sheet: string): Array<{ a1: string; header: string; cell: CellView }> {
  const rows = runtime.getSheetCells(sheet);
  const header = (rows[0] ?? []).map((cell) => String(cell.value));
  return rows.flatMap((row, r) =>
    row.map((cell, c) => ({ a1: `${String.fromCharCode(65 + c)}${r + 1}`, header: header[c] ?? "", cell })),
  );
}

/**
 * A sheet the add-on wrote holds the API's text inert: no formula, every hostile text written
 * with a leading apostrophe (so Sheets and a CSV export keep it literally), never two, and the
 * columns of API text hold text (not a number, date or boolean it was turned into). Returns how
 * many hostile texts it holds, so a test can check the run met them.
 */
export function expectInert(runtime: Runtime, sheet: string, textColumns: readonly string[] = []): number {
  const problems: string[] = [];
  let hostile = 0;
  for (const { a1, header, cell } of cellsOf(runtime, sheet)) {
    const where = `${sheet}!${a1} (${header})`;
    if (cell.formula !== undefined) problems.push(`${where} is a formula: ${cell.formula}`);
    if (textColumns.includes(header) && cell.value !== "" && typeof cell.value !== "string")
      problems.push(`${where} is no longer text: ${String(cell.value)} from ${JSON.stringify(cell.input)}`);
    if (typeof cell.value !== "string") continue;
    if (cell.value.startsWith("''")) problems.push(`${where} escaped twice: ${cell.value}`);
    if (!isHostile(cell.value)) continue;
    hostile += 1;
    if (!cell.input.startsWith("'")) problems.push(`${where} written bare: ${JSON.stringify(cell.input)}`);
  }
  expect(problems).toEqual([]);
  return hostile;
}
