/**
 * Leads are never stored: a lead is a pure function of (seed, index). `leadCore` draws the few
 * attributes that searches filter on (cheap enough to scan every lead); `buildLead` draws the rest
 * of the record for the leads actually returned.
 */
import type { Education, Job, Lead } from "../../src/api/wire.ts";
import {
  type CompanySet,
  companyOfLead,
  INDUSTRY_NAMES,
  recordOf,
  type SandboxCompany,
} from "./companies.ts";
import { CITIES, type Place } from "./geography.ts";
import { Random } from "./random.ts";
import { indexCode, slugify, titleCase } from "./text.ts";
import {
  CERTIFICATIONS,
  DEGREES,
  FIELDS_OF_STUDY,
  FIRST_NAMES,
  FUNCTIONS,
  HOSTILE_TEXTS,
  KEYWORD_TOPICS,
  LANGUAGES,
  LAST_NAMES,
  type LeadFunction,
  MIDDLE_NAMES,
  NON_LATIN_NAMES,
  PROFICIENCIES,
  type Seniority,
  SKILLS,
  SUMMARY_LINES,
  TITLE_PATTERNS,
  UNIVERSITIES,
} from "./vocabulary.ts";

const HOSTILE_TITLE_PREFIXES = [
  "=",
  "+",
  "-",
  "@",
  "<script>alert(1)</script>",
  "<b>",
  '"><img src=x onerror=alert(1)>',
];

/** Seniorities weighted towards the common ones. */
const SENIORITY_WEIGHTS: ReadonlyArray<readonly [Seniority, number]> = [
  ["Owner", 0.02],
  ["Founder", 0.03],
  ["CXO", 0.03],
  ["Partner", 0.02],
  ["VP", 0.05],
  ["SVP", 0.015],
  ["EVP", 0.01],
  ["GVP", 0.005],
  ["Director", 0.08],
  ["Head", 0.06],
  ["Manager", 0.2],
  ["Senior", 0.2],
  ["Entry", 0.25],
  ["Intern", 0.05],
];

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Dates are relative to a fixed reference month so the data set never drifts with the clock. */
const REFERENCE_YEAR = 2026;
const REFERENCE_MONTH = 10; // November (0-based)

/** Years-in-range ids 1..5 (spec): their lower bounds in months. */
const RANGE_MONTHS: ReadonlyArray<readonly [number, number]> = [
  [1, 11],
  [12, 35],
  [36, 71],
  [72, 131],
  [132, 300],
];

export interface LeadCore {
  index: number;
  company: SandboxCompany;
  firstName: string;
  lastName: string;
  middleName: string;
  nameSlug: string;
  function: LeadFunction;
  seniority: Seniority;
  jobTitle: string;
  place: Place;
  industry: string;
  /** Ids 1..5 of the time ranges. */
  yearsInCompany: number;
  yearsInPosition: number;
  /** Months since the current position started. */
  monthsInPosition: number;
  hasStartDate: boolean;
  hasPhoto: boolean;
  changedJobs: boolean;
  postedOnNetwork: boolean;
  mentionedInNews: boolean;
  /** The lead's company id is unknown (null) in its record: what inexact_company resolves. */
  companyIdUnknown: boolean;
  pastCompanyIndices: number[];
  groupIds: number[];
  schoolIds: number[];
  unformattedName: string;
}

/** Titles and name slugs are built once: scanning every lead must not build strings. */
const TITLES: Record<string, string[]> = {};
for (const fn of FUNCTIONS) {
  for (const [seniority, patterns] of Object.entries(TITLE_PATTERNS)) {
    TITLES[`${fn}|${seniority}`] = patterns.map((pattern) => pattern.replace("{F}", titleCase(fn)));
  }
}
const TITLE_TABLE: string[][][] = FUNCTIONS.map((fn) =>
  SENIORITY_WEIGHTS.map(([s]) => TITLES[`${fn}|${s}`]!),
);
const FIRST_SLUGS = FIRST_NAMES.map(slugify);
const LAST_SLUGS = LAST_NAMES.map(slugify);

export function titleFor(fn: LeadFunction, seniority: Seniority, variant: number): string {
  const patterns = TITLES[`${fn}|${seniority}`]!;
  return patterns[variant % patterns.length]!;
}

