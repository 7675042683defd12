/**
 * Planning an Emails run on a selection (free: nothing is sent): the header row (the nearest row
 * at or above the selection naming the columns the action needs), the columns, and what each row
 * will do, so the estimate can say how many rows go out, how many are skipped and the most it may
 * cost (1 credit per distinct person or address sent, whichever rule the API charges by).
 */

import { labelOfHeader, listOfSelection } from "../../sheet/list-headers";
import { JobError } from "../enrich/deps";
import type { Grid, GridValue } from "../enrich/ports";
import { columnLetters } from "../enrich/progress";
import {
  type EmailJobKind,
  emailRole,
  headersForList,
  mapColumns,
  missingColumns,
  outputColumns,
  type SourceColumns,
} from "./columns";
import { trackedColumns } from "./follow";
import type { EmailJob } from "./job-types";
import { ZERO_COUNTS } from "./job-types";
import { mayHaveBeenCharged, planRow, type RowChoice } from "./rows";

export interface EmailSelection {
  sheetId: number;
  sheetName: string;
  top: number;
  height: number;
  /** The selected columns (1-based), when known: their headers come first (columns.ts). */
  left?: number;
  width?: number;
}

/** Rows above the selection searched for its headers. */
const HEADER_SEARCH_ROWS = 50;

/** The row at or above `top` with the most headers the action knows (the lowest of equals), or 0. */
function headerRowOf(grid: Grid, top: number, width: number): { row: number; headers: string[] } {
  const first = Math.max(1, top - HEADER_SEARCH_ROWS + 1);
  const rows = grid.read(first, 1, top - first + 1, width);
  let best = { row: 0, headers: [] as string[], count: 0 };
  rows.forEach((cells, index) => {
    const headers = cells.map((cell) => (typeof cell === "string" ? cell : String(cell ?? "")));
    // A list's columns count by their labels: a header row may hold only "Buyer URL · ..." ones.
    const count = headers.filter((header) => emailRole(labelOfHeader(header)) !== null).length;
    if (count > 0 && count >= best.count) best = { row: first + index, headers, count };
  });
  return best;
}

export interface PlannedRun {
  job: EmailJob;
  rowsToSend: number;
  distinct: number;
  skipped: number;
  skippedValid: number;
  incomplete: number;
  blank: number;
  /** Retry: failed rows whose call may have been charged, and whether they are sent. */
  maybeCharged: number;
  maybeChargedIncluded: boolean;
  reads: string;
  writes: string;
}

const describe = (column: number, header: string, isNew = false) =>
  `${header} (${columnLetters(column)}${isNew ? ", new" : ""})`;

/**
 * The column Undo finds each row by (history/locate.ts matches a row by this cell's text): the
 * address for a validation; for the finder the first of profile URL, last name, full name, first
 * name and website that every non-blank row fills (else the one most rows fill), since a row whose
 * key cell is empty could not be found again.
 */
function rowKeyColumn(kind: EmailJobKind, sources: SourceColumns, rows: readonly GridValue[][]): number {
  if (kind === "validate") return sources.email;
  const candidates = [sources.profile, sources.last, sources.full, sources.first, sources.website].filter(
    (column) => column > 0,
  );
  const filled = (column: number) => rows.filter((row) => String(row[column - 1] ?? "").trim() !== "").length;
  const nonBlank = rows.filter((row) =>
    candidates.some((column) => String(row[column - 1] ?? "").trim() !== ""),
  ).length;
  let best = candidates[0] ?? 0;
  for (const column of candidates) {
    if (filled(column) === nonBlank) return column;
    if (filled(column) > filled(best)) best = column;
  }
  return best;
}

