/**
 * The synthetic company set: materialized once at start (20,000 records is a few MB and a few
 * tens of milliseconds), deterministic from the seed. The first records are engineered so that the
 * spec's examples can be reproduced exactly (see ENGINEERED below and sandbox/README.md).
 */
import type { Company, OtherLocation } from "../../src/api/wire.ts";
import dataSetIndustries from "./data/data-set-industries.json" with { type: "json" };
import industries from "./data/supported-industries.json" with { type: "json" };
import { CITIES, type Place } from "./geography.ts";
import { Random } from "./random.ts";
import { indexCode, slugify } from "./text.ts";
import {
  BAD_WEBSITE_HOSTS,
  COMPANY_NAME_PARTS_A,
  COMPANY_NAME_PARTS_B,
  COMPANY_SUFFIXES,
  HOSTILE_TEXTS,
  KEYWORD_TOPICS,
  NON_LATIN_COMPANIES,
  TAGLINES,
} from "./vocabulary.ts";

/**
 * The supported-industry list: the network's public industry taxonomy (V2, 434 names, as the
 * network's developer documentation lists them), which requests are checked against.
 */
export const INDUSTRY_NAMES: readonly string[] = industries.map((i) => i.industry_name);

/**
 * The industries the synthetic companies and leads are drawn from: 66 names of the taxonomy, in a
 * fixed order (the generator picks by position, so this order is part of the data set's seed).
 */
export const DATA_SET_INDUSTRIES: readonly string[] = dataSetIndustries;

/** The spec's headcount values with the exact-count bounds each one covers. */
export const HEADCOUNT_BUCKETS = [
  { label: "1-10", min: 1, max: 10 },
  { label: "11-50", min: 11, max: 50 },
  { label: "51-200", min: 51, max: 200 },
  { label: "201-500", min: 201, max: 500 },
  { label: "501-1000", min: 501, max: 1000 },
  { label: "1001-5000", min: 1001, max: 5000 },
  { label: "5001-10000", min: 5001, max: 10000 },
  { label: "10 000+", min: 10001, max: Number.POSITIVE_INFINITY },
] as const;

const COMPANY_TYPE_VALUES = [
  "Privately Held",
  "Privately Held",
  "Privately Held",
  "Public Company",
  "Self Employed",
  "Self Owned",
  "Partnership",
  "Non Profit",
  "Educational",
  "Government Agency",
] as const;

/** Share of companies per headcount bucket, and the leads (employees reachable) per company. */
const BUCKET_WEIGHTS = [0.3, 0.25, 0.2, 0.1, 0.06, 0.05, 0.025, 0.015];
const LEADS_PER_COMPANY: ReadonlyArray<readonly [number, number]> = [
  [1, 2],
  [1, 4],
  [2, 6],
  [3, 8],
  [5, 12],
  [8, 30],
  [20, 80],
  [50, 250],
];

/** Engineered records at fixed indices (all carry the speciality "conformance" or a unique name). */
export const ENGINEERED = {
  /** Indices 0..249 carry speciality "conformance"; of them, 200, 201 and 203 are unsuitable. */
  conformanceBlock: 250,
  unsuitableInBlock: [200, 201, 203],
  /** "Sixhundred Labs": 600 employees, states 1000-5000 (spec rule 5). */
  sixHundred: 250,
  /** Companies that themselves host an aggregator site (rule 3's exception). */
  aggregatorHosts: [251, 252, 253],
  /** Giants with 3,000 reachable leads each, to reach lead search's 2,500 cap. */
  giants: [254, 255],
} as const;

export interface SandboxCompany {
  index: number;
  name: string;
  /** The profile handle (network_urn), also the company's URL slug. */
  stem: string;
  networkId: string;
  companyType: string;
  industry: string;
  headcountExact: number;
  headcountRange: string;
  /** Index of the headcount value the exact count falls in. */
  bucket: number;
  domain: string;
  website: string;
  topic: string;
  founded: number | null;
  tagline: string;
  specialities: string[];
  hashtags: string[];
  place: Place;
  otherPlaces: Place[];
  followers: number;
  /** Yearly revenue in millions of US dollars (the unit revenues_range reads). */
  revenueMillions: number;
  /** Lower-cased text keywords are matched against. */
  searchText: string;
  /** First global lead index of this company's employees, and how many there are. */
  leadStart: number;
  leadCount: number;
}

