/**
 * Cells of a lead's current job that a sheet may already hold besides Title and Company: the Leads
 * sheet a lead search writes has them (Company Network ID, Company Website, ...). A refresh that
 * writes the job writes these too, into their existing columns only (never appended), so that a
 * person who moved does not keep the old company's website and id beside the new company's name:
 * the Emails action reads that website to find an address, "find leads at these companies" reads
 * that id. No extra credit: the lookup's answer carries them.
 */
import type { Lead } from "../../api/wire";
import { normalizeHeader } from "../../sheet/columns";
import { LEAD_LABELS } from "../../sheet/field-labels";
import type { LeadField } from "../../sheet/lead-fields";

/**
 * Fields that change with the job. Not the profile's Industry: a CRM's own "Industry" column often
 * holds the company's, and Enrich never writes over a column the user owns under a guessed meaning.
 */
export const JOB_COMPANION_FIELDS: readonly LeadField[] = [
  "headline",
  "network_company_id",
  "company_website",
  "company_headcount_range",
  "job_started_on",
];

/**
 * The companions to write, each with its existing column (1-based): only when the run writes the
 * job (Title or Company), only a column headed exactly by the field's label or its own name (what
 * the add-on writes, not an alias such as "Website" that a CRM export uses for its own data), and
 * never a column in `taken`.
 */
export function jobCompanionColumns(
  headers: readonly string[],
  fields: readonly LeadField[],
  taken: ReadonlySet<number>,
): Array<[LeadField, number]> {
  if (!fields.includes("job_title") && !fields.includes("company_name")) return [];
  const keys = headers.map((header) => normalizeHeader(String(header ?? "")));
  const companions: Array<[LeadField, number]> = [];
  const used = new Set(taken);
  for (const field of JOB_COMPANION_FIELDS) {
    if (fields.includes(field)) continue;
    const names = new Set([normalizeHeader(field), normalizeHeader(LEAD_LABELS[field])]);
    const index = keys.findIndex((key, i) => key !== "" && names.has(key) && !used.has(i + 1));
    if (index < 0) continue;
    used.add(index + 1);
    companions.push([field, index + 1]);
  }
  return companions;
}

/**
 * The answer's value for `field`, or undefined when it carries none (the cell is then kept).
 * A lookup answer has no network_company_id (the spec: lead search only) but names the same
 * company by company_id (the sandbox's bulk answers map one to the other), so the Leads sheet's
 * Company Network ID follows a move too; a null company_id keeps the cell.
 */
export function answerValue(lead: Partial<Lead>, field: LeadField): unknown {
  if (field in lead) return lead[field];
  if (field === "network_company_id" && lead.company_id != null && lead.company_id !== "")
    return String(lead.company_id);
  return undefined;
}
