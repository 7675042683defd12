/**
 * Leads -> rows of the Leads sheet: which columns (a sensible default for a new sheet, the existing
 * header's mapping otherwise) and which leads are new (a lead already in the sheet, by network_id
 * or by its profile URL, is not written twice).
 */
import { normalizeProfileUrl } from "../../api/profile-url";
import type { Lead } from "../../api/wire";
import type { CellValue } from "../../sheet/cell-value";
import { matchColumns, normalizeHeader, planColumns } from "../../sheet/columns";
import { LEAD_LABELS } from "../../sheet/field-labels";
import { LEAD_FIELDS } from "../../sheet/lead-fields";
import { leadsToRows } from "../../sheet/records";
import type { ListStyle } from "../../sheet/sheet-format";

export const LEADS_SHEET = "Leads";

/** A new Leads sheet's columns: who, where, which persona matched and at which company. */
export const DEFAULT_LEAD_COLUMNS: readonly string[] = [
  "full_name",
  "job_title",
  "company_name",
  "location",
  "network_url",
  "network_lead_persona",
  "network_company_id",
  "headline",
  "industry",
  "company_headcount_range",
  "company_website",
  "job_started_on",
  "network_id",
  "sales_id",
  // The name as the network stores it: what exclude_names matches when Sales ID is empty (23.3).
  "unformatted_full_name",
];

/**
 * Every field is written; an existing sheet keeps its own columns and gets the missing key ones.
 * sales_id is what lead search's exclude_ids takes (PRODUCTION.md A7), unformatted_full_name what
 * its exclude_names takes (the spec): known-leads.ts leaves the sheet's leads out by them.
 */
const KEY_FIELDS = [
  "network_id",
  "network_url",
  "network_lead_persona",
  "network_company_id",
  "sales_id",
  "unformatted_full_name",
];

const text = (value: unknown) =>
  value === null || value === undefined ? "" : String(value).trim().replace(/^'/, "");

/** Keys a lead is known by: its network_id and its normalized profile URL. */
export function leadKeys(networkId: unknown, networkUrl: unknown): string[] {
  const keys: string[] = [];
  const id = text(networkId);
  if (id !== "") keys.push(`id:${id}`);
  const url = normalizeProfileUrl(text(networkUrl));
  if (url) keys.push(`url:${url}`);
  return keys;
}

export interface LeadsLayout {
  /**
   * The fields of the header cells the add-on adds (written under their labels, or names), from
   * `firstNewColumn` (1-based). Never the
   * user's own header: read back, its `'=...` or `'00123` text has lost the apostrophe that keeps
   * it literal, and writing it again would turn it into a formula or a number.
   */
  appended: string[];
  firstNewColumn: number;
  /** field -> 0-based column index. */
  columns: Array<{ field: string; index: number }>;
  width: number;
}

/** Columns for the sheet's current header row (empty for a new or blank sheet). */
export function leadsLayout(headers: readonly string[]): LeadsLayout {
  const existing = headers.map(text);
  while (existing.length > 0 && existing[existing.length - 1] === "") existing.pop();
  if (existing.length === 0) {
    const header = [...DEFAULT_LEAD_COLUMNS];
    return {
      appended: header,
      firstNewColumn: 1,
      columns: header.map((field, index) => ({ field, index })),
      width: header.length,
    };
  }
  // The sheet's own columns (by field name or alias, as planColumns matches them) keep their
  // place; of the fields it lacks, only the ones that identify a lead and its search are added.
  const keys = new Set(existing.map(normalizeHeader));
  const known = LEAD_FIELDS.filter(
    (field) => keys.has(normalizeHeader(field)) || keys.has(normalizeHeader(LEAD_LABELS[field])),
  );
  const wanted = [...new Set([...known, ...DEFAULT_LEAD_COLUMNS])];
  const found = matchColumns(existing, wanted);
  const plan = planColumns(
    existing,
    wanted.filter((field) => found.has(field) || KEY_FIELDS.includes(field)),
  );
  return {
    appended: plan.appended,
    firstNewColumn: existing.length + 1,
    columns: plan.columns.map(({ field, index }) => ({ field, index })),
    width: existing.length + plan.appended.length,
  };
}

export interface LeadRows {
  rows: CellValue[][];
  /** The leads of `rows`, in order. */
  leads: Lead[];
  written: number;
  duplicates: number;
}

/**
 * Rows for the leads not seen yet; `seen` holds the keys of the sheet's rows and grows with the
 * leads taken, so a lead found by two searches (two personas, two companies) is written once.
 */
export function newLeadRows(
  leads: readonly Lead[],
  layout: LeadsLayout,
  seen: Set<string>,
  lists: ListStyle = "readable",
): LeadRows {
  const fresh: Lead[] = [];
  let duplicates = 0;
  for (const lead of leads) {
    const keys = leadKeys(lead.network_id, lead.network_url);
    if (keys.some((key) => seen.has(key))) {
      duplicates++;
      continue;
    }
    for (const key of keys) seen.add(key);
    fresh.push(lead);
  }
  const values = leadsToRows(
    fresh,
    layout.columns.map((c) => c.field),
    { lists },
  );
  const rows = values.map((cells) => {
    const row = new Array<CellValue>(layout.width).fill("");
    layout.columns.forEach((column, i) => {
      row[column.index] = cells[i] ?? "";
    });
    return row;
  });
  return { rows, leads: fresh, written: rows.length, duplicates };
}

/** The keys of the rows already in the sheet, from its network_id and network_url columns. */
export function existingKeys(layout: LeadsLayout, rows: readonly (readonly unknown[])[]): Set<string> {
  const idIndex = layout.columns.find((c) => c.field === "network_id")?.index;
  const urlIndex = layout.columns.find((c) => c.field === "network_url")?.index;
  const seen = new Set<string>();
  for (const row of rows) {
    const keys = leadKeys(
      idIndex === undefined ? "" : row[idIndex],
      urlIndex === undefined ? "" : row[urlIndex],
    );
    for (const key of keys) seen.add(key);
  }
  return seen;
}