export interface CompanySet {
  companies: SandboxCompany[];
  /** leadStarts[i] = first lead index of company i; a typed array for binary search. */
  leadStarts: Int32Array;
  totalLeads: number;
  byNetworkId: Map<string, SandboxCompany>;
  bySlug: Map<string, SandboxCompany>;
  byLowerName: Map<string, SandboxCompany[]>;
}

function otherLocation(rng: Random, place: Place): OtherLocation {
  return {
    additional_info: rng.chance(0.7) ? null : `Floor ${rng.int(1, 40)}`,
    city: place.city,
    country: place.countryCode,
    description: rng.chance(0.5) ? null : "Regional office",
    postal_code: rng.chance(0.3) ? null : String(rng.int(10000, 99999)),
    state: rng.chance(0.2) ? null : place.state,
    street: rng.chance(0.3) ? null : `${rng.int(1, 999)} Market Street`,
  };
}

function pickBucket(rng: Random): number {
  let roll = rng.next();
  for (let b = 0; b < BUCKET_WEIGHTS.length; b++) {
    roll -= BUCKET_WEIGHTS[b]!;
    if (roll < 0) return b;
  }
  return BUCKET_WEIGHTS.length - 1;
}

/** Slugs of generated names, computed once per distinct name. */
const nameSlugs = new Map<string, string>();
function cachedSlug(name: string): string {
  let slug = nameSlugs.get(name);
  if (slug === undefined) {
    slug = slugify(name);
    nameSlugs.set(name, slug);
  }
  return slug;
}

function companyName(rng: Random, index: number): { name: string; stem: string } {
  if (index === ENGINEERED.sixHundred) return { name: "Sixhundred Labs", stem: "sixhundred-labs" };
  const aggregator = ENGINEERED.aggregatorHosts.indexOf(index as 251 | 252 | 253);
  if (aggregator >= 0) {
    const name = ["Calendly", "Medium", "Bitly"][aggregator]!;
    return { name, stem: name.toLowerCase() };
  }
  const roll = rng.next();
  if (roll < 0.02) {
    const [name, stem] = rng.pick(NON_LATIN_COMPANIES);
    return { name, stem: `${stem}-${indexCode(index)}` };
  }
  if (roll < 0.03) return { name: rng.pick(HOSTILE_TEXTS), stem: `co-${indexCode(index)}` };
  const name = `${rng.pick(COMPANY_NAME_PARTS_A)} ${rng.pick(COMPANY_NAME_PARTS_B)}${rng.pick(COMPANY_SUFFIXES)}`;
  return { name, stem: `${cachedSlug(name)}-${indexCode(index)}` };
}

/** Website text, deciding rule 3's suitability: mostly good, some bad hosts, a few empty. */
function website(rng: Random, index: number, domain: string): { website: string; domain: string } {
  const aggregator = ENGINEERED.aggregatorHosts.indexOf(index as 251 | 252 | 253);
  if (aggregator >= 0) {
    const host = ["calendly.com", "medium.com", "bit.ly"][aggregator]!;
    return { website: `https://${host}`, domain: host };
  }
  if (index === 201) return { website: "https://bit.ly/3xYzAb", domain };
  if (index === 203) return { website: "", domain };
  if (index < ENGINEERED.conformanceBlock || index <= 255)
    return { website: `https://www.${domain}`, domain };
  const roll = rng.next();
  if (roll < 0.01) return { website: "", domain };
  if (roll < 0.04) {
    const host = rng.pick(BAD_WEBSITE_HOSTS);
    const stem = domain.split(".")[0]!;
    const url = rng.chance(0.5) ? `https://${stem}.${host}/` : `https://${host}/${stem}`;
    return { website: url, domain };
  }
  return { website: rng.chance(0.3) ? `http://${domain}` : `https://www.${domain}`, domain };
}

