/**
 * "Find leads at these companies": the selected rows of a Companies sheet (COMPANY_FIELDS as
 * headers) -> one lead search target per company, by company_id (from network_id) when the row
 * has one, else by company_link (from network_link). Rows of a sheet of people (the Leads sheet)
 * name their companies by network_company_id and company_url instead. Rows without either are
 * reported, not guessed.
 */
import { matchColumns } from "../../sheet/columns";
import { type CompanyKeyColumns, companyKeyColumns } from "../company-search/sheet";
import { onlyPeople } from "../sheet-kind";
import type { CompanyTarget } from "./form";

export interface SelectedCompany {
  /** 1-based sheet row. */
  row: number;
  /** What the user recognises: the company's name, else its id or link. */
  label: string;
  target: CompanyTarget;
}

export interface CompanySelection {
  companies: SelectedCompany[];
  /** Selected rows that name no company the API can search by. */
  skipped: Array<{ row: number; reason: string }>;
}

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value).trim());

/**
 * The columns that name each selected row's company. In a sheet of people (the Leads sheet) the
 * Network ID and LinkedIn URL columns are the people's own: their companies are the Company Network
 * ID (network_company_id), Company LinkedIn URL (company_url) and Company columns. Read as a
 * Companies sheet, a lead's network_id went out as company_id ("The company was not found" for
 * every lead selected, or another company's leads paid for).
 */
function companyColumnsOf(headers: readonly string[]): CompanyKeyColumns {
  if (!onlyPeople(headers)) return companyKeyColumns(headers);
  const people = matchColumns(headers, ["network_company_id", "company_url", "company_name"]);
  const columns: CompanyKeyColumns = {};
  const id = people.get("network_company_id");
  const link = people.get("company_url");
  const name = people.get("company_name");
  if (id !== undefined) columns.network_id = id;
  if (link !== undefined) columns.network_link = link;
  if (name !== undefined) columns.name = name;
  return columns;
}

/**
 * `headers` is the sheet's header row; `rows` the selected rows, the first at sheet row `firstRow`.
 * The header row itself and blank rows are ignored; a company selected twice is searched once.
 */
export function selectedCompanies(
  headers: readonly unknown[],
  rows: readonly (readonly unknown[])[],
  firstRow: number,
): CompanySelection {
  const columns = companyColumnsOf(headers.map(text));
  const idColumn = columns.network_id;
  const linkColumn = columns.network_link;
  const nameColumn = columns.name;
  const result: CompanySelection = { companies: [], skipped: [] };
  if (idColumn === undefined && linkColumn === undefined) return result;
  const seen = new Set<string>();
  rows.forEach((cells, index) => {
    const row = firstRow + index;
    if (row === 1 || cells.every((cell) => text(cell) === "")) return;
    const id = idColumn === undefined ? "" : text(cells[idColumn]);
    const link = linkColumn === undefined ? "" : text(cells[linkColumn]).replace(/^'/, "");
    // A name keeps a leading apostrophe: getValues never returns the one that kept a cell literal.
    const name = nameColumn === undefined ? "" : text(cells[nameColumn]);
    let target: CompanyTarget;
    if (/^\d+$/.test(id)) target = { company_id: Number(id) };
    else if (link !== "") target = { company_link: link };
    else {
      result.skipped.push({ row, reason: "no network_id or network_link in this row" });
      return;
    }
    const key = JSON.stringify(target);
    if (seen.has(key)) return;
    seen.add(key);
    result.companies.push({ row, label: name || id || link, target });
  });
  return result;
}

/**
 * Whether a header row names the companies of its rows: a Companies sheet's network_id or
 * network_link, or a sheet of people's network_company_id or company_url.
 */
export function isCompanyHeader(headers: readonly unknown[]): boolean {
  const columns = companyColumnsOf(headers.map(text));
  return columns.network_id !== undefined || columns.network_link !== undefined;
}

/**
 * The selection the sidebar showed (Use selection), kept as the target's value so that the
 * estimate and the run read the same rows: 'Sheet name'!A2:C4, quotes doubled as in A1 notation.
 * Read from the live selection instead, a click elsewhere in the sheet between Estimate and Confirm
 * ran other companies than the ones the estimate counted.
 */
export function selectionPin(sheetName: string, a1: string): string {
  return `'${sheetName.replace(/'/g, "''")}'!${a1}`;
}

/** The sheet and range of a pinned selection; null when the value is none (an older sidebar). */
export function readSelectionPin(value: string): { sheet: string; a1: string } | null {
  const match = /^'((?:[^']|'')+)'!(\$?[A-Z]*\$?\d*(?::\$?[A-Z]*\$?\d*)?)$/.exec(value.trim());
  if (!match || match[2] === "") return null;
  return { sheet: (match[1] ?? "").replace(/''/g, "'"), a1: match[2] ?? "" };
}
