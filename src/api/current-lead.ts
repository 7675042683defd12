/**
 * The current generation's lead (PRODUCTION.md A19) as the Lead record the add-on uses. Its pages
 * disagree: the bulk endpoint's sample carries the legacy lookup's names (`job_title`,
 * `company_name`, `headline`, `location`, `jobs`, `<name>_company_id`), the migration guide a
 * slimmer shape (`title`, a nested `company {id, name, domain}`, `work_history`, `education`, no
 * `headline` nor `location`). Both are read. A field the answer does not carry stays absent, so
 * Enrich leaves that cell as it was instead of blanking it. Pure; keys are already the spec's
 * (the wire boundary turned `<name>_url` into `network_url`).
 */
import type { Job, Lead } from "./wire";

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;

/** A website or a bare domain as the spec's company_website (a URL). */
function websiteOf(domain: string): string {
  return /^[a-z]+:\/\//i.test(domain) ? domain : `https://${domain}`;
}

/** One work-history entry of the migration guide's shape (or a legacy job) as a Job. */
function jobOf(entry: Fields): Job {
  const job: Fields = { ...entry };
  if (job.job_title === undefined && entry.title !== undefined) job.job_title = text(entry.title);
  if (isRecord(entry.company)) {
    job.company_name ??= text(entry.company.name);
    if (job.company_id === undefined && entry.company.id !== undefined)
      job.company_id = text(entry.company.id);
  }
  return job as unknown as Job;
}

/** Copies `value` to `field` when the answer gave it and the record does not have it yet. */
function fill(lead: Fields, field: string, value: unknown): void {
  if (value !== undefined && value !== null && lead[field] === undefined) lead[field] = value;
}

export function leadFromCurrent(raw: Fields): Lead {
  const lead: Fields = { ...raw };
  delete lead.title;
  delete lead.company;
  delete lead.work_history;
  delete lead.education;
  delete lead.id;
  fill(lead, "job_title", text(raw.title));
  // The current generation's `id` is the sales id lookups answer as sales_id.
  fill(lead, "sales_id", text(raw.id));
  if (isRecord(raw.company)) {
    fill(lead, "company_name", text(raw.company.name));
    const domain = text(raw.company.domain);
    if (domain !== undefined && domain !== "") fill(lead, "company_website", websiteOf(domain));
    fill(lead, "company_id", text(raw.company.id));
  }
  fill(lead, "company_id", text(raw.network_company_id));
  if (
    lead.full_name === undefined &&
    (typeof raw.first_name === "string" || typeof raw.last_name === "string")
  ) {
    lead.full_name = [raw.first_name, raw.last_name]
      .filter((part) => typeof part === "string" && part !== "")
      .join(" ");
  }
  const history = Array.isArray(raw.jobs)
    ? raw.jobs
    : Array.isArray(raw.work_history)
      ? raw.work_history
      : undefined;
  if (history !== undefined) lead.jobs = history.filter(isRecord).map(jobOf);
  if (lead.educations === undefined && Array.isArray(raw.education)) lead.educations = raw.education;
  return lead as unknown as Lead;
}
