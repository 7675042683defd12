/**
 * What a sheet's header row says its rows are: people (the Leads sheet, a contacts export) or
 * companies (the Companies sheet). A search never writes into a sheet of the other kind: leads
 * written under companies put each person's own id in Network ID and profile in LinkedIn URL,
 * where "find leads at these companies" then read them as companies (and a company search into
 * the Leads sheet does the same the other way).
 */
import { COMPANY_HEADERS, matchColumns } from "../sheet/columns";
import { COMPANY_FIELDS, LEAD_FIELDS } from "../sheet/lead-fields";
import type { Grid } from "./enrich/ports";

/** Lead fields only a sheet of people has (by field name, label or alias). */
export const PERSON_FIELDS = [
  "network_company_id",
  "job_title",
  "sales_id",
  "network_lead_persona",
  "first_name",
  "last_name",
];

/** Company fields no sheet of people has (by field name or the Companies sheet's label). */
const COMPANY_ONLY_FIELDS = COMPANY_FIELDS.filter(
  (field) =>
    field.startsWith("hq_") ||
    [
      "raw_name",
      "company_type",
      "company_db_urn",
      "tagline",
      "founded_year",
      "specialities",
      "headcount_exact",
      "number_of_locations",
      "other_locations_json",
    ].includes(field),
);

export function holdsPeople(headers: readonly string[]): boolean {
  const found = matchColumns(headers, PERSON_FIELDS);
  return PERSON_FIELDS.some((field) => found.has(field));
}

/** Two company-only columns: one alone ("City", "Tagline") may be a contacts export's own. */
export function holdsCompanies(headers: readonly string[]): boolean {
  return matchColumns(headers, COMPANY_ONLY_FIELDS, { table: COMPANY_HEADERS }).size >= 2;
}

/**
 * A sheet of people and no company columns. A Companies sheet an earlier version wrote leads into
 * has both (its Persona, Sales ID... appended): it stays a sheet of companies, so its company rows
 * keep their ids.
 */
export function onlyPeople(headers: readonly string[]): boolean {
  return holdsPeople(headers) && !holdsCompanies(headers);
}

/** A sheet's header row as text (empty for a new or blank sheet). */
export function headerTexts(grid: Grid): string[] {
  const width = grid.lastColumn();
  if (grid.lastRow() < 1 || width < 1) return [];
  return (grid.read(1, 1, 1, width)[0] ?? []).map((cell) => String(cell ?? ""));
}

/** How many of a row's cells name a field of `kind` (by field name, label or alias). */
function fieldsNamed(row: readonly string[], kind: "leads" | "companies"): number {
  return kind === "leads"
    ? matchColumns(row, LEAD_FIELDS).size
    : matchColumns(row, COMPANY_FIELDS, { table: COMPANY_HEADERS }).size;
}

/** Rows looked at below row 1 for a header row under a title. */
const TITLE_ROWS = 5;

/**
 * Column headers below a title row ("Q3 prospects" in A1, Name, Title... in row 2): a search
 * writes under row 1's headers, so its columns went in beside the title and its values into the
 * user's columns below (profile URLs under Title).
 */
function headersBelowTitle(name: string, grid: Grid, kind: "leads" | "companies"): string | null {
  const last = Math.min(grid.lastRow(), TITLE_ROWS);
  const width = grid.lastColumn();
  if (last < 2 || width < 1) return null;
  const rows = grid.read(1, 1, last, width).map((row) => row.map((cell) => String(cell ?? "").trim()));
  if (fieldsNamed(rows[0] ?? [], kind) > 0) return null;
  const at = rows.findIndex((row, index) => index > 0 && fieldsNamed(row, kind) >= 2);
  if (at < 0) return null;
  const named = (rows[at] ?? []).filter((text) => text !== "").slice(0, 6);
  return `${name}'s column headers are in row ${at + 1} (${named.join(", ")}), not row 1, where a search writes its columns`;
}

/** Why `grid` cannot take rows of `kind` (and what to do), or null. */
export function destinationProblem(
  name: string,
  grid: Grid | null,
  kind: "leads" | "companies",
): { message: string; hint: string } | null {
  if (grid === null) return null;
  const other = `Name another sheet, or leave it empty for the ${kind === "leads" ? "Leads" : "Companies"} sheet.`;
  const headers = headerTexts(grid);
  if (kind === "leads" && holdsCompanies(headers))
    return { message: `${name} holds companies (the Companies tab's columns), not leads`, hint: other };
  if (kind === "companies" && onlyPeople(headers))
    return { message: `${name} holds people (job titles, sales ids...), not companies`, hint: other };
  const titled = headersBelowTitle(name, grid, kind);
  return titled
    ? {
        message: titled,
        hint: `Move the title out of row 1, or ${other.charAt(0).toLowerCase()}${other.slice(1)}`,
      }
    : null;
}
