/**
 * Header matching: which existing column of a user's sheet holds which field, and which fields
 * need a new column. Users' headers come from CRM exports (Apollo, Salesforce, HubSpot) and from
 * hand-made sheets, so a header is compared in a normalized form and through a table of aliases;
 * a header names a field by the field's name, by its readable label (field-labels.ts) or by an
 * alias; new columns get the label (or the field name, a setting).
 */
import { COMPANY_LABELS, type FieldLabels, LEAD_LABELS } from "./field-labels";

/** Columns that enrichment writes besides lead fields. */
export const STATUS_FIELDS = ["enrichment_status", "enriched_at", "job_changed", "previous_job"] as const;
export type StatusField = (typeof STATUS_FIELDS)[number];

/** Case-, space-, underscore- and punctuation-insensitive form: "Job Title", "job_title" -> "jobtitle". */
export function normalizeHeader(header: string): string {
  return header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * Headers people use for a field, besides the field's own name (which always matches).
 * "Status" alone is deliberately absent: CRM exports use it for their own lead status, and
 * enrichment must never write over a column the user owns under a guessed meaning.
 */
const ALIASES: Record<string, readonly string[]> = {
  full_name: ["Name", "Full Name", "Contact Name", "Person", "Lead Name"],
  first_name: ["First Name", "First", "Given Name"],
  last_name: ["Last Name", "Last", "Surname", "Family Name"],
  job_title: ["Title", "Job Title", "Position", "Role", "Current Title", "Current Role"],
  company_name: ["Company", "Company Name", "Employer", "Organization", "Organisation", "Account Name"],
  location: ["Location", "Person Location", "Lead Location"],
  location_city: ["City"],
  location_state: ["State", "Region"],
  location_country: ["Country"],
  headline: ["Headline"],
  summary: ["Summary", "About", "Bio"],
  industry: ["Industry"],
  network_url: [
    "LinkedIn",
    "LinkedIn URL",
    "LinkedIn Profile",
    "LinkedIn Profile URL",
    "Person LinkedIn URL",
    "Profile",
    "Profile URL",
    "Profile Link",
    "URL",
    "Link",
  ],
  company_url: ["Company LinkedIn URL", "Company Profile"],
  company_website: ["Website", "Company Website", "Company Domain"],
  company_headcount_range: ["Company Size", "Headcount", "Employees", "# Employees", "Number of Employees"],
  num_of_connections: ["Connections"],
  profile_photo: ["Photo", "Profile Photo", "Picture", "Avatar"],
  twitter_link: ["Twitter", "Twitter URL"],
  job_started_on: ["Start Date", "Started", "Job Start"],
  enrichment_status: ["Enrichment Status", "Enrich Status"],
  enriched_at: ["Enriched At", "Enriched On", "Last Enriched", "Last Refreshed", "Refreshed At"],
  job_changed: ["Job Changed", "Job Change", "Changed Job", "Changed Jobs"],
  previous_job: ["Previous Job", "Previous Role", "Previous Position", "Old Job"],
};

/** Normalized header -> field: what a table's headers may say besides the field names. */
export type HeaderLookup = ReadonlyMap<string, string>;

function lookupOf(labels: FieldLabels, aliases: Record<string, readonly string[]> = {}): HeaderLookup {
  const pairs = [
    ...Object.entries(aliases).flatMap(([field, headers]) => headers.map((h) => [h, field] as const)),
    // Labels last: where an alias and a label say the same, the label's field wins.
    ...Object.entries(labels).map(([field, label]) => [label, field] as const),
  ];
  return new Map(pairs.map(([header, field]) => [normalizeHeader(header), field]));
}

/** Headers of lead fields and status columns (the Leads sheet, enrichment): labels and aliases. */
export const LEAD_HEADERS: HeaderLookup = lookupOf(LEAD_LABELS, ALIASES);
/** Headers of the Companies sheet: its labels only (lead aliases such as "Company" mean other fields). */
export const COMPANY_HEADERS: HeaderLookup = lookupOf(COMPANY_LABELS);

const ALIAS_TO_FIELD = LEAD_HEADERS;

/** Does this header name the lead field, by its own name, its label or an alias? */
export function headerNamesField(header: string, field: string): boolean {
  const key = normalizeHeader(header);
  return key !== "" && (key === normalizeHeader(field) || ALIAS_TO_FIELD.get(key) === field);
}

/** The lead field a label or alias header stands for (for example "Title" -> job_title), or null. */
export function aliasField(header: string): string | null {
  return ALIAS_TO_FIELD.get(normalizeHeader(header)) ?? null;
}

export interface ColumnPlan {
  /** One entry per distinct field, in the order asked; `index` is 0-based in the row. */
  columns: Array<{ field: string; index: number; existing: boolean }>;
  /** Headers to write to the right of the existing ones, in column order. */
  appended: string[];
}

export interface PlanOptions {
  /** Columns that must not be claimed, such as the column of input URLs being enriched. */
  reserved?: readonly number[];
  /** Which table's labels and aliases the headers may use; the lead fields' by default. */
  table?: HeaderLookup;
}

/**
 * Field -> 0-based index of the existing column whose header names it; fields without one are
 * absent. A header naming the field exactly wins over a label or alias; among equals the leftmost wins;
 * each column serves one field; reserved columns serve none.
 */
export function matchColumns(
  headers: readonly string[],
  fields: readonly string[],
  options: PlanOptions = {},
): Map<string, number> {
  const distinct = [...new Set(fields)];
  const taken = new Set(options.reserved ?? []);
  const keys = headers.map((h) => normalizeHeader(String(h ?? "")));
  const found = new Map<string, number>();
  const lookup = options.table ?? LEAD_HEADERS;

  const claim = (field: string, matches: (key: string) => boolean) => {
    const index = keys.findIndex((key, i) => key !== "" && !taken.has(i) && matches(key));
    if (index >= 0) {
      taken.add(index);
      found.set(field, index);
    }
  };
  for (const field of distinct) claim(field, (key) => key === normalizeHeader(field));
  for (const field of distinct) {
    if (!found.has(field)) claim(field, (key) => lookup.get(key) === field);
  }
  return found;
}

/**
 * Places each field in the existing column whose header names it (matchColumns), else in a new
 * column at the right, after every existing header, empty ones included, since a headerless column
 * may hold the user's data.
 */
export function planColumns(
  headers: readonly string[],
  fields: readonly string[],
  options: PlanOptions = {},
): ColumnPlan {
  const found = matchColumns(headers, fields, options);
  const appended: string[] = [];
  const columns = [...new Set(fields)].map((field) => {
    const index = found.get(field);
    if (index !== undefined) return { field, index, existing: true };
    appended.push(field);
    return { field, index: headers.length + appended.length - 1, existing: false };
  });
  return { columns, appended };
}
