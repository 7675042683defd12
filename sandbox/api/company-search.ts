/** POST /api/network/companies/by_icp/: companies by ideal-customer profile (spec section 1). */
import type { Company, CompanySearchResponse } from "../../src/api/wire.ts";
import { formatTimestamp } from "./accounts.ts";
import { BodyReader, enumerated, parseJsonObject } from "./body-reader.ts";
import { INDUSTRY_NAMES, recordOf, type SandboxCompany } from "./companies.ts";
import type { Endpoint, EndpointRequest } from "./endpoint.ts";
import { COMPANY_TYPE_VALUES, FOLLOWER_RANGES, HEADCOUNT_VALUES, inHeadcounts } from "./enumerations.ts";
import { validationError } from "./failure.ts";
import { isSupportedLocation, placeMatches } from "./geography.ts";
import { type Expression, matches, parseKeywords } from "./keywords.ts";
import { isSuitable } from "./suitability.ts";

export const SEARCHED_LIMIT = 1600;
export const ORDER_CACHE_MS = 30 * 86_400_000;
export const REFINE_COST = 3;
export const REFINE_MESSAGE =
  "Too many companies match these filters. Please refine your search (add filters or narrow them) to get at most 1600 results.";

const FIELDS = [
  "company_types",
  "headcounts",
  "industries",
  "keywords",
  "locations",
  "num_of_followers",
  "revenues_range",
  "limit_by",
  "offset_by",
  "get_max_companies",
  "include_total_count",
  "website_blacklist",
  "sub_industries",
  "strict",
  "exclude_ids",
  "exclude_domains",
] as const;

interface Query {
  companyTypes?: string[];
  headcounts?: string[];
  industries?: string[];
  keywords?: string[];
  keywordExpression: Expression | null;
  locations?: string[];
  followers?: string[];
  revenueMin?: number;
  revenueMax?: number;
  limitBy?: number;
  offsetBy?: number;
  strictLocations: boolean;
  /** get_max_companies or include_total_count (PRODUCTION.md A1): answer results_count. */
  wantsCount: boolean;
  excludeIds: Set<string>;
  excludeDomains: Set<string>;
  /** website_blacklist (PRODUCTION.md A17): staffing agencies and directories are dropped. */
  websiteBlacklist: boolean;
}

/**
 * What website_blacklist drops (A17: "staffing agencies and directories"): the staffing industry,
 * and companies whose name or tagline says they are one. The data set has no directory industry.
 */
const BLACKLISTED_INDUSTRIES = new Set(["Staffing and Recruiting"]);
const BLACKLISTED_WORDS = /\b(staffing|recruit(ing|ment|ers?)?|director(y|ies))\b/i;

function isBlacklisted(company: SandboxCompany): boolean {
  return (
    BLACKLISTED_INDUSTRIES.has(company.industry) ||
    BLACKLISTED_WORDS.test(company.name) ||
    BLACKLISTED_WORDS.test(company.tagline)
  );
}

function checkList(
  field: string,
  values: string[] | undefined,
  supported: (v: string) => boolean,
  listName: string,
) {
  for (const value of values ?? []) {
    if (!supported(value)) {
      throw validationError(
        `${field} has "${value}", which is not in the ${listName}`,
        `edit ${field}; use entries of the ${listName}`,
      );
    }
  }
}

function normalizeDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/^www\./, "")
    .replace(/\/.*$/, "");
}

function readQuery(text: string): Query {
  const reader = new BodyReader(parseJsonObject(text), FIELDS);
  const locations = reader.strings("locations");
  checkList("locations", locations, isSupportedLocation, "supported-location list");
  const industries = reader.strings("industries");
  checkList(
    "industries",
    industries,
    (v) => INDUSTRY_NAMES.includes(v),
    "supported-industry list (industry_name)",
  );
  const keywords = reader.strings("keywords");
  const limitBy = reader.number("limit_by", true);
  if (limitBy !== undefined && !(limitBy > 1 && limitBy < SEARCHED_LIMIT)) {
    throw validationError("limit_by must be greater than 1 and less than 1600", "edit limit_by");
  }
  const offsetBy = reader.number("offset_by", true);
  if (offsetBy !== undefined && !(offsetBy >= 0 && offsetBy < SEARCHED_LIMIT - 1)) {
    throw validationError("offset_by must be greater than 0 (or 0) and less than 1599", "edit offset_by");
  }
  const wantsCount =
    (reader.boolean("get_max_companies") ?? false) || (reader.boolean("include_total_count") ?? false);
  const websiteBlacklist = reader.boolean("website_blacklist") ?? false;
  // A17: accepted on this path. Industries here match exactly, with no sub-industries to leave out.
  reader.boolean("sub_industries");
  const strict = reader.strings("strict") ?? [];
  for (const name of strict) {
    if (name !== "company_locations")
      throw validationError(`strict names "${name}"`, "edit strict; it may name company_locations");
  }
  const revenues = reader.raw("revenues_range");
  let revenueMin: number | undefined;
  let revenueMax: number | undefined;
  if (revenues !== undefined && revenues !== null) {
    const range = new BodyReader(
      typeof revenues === "object" && !Array.isArray(revenues)
        ? (revenues as Record<string, unknown>)
        : { invalid: true },
      ["min", "max"],
    );
    revenueMin = range.number("min");
    revenueMax = range.number("max");
    if (revenueMin !== undefined && revenueMax !== undefined && revenueMin > revenueMax) {
      throw validationError("revenues_range min is greater than max", "edit revenues_range");
    }
  }
  const excludeIds = reader.raw("exclude_ids");
  if (excludeIds !== undefined && excludeIds !== null) {
    if (
      !Array.isArray(excludeIds) ||
      !excludeIds.every((id) => typeof id === "string" || typeof id === "number")
    ) {
      throw validationError("exclude_ids must be a list of ids (numbers or text)", "edit exclude_ids");
    }
  }
  return {
    companyTypes: enumerated("company_types", reader.strings("company_types"), COMPANY_TYPE_VALUES),
    headcounts: enumerated("headcounts", reader.strings("headcounts"), HEADCOUNT_VALUES),
    industries,
    keywords,
    keywordExpression: parseKeywords(keywords ?? []),
    locations,
    followers: enumerated(
      "num_of_followers",
      reader.strings("num_of_followers"),
      FOLLOWER_RANGES.map((r) => r[0]),
    ),
    revenueMin,
    revenueMax,
    limitBy,
    offsetBy,
    strictLocations: strict.includes("company_locations"),
    wantsCount,
    excludeIds: new Set(
      ((excludeIds as Array<string | number> | undefined) ?? []).map((id) => String(id).trim()),
    ),
    excludeDomains: new Set((reader.strings("exclude_domains") ?? []).map(normalizeDomain)),
    websiteBlacklist,
  };
}

