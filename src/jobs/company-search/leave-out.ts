/**
 * "Leave out the companies already in" another sheet (a CRM export): the cells of one of its
 * columns, read as what company search can exclude before it charges. A company id (digits, or a
 * company profile link that carries one, /company/1234) goes to exclude_ids; a website or domain
 * (acme.com, https://www.acme.com/about) to exclude_domains. A company name, or a profile link by
 * name (/company/acme), names no id or domain the API takes: such rows cannot be left out before
 * searching, and the estimate says how many.
 */
import { linkTarget } from "../../sheet/hyperlink";
import type { Grid, GridValue } from "../enrich/ports";
import { columnCells, leaveOutCells, type SheetsByName } from "../sheet-choice";
import { destinationProblem } from "../sheet-kind";
import { COMPANIES_SHEET, companyColumns, networkIdKey } from "./sheet";

export type { SheetsByName };

export interface LeaveOut {
  ids: string[];
  domains: string[];
  /** Rows holding something that is neither an id nor a domain (names, links by name). */
  unmatched: number;
}

const COMPANY_LINK = /\/company\/(\d{1,18})(?:[/?#]|$)/i;
const DOMAIN = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}$/u;

/** "https://www.Acme.com/about" -> "acme.com"; null when the text is no web address or domain. */
function domainOf(text: string): string | null {
  const host = text
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/^www\./, "")
    .replace(/[/?#:].*$/, "");
  return DOMAIN.test(host) ? host : null;
}

/** What one cell can exclude. */
export function leaveOutKey(value: GridValue): { id: string } | { domain: string } | null {
  const text = linkTarget(
    String(value ?? "")
      .replace(/^'/, "")
      .trim(),
  );
  if (text === "") return null;
  if (/^\d{1,18}$/.test(text)) return { id: String(Number(text)) };
  const link = COMPANY_LINK.exec(text);
  if (link) return { id: String(Number(link[1])) };
  // A profile link by name is the network's address, not the company's website.
  if (/\/company\//i.test(text)) return null;
  const domain = domainOf(text);
  return domain === null ? null : { domain };
}

/** The companies one column's cells (below its header) leave out. */
function leaveOutOf(cells: readonly GridValue[]): LeaveOut {
  const result: LeaveOut = { ids: [], domains: [], unmatched: 0 };
  const ids = new Set<string>();
  const domains = new Set<string>();
  for (const cell of cells) {
    if (String(cell ?? "").trim() === "") continue;
    const key = leaveOutKey(cell ?? "");
    if (key === null) result.unmatched += 1;
    else if ("id" in key) ids.add(key.id);
    else domains.add(key.domain);
  }
  result.ids = [...ids];
  result.domains = [...domains];
  return result;
}

/** Reads the rows below the header of the column whose header is `column` (any case or spacing). */
export function readLeaveOut(grid: Grid, column: string): LeaveOut | { problem: string } {
  const read = columnCells(grid, column);
  return "problem" in read ? read : leaveOutOf(read.cells);
}

/** The sheet a search writes to: the one the form names, else the Companies sheet. */
export function destinationSheet(sheetName: string): string {
  return sheetName.trim() === "" ? COMPANIES_SHEET : sheetName.trim();
}

/**
 * The domains of the companies a sheet holds without a network_id (typed by hand, a CRM's rows),
 * from its Website and Domain columns: left out by exclude_domains, as the rows with an id are by
 * exclude_ids. Without them, a search into a sheet of the user's own accounts bought those
 * companies again and wrote them under the user's rows a second time.
 */
export function unidentifiedDomains(grid: Grid): string[] {
  const last = grid.lastRow();
  const width = grid.lastColumn();
  if (last < 2 || width < 1) return [];
  const columns = companyColumns((grid.read(1, 1, 1, width)[0] ?? []).map((h) => String(h ?? "")));
  const sources = [columns.get("domain"), columns.get("website")].filter((c) => c !== undefined);
  if (sources.length === 0) return [];
  const read = (column: number | undefined) =>
    column === undefined ? [] : grid.read(2, column + 1, last - 1, 1).map((row) => row[0] ?? "");
  const ids = read(columns.get("network_id"));
  const cells = sources.map(read);
  const domains = new Set<string>();
  for (let row = 0; row < last - 1; row++) {
    if (networkIdKey(ids[row]) !== "") continue;
    for (const column of cells) {
      const key = leaveOutKey(column[row] ?? "");
      if (key !== null && "domain" in key) domains.add(key.domain);
    }
  }
  return [...domains];
}

/** What a search leaves out besides the form's own exclusions, and the form's problems with it. */
export interface Exclusions {
  /** Company ids already in the sheet the search writes to. */
  known: string[];
  /** Domains of its companies without an id (unidentifiedDomains). */
  knownDomains: string[];
  /** The leave-out sheet's column, read; null when the form names none. */
  leaveOut: (LeaveOut & { sheet: string; column: string }) | null;
  /** A leave-out sheet or column that is not there, at its field. */
  problems: Partial<Record<"leave_out_sheet" | "leave_out_column" | "sheet_name", string[]>>;
}

/**
 * Reads what the search must leave out: the ids of the destination sheet (`knownIds` of a grid)
 * and, when the form names one, the leave-out sheet's column; its problems name what is there.
 */
export function exclusionsOf(
  form: { sheet_name: string; leave_out_sheet: string; leave_out_column: string },
  sheets: SheetsByName,
  knownIds: (grid: Grid) => string[],
): Exclusions {
  const destination = sheets.grid(destinationSheet(form.sheet_name));
  const exclusions: Exclusions = {
    known: destination ? knownIds(destination) : [],
    knownDomains: destination ? unidentifiedDomains(destination) : [],
    leaveOut: null,
    problems: {},
  };
  const unfit = destinationProblem(destinationSheet(form.sheet_name), destination, "companies");
  if (unfit) exclusions.problems = { sheet_name: [`${unfit.message}. ${unfit.hint}`] };
  const read = leaveOutCells(form, sheets, {
    things: "companies",
    column: "Name the column of company ids, websites or domains (its header), for example Website.",
  });
  if (read === null) return exclusions;
  if ("problems" in read) exclusions.problems = { ...exclusions.problems, ...read.problems };
  else exclusions.leaveOut = { ...leaveOutOf(read.cells), sheet: read.sheet, column: read.column };
  return exclusions;
}
