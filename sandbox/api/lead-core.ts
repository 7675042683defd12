import { type CompanySet, companyOfLead, DATA_SET_INDUSTRIES, type SandboxCompany } from "./companies.ts";
import { CITIES, type Place } from "./geography.ts";
import { Random } from "./random.ts";
import { indexCode, slugify, titleCase } from "./text.ts";
import {
  FIRST_NAMES,
  FUNCTIONS,
  LAST_NAMES,
  type LeadFunction,
  MIDDLE_NAMES,
  NON_LATIN_NAMES,
  type Seniority,
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

export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Dates are relative to a fixed reference month so the data set never drifts with the clock. */
export const REFERENCE_YEAR = 2026;
export const REFERENCE_MONTH = 10; // November (0-based)

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
  const industry = rng.chance(0.85) ? company.industry : rng.pick(DATA_SET_INDUSTRIES);
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
