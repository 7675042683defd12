/** The whole lead record, drawn for the leads a search or a lookup actually returns. */
import type { Education, Job, Lead } from "../../src/api/wire.ts";
import { type CompanySet, recordOf, type SandboxCompany } from "./companies.ts";
import {
  type LeadCore,
  MONTHS,
  profileUrl,
  REFERENCE_MONTH,
  REFERENCE_YEAR,
  salesId,
  titleFor,
} from "./lead-core.ts";
import { Random } from "./random.ts";
import { indexCode } from "./text.ts";
import {
  CERTIFICATIONS,
  DEGREES,
  FIELDS_OF_STUDY,
  FUNCTIONS,
  HOSTILE_TEXTS,
  KEYWORD_TOPICS,
  LANGUAGES,
  PROFICIENCIES,
  SKILLS,
  SUMMARY_LINES,
  UNIVERSITIES,
} from "./vocabulary.ts";

function monthText(monthsAgo: number, rng: Random): string {
  const total = REFERENCE_YEAR * 12 + REFERENCE_MONTH - monthsAgo;
  const year = Math.floor(total / 12);
  return rng.chance(0.15) ? String(year) : `${MONTHS[total % 12]} ${year}`;
}

function jobAt(
  seed: number,
  company: SandboxCompany,
  title: string,
  rng: Random,
  started: string | null,
  ended: string | null,
  lookup: boolean,
): Job {
  const r = recordOf(seed, company);
  const place = company.place;
  const job: Job = {
    company_name: r.name,
    raw_company_name: r.raw_name,
    company_id: r.network_id,
    company_url: r.network_link,
    company_website: r.website === "" ? null : r.website,
    company_image: rng.chance(0.1) ? null : r.logo_url,
    company_description: r.description,
    company_headcount_range: r.headcount_range,
    company_industry: r.industry,
    company_city: r.hq_city,
    company_state: r.hq_state,
    company_country: r.hq_country,
    company_location: r.location,
    job_title: title,
    raw_job_title: title,
    job_description: rng.chance(0.5)
      ? null
      : `Responsible for ${title.toLowerCase()} work.\nReporting to leadership.`,
    job_started_on: started,
    job_ended_on: ended,
    job_still_working: ended === null,
    job_location: `${place.city}, ${place.country}`,
  };
  if (lookup) {
    job.job_location_city = place.city;
    job.job_location_county = rng.chance(0.7) ? null : `${place.state} County`;
    job.job_location_state = place.state;
    job.job_location_country = place.country;
  }
  return job;
}

export interface BuildOptions {
  variant: "search" | "lookup";
  /** Lookup: fresh data (the lead's latest job) rather than the cache. */
  fresh?: boolean;
  /** Lookup: the full work history, not only current jobs. */
  fullExperience?: boolean;
}

/**
 * The whole lead record. In the cached lookup variant, a lead that changed jobs recently still
 * shows its previous job as current: fresh data is what reveals the change.
 */
