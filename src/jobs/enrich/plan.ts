/**
 * Planning a run from the user's selection, before anything is charged: which column holds the
 * URLs, which row holds the headers, where each field goes, how many distinct people, and what it
 * can cost. Reads the sheet in a few block reads and writes nothing.
 */
import { normalizeProfileUrl } from "../../api/profile-url";
import { headerNamesField } from "../../sheet/columns";
import { detectHeaderRow } from "../../sheet/header-row";
import { holdsAddress } from "../emails/person";
import { extent } from "../extent";
import type { ColumnLayout, SkipCount } from "./job-types";
import { planLayout } from "./layout";
import { creditsPerUrl, type EnrichOptions, EXTRA_FIELDS, emailCreditsPerUrl } from "./options";
import { otherListColumns } from "./other-lists";
import type { Grid, GridValue } from "./ports";
import { columnLetters } from "./progress";
import { urlColumnOfRows } from "./url-column-by-header";
import { cellText, type DistinctUrls, distinctUrls, fingerprint, urlCellText } from "./urls";

/** The cursor keeps one character per distinct URL in document properties (500 KB in all). */
export const MAX_DISTINCT_URLS = 200_000;

/** A rectangle of one sheet, 1-based, as the user selected it. */
export interface SelectionBox {
  sheetId: number;
  sheetName: string;
  top: number;
  left: number;
  height: number;
  width: number;
}

export interface EnrichPlan {
  sheetId: number;
  sheetName: string;
  urlColumn: number;
  firstRow: number;
  lastRow: number;
  layout: ColumnLayout;
  headers: string[];
  urls: DistinctUrls;
  fingerprint: string;
  /** The most one URL can cost: its lookup with the extras, plus its finder row (work email). */
  creditsPerUrl: number;
  /**
   * Distinct URL indices (into `urls`) that need a lookup: all of them in refresh mode; in fill
   * mode those with at least one row where a chosen field's cell is empty.
   */
  toFetch: number[];
  /** Upper bound: every URL to fetch found and charged with every chosen extra (and its email). */
  maxCredits: number;
  /** Why the URLs not in `toFetch` are skipped, with their counts (none skipped: empty). */
  skips: SkipCount[];
  /** Columns (1-based) holding another list's profile URLs in the same rows (other-lists.ts). */
  otherLists: number[];
}

/** Fill mode's reason to skip a URL. */
const NOTHING_TO_FILL = "no empty cell to fill";

/** Raised for a selection the job cannot work on, with what to do instead. */
export class PlanError extends Error {
  readonly kind = "selection";
  constructor(
    message: string,
    readonly next: string,
  ) {
    super(message);
  }
}

const isUrl = (value: GridValue | undefined) => normalizeProfileUrl(urlCellText(value)) !== null;

/** The selected column with the most profile URLs; with `preferred`, that column. */
function findUrlColumn(block: GridValue[][], left: number, preferred?: number): number {
  if (preferred !== undefined) return preferred;
  const width = block[0]?.length ?? 0;
  let best = -1;
  let bestCount = 0;
  for (let offset = 0; offset < width; offset += 1) {
    const count = block.reduce((sum, row) => sum + (isUrl(row[offset]) ? 1 : 0), 0);
    if (count > bestCount) {
      best = offset;
      bestCount = count;
    }
  }
  if (best < 0) {
    throw new PlanError(
      "No profile URLs in the selection.",
      "Select the cells (or the column) holding profile URLs such as https://www.network.example/in/jane-doe.",
    );
  }
  return left + best;
}

/**
 * The header row: the first selected row when its URL cell is a label rather than a URL;
 * otherwise the nearest row above whose URL cell is a label; otherwise an empty row just above
 * the data (the job writes its headers there).
 */
