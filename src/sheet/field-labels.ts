/**
 * Sheet headers are for people (DESIGN.md): each field of the Leads and Companies tables has one
 * readable label, the header the add-on writes by default. Header matching (columns.ts) accepts
 * the label or the field name, so a sheet headed either way keeps working. One label per field,
 * one field per label within a table (test/sheet/field-labels.test.ts checks both).
 */
import type { StatusField } from "./columns";
import type { CompanyField, LeadField } from "./lead-fields";

/** Readable headers of the Leads sheet and of enrichment's columns (lead fields and status columns). */
export const LEAD_LABELS: Readonly<Record<LeadField | StatusField | "email" | "email_status", string>> = {
  first_name: "First Name",
  middle_name: "Middle Name",
  last_name: "Last Name",
  full_name: "Full Name",
  unformatted_full_name: "Unformatted Name",
  headline: "Headline",
  raw_headline: "Raw Headline",
  summary: "Summary",
  industry: "Industry",
  location: "Location",
  location_city: "City",
  location_county: "County",
  location_state: "State",
  location_country: "Country",
  network_id: "Network ID",
  sales_id: "Sales ID",
  network_url: "LinkedIn URL",
  network_sales_link: "Sales Navigator URL",
  network_company_id: "Company Network ID",
  network_lead_persona: "Persona",
  num_of_connections: "Connections",
  profile_photo: "Profile Photo",
  private_website: "Personal Website",
  twitter_link: "Twitter",
  is_full_data: "Full Data",
  is_job_seeker: "Job Seeker",
  is_openlink: "Open Link",
  is_premium: "Premium",
  is_retired: "Retired",
  job_title: "Job Title",
  raw_job_title: "Raw Job Title",
  job_description: "Job Description",
  job_started_on: "Job Start Date",
  job_ended_on: "Job End Date",
  job_still_working: "Still in Job",
  job_location: "Job Location",
  job_location_city: "Job City",
  job_location_county: "Job County",
  job_location_state: "Job State",
  job_location_country: "Job Country",
  company_name: "Company",
  raw_company_name: "Raw Company Name",
  company_id: "Company ID",
  company_url: "Company LinkedIn URL",
  company_website: "Company Website",
  company_image: "Company Logo",
  company_description: "Company Description",
  company_headcount_range: "Company Headcount",
  company_industry: "Company Industry",
  company_city: "Company City",
  company_state: "Company State",
  company_country: "Company Country",
  company_location: "Company Location",
  jobs: "Experience",
  educations: "Education",
  languages: "Languages",
  certifications: "Certifications",
  skills: "Skills",
  input_url: "Input URL",
  source: "Source",
  inexact_company: "Inexact Company",
  posts: "Posts",
  comments: "Comments",
  people_also_viewed: "People Also Viewed",
  reactions: "Reactions",
  enrichment_status: "Enrichment Status",
  enriched_at: "Enriched At",
  job_changed: "Job Changed",
  previous_job: "Previous Job",
  // The Enrich run's work-email pass (src/jobs/enrich/email-pass.ts).
  email: "Email",
  email_status: "Email Status",
};

/** Readable headers of the Companies sheet. */
export const COMPANY_LABELS: Readonly<Record<CompanyField, string>> = {
  name: "Company",
  raw_name: "Raw Name",
  company_type: "Company Type",
  company_db_urn: "Company URN",
  description: "Description",
  tagline: "Tagline",
  domain: "Domain",
  website: "Website",
  founded_year: "Founded",
  hashtags: "Hashtags",
  specialities: "Specialities",
  headcount_exact: "Exact Headcount",
  headcount_range: "Headcount",
  industry: "Industry",
  location: "Location",
  hq_street: "HQ Street",
  hq_additional_info: "HQ Additional Info",
  hq_city: "HQ City",
  hq_state: "HQ State",
  hq_postal_code: "HQ Postal Code",
  hq_country: "HQ Country",
  hq_country_code: "HQ Country Code",
  number_of_locations: "Number of Locations",
  other_locations_json: "Other Locations",
  phone_number: "Phone",
  network_id: "Network ID",
  network_link: "LinkedIn URL",
  network_sales_link: "Sales Navigator URL",
  network_urn: "Network URN",
  logo_url: "Logo",
  background_image: "Background Image",
};

/** A table's labels, field -> readable header. */
export type FieldLabels = Readonly<Record<string, string>>;

/** How the add-on heads the columns it adds (a setting): readable labels, or the API's field names. */
export type HeaderStyle = "readable" | "api";

/** Header cells for new columns: their text, and the note of each cell (the field name; none for API names). */
export interface HeaderCells {
  headers: string[];
  notes: string[];
}

/** The field's label in this table, or its own name when the table has none. */
export function labelOf(field: string, labels: FieldLabels): string {
  // Not Object.hasOwn: a built-in newer than ES2020 that Google does not promise.
  return Object.prototype.hasOwnProperty.call(labels, field) ? (labels[field] as string) : field;
}

export function headerCells(
  fields: readonly string[],
  labels: FieldLabels,
  style: HeaderStyle = "readable",
): HeaderCells {
  if (style === "api") return { headers: [...fields], notes: fields.map(() => "") };
  return {
    headers: fields.map((field) => labelOf(field, labels)),
    notes: [...fields],
  };
}
