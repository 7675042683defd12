/**
 * Target columns are found by their header when the run is estimated, but the user may insert,
 * delete or move columns before any later step. Writing to the column numbers of the estimate
 * would then put company names into the user's Notes. So the job keeps each column's header
 * (`EnrichJob.columnHeaders`), every step re-reads the header row, follows a header that moved,
 * and reports the ones that are gone (deleted or renamed) so the step stops before sending.
 */

import { extent } from "../extent";
import type { ColumnLayout, EnrichJob } from "./job-types";
import { emailColumnsOf } from "./layout";
import type { GridValue } from "./ports";
import { columnLetters } from "./progress";
import { cellText } from "./urls";

/** A column the run needs whose header is no longer in the header row. */
export interface GoneColumn {
  header: string;
  /** Where it was (1-based) when last seen. */
  column: number;
}

export interface FollowedColumns {
  layout: ColumnLayout;
  urlColumn: number;
  /** Column (as text, 1-based) -> header, at the columns' current places. */
  columnHeaders: Record<string, string>;
  gone: GoneColumn[];
}

/** Every column the layout writes or reads, and the URL column. */
function columnsOf(layout: ColumnLayout, urlColumn: number): number[] {
  return [
    urlColumn,
    ...layout.fields.map(([, column]) => column),
    ...Object.values(layout.status),
    layout.previous.job_title,
    layout.previous.company_name,
    ...emailColumnsOf(layout),
  ].filter((column) => column > 0);
}

/**
 * The headers to keep for a run: the non-empty header of every column it touches. An appended
 * column has no header until the first step writes it; `prepare` records it then.
 */
export function headersOf(
  layout: ColumnLayout,
  urlColumn: number,
  headerCells: readonly GridValue[],
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const column of columnsOf(layout, urlColumn)) {
    const header = cellText(headerCells[column - 1]);
    if (header !== "") headers[String(column)] = header;
  }
  return headers;
}

/**
 * The header text of the appended columns as the first step wrote it: labels or field names (the
 * Headers setting). A run saved before the text was kept wrote the field names.
 */
export function appendedHeaders(layout: ColumnLayout): string[] {
  return layout.appendedHeaders ?? layout.appended;
}

/** After the appended headers are written, they are followed like the user's own, by their text. */
export function withAppendedHeaders(job: EnrichJob): Record<string, string> {
  const headers = { ...(job.columnHeaders ?? {}) };
  appendedHeaders(job.layout).forEach((text, offset) => {
    headers[String(job.layout.firstNewColumn + offset)] = text;
  });
  return headers;
}

/**
 * Where tracked columns (column -> header, 1-based) are now in `current` (the header row's texts).
 * A header still at its column stays; one found exactly once elsewhere (not claimed by another)
 * moved there; otherwise it is gone and maps to 0. The Emails action follows its columns the same way.
 */
export function followHeaders(
  tracked: Readonly<Record<string, string>>,
  current: readonly string[],
): { moved: Map<number, number>; gone: GoneColumn[] } {
  const entries = Object.entries(tracked).map(([column, header]) => ({ column: Number(column), header }));
  const moved = new Map<number, number>();
  const claimed = new Set<number>();
  for (const { column, header } of entries) {
    if (current[column - 1] === header) {
      moved.set(column, column);
      claimed.add(column);
    }
  }
  const gone: GoneColumn[] = [];
  for (const { column, header } of entries) {
    if (moved.has(column)) continue;
    const places = current
      .map((text, index) => (text === header && !claimed.has(index + 1) ? index + 1 : 0))
      .filter((place) => place > 0);
    if (places.length === 1) {
      moved.set(column, places[0]!);
      claimed.add(places[0]!);
    } else {
      moved.set(column, 0);
      gone.push({ header, column });
    }
  }
  return { moved, gone };
}

/**
 * Where the job's columns are now (followHeaders). Columns not yet headed (appended, before the
 * first step writes them) go after the sheet's last column.
 * `headerCells` is the header row read as wide as the sheet's last column.
 */
export function followColumns(job: EnrichJob, headerCells: readonly GridValue[]): FollowedColumns {
  const current = headerCells.map((cell) => cellText(cell));
  const tracked = Object.entries(job.columnHeaders ?? {}).map(([column, header]) => ({
    column: Number(column),
    header,
  }));
  const { moved, gone } = followHeaders(job.columnHeaders ?? {}, current);

  const { layout } = job;
  const urlColumn = moved.get(job.urlColumn) ?? job.urlColumn;
  // Unheaded appended columns keep their order after every column the sheet now uses (the
  // header row is read as wide as the sheet, as the estimate read it).
  const firstNewColumn = job.prepared
    ? layout.firstNewColumn
    : Math.max(current.length, urlColumn, extent(moved.values()).max) + 1;
  const place = (column: number): number => {
    if (column <= 0) return column;
    const followed = moved.get(column);
    if (followed !== undefined) return followed;
    if (!job.prepared && column >= layout.firstNewColumn)
      return column - layout.firstNewColumn + firstNewColumn;
    return column;
  };
  const status = { ...layout.status };
  for (const name of Object.keys(status) as Array<keyof typeof status>) status[name] = place(status[name]);
  const columnHeaders: Record<string, string> = {};
  for (const { column, header } of tracked) {
    const now = moved.get(column) ?? 0;
    if (now > 0) columnHeaders[String(now)] = header;
  }
  return {
    layout: {
      ...layout,
      fields: layout.fields.map(([field, column]) => [field, place(column)]),
      status,
      previous: {
        job_title: place(layout.previous.job_title),
        company_name: place(layout.previous.company_name),
      },
      firstNewColumn,
      ...(layout.email
        ? {
            email: {
              email: place(layout.email.email),
              email_status: place(layout.email.email_status),
              website: place(layout.email.website),
            },
          }
        : {}),
    },
    urlColumn: urlColumn > 0 ? urlColumn : job.urlColumn,
    columnHeaders,
    gone,
  };
}

/** The message a step stops with when columns it needs are gone. */
export function goneMessage(
  gone: readonly GoneColumn[],
  /** The run's header row and how many headers it follows: when all are gone, the row moved. */
  header?: { row: number; tracked: number },
): { kind: string; message: string; next: string } {
  const names = gone.map((g) => `"${g.header}" (was ${columnLetters(g.column)})`).join(", ");
  const one = gone.length === 1;
  // Every header gone at once is rarely every column deleted: rows inserted or deleted above the
  // list move its header row, and naming each column as deleted would send the user looking.
  if (header && header.tracked > 1 && gone.length === header.tracked) {
    return {
      kind: "columns",
      message: `Row ${header.row} no longer holds this run's headers (${names}): rows were inserted or deleted above the list, or the row was cleared, since the estimate. Nothing more was sent.`,
      next: "Undo that change (Edit > Undo) and press Resume; or Cancel and run the list again where it is now: rows already enriched keep their values.",
    };
  }
  return {
    kind: "columns",
    message: `The column${one ? "" : "s"} ${names} this run writes ${one ? "is" : "are"} gone: deleted or renamed since the estimate. Nothing more was sent.`,
    next: "Put the header back (Edit > Undo, or type it again) and press Resume; or Cancel: rows already enriched keep their values.",
  };
}
