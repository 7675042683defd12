/**
 * What a sheet's header row says its rows are: people (the Leads sheet, a contacts export) or
 * companies (the Companies sheet). A search never writes into a sheet of the other kind: leads
 * written under companies put each person's own id in Network ID and profile in LinkedIn URL,
 * where "find leads at these companies" then read them as companies (and a company search into
 * the Leads sheet does the same the other way).
 */
import { COMPANY_HEADERS, matchColumns } from "../sheet/columns";
import { COMPANY_FIELDS } from "../sheet/lead-fields";
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

/** Why `grid` cannot take rows of `kind`, or null. */
export function wrongKindProblem(
  name: string,
  grid: Grid | null,
  kind: "leads" | "companies",
): string | null {
  if (grid === null) return null;
  const headers = headerTexts(grid);
  if (kind === "leads" && holdsCompanies(headers))
    return `${name} holds companies (the Companies tab's columns), not leads`;
  if (kind === "companies" && onlyPeople(headers))
    return `${name} holds people (job titles, sales ids...), not companies. Name another sheet, or leave it empty for the Companies sheet.`;
  return null;
}