function findHeaderRow(
  grid: Grid,
  top: number,
  block: GridValue[][],
  urlOffset: number,
  urlColumn: number,
): { headerRow: number; firstRow: number } {
  const rows = block.map((row) => row.map((value) => cellText(value)));
  if (detectHeaderRow(rows, urlOffset).headerRow === 0) return { headerRow: top, firstRow: top + 1 };
  if (top > 1) {
    const above = grid.read(1, urlColumn, top - 1, 1).map((row) => row[0]);
    for (let row = top - 1; row >= 1; row -= 1) {
      const value = above[row - 1];
      if (cellText(value) !== "" && !isUrl(value)) return { headerRow: row, firstRow: top };
    }
    const rowAbove = grid.read(top - 1, 1, 1, Math.max(1, grid.lastColumn()))[0] ?? [];
    if (rowAbove.every((value) => cellText(value) === "")) return { headerRow: top - 1, firstRow: top };
  }
  throw new PlanError(
    "The URLs have no header row, and the job needs one for its columns.",
    "Insert a row above the URLs (right-click > Insert 1 row above), give the URL column a title, and try again.",
  );
}

/**
 * Fill mode pays only for rows it can fill: the URLs with at least one row where a chosen field's
 * cell is empty (one block read over the field columns; a new column is empty everywhere).
 */
function urlsWithEmptyCells(
  grid: Grid,
  layout: ColumnLayout,
  urls: DistinctUrls,
  firstRow: number,
  lastRow: number,
): number[] {
  const all = urls.keys.map((_, index) => index);
  // The Email cell too: a row whose only empty cell is its Email is worth a lookup and a finder call.
  const columns = [
    ...layout.fields.map(([, column]) => column),
    ...(layout.email ? [layout.email.email] : []),
  ];
  if (columns.length === 0 || columns.some((column) => column >= layout.firstNewColumn)) return all;
  const { min: left, max: right } = extent(columns);
  const width = right - left + 1;
  const block = grid.read(firstRow, left, lastRow - firstRow + 1, width);
  const emailColumn = layout.email?.email ?? 0;
  // An Email cell saying "N/A" or "-" holds no email: worth finding, as an empty one.
  const isEmpty = (column: number, cell: GridValue | undefined) =>
    column === emailColumn ? !holdsAddress(cell) : cellText(cell) === "";
  const hasEmpty = (row: number) =>
    columns.some((column) => isEmpty(column, block[row - firstRow]?.[column - left]));
  return all.filter((index) => (urls.rows[index] ?? []).some(hasEmpty));
}