export function planRun(
  grid: Grid,
  kind: EmailJobKind,
  selection: EmailSelection,
  options: { id: string; cap: number; choice: RowChoice },
): PlannedRun {
  const lastColumn = Math.max(1, grid.lastColumn());
  const header = headerRowOf(grid, Math.max(1, selection.top), lastColumn);
  if (header.row === 0)
    throw new JobError(
      "selection",
      "No header row above the selection names a column of names, websites or emails.",
      'Head the columns (for example "First Name", "Last Name", "Website", or "Email") and select the rows.',
    );
  const selected =
    selection.left !== undefined && selection.width !== undefined && selection.width > 0
      ? { left: selection.left, right: selection.left + selection.width - 1 }
      : null;
  // A second list's cells selected: that list's own columns (src/sheet/list-headers.ts).
  const list = listOfSelection(header.headers, selected);
  const map = mapColumns(headersForList(header.headers, list), selected);
  const missing = missingColumns(kind, map.sources);
  if (missing) throw new JobError("selection", missing, "Add the column (with its header) and try again.");
  const top = Math.max(selection.top, header.row + 1);
  const bottom = Math.min(selection.top + selection.height - 1, grid.lastRow());
  if (bottom < top)
    throw new JobError(
      "selection",
      "The selection holds no rows below the header row.",
      "Select the rows to check.",
    );
  const { out, appended } = outputColumns(kind, map, lastColumn, list);
  const headers: Record<string, string> = {};
  for (const column of [out.email, out.status, out.checkedAt]) {
    if (column > 0) headers[String(column)] = header.headers[column - 1] ?? "";
  }
  for (const added of appended) headers[String(added.column)] = added.header;
  const sources = map.sources;
  const rows = grid.read(top, 1, bottom - top + 1, lastColumn) as GridValue[][];
  const rowKey = rowKeyColumn(kind, sources, rows);
  const keys = new Set<string>();
  const figures = { rowsToSend: 0, skipped: 0, skippedValid: 0, incomplete: 0, blank: 0 };
  const { choice } = options;
  let maybeCharged = 0;
  for (const row of rows) {
    if (out.status > 0 && mayHaveBeenCharged(String(row[out.status - 1] ?? ""))) maybeCharged += 1;
    const plan = planRow(kind, row, sources, out, choice);
    if (plan.kind === "send") {
      figures.rowsToSend += 1;
      keys.add(plan.key);
    } else if (plan.kind === "skip") {
      figures.skipped += 1;
      if (plan.valid) figures.skippedValid += 1;
    } else figures[plan.kind] += 1;
  }
  const reads = (
    [
      ["first", "first name"],
      ["last", "last name"],
      ["full", "full name"],
      ["website", "website"],
      ["email", "email"],
    ] as const
  )
    .filter(([role]) => sources[role] > 0 && (kind === "find" ? role !== "email" : role === "email"))
    .map(([role]) => describe(sources[role], header.headers[sources[role] - 1] ?? ""))
    .join(", ");
  const isNew = (column: number) => appended.some((added) => added.column === column);
  const writes = [out.email, out.status, out.checkedAt]
    .filter((column) => column > 0)
    .map((column) => describe(column, headers[String(column)] ?? "", isNew(column)))
    .join(", ");
  const job: EmailJob = {
    id: options.id,
    kind,
    state: "estimated",
    sheetId: selection.sheetId,
    sheetName: selection.sheetName,
    headerRow: header.row,
    top,
    bottom,
    sources,
    out,
    appended,
    headers,
    tracked: trackedColumns(sources, headers, header.headers),
    rowKey,
    onlyFailed: choice.onlyFailed,
    ...(selected ? { selectedColumns: selected } : {}),
    ...(choice.maybeCharged ? { retryMaybeCharged: true } : {}),
    cursor: top,
    sent: 0,
    cap: options.cap,
    toSend: keys.size,
    maxCredits: keys.size,
    counts: { ...ZERO_COUNTS },
  };
  return {
    job,
    distinct: keys.size,
    ...figures,
    maybeCharged,
    maybeChargedIncluded: choice.maybeCharged,
    reads,
    writes,
  };
}
