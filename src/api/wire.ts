/**
 * Wire types of the Prospecting Data API, exactly as `shared/api-spec.md` names them.
 *
 * Declarations only: no validation and no behaviour, because the sandbox API imports this file too
 * and the two sides must stay independent readings of the spec (see DESIGN.md).
 * Fields the spec marks "not shown" are typed as `unknown` so callers have to inspect them.
 */

/**
 * Paths of the endpoints: the spec's four as the spec writes them; the account endpoint of the
 * production reference (PRODUCTION.md A9), which carries no network name; the email finder and
 * validator of the same API family (PRODUCTION.md A16), under the same neutral `network` word; then
 * the API's current generation (PRODUCTION.md A19) that batch refresh may use instead of lookups:
 * bulk enrichment (submit real-time or database; the status path takes the job id and a slash after
 * it) and its account profile. The one table of endpoints: a move to another generation is a change here.
 */
export const PATHS = {
  companySearch: "/api/network/companies/by_icp/",
  leadSearch: "/api/network/leads/by_icp/",
  leadLookup: "/api/network/leads/by_link/",
  transactions: "/api/auth/transactions/",
  account: "/api/auth/users/me/",
  emailFinder: "/api/network/email_finder/",
  emailValidator: "/api/network/email_validator/",
  bulkEnrichRealtime: "/api/v1/enrich/realtime/leads/bulk/",
  bulkEnrichDatabase: "/api/v1/enrich/database/leads/bulk/",
  bulkEnrichStatus: "/api/v1/enrich/leads/bulk/",
  accountMe: "/api/v1/accounts/me/",
} as const;

export type EndpointPath = (typeof PATHS)[keyof typeof PATHS];

/** The spec's enumerated headcount values (headcounts, company_headcounts). */
export const HEADCOUNTS = [
  "1-10",
  "11-50",
  "51-200",
  "201-500",
  "501-1000",
  "1001-5000",
  "5001-10000",
  "10 000+",
] as const;
export type Headcount = (typeof HEADCOUNTS)[number];

