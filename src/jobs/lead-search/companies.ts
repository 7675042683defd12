/**
 * "Find leads at these companies": the selected rows of a Companies sheet (COMPANY_FIELDS as
 * headers) -> one lead search target per company, by company_id (from network_id) when the row
 * has one, else by company_link (from network_link). Rows without either are reported, not guessed.
 */
import { companyKeyColumns } from "../company-search/sheet";
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
 * `headers` is the sheet's header row; `rows` the selected rows, the first at sheet row `firstRow`.
 * The header row itself and blank rows are ignored; a company selected twice is searched once.
 */
export function selectedCompanies(
  headers: readonly unknown[],
  rows: readonly (readonly unknown[])[],
  firstRow: number,
): CompanySelection {
  // The Companies sheet's own reading of its key columns (helper of the Companies feature).
  const columns = companyKeyColumns(headers.map(text));
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
    const name = nameColumn === undefined ? "" : text(cells[nameColumn]).replace(/^'/, "");
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

/** Whether a header row is a Companies sheet's: it names network_id or network_link. */
export function isCompanyHeader(headers: readonly unknown[]): boolean {
  const columns = companyKeyColumns(headers.map(text));
  return columns.network_id !== undefined || columns.network_link !== undefined;
}