export function planEnrichment(
  grid: Grid,
  selection: SelectionBox,
  options: EnrichOptions,
  preferredUrlColumn?: number,
): EnrichPlan {
  const lastRow = Math.min(selection.top + selection.height - 1, grid.lastRow());
  if (lastRow < selection.top)
    throw new PlanError("The selection is empty.", "Select the profile URLs first.");
  const selected = grid.read(selection.top, selection.left, lastRow - selection.top + 1, selection.width);
  // No URL among the selected cells: the rows' own URL column, by its header (the Leads sheet's);
  // a run planned that way plans its later steps from the same rows and that column.
  const preferredOutside =
    preferredUrlColumn !== undefined &&
    (preferredUrlColumn < selection.left || preferredUrlColumn >= selection.left + selection.width);
  const byHeader = preferredOutside
    ? { ...selection, left: preferredUrlColumn as number, width: 1 }
    : preferredUrlColumn === undefined && !selected.some((row) => row.some(isUrl))
      ? urlColumnOfRows(grid, selection, lastRow)
      : null;
  const box = byHeader ?? selection;
  const block = byHeader ? grid.read(box.top, box.left, lastRow - box.top + 1, 1) : selected;
  const urlColumn = findUrlColumn(block, box.left, preferredUrlColumn);
  const urlOffset = urlColumn - box.left;
  const column = block.map((row) => row[urlOffset] as GridValue);
  const { headerRow, firstRow } = findHeaderRow(grid, box.top, block, urlOffset, urlColumn);

  const urls = distinctUrls(column.slice(firstRow - selection.top), firstRow);
  if (urls.keys.length > MAX_DISTINCT_URLS) {
    throw new PlanError(
      `The selection holds ${urls.keys.length.toLocaleString("en-US")} distinct URLs; one run takes at most ${MAX_DISTINCT_URLS.toLocaleString("en-US")}.`,
      "Select fewer rows and enrich the sheet in parts.",
    );
  }
  if (urls.keys.length === 0) {
    throw new PlanError("No profile URLs in the selection.", "Select the cells holding profile URLs.");
  }
  const width = Math.max(grid.lastColumn(), urlColumn);
  const headers = (grid.read(headerRow, 1, 1, width)[0] ?? []).map((value) => cellText(value));
  const fields = [...options.fields];
  for (const extra of EXTRA_FIELDS) {
    if (options.extras[extra] && !fields.includes(extra)) fields.push(extra);
  }
  const others = otherListColumns(grid, firstRow, lastRow, urlColumn, width);
  const list = isFirstList(headers, urlColumn, others) ? "" : listName(headers, urlColumn, others);
  const layout = planLayout(headers, headerRow, urlColumn, fields, options.workEmail === true, list);
  // The most one URL can cost: its lookup, and its finder row when the work-email pass is on.
  const perUrl = creditsPerUrl(options.extras) + emailCreditsPerUrl(options);
  const toFetch =
    options.mode === "fill"
      ? urlsWithEmptyCells(grid, layout, urls, firstRow, lastRow)
      : urls.keys.map((_, index) => index);
  return {
    sheetId: selection.sheetId,
    sheetName: selection.sheetName,
    urlColumn,
    firstRow,
    lastRow,
    layout,
    headers,
    urls,
    fingerprint: fingerprint(urls.keys),
    creditsPerUrl: perUrl,
    toFetch,
    maxCredits: toFetch.length * perUrl,
    skips: skipCounts([[NOTHING_TO_FILL, urls.keys.length - toFetch.length]]),
    otherLists: others,
  };
}

/**
 * Whether the URL column's list is the sheet's first one, which keeps the plain columns (Title,
 * Company, the statuses) as a sheet with one list does: the only list; else the first URL column
 * whose header names a profile URL (a CRM's "LinkedIn URL" beside its "Manager URL"); else the
 * leftmost (the list a second one was pasted beside). Every other list gets columns of its own.
 */
function isFirstList(headers: readonly string[], urlColumn: number, others: readonly number[]): boolean {
  if (others.length === 0) return true;
  const columns = [urlColumn, ...others].sort((a, b) => a - b);
  const named = columns.find((column) => headerNamesField(headers[column - 1] ?? "", "network_url"));
  return (named ?? columns[0]) === urlColumn;
}

/**
 * The name of the URL column's list when the rows hold other lists of people: its header, which
 * heads the list's own columns ("Buyer URL · Job Title"). A list needs a header of its own for that.
 */
function listName(headers: readonly string[], urlColumn: number, others: readonly number[]): string {
  const name = (headers[urlColumn - 1] ?? "").trim();
  const letter = columnLetters(urlColumn);
  const other = columnLetters(others[0]!);
  if (name === "") {
    throw new PlanError(
      `These rows hold two lists of people (profile URLs in columns ${other} and ${letter}), and column ${letter} has no header to name its list's columns.`,
      `Give column ${letter} a title in the header row (say "Buyer URL"), then try again: its people's columns are headed with it ("Buyer URL · Job Title").`,
    );
  }
  const twin = others.find((column) => (headers[column - 1] ?? "").trim() === name);
  if (twin !== undefined) {
    throw new PlanError(
      `Columns ${columnLetters(twin)} and ${letter} are both headed "${name}" but hold different people: their lists' columns would have the same headers.`,
      `Rename one of them (say "Champion URL" and "Buyer URL"), then try again.`,
    );
  }
  return name;
}

/** The reasons that skip at least one URL. */
export function skipCounts(counts: ReadonlyArray<readonly [string, number]>): SkipCount[] {
  return counts.filter(([, urls]) => urls > 0).map(([reason, urls]) => ({ reason, urls }));
}