function headcount(rng: Random, index: number): { exact: number; range: string; bucket: number } {
  if (index === ENGINEERED.sixHundred) return { exact: 600, range: "1000-5000", bucket: 4 };
  if (ENGINEERED.giants.includes(index as 254 | 255))
    return { exact: 40000 + index, range: "10 000+", bucket: 7 };
  const bucket = pickBucket(rng);
  const spec = HEADCOUNT_BUCKETS[bucket]!;
  const exact = rng.int(spec.min, Number.isFinite(spec.max) ? spec.max : 250_000);
  // Some companies state a range that disagrees with their exact count (spec rule 5).
  if (rng.chance(0.06)) {
    const shifted = Math.min(HEADCOUNT_BUCKETS.length - 1, Math.max(0, bucket + (rng.chance(0.5) ? 1 : -1)));
    return { exact, range: HEADCOUNT_BUCKETS[shifted]!.label, bucket };
  }
  return { exact, range: spec.label, bucket };
}

function description(rng: Random, name: string, topic: string, place: Place, founded: number | null): string {
  if (rng.chance(0.01)) return rng.pick(HOSTILE_TEXTS);
  const lines = [
    `${name} builds ${topic} products for teams in ${place.country}.`,
    "",
    `Our mission: make ${topic} work for everyone.`,
  ];
  if (founded !== null) lines.push(`Founded in ${founded}.`);
  if (rng.chance(0.3)) lines.push("• Offices worldwide\n• Remote friendly");
  return lines.join("\n");
}

/**
 * A company's filterable core, drawn at start. Its full record is drawn only when it is output
 * (recordOf): descriptions, addresses and URLs are most of the memory and most of the start-up time.
 */
function generateCompany(seed: number, index: number): SandboxCompany {
  const rng = new Random(seed, 1, index);
  const { name, stem } = companyName(rng, index);
  const place = rng.pick(CITIES);
  const otherPlaces = rng.chance(0.6) ? [] : rng.sample(CITIES, rng.int(1, 3)).filter((p) => p !== place);
  const topic = rng.pick(KEYWORD_TOPICS);
  const founded = rng.chance(0.1) ? null : rng.int(1890, 2024);
  const count = headcount(rng, index);
  const zeroEmployees = index === 200 || (index > 255 && rng.chance(0.03));
  const exact = zeroEmployees ? 0 : count.exact;
  const tld = place.countryCode === "US" ? "com" : rng.pick(["com", "io", place.countryCode.toLowerCase()]);
  const site = website(rng, index, `${stem}.${tld}`);
  const specialities: string[] = rng.chance(0.2) ? [] : rng.sample(KEYWORD_TOPICS, rng.int(1, 5));
  if (index < ENGINEERED.conformanceBlock) specialities.push("conformance");
  const hashtags = rng.chance(0.3)
    ? []
    : rng.sample(KEYWORD_TOPICS, rng.int(1, 3)).map((t) => `#${t.replace(/ /g, "")}`);
  const industry = rng.pick(DATA_SET_INDUSTRIES);
  const tagline = rng.chance(0.01)
    ? rng.pick(HOSTILE_TEXTS)
    : rng
        .pick(TAGLINES)
        .replace("{topic}", topic)
        .replace("{year}", String(founded ?? 2000));
  const searchText = [name, tagline, topic, industry, ...specialities, ...hashtags]
    .join(" \n ")
    .toLowerCase();
  return {
    index,
    name,
    stem,
    networkId: String(1_000_000 + index),
    companyType: rng.pick(COMPANY_TYPE_VALUES),
    industry,
    headcountExact: exact,
    headcountRange: zeroEmployees ? "1-10" : count.range,
    bucket: count.bucket,
    domain: site.domain,
    website: site.website,
    topic,
    founded,
    tagline,
    specialities,
    hashtags,
    place,
    otherPlaces,
    followers: rng.chance(0.02) ? 0 : Math.floor(10 ** (1 + rng.next() * 4.5)),
    revenueMillions: Math.round(Math.max(exact, 1) * rng.int(5, 40)) / 100,
    searchText,
    leadStart: 0,
    leadCount: 0,
  };
}