/** The spec's company type values. */
export const COMPANY_TYPES = [
  "Public Company",
  "Educational",
  "Self Employed",
  "Government Agency",
  "Non Profit",
  "Self Owned",
  "Privately Held",
  "Partnership",
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** Follower ranges allowed by company search's num_of_followers. */
export const FOLLOWER_RANGES = ["1-50", "51-100", "101-1000", "1001-5000", "5001+"] as const;
export type FollowerRange = (typeof FOLLOWER_RANGES)[number];

/** Values allowed in lead search's filter_empty_vars. */
export const FILTER_EMPTY_VARS = [
  "job_started_on",
  "profile_photo",
  "started_at_position",
  "company_website",
] as const;
export type FilterEmptyVar = (typeof FILTER_EMPTY_VARS)[number];

/** Time-range ids for years_in_company and years_in_position, 1 to 5. */
export const TIME_RANGES = {
  1: "Less than 1 year",
  2: "1 to 2 years",
  3: "3 to 5 years",
  4: "6 to 10 years",
  5: "More than 10 years",
} as const;
export type TimeRangeId = keyof typeof TIME_RANGES;

// ---------------------------------------------------------------------------------------------
// Records

export interface OtherLocation {
  additional_info: string | null;
  city: string | null;
  country: string | null;
  description: string | null;
  postal_code: string | null;
  state: string | null;
  street: string | null;
}

export interface Company {
  name: string;
  raw_name: string;
  company_type: string;
  company_db_urn: string;
  description: string;
  tagline: string;
  domain: string;
  website: string;
  founded_year: number | null;
  hashtags: string[];
  specialities: string[];
  headcount_exact: number;
  headcount_range: string;
  industry: string;
  location: string;
  hq_street: string | null;
  hq_additional_info: string | null;
  hq_city: string | null;
  hq_state: string | null;
  hq_postal_code: string | null;
  hq_country: string | null;
  hq_country_code: string;
  number_of_locations: number;
  other_locations_json: OtherLocation[];
  phone_number: string | null;
  network_id: string;
  network_link: string;
  network_sales_link: string;
  network_urn: string;
  logo_url: string;
  background_image: string;
}

/** Fields a job carries in lead search and in lead lookup alike. */
export interface JobBase {
  company_name: string;
  raw_company_name: string;
  company_id: string | null;
  company_url: string | null;
  company_website: string | null;
  company_image: string | null;
  company_description: string;
  company_headcount_range: string;
  company_industry: string;
  company_city: string | null;
  company_state: string | null;
  company_country: string | null;
  company_location: string | null;
  job_title: string;
  raw_job_title: string;
  job_description: string | null;
  job_started_on: string | null;
  job_ended_on: string | null;
  job_still_working: boolean;
  job_location: string;
}

/** Lead lookup jobs additionally carry the job location parts. */
export interface Job extends JobBase {
  job_location_city?: string | null;
  job_location_county?: string | null;
  job_location_state?: string | null;
  job_location_country?: string | null;
}

export interface YearMonth {
  year: number;
  month?: number;
}

export interface Education {
  degree: string;
  university_name: string;
  university_id: string | null;
  fields_of_study: string[] | null;
  started_on: YearMonth;
  ended_on: YearMonth | null;
}

export interface Language {
  name: string;
  proficiency: string;
}

/**
 * A lead as lead search and lead lookup return it. Fields present in only one of the two are
 * optional here; the current job is flattened into the lead (job_title, company_name, ...).
 */
export interface Lead extends JobBase {
  first_name: string;
  middle_name: string;
  last_name: string;
  full_name: string;
  unformatted_full_name: string;
  headline: string;
  raw_headline: string;
  summary: string;
  industry: string;
  location: string;
  location_city: string | null;
  location_county: string | null;
  location_state: string | null;
  location_country: string | null;
  network_id: string;
  sales_id: string;
  network_url: string;
  network_sales_link: string;
  num_of_connections: number;
  profile_photo: string | null;
  private_website: string | null;
  twitter_link: string | null;
  is_full_data: boolean;
  is_job_seeker: boolean;
  is_openlink: boolean;
  is_premium: boolean;
  is_retired: boolean;
  jobs: Job[];
  educations: Education[];
  languages: Language[];
  /** Element shape: not shown. */
  certifications: unknown[];
  /** Element shape: not shown. */
  skills: unknown[];
  /** Lead search only: the company the lead was found at. */
  network_company_id?: string;
  /** Lead search only: name of the persona that matched. */
  network_lead_persona?: string;
  /** Lead lookup only. */
  job_location_city?: string | null;
  job_location_county?: string | null;
  job_location_state?: string | null;
  job_location_country?: string | null;
  /** Lead lookup only: the URL as submitted. */
  input_url?: string;
  /** Lead lookup only. */
  source?: string;
  /** Lead lookup with inexact_company: the datapoint the option adds. Shape: not shown. */
  inexact_company?: unknown;
  /** Lead lookup extras. Where and in what shape they appear: not shown, so `unknown`. */
  posts?: unknown;
  comments?: unknown;
  people_also_viewed?: unknown;
  /** Lookup extra beyond the spec (PRODUCTION.md A7). Shape: not shown. */
  reactions?: unknown;
}

export interface Transaction {
  id: string;
  created_at: string;
  updated_at: string;
  status: string;
  balance_type: string;
  amount: number;
  description: string;
  after_balance: number;
}

// ---------------------------------------------------------------------------------------------
// Requests and responses

export interface RevenuesRange {
  min?: number;
  max?: number;
}

export interface CompanySearchRequest {
  company_types?: string[];
  headcounts?: string[];
  industries?: string[];
  keywords?: string[];
  locations?: string[];
  num_of_followers?: string[];
  revenues_range?: RevenuesRange;
  limit_by?: number;
  offset_by?: number;
  get_max_companies?: boolean;
  /** Production (PRODUCTION.md A17): drops staffing agencies and directories. */
  website_blacklist?: boolean;
  /** Production (A17): "a sub_industries flag exists"; what it does is documented nowhere. */
  sub_industries?: boolean;
  /** A list naming company_locations. Exact type: not shown. */
  strict?: string[];
  /** Element type: not shown. */
  exclude_ids?: Array<string | number>;
  exclude_domains?: string[];
}

export interface CompanySearchResponse {
  companies: Company[];
  /**
   * Companies matching the filters. Production sends it only when the request sets
   * get_max_companies (and in the refine answer); an answer with no match has none.
   */
  results_count?: number;
  amount: number;
  time_cached: string | null;
  /** Present only in the refine-search response. */
  message?: string;
}

/**
 * [name, function, seniority, prohibit_keywords, priority?]. Production (PRODUCTION.md A5): the
 * keywords are free text, [] skips a part, and the optional integer priority (default 0, lower
 * first) orders leads when limit_by cuts the matches.
 */
export type Persona = [
  name: string,
  functions: string[],
  seniority: string[],
  prohibitKeywords: string[],
  priority?: number,
];

export interface LeadSearchRequest {
  company_id?: number;
  company_link?: string;
  company_name?: string;
  without_company?: boolean;
  locations?: string[];
  personas?: Persona[];
  limit_by?: number;
  /** Production (PRODUCTION.md A7): skip the first N matching leads (paging past limit_by). */
  offset_by?: number;
  /** Production (PRODUCTION.md A7): skip leads by sales_id. */
  exclude_ids?: Array<string | number>;
  exclude_names?: string[];
  filter_empty_vars?: string[];
  changed_jobs?: boolean;
  posted_on_network?: boolean;
  mentioned_in_news?: boolean;
  lead_industries?: string[];
  company_locations?: string[];
  company_headcounts?: string[];
  company_types?: string[];
  past_company_names?: string[];
  years_in_company?: number[];
  years_in_position?: number[];
  groups?: number[];
  schools?: number[];
  network_filter_link?: string;
}

export interface LeadSearchResponse {
  leads: Lead[];
  amount: number;
  results_count: string;
  status: string;
}

export interface LeadLookupRequest {
  url: string;
  inexact_company?: boolean;
  people_also_viewed?: boolean;
  posts?: boolean;
  comments?: boolean;
  /** Production's reactions option (PRODUCTION.md A7): +1 credit. */
  reactions?: boolean;
  up_to_the_second_fresh?: boolean;
  get_full_experience?: boolean;
}

export interface LeadLookupResponse {
  lead: Lead;
  amount: number;
}

/**
 * Boolean options of lead lookup that cost 1 extra credit each; each fills the lead field of the
 * same name. reactions is production's (PRODUCTION.md A7), beyond the spec.
 */
export const PAID_LOOKUP_OPTIONS = ["people_also_viewed", "posts", "comments", "reactions"] as const;
export type PaidLookupOption = (typeof PAID_LOOKUP_OPTIONS)[number];

/** Every boolean option of lead lookup. */
export const LOOKUP_OPTIONS = [
  "inexact_company",
  "people_also_viewed",
  "posts",
  "comments",
  "reactions",
  "up_to_the_second_fresh",
  "get_full_experience",
] as const;
export type LookupOption = (typeof LOOKUP_OPTIONS)[number];

/** Transaction list filters: field -> allowed modifiers. */
export const TRANSACTION_FILTERS = {
  created_at: ["exact", "gt", "gte", "lt", "lte", "range"],
  status: ["exact"],
  balance_type: ["exact"],
  amount: ["exact", "gt", "gte", "lt", "lte", "range"],
  after_balance: ["exact", "gt", "gte", "lt", "lte", "range"],
} as const;
export type TransactionFilterField = keyof typeof TRANSACTION_FILTERS;

/** Query of the transaction list: limit, offset and `<field>__<modifier>` filters, all as text. */
export type TransactionQuery = { limit?: string; offset?: string } & Record<string, string | undefined>;

export interface TransactionListResponse {
  count: number;
  next: string | null;
  previous: string | null;
  limit: number;
  max_limit: number;
  offset: number;
  results: Transaction[];
}

/**
 * GET /api/auth/users/me/ (PRODUCTION.md A9, free): the account's balances, limits and use.
 * Only the fields the add-on reads are named; production sends more (per-operation counters such
 * as `balance_leads_by_icp`, the plan, the user's name), which pass through untouched.
 */
export interface AccountResponse {
  /** The spendable balance. */
  balance_platform: number;
  /** Reserved for requests in flight. */
  blocked_balance_platform?: number;
  max_parallel_searches?: number;
  count_parallel_searches?: number;
  count_searches_completed_today?: number;
  count_searches_in_progress_today?: number;
  /** Absent when the plan has no daily limit. */
  max_searches_daily?: number;
  [field: string]: unknown;
}

/** Error body, from the live service's documentation (DESIGN.md). */
export interface ErrorBody {
  status: "error";
  status_code: number;
  detail: string | Record<string, unknown>;
}

/** Parallel request limits per endpoint (spec, Limits). */
export const PARALLEL_LIMITS = {
  [PATHS.companySearch]: 20,
  [PATHS.leadSearch]: 50,
  [PATHS.leadLookup]: 500,
} as const;

// ---------------------------------------------------------------------------------------------
// Email finder and validator (PRODUCTION.md A16; production's reference shows the older
// generation's shapes: an array in, an array out, one object per item, in order)

/** One row sent to the email finder. */
export interface EmailFinderRequest {
  first_name: string;
  last_name: string;
  /** The company's mail domain: `example.com`, no scheme, no `www.`, no path. */
  domain: string;
}

/**
 * One answer of the email finder. Production's reference types every field as text (`catch_all`
 * "true"/"false" and `exist` "yes"/"no"; its own sample sends `catch_all: true`), so they are
 * `unknown` here and read leniently in responses.ts.
 */
export interface EmailFinderAnswer {
  first_name?: unknown;
  last_name?: unknown;
  domain?: unknown;
  /** `valid`, `invalid` or `unknown`; `valid` also when the domain is catch-all. */
  result: unknown;
  catch_all: unknown;
  exist: unknown;
  /** The address found; empty or null when none. */
  valid_email: unknown;
  email_format?: unknown;
  mx_domain?: unknown;
  source?: unknown;
  /** Null on success; a text when this row could not be checked. */
  error: unknown;
  logs?: unknown;
}

/** One answer of the email validator (its request is a plain array of addresses). */
export interface EmailValidatorAnswer {
  email: unknown;
  result: unknown;
  catch_all: unknown;
  exist: unknown;
  mx_domain?: unknown;
  source?: unknown;
  error: unknown;
  logs?: unknown;
}