/** Rule 8: the order cache's key is headcounts, locations, industries and keywords only. */
function cacheKey(query: Query): string {
  const sorted = (values: string[] | undefined) => [...(values ?? [])].sort();
  return JSON.stringify([
    sorted(query.headcounts),
    sorted(query.locations),
    sorted(query.industries),
    sorted(query.keywords),
  ]);
}

/** The four cache-key filters; locations here match the headquarters or any other location. */
function matchesKeyFilters(company: SandboxCompany, query: Query): boolean {
  if (query.headcounts?.length && !inHeadcounts(company.headcountExact, query.headcounts)) return false;
  if (query.industries?.length && !query.industries.includes(company.industry)) return false;
  if (query.locations?.length) {
    const places = [company.place, ...company.otherPlaces];
    if (!query.locations.some((l) => places.some((p) => placeMatches(p, l)))) return false;
  }
  if (query.keywordExpression !== null && !matches(query.keywordExpression, company.searchText)) return false;
  return true;
}

function matchesOtherFilters(company: SandboxCompany, query: Query): boolean {
  if (query.companyTypes?.length && !query.companyTypes.includes(company.companyType)) return false;
  if (query.followers?.length) {
    const inRange = query.followers.some((value) => {
      const range = FOLLOWER_RANGES.find((f) => f[0] === value)!;
      return company.followers >= range[1] && company.followers <= range[2];
    });
    if (!inRange) return false;
  }
  if (query.revenueMin !== undefined && company.revenueMillions < query.revenueMin) return false;
  if (query.revenueMax !== undefined && company.revenueMillions > query.revenueMax) return false;
  if (query.excludeIds.has(company.networkId)) return false;
  if (query.excludeDomains.has(normalizeDomain(company.domain))) return false;
  if (query.websiteBlacklist && isBlacklisted(company)) return false;
  // strict: the headquarters itself must be in one of the locations, not only another office.
  if (
    query.strictLocations &&
    query.locations?.length &&
    !query.locations.some((l) => placeMatches(company.place, l))
  ) {
    return false;
  }
  return true;
}

function wantsRefine(request: EndpointRequest): boolean {
  const header = request.headers["x-sandbox-refine"];
  return request.state.config.refineSearch || header === "true" || header === "1";
}

/** The answer's shape: results_count is there only when asked for (PRODUCTION.md A1). */
type CompanySearchAnswer = Omit<CompanySearchResponse, "results_count"> & { results_count?: number };

export const companySearch: Endpoint = (request) => {
  const { body, data, state } = request;
  const query = readQuery(body);
  const now = state.now();
  const key = cacheKey(query);
  let cached = state.orderCache.get(key);
  let timeCached: string | null = null;
  if (cached !== undefined && now - cached.cachedAt < ORDER_CACHE_MS) {
    timeCached = formatTimestamp(cached.cachedAt);
  } else {
    const order: number[] = [];
    for (const company of data.companies.companies)
      if (matchesKeyFilters(company, query)) order.push(company.index);
    cached = { cachedAt: now, order };
    state.orderCache.set(key, cached);
  }
  const matching = cached.order.filter((i) => matchesOtherFilters(data.companies.companies[i]!, query));
  if (matching.length > SEARCHED_LIMIT && wantsRefine(request)) {
    const refine: CompanySearchResponse = {
      companies: [],
      results_count: matching.length,
      amount: REFINE_COST,
      time_cached: timeCached,
      message: REFINE_MESSAGE,
    };
    return {
      status: 200,
      body: refine,
      charge: {
        credits: REFINE_COST,
        balanceType: "companies_by_icp",
        description: "Company search: refine-search answer",
      },
    };
  }
  const searched = matching.slice(0, SEARCHED_LIMIT);
  const start = query.offsetBy ?? 0;
  const window = searched.slice(start, query.limitBy === undefined ? undefined : start + query.limitBy);
  // Rule 2: unsuitable companies take their place in the window but are not output or charged.
  const companies: Company[] = window
    .map((i) => data.companies.companies[i]!)
    .filter(isSuitable)
    .map((company) => recordOf(data.seed, company));
  const production = state.config.totalCount === "when_asked";
  if (production && companies.length === 0) {
    // PRODUCTION.md A1: no match answers exactly this, with no count even when one was asked for.
    return { status: 200, body: { amount: 0, companies: [] } };
  }
  const response: CompanySearchAnswer = { companies, amount: -companies.length, time_cached: timeCached };
  if (!production || query.wantsCount) response.results_count = matching.length;
  return {
    status: 200,
    body: response,
    charge: {
      credits: companies.length,
      balanceType: "companies_by_icp",
      description: `Company search: ${companies.length} companies`,
    },
  };
};
