/**
 * How a custom function's arguments arrive: a single cell as its value (text, number, boolean,
 * Date, or undefined when omitted), a range as a 2-D array of rows.
 */

export type CellArgument = unknown;

function cellsOf(input: CellArgument): unknown[] {
  if (Array.isArray(input)) return input.flatMap((row) => (Array.isArray(row) ? row : [row]));
  return [input];
}

/**
 * Names in a text or a range: each cell split on commas, semicolons and line breaks, trimmed,
 * empty names skipped.
 */
export function namesIn(input: CellArgument): string[] {
  // Commas, semicolons (the argument separator of many locales) or one name a line.
  return cellsOf(input)
    .filter((cell) => cell !== null && cell !== undefined && cell !== "")
    .flatMap((cell) => String(cell).split(/[,;\n]/))
    .map((name) => name.trim())
    .filter((name) => name !== "");
}

/** The field argument as parseFieldList takes it: text, or a range of cells. */
export function fieldListInput(input: CellArgument): string | unknown[][] {
  if (input === null || input === undefined) return "";
  if (Array.isArray(input)) return input.map((row) => (Array.isArray(row) ? row : [row]));
  return String(input);
}

export type UrlCellsResult = { cells: unknown[] } | { error: string };

/** The URL argument as one cell per output row: one cell, one column or one row. */
export function urlCells(input: CellArgument): UrlCellsResult {
  // An empty referenced cell arrives as ""; undefined means the argument itself was left out.
  if (input === undefined) {
    return {
      error: "Give a profile URL or a range of them as the first argument, for example =LOOKUP_LEAD(A2).",
    };
  }
  if (!Array.isArray(input)) return { cells: [input] };
  const rows = input.map((row) => (Array.isArray(row) ? row : [row]));
  // A loop, not Math.max(...lengths): a 130,000-row range would overflow the argument list.
  let width = 0;
  for (const row of rows) width = Math.max(width, row.length);
  if (rows.length <= 1 || width <= 1) return { cells: rows.flat() };
  return {
    error: `Give one column or one row of URLs: this range is ${rows.length} rows by ${width} columns.`,
  };
}
