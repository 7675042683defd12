/**
 * Maps the chosen fields onto the sheet's columns: a field goes into the existing column whose
 * header names it (the header matching of src/sheet/), chosen fields without a column and the
 * status columns are appended at the right with their names as headers. The job's other cells the
 * sheet already holds are written with it (job-companions.ts).
 */
import { headerNamesField, matchColumns, STATUS_FIELDS, type StatusField } from "../../sheet/columns";
import { type HeaderStyle, headerCells, LEAD_LABELS } from "../../sheet/field-labels";
import type { LeadField } from "../../sheet/lead-fields";
import { headersOfList, listHeader } from "../../sheet/list-headers";
import { jobCompanionColumns } from "./job-companions";
import type { ColumnLayout } from "./job-types";

export function planLayout(
  headers: readonly string[],
  headerRow: number,
  urlColumn: number,
  fields: readonly LeadField[],
  /** The work-email pass is on: Email and Email status columns, and a website column to read. */
  workEmail = false,
  /**
   * The list's name when the rows hold another list of people (its URL column's header): only
   * columns headed with it are this run's, and the columns it adds are headed with it too.
   */
  list = "",
): ColumnLayout {
  // After every existing column, empty headers included: a headerless column may hold the user's data.
  const firstNewColumn = Math.max(headers.length, urlColumn) + 1;
  const appended: string[] = [];
  const append = (name: string) => {
    appended.push(name);
    return firstNewColumn + appended.length - 1;
  };

  // 0-based in matchColumns; the URL column is reserved: the job never writes over the URLs.
  const emailFields = workEmail ? EMAIL_FIELDS : [];
  const own = headersOfList(headers, list);
  const matched = matchColumns(
    own,
    [...fields, "job_title", "company_name", ...STATUS_FIELDS, ...emailFields],
    { reserved: [urlColumn - 1] },
  );
  const found = new Map([...matched].map(([field, index]) => [field, index + 1]));
  const urlHeader = headers[urlColumn - 1] ?? "";
  const layoutFields: Array<[LeadField, number]> = [];
  const skipped: LeadField[] = [];
  for (const field of fields) {
    const column = found.get(field);
    // "Profile URL" names network_url: the user's URLs already are that field, and stay as typed;
    // so does a list's URL column, whatever its header (the list is named after it).
    const listsUrl = list !== "" && field === "network_url";
    if (column === undefined && (listsUrl || headerNamesField(urlHeader, field))) skipped.push(field);
    else layoutFields.push([field, column ?? append(field)]);
  }

  const taken = new Set([urlColumn, ...found.values(), ...layoutFields.map(([, column]) => column)]);
  for (const companion of jobCompanionColumns(own, fields, taken)) layoutFields.push(companion);

  const status = {} as Record<StatusField, number>;
  for (const name of STATUS_FIELDS) status[name] = found.get(name) ?? append(name);
  const previousOf = (field: "job_title" | "company_name") => found.get(field) ?? 0;
  const email = workEmail
    ? {
        email: found.get("email") ?? append("email"),
        email_status: found.get("email_status") ?? append("email_status"),
        website: found.get("company_website") ?? 0,
      }
    : undefined;
  return {
    headerRow,
    fields: layoutFields,
    status,
    previous: { job_title: previousOf("job_title"), company_name: previousOf("company_name") },
    appended,
    firstNewColumn,
    skipped,
    ...(email ? { email } : {}),
    ...(list !== "" ? { list } : {}),
  };
}

/** The work-email pass's columns: Email and Email status written, a company website read. */
const EMAIL_FIELDS = ["email", "email_status", "company_website"] as const;

/** The work-email pass's columns, when it is on. */
export function emailColumnsOf(layout: ColumnLayout): number[] {
  return layout.email ? [layout.email.email, layout.email.email_status, layout.email.website] : [];
}

/** Every column the job reads or writes, sorted. */
export function touchedColumns(layout: ColumnLayout): number[] {
  const columns = new Set<number>([
    ...layout.fields.map(([, column]) => column),
    ...Object.values(layout.status),
    ...[layout.previous.job_title, layout.previous.company_name],
    ...emailColumnsOf(layout),
  ]);
  // 0: no such column (no earlier job_title), or a target column that is gone.
  return [...columns].filter((column) => column > 0).sort((a, b) => a - b);
}

/** Columns the job writes, grouped into runs of adjacent columns: one block write per run. */
export function writtenColumnRuns(layout: ColumnLayout): Array<{ left: number; width: number }> {
  const columns = [
    ...new Set([...layout.fields.map(([, column]) => column), ...Object.values(layout.status)]),
  ]
    .filter((column) => column > 0)
    .sort((a, b) => a - b);
  const runs: Array<{ left: number; width: number }> = [];
  for (const column of columns) {
    const last = runs[runs.length - 1];
    if (last && last.left + last.width === column) last.width += 1;
    else runs.push({ left: column, width: 1 });
  }
  return runs;
}

/**
 * The header an appended column gets: its label or its field name, as the Headers setting says,
 * after the list's name when the rows hold several lists.
 */
export function appendedHeaderText(field: string, style: HeaderStyle, list = ""): string {
  return listHeader(list, headerCells([field], LEAD_LABELS, style).headers[0] ?? field);
}
