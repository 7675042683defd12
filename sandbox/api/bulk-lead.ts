/**
 * The lead of the current generation's bulk enrich answer (PRODUCTION.md A19). Production's pages
 * disagree on its fields: the endpoint's sample (the shape of a database lead search: `job_title`,
 * `company_name`, `headline`, `location`, `jobs`, ...) and the migration guide (`title`, a nested
 * `company {id, name, domain}`, no `headline` nor `location`). The `bulkLeadShape` control picks
 * one, so the client is tested against both.
 */
import type { Lead } from "../../src/api/wire.ts";

export type BulkLeadShape = "sample" | "migration";

/** A website as a bare domain (`https://www.acme.io/` -> `acme.io`). */
function domainOf(website: string | null): string | null {
  if (website === null || website === "") return null;
  return website
    .replace(/^[a-z]+:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/\/.*$/, "");
}

/** The v1 lead built from the sandbox's full lead record, in the spec's neutral names. */
export function bulkLead(lead: Lead, shape: BulkLeadShape): Record<string, unknown> {
  if (shape === "migration") {
    const companyId = Number(lead.company_id);
    return {
      id: lead.sales_id,
      first_name: lead.first_name,
      last_name: lead.last_name,
      title: lead.job_title,
      network_url: lead.network_url,
      company: {
        id: lead.company_id === null || !Number.isFinite(companyId) ? lead.company_id : companyId,
        name: lead.company_name,
        domain: domainOf(lead.company_website),
      },
      work_history: [],
      education: [],
      skills: [],
    };
  }
  return {
    id: lead.sales_id,
    network_id: lead.network_id,
    first_name: lead.first_name,
    last_name: lead.last_name,
    full_name: lead.full_name,
    headline: lead.headline,
    job_title: lead.job_title,
    company_name: lead.company_name,
    company_industry: lead.company_industry,
    network_company_id: lead.company_id,
    network_url: lead.network_url,
    location: lead.location,
    location_country: lead.location_country,
    is_premium: lead.is_premium,
    jobs: lead.jobs.map((job) => ({
      company_name: job.company_name,
      job_title: job.job_title,
      job_started_on: job.job_started_on,
      job_still_working: job.job_still_working,
    })),
    educations: [],
    languages: [],
    source: "lead_by_link",
  };
}