export function buildLead(seed: number, set: CompanySet, core: LeadCore, options: BuildOptions): Lead {
  const rng = new Random(seed, 4, core.index);
  const lookup = options.variant === "lookup";
  const started = core.hasStartDate ? monthText(core.monthsInPosition, rng) : null;
  const current = jobAt(seed, core.company, core.jobTitle, rng, started, null, lookup);
  const past: Job[] = core.pastCompanyIndices.map((companyIndex, i) => {
    const company = set.companies[companyIndex]!;
    const endMonths = core.monthsInPosition + i * 24 + 1;
    const title = titleFor(rng.pick(FUNCTIONS), rng.pick(["Manager", "Senior", "Entry"] as const), i);
    return jobAt(
      seed,
      company,
      title,
      rng,
      monthText(endMonths + rng.int(6, 23), rng),
      monthText(endMonths, rng),
      lookup,
    );
  });
  // The cache has not seen a recent job change: it shows the previous job, still as current.
  const stale = lookup && !options.fresh && core.changedJobs && past.length > 0;
  const shown: Job = stale ? { ...past[0]!, job_ended_on: null, job_still_working: true } : current;
  const jobs = lookup && !(options.fresh && options.fullExperience) ? [shown] : [current, ...past];
  if (!lookup && rng.chance(0.05) && past.length > 0) {
    // An overlapping second current job (advisor roles and the like).
    jobs.splice(1, 0, { ...past[0]!, job_ended_on: null, job_still_working: true });
  }
  const fullName = [core.firstName, core.middleName, core.lastName].filter((p) => p !== "").join(" ");
  const topic = rng.pick(KEYWORD_TOPICS);
  const headline = rng.chance(0.01) ? rng.pick(HOSTILE_TEXTS) : `${shown.job_title} at ${shown.company_name}`;
  const summary = rng.chance(0.15)
    ? ""
    : rng.chance(0.01)
      ? rng.pick(HOSTILE_TEXTS)
      : rng
          .sample(SUMMARY_LINES, rng.int(1, 3))
          .map((l) => l.replace("{topic}", topic))
          .join("\n");
  const educations: Education[] = core.schoolIds.map((id, i) => {
    const endYear = REFERENCE_YEAR - 5 - i * 4 - rng.int(0, 20);
    const known = rng.chance(0.9);
    return {
      degree: rng.pick(DEGREES),
      university_name: UNIVERSITIES[id - 5000]!,
      university_id: known ? String(id) : null,
      fields_of_study: rng.chance(0.2) ? null : rng.sample(FIELDS_OF_STUDY, rng.int(0, 2)),
      started_on: rng.chance(0.5) ? { year: endYear - 4 } : { year: endYear - 4, month: rng.int(1, 12) },
      ended_on: rng.chance(0.1) ? null : { year: endYear, month: rng.int(1, 12) },
    };
  });
  const place = core.place;
  const sales = salesId(core.index);
  const companyIdUnknown = core.companyIdUnknown;
  const lead: Lead = {
    first_name: core.firstName,
    middle_name: core.middleName,
    last_name: core.lastName,
    full_name: fullName,
    unformatted_full_name: core.unformattedName,
    headline,
    raw_headline: headline,
    summary,
    industry: core.industry,
    location: rng.chance(0.5) ? `${place.city}, ${place.state}, ${place.country}` : `${place.city} Area`,
    location_city: place.city,
    location_county: rng.chance(0.7) ? null : `${place.state} County`,
    location_state: rng.chance(0.05) ? null : place.state,
    location_country: place.country,
    network_id: String(700_000_000 + core.index * 7),
    sales_id: sales,
    network_url: profileUrl(core),
    network_sales_link: `https://www.network.example/sales/lead/${sales},NAME_SEARCH,${indexCode(core.index)}`,
    num_of_connections: rng.int(0, 500) + (rng.chance(0.3) ? rng.int(0, 30000) : 0),
    profile_photo: core.hasPhoto ? `https://media.network.example/profile-photo/${sales}.jpg` : null,
    private_website: rng.chance(0.8) ? null : `https://${core.nameSlug}.example.net`,
    twitter_link: rng.chance(0.8) ? null : `https://x.example/${core.nameSlug.replace(/-/g, "_")}`,
    is_full_data: rng.chance(0.9),
    is_job_seeker: rng.chance(0.05),
    is_openlink: rng.chance(0.2),
    is_premium: rng.chance(0.25),
    is_retired: rng.chance(0.01),
    ...shown,
    company_id: companyIdUnknown ? null : shown.company_id,
    company_url: companyIdUnknown ? null : shown.company_url,
    jobs: jobs.map((j, i) =>
      i === 0 && companyIdUnknown ? { ...j, company_id: null, company_url: null } : j,
    ),
    educations,
    languages: rng.chance(0.3)
      ? []
      : rng.sample(LANGUAGES, rng.int(1, 3)).map((name) => ({ name, proficiency: rng.pick(PROFICIENCIES) })),
    certifications: rng.chance(0.6)
      ? []
      : rng
          .sample(CERTIFICATIONS, rng.int(1, 2))
          .map((name) => ({ name, authority: "Issuing Body", year: rng.int(2010, 2025) })),
    skills: rng.chance(0.2) ? [] : rng.sample(SKILLS, rng.int(1, 6)),
  };
  if (options.variant === "search") {
    lead.network_company_id = core.company.networkId;
    lead.network_lead_persona = "";
  }
  return lead;
}