/** The company's full record (spec's Company record), drawn from its own stream on demand. */
export function recordOf(seed: number, company: SandboxCompany): Company {
  const rng = new Random(seed, 9, company.index);
  const { name, place, networkId, stem } = company;
  return {
    name,
    raw_name: rng.chance(0.1) ? name.toUpperCase() : name,
    company_type: company.companyType,
    company_db_urn: `urn:db:company:${networkId}`,
    description: description(rng, name, company.topic, place, company.founded),
    tagline: company.tagline,
    domain: company.domain,
    website: company.website,
    founded_year: company.founded,
    hashtags: [...company.hashtags],
    specialities: [...company.specialities],
    headcount_exact: company.headcountExact,
    headcount_range: company.headcountRange,
    industry: company.industry,
    location: rng.chance(0.5) ? `${place.city}, ${place.state}` : `${place.city}, ${place.country}`,
    hq_street: rng.chance(0.15)
      ? null
      : `${rng.int(1, 2000)} ${rng.pick(["Main", "High", "Park", "Hauptstraße", "Rue de Rivoli"])} ${rng.pick(["Street", "Avenue", ""])}`.trim(),
    hq_additional_info: rng.chance(0.7) ? null : `Suite ${rng.int(100, 999)}`,
    hq_city: rng.chance(0.03) ? null : place.city,
    hq_state: rng.chance(0.1) ? null : place.state,
    hq_postal_code: rng.chance(0.2) ? null : String(rng.int(10000, 99999)),
    hq_country: rng.chance(0.02) ? null : place.country,
    hq_country_code: place.countryCode,
    number_of_locations: 1 + company.otherPlaces.length,
    other_locations_json: company.otherPlaces.map((p) => otherLocation(rng, p)),
    phone_number: rng.chance(0.4)
      ? null
      : `+${rng.int(1, 99)} ${rng.int(100, 999)} ${rng.int(1000000, 9999999)}`,
    network_id: networkId,
    network_link: `https://www.network.example/company/${stem}/`,
    network_sales_link: `https://www.network.example/sales/company/${networkId}`,
    network_urn: stem,
    logo_url: `https://media.network.example/company-logo/${networkId}.png`,
    background_image: `https://media.network.example/company-background/${networkId}.jpg`,
  };
}

/** Generates the whole company set with lead ranges; `count` defaults to 20,000. */
export function generateCompanies(seed: number, count = 20_000): CompanySet {
  const companies: SandboxCompany[] = [];
  const leadStarts = new Int32Array(count + 1);
  const byNetworkId = new Map<string, SandboxCompany>();
  const bySlug = new Map<string, SandboxCompany>();
  const byLowerName = new Map<string, SandboxCompany[]>();
  let nextLead = 0;
  for (let index = 0; index < count; index++) {
    const company = generateCompany(seed, index);
    const [low, high] = LEADS_PER_COMPANY[company.bucket]!;
    const rng = new Random(seed, 2, index);
    const exact = company.headcountExact;
    company.leadCount = exact === 0 ? 0 : Math.min(exact, rng.int(low, high));
    if (ENGINEERED.giants.includes(index as 254 | 255)) company.leadCount = 3000;
    company.leadStart = nextLead;
    leadStarts[index] = nextLead;
    nextLead += company.leadCount;
    companies.push(company);
    byNetworkId.set(company.networkId, company);
    bySlug.set(company.stem, company);
    const lower = company.name.toLowerCase();
    const same = byLowerName.get(lower);
    if (same) same.push(company);
    else byLowerName.set(lower, [company]);
  }
  leadStarts[count] = nextLead;
  return { companies, leadStarts, totalLeads: nextLead, byNetworkId, bySlug, byLowerName };
}

/** The company whose lead range holds `leadIndex` (binary search over leadStarts). */
export function companyOfLead(set: CompanySet, leadIndex: number): SandboxCompany {
  let low = 0;
  let high = set.companies.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (set.leadStarts[mid]! <= leadIndex) low = mid;
    else high = mid - 1;
  }
  // Companies with no leads share a start with the next one; step forward to the owner.
  while (
    set.companies[low]!.leadCount === 0 ||
    set.leadStarts[low]! + set.companies[low]!.leadCount <= leadIndex
  )
    low++;
  return set.companies[low]!;
}
