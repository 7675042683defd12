/**
 * The Companies sheet's rows named like a lead search's company_name (issue 14.2), so the Leads
 * tab can offer to search by one of their ids instead of the company the API picked by name.
 */
import { COMPANIES_SHEET } from "../jobs/company-search/sheet";
import { type CompanyChoice, companyChoices } from "../jobs/lead-search/company-match";
import type { LeadSearchForm } from "../jobs/lead-search/form";
import { sheetGrid } from "./grid";

/** At most this many rows are read: a Companies sheet is appended to, page by page. */
const MAX_ROWS = 20_000;

/** Rows of the Companies sheet with the searched name; none for other targets or without the sheet. */
export function companyChoicesFor(form: LeadSearchForm): CompanyChoice[] {
  if (form.target.kind !== "company_name") return [];
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(COMPANIES_SHEET);
  if (!sheet) return [];
  const grid = sheetGrid(sheet);
  const last = Math.min(grid.lastRow(), MAX_ROWS + 1);
  const width = grid.lastColumn();
  if (last < 2 || width < 1) return [];
  const headers = grid.read(1, 1, 1, width)[0] ?? [];
  return companyChoices(form.target.value, headers, grid.read(2, 1, last - 1, width), 2);
}