function pickSeniorityIndex(rng: Random): number {
  let roll = rng.next();
  for (let i = 0; i < SENIORITY_WEIGHTS.length; i++) {
    roll -= SENIORITY_WEIGHTS[i]![1];
    if (roll < 0) return i;
  }
  return SENIORITY_WEIGHTS.length - 2;
}

export function leadCore(seed: number, set: CompanySet, index: number): LeadCore {
  const rng = new Random(seed, 3, index);
  const company = companyOfLead(set, index);
  let firstName: string;
  let lastName: string;
  let nameSlug: string;
  if (rng.chance(0.05)) {
    const [first, last, slug] = rng.pick(NON_LATIN_NAMES);
    firstName = first;
    lastName = last;
    nameSlug = slug;
  } else {
    const first = rng.int(0, FIRST_NAMES.length - 1);
    const last = rng.int(0, LAST_NAMES.length - 1);
    firstName = FIRST_NAMES[first]!;
    lastName = LAST_NAMES[last]!;
    nameSlug = `${FIRST_SLUGS[first]}-${LAST_SLUGS[last]}`;
  }
  const middleName = rng.pick(MIDDLE_NAMES);
  const fnIndex = rng.int(0, FUNCTIONS.length - 1);
  const fn = FUNCTIONS[fnIndex]!;
  const seniorityIndex = pickSeniorityIndex(rng);
  const seniority = SENIORITY_WEIGHTS[seniorityIndex]![0];
  const title = TITLE_TABLE[fnIndex]![seniorityIndex]![rng.int(0, 1)]!;
  // A hostile prefix keeps the title's words (personas still match) while exercising escaping.
  const jobTitle = rng.chance(0.01) ? `${rng.pick(HOSTILE_TITLE_PREFIXES)}${title}` : title;
  const place = rng.chance(0.8) ? company.place : rng.pick(CITIES);
  const industry = rng.chance(0.85) ? company.industry : rng.pick(INDUSTRY_NAMES);
  const yearsInCompany = rng.int(1, 5);
  const yearsInPosition = rng.int(1, yearsInCompany);
  const [low, high] = RANGE_MONTHS[yearsInPosition - 1]!;
  const changedJobs = rng.chance(0.05);
  const monthsInPosition = changedJobs ? rng.int(1, 3) : rng.int(low, high);
  const pastCount = rng.int(0, 4);
  const pastCompanyIndices: number[] = [];
  for (let i = 0; i < pastCount; i++) pastCompanyIndices.push(rng.int(0, set.companies.length - 1));
  const groupIds = rng.chance(0.5) ? [] : [rng.int(1, 60), rng.int(1, 60)];
  const schoolIds: number[] = [];
  if (rng.chance(0.9)) {
    const first = rng.int(0, UNIVERSITIES.length - 1);
    schoolIds.push(first);
    if (rng.chance(0.4)) schoolIds.push((first + rng.int(1, UNIVERSITIES.length - 1)) % UNIVERSITIES.length);
  }
  const formatted = [firstName, middleName, lastName].filter((p) => p !== "").join(" ");
  const unformattedRoll = rng.next();
  const unformattedName =
    unformattedRoll < 0.05 ? `${formatted}, MBA` : unformattedRoll < 0.08 ? `${formatted} 🚀` : formatted;
  return {
    index,
    company,
    firstName,
    lastName,
    middleName,
    nameSlug: nameSlug || "member",
    function: fn,
    seniority,
    jobTitle,
    place,
    industry,
    yearsInCompany,
    yearsInPosition: changedJobs ? 1 : yearsInPosition,
    monthsInPosition,
    hasStartDate: rng.chance(0.92),
    hasPhoto: rng.chance(0.85),
    changedJobs,
    postedOnNetwork: rng.chance(0.3),
    mentionedInNews: rng.chance(0.05),
    companyIdUnknown: rng.chance(0.04),
    pastCompanyIndices,
    groupIds,
    schoolIds: schoolIds.map((s) => 5000 + s),
    unformattedName,
  };
}

/** The profile slug: the name plus a code of the index, so a URL leads back to the lead. */
export function profileSlug(core: LeadCore): string {
  return `${core.nameSlug}-${indexCode(core.index)}`;
}

export function salesId(index: number): string {
  return `ACwAA${indexCode(index).toUpperCase()}`;
}

export function profileUrl(core: LeadCore): string {
  return `https://www.network.example/in/${profileSlug(core)}`;
}

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
