/**
 * Field names of the spec's records, in the spec's table order: the column schemas of the Leads,
 * Companies and Transactions sheets and the names `=LOOKUP_LEAD(range, "fields")` accepts.
 * Each list is checked against the wire types at compile time (see field-list.ts).
 */
import type { Company, Lead, Transaction } from "../api/wire";
import { closestName, quotedName, someOf } from "./closest-name";
import { aliasField } from "./columns";
import { everyKeyOf } from "./field-list";

/**
 * Every Lead field: those of both endpoints, then lead-search-only (network_company_id,
 * network_lead_persona, placed where the spec's table has them), lookup-only (job_location_*,
 * input_url, source), and last the data lookup options add (inexact_company, posts, comments,
 * people_also_viewed), whose shapes the spec does not show.
 */
export const LEAD_FIELDS = everyKeyOf<Lead>()([
  "first_name",
  "middle_name",
  "last_name",
  "full_name",
  "unformatted_full_name",
  "headline",
  "raw_headline",
  "summary",
  "industry",
  "location",
  "location_city",
  "location_county",
  "location_state",
  "location_country",
  "network_id",
  "sales_id",
  "network_url",
  "network_sales_link",
  "network_company_id",
  "network_lead_persona",
  "num_of_connections",
  "profile_photo",
  "private_website",
  "twitter_link",
  "is_full_data",
  "is_job_seeker",
  "is_openlink",
  "is_premium",
  "is_retired",
  "job_title",
  "raw_job_title",
  "job_description",
  "job_started_on",
  "job_ended_on",
  "job_still_working",
  "job_location",
  "job_location_city",
  "job_location_county",
  "job_location_state",
  "job_location_country",
  "company_name",
  "raw_company_name",
  "company_id",
  "company_url",
  "company_website",
  "company_image",
  "company_description",
  "company_headcount_range",
  "company_industry",
  "company_city",
  "company_state",
  "company_country",
  "company_location",
  "jobs",
  "educations",
  "languages",
  "certifications",
  "skills",
  "input_url",
  "source",
  "inexact_company",
  "posts",
  "comments",
  "people_also_viewed",
  "reactions",
]);

export type LeadField = (typeof LEAD_FIELDS)[number];

/** What `=LOOKUP_LEAD(url)` shows when no field list is given. */
export const DEFAULT_LOOKUP_FIELDS: readonly LeadField[] = [
  "full_name",
  "job_title",
  "company_name",
  "location",
  "network_url",
];

/** Every Company field, in the spec's order (the Companies sheet's columns). */
export const COMPANY_FIELDS = everyKeyOf<Company>()([
  "name",
  "raw_name",
  "company_type",
  "company_db_urn",
  "description",
  "tagline",
  "domain",
  "website",
  "founded_year",
  "hashtags",
  "specialities",
  "headcount_exact",
  "headcount_range",
  "industry",
  "location",
  "hq_street",
  "hq_additional_info",
  "hq_city",
  "hq_state",
  "hq_postal_code",
  "hq_country",
  "hq_country_code",
  "number_of_locations",
  "other_locations_json",
  "phone_number",
  "network_id",
  "network_link",
  "network_sales_link",
  "network_urn",
  "logo_url",
  "background_image",
]);

export type CompanyField = (typeof COMPANY_FIELDS)[number];

/** Every Transaction field, in the spec's order (the credit export's columns). */
export const TRANSACTION_FIELDS = everyKeyOf<Transaction>()([
  "id",
  "created_at",
  "updated_at",
  "status",
  "balance_type",
  "amount",
  "description",
  "after_balance",
]);

export type TransactionField = (typeof TRANSACTION_FIELDS)[number];

const LEAD_FIELD_SET: ReadonlySet<string> = new Set(LEAD_FIELDS);

export function isLeadField(name: string): name is LeadField {
  return LEAD_FIELD_SET.has(name);
}

/**
 * The field a user typed, as the spec spells it: trimmed, any case, spaces or hyphens for
 * underscores ("Job Title" -> job_title). Null when it names no Lead field.
 */
export function toLeadField(typed: string): LeadField | null {
  const name = squashName(typed);
  return isLeadField(name) ? name : null;
}

function squashName(typed: string): string {
  return typed
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/**
 * The field a name stands for, as Enrich reads headers: the field's own name in any spelling
 * ("Job Title" -> job_title), its readable label, or a header alias ("title", "Company", "name").
 */
function namedField(typed: string): LeadField | null {
  const field = toLeadField(typed) ?? aliasField(typed);
  return field !== null && isLeadField(field) ? field : null;
}

/** The field a user probably meant when no field has that name: "job_titel" -> job_title. */
export function suggestLeadField(typed: string): LeadField | null {
  return namedField(typed) ?? closestName(squashName(typed), LEAD_FIELDS);
}

export type FieldListResult = { fields: LeadField[] } | { error: string };

/**
 * Reads the field list of `=LOOKUP_LEAD(urls, fields)`: comma-separated text, or a range whose
 * cells each hold a name (or comma-separated names). A name is a field's own name, its readable
 * label or an alias, the same words Enrich accepts as headers ("name, title, company"). Empty names are skipped; the order and any
 * repetition are kept, because the answer's columns follow exactly what the user asked for.
 * Nothing named at all (an empty text or range) means DEFAULT_LOOKUP_FIELDS.
 * Unknown names give an error that quotes them, suggests what was probably meant, and lists
 * every valid name.
 */
export function parseFieldList(input: string | readonly (readonly unknown[])[]): FieldListResult {
  const cells = typeof input === "string" ? [input] : input.flat();
  const typed = cells
    .filter((cell) => cell !== null && cell !== undefined)
    // Commas, semicolons (the argument separator of many locales) or one name a line.
    .flatMap((cell) => String(cell).split(/[,;\n]/))
    .map((name) => name.trim())
    .filter((name) => name !== "");
  if (typed.length === 0) return { fields: [...DEFAULT_LOOKUP_FIELDS] };

  const fields: LeadField[] = [];
  const unknown: string[] = [];
  for (const name of typed) {
    const field = namedField(name);
    if (field === null) unknown.push(name);
    else fields.push(field);
  }
  if (unknown.length > 0) {
    // Suggestions only for the names quoted: the message names five at most.
    const named = unknown.map((name, index) => {
      const suggestion = index < 5 ? suggestLeadField(name) : null;
      return suggestion === null ? quotedName(name) : `${quotedName(name)} (did you mean ${suggestion}?)`;
    });
    const noun = unknown.length === 1 ? "field" : "fields";
    return { error: `Unknown ${noun} ${someOf(named)}. Valid fields: ${LEAD_FIELDS.join(", ")}.` };
  }
  return { fields };
}
