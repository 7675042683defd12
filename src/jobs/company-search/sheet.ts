/**
 * The Companies sheet: one row per company, header = the company record's fields in the spec's
 * order (COMPANY_FIELDS) under their readable labels (or field names, a setting), or the existing header's mapping when the user rearranged it
 * (planColumns). A company already in the sheet (same network_id) is never written twice.
 * Helper functions here also let other features (find leads at these companies) read rows back.
 */
import type { Company } from "../../api/wire";
import { toCellValue } from "../../sheet/cell-value";
import { COMPANY_HEADERS, matchColumns, planColumns } from "../../sheet/columns";
import { COMPANY_LABELS } from "../../sheet/field-labels";
import { COMPANY_FIELDS } from "../../sheet/lead-fields";
import { recordValue } from "../../sheet/records";
import { DEFAULT_SHEET_FORMAT, type SheetFormat } from "../../sheet/sheet-format";
import type { Grid, GridValue } from "../enrich/ports";
import { writeHeaderCells } from "../header-cells";

export const COMPANIES_SHEET = "Companies";

/** The Companies sheet as the job needs it: a grid plus freezing the header row. */
export interface CompanySheet extends Grid {
  freezeHeader(): void;
}

export interface WriteResult {
  /** Rows appended. */
  written: number;
  /** Companies skipped because their network_id was already in the sheet or earlier in the batch. */
  duplicates: number;
  /** First and last row written (1-based); 0 when nothing was written. */
  firstRow: number;
  lastRow: number;
}

/** A network_id as read from a cell or an answer: text without the apostrophe Sheets hides. */
export function networkIdKey(value: unknown): string {
  return String(value ?? "")
    .replace(/^'/, "")
    .trim();
}

function headerRow(grid: Grid): string[] {
  const width = grid.lastColumn();
  if (grid.lastRow() < 1 || width < 1) return [];
  const row = grid.read(1, 1, 1, width)[0] ?? [];
  // Trailing empty headers are no columns of ours; inner ones may be the user's data.
  const headers = row.map((cell) => String(cell ?? ""));
  while (headers.length > 0 && headers[headers.length - 1] === "") headers.pop();
  return headers;
}

/** 0-based column of each company field the header names (field names first, then labels). */
export function companyColumns(headers: readonly string[]): Map<string, number> {
  return matchColumns(headers, COMPANY_FIELDS, { table: COMPANY_HEADERS });
}

/** The columns "find leads at these companies" needs, 0-based; absent when the header lacks one. */
export interface CompanyKeyColumns {
  network_id?: number;
  network_link?: number;
  name?: number;
}

export function companyKeyColumns(headers: readonly string[]): CompanyKeyColumns {
  const found = companyColumns(headers);
  const columns: CompanyKeyColumns = {};
  for (const field of ["network_id", "network_link", "name"] as const) {
    const index = found.get(field);
    if (index !== undefined) columns[field] = index;
  }
  return columns;
}

/** A company row read back: its id, profile link and name (empty text when the column is absent). */
export interface CompanyRef {
  network_id: string;
  network_link: string;
  name: string;
}

/** Reads rows (values as getValues gives them) through the header's key columns. */
export function readCompanyRefs(headers: readonly string[], rows: readonly GridValue[][]): CompanyRef[] {
  const columns = companyKeyColumns(headers);
  const at = (row: readonly GridValue[], index: number | undefined) =>
    index === undefined ? "" : networkIdKey(row[index]);
  return rows
    .map((row) => ({
      network_id: at(row, columns.network_id),
      network_link: at(row, columns.network_link),
      name: at(row, columns.name),
    }))
    .filter((ref) => ref.network_id !== "" || ref.network_link !== "" || ref.name !== "");
}

function existingIds(grid: Grid, column: number | undefined): Set<string> {
  const last = grid.lastRow();
  if (column === undefined || last < 2) return new Set();
  return new Set(
    grid
      .read(2, column + 1, last - 1, 1)
      .map((row) => networkIdKey(row[0]))
      .filter((id) => id !== ""),
  );
}

/**
 * The network_ids the sheet already holds (none without a network_id column): a search sends them
 * as exclude_ids, so companies already in the sheet are not charged again (issue 12.7).
 */
export function companyIdsInSheet(grid: Grid): string[] {
  return [...existingIds(grid, companyColumns(headerRow(grid)).get("network_id"))];
}

/**
 * Appends the companies not already in the sheet: at most one header write (new sheet or new
 * columns), one block read of the network_id column, one block write of the rows.
 */
export function appendCompanies(
  sheet: CompanySheet,
  companies: readonly Company[],
  format: SheetFormat = DEFAULT_SHEET_FORMAT,
): WriteResult {
  const headers = headerRow(sheet);
  const fresh = headers.length === 0;
  const plan = planColumns(headers, COMPANY_FIELDS, { table: COMPANY_HEADERS });
  if (plan.appended.length > 0) {
    writeHeaderCells(sheet, headers.length + 1, plan.appended, COMPANY_LABELS, format.headers);
    if (fresh) sheet.freezeHeader();
  }
  const idColumn = plan.columns.find((c) => c.field === "network_id")?.index;
  const seen = existingIds(sheet, fresh ? undefined : idColumn);
  const width = Math.max(headers.length + plan.appended.length, 1);
  const rows: GridValue[][] = [];
  let duplicates = 0;
  for (const company of companies) {
    const id = networkIdKey(recordValue(company, "network_id"));
    if (id !== "" && seen.has(id)) {
      duplicates++;
      continue;
    }
    if (id !== "") seen.add(id);
    const row = new Array<GridValue>(width).fill("");
    for (const { field, index } of plan.columns)
      row[index] = toCellValue(recordValue(company, field), { lists: format.lists });
    rows.push(row);
  }
  if (rows.length === 0) return { written: 0, duplicates, firstRow: 0, lastRow: 0 };
  const firstRow = Math.max(sheet.lastRow(), 1) + 1;
  sheet.write(firstRow, 1, rows);
  return { written: rows.length, duplicates, firstRow, lastRow: firstRow + rows.length - 1 };
}
