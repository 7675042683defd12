/** POST /api/network/leads/by_icp/: leads by personas and lead criteria (spec section 2). */
import type { Lead, LeadSearchResponse } from "../../src/api/wire.ts";
import { BodyReader, enumerated, parseJsonObject } from "./body-reader.ts";
import { INDUSTRY_NAMES, type SandboxCompany } from "./companies.ts";
import type { Dataset } from "./dataset.ts";
import type { Endpoint } from "./endpoint.ts";
import { COMPANY_TYPE_VALUES, FILTER_EMPTY_VARS, HEADCOUNT_VALUES, inHeadcounts } from "./enumerations.ts";
import { ApiFailure, validationError } from "./failure.ts";
import { isSupportedLocation, placeMatches } from "./geography.ts";
import { type LeadCore, salesId } from "./lead-core.ts";
import { buildLead } from "./lead-record.ts";
import { type LinkFilters, readNetworkFilterLink } from "./network-filter-link.ts";
import { type Persona, personaMatcher, readPersonas } from "./personas.ts";
import { FUNCTIONS, SENIORITIES, type Seniority } from "./vocabulary.ts";

/** Spec target rules 2-4: the network's limit, and the lower one without a company or with a link. */
export const COMPANY_LIMIT = 2500;
export const OPEN_LIMIT = 2400;
export const WITHIN_LIMIT = "within limit";

const FIELDS = [
  "company_id",
  "company_link",
  "company_name",
  "without_company",
  "locations",
  "personas",
  "limit_by",
  "offset_by",
  "exclude_ids",
  "exclude_names",
  "filter_empty_vars",
  "changed_jobs",
  "posted_on_network",
  "mentioned_in_news",
  "lead_industries",
  "company_locations",
  "company_headcounts",
  "company_types",
  "past_company_names",
  "years_in_company",
  "years_in_position",
  "groups",
  "schools",
  "network_filter_link",
] as const;

type LeadTest = (core: LeadCore) => boolean;

function supportedLocations(field: string, values: string[] | undefined): string[] | undefined {
  for (const value of values ?? []) {
    if (!isSupportedLocation(value)) {
      throw validationError(
        `${field} has "${value}", which is not in the supported-location list`,
        `edit ${field}`,
      );
    }
  }
  return values;
}

function supportedIndustries(field: string, values: string[] | undefined): string[] | undefined {
  for (const value of values ?? []) {
    if (!INDUSTRY_NAMES.includes(value)) {
      throw validationError(
        `${field} has "${value}", which is not in the supported-industry list (industry_name)`,
        `edit ${field}`,
      );
    }
  }
  return values;
}

function rangeIds(field: string, values: number[] | undefined): number[] | undefined {
  for (const id of values ?? []) {
    if (id < 1 || id > 5)
      throw validationError(`${field} has the unknown time-range id ${id}`, `edit ${field}; ids are 1 to 5`);
  }
  return values;
}

/** Company search by profile URL: /company/<handle or id>/ or /sales/company/<id>, any host. */
function companyByLink(data: Dataset, link: string): SandboxCompany {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(link.trim()) ? link.trim() : `https://${link.trim()}`);
  } catch {
    throw validationError("company_link is not a URL", "edit company_link; use the company's profile URL");
  }
  const segments = url.pathname.split("/").filter((s) => s !== "");
  const handle =
    segments[0] === "company"
      ? segments[1]
      : segments[0] === "sales" && segments[1] === "company"
        ? segments[2]
        : undefined;
  if (handle === undefined) {
    throw validationError(
      "company_link is not a company profile URL",
      "edit company_link; e.g. https://www.network.example/company/<handle>/",
    );
  }
  const found = data.companies.bySlug.get(handle.toLowerCase()) ?? data.companies.byNetworkId.get(handle);
  if (found === undefined) throw new ApiFailure(404, "Company not found.");
  return found;
}

type Target = { kind: "company"; company: SandboxCompany } | { kind: "open" } | { kind: "no_match" };

function readTarget(reader: BodyReader, data: Dataset, hasLink: boolean): Target {
  const companyId = reader.number("company_id", true);
  const companyLink = reader.string("company_link");
  const companyName = reader.string("company_name");
  const withoutCompany = reader.boolean("without_company") ?? false;
  const given = [companyId, companyLink, companyName].filter((v) => v !== undefined).length;
  if (withoutCompany && given > 0) {
    throw validationError(
      "without_company cannot be combined with company_id, company_link or company_name",
      "edit the body; remove without_company or the company",
    );
  }
  if (given > 1) {
    throw validationError(
      "give exactly one of company_id, company_link, company_name",
      "edit the body; keep one company field",
    );
  }
  if (companyId !== undefined) {
    const company = data.companies.byNetworkId.get(String(companyId));
    if (company === undefined) throw new ApiFailure(404, "Company not found.");
    return { kind: "company", company };
  }
  if (companyLink !== undefined) return { kind: "company", company: companyByLink(data, companyLink) };
  if (companyName !== undefined) {
    const company = data.companies.byLowerName.get(companyName.trim().toLowerCase())?.[0];
    return company === undefined ? { kind: "no_match" } : { kind: "company", company };
  }
  if (!withoutCompany && !hasLink) {
    throw validationError(
      "no target: give one of company_id, company_link, company_name, or without_company true, or network_filter_link",
      "edit the body; add a company or set without_company to true",
    );
  }
  return { kind: "open" };
}

function lowerIncludes(list: readonly string[], value: string): boolean {
  const lower = value.toLowerCase();
  return list.some((item) => item.toLowerCase() === lower);
}

/** The link's filters as lead tests (validated like the body's own lists). */
function linkTests(link: LinkFilters): LeadTest[] {
  const tests: LeadTest[] = [];
  supportedLocations("network_filter_link (location)", [...link.locations, ...link.excludedLocations]);
  supportedIndustries("network_filter_link (industry)", link.industries);
  enumerated("network_filter_link (headcount)", link.headcounts, HEADCOUNT_VALUES);
  for (const fn of [...link.functions, ...link.excludedFunctions]) {
    if (!lowerIncludes(FUNCTIONS, fn))
      throw validationError(
        `network_filter_link has the unknown function "${fn}"`,
        "edit network_filter_link",
      );
  }
  const seniorities = new Set<Seniority>();
  for (const s of link.seniorities) {
    const found = SENIORITIES.find((k) => k.toLowerCase() === s.toLowerCase());
    if (found === undefined)
      throw validationError(
        `network_filter_link has the unknown seniority "${s}"`,
        "edit network_filter_link",
      );
    for (const e of found === "VP" ? (["VP", "SVP", "EVP", "GVP"] as const) : [found]) seniorities.add(e);
  }
  const keywords = link.keywords.map((k) => k.toLowerCase());
  const titles = link.titles.map((t) => t.toLowerCase());
  if (keywords.length) {
    tests.push((c) => keywords.every((k) => `${c.jobTitle} ${c.company.name}`.toLowerCase().includes(k)));
  }
  if (titles.length) tests.push((c) => titles.some((t) => c.jobTitle.toLowerCase().includes(t)));
  if (link.companyNames.length) tests.push((c) => lowerIncludes(link.companyNames, c.company.name));
  if (link.companyIds.length) tests.push((c) => link.companyIds.includes(c.company.networkId));
  if (link.locations.length) tests.push((c) => link.locations.some((l) => placeMatches(c.place, l)));
  if (link.excludedLocations.length)
    tests.push((c) => !link.excludedLocations.some((l) => placeMatches(c.place, l)));
  if (link.industries.length) tests.push((c) => link.industries.includes(c.industry));
  if (link.functions.length) tests.push((c) => lowerIncludes(link.functions, c.function));
  if (link.excludedFunctions.length) tests.push((c) => !lowerIncludes(link.excludedFunctions, c.function));
  if (seniorities.size) tests.push((c) => seniorities.has(c.seniority));
  if (link.headcounts.length) tests.push((c) => inHeadcounts(c.company.headcountExact, link.headcounts));
  return tests;
}

/** The body's lead criteria as tests on a lead's core attributes. */
function bodyTests(reader: BodyReader, data: Dataset): LeadTest[] {
  const tests: LeadTest[] = [];
  const locations = supportedLocations("locations", reader.strings("locations"));
  if (locations?.length) tests.push((c) => locations.some((l) => placeMatches(c.place, l)));
  const industries = supportedIndustries("lead_industries", reader.strings("lead_industries"));
  if (industries?.length) tests.push((c) => industries.includes(c.industry));
  const companyLocations = supportedLocations("company_locations", reader.strings("company_locations"));
  if (companyLocations?.length)
    tests.push((c) => companyLocations.some((l) => placeMatches(c.company.place, l)));
  const headcounts = enumerated("company_headcounts", reader.strings("company_headcounts"), HEADCOUNT_VALUES);
  if (headcounts?.length) tests.push((c) => inHeadcounts(c.company.headcountExact, headcounts));
  const types = enumerated("company_types", reader.strings("company_types"), COMPANY_TYPE_VALUES);
  if (types?.length) tests.push((c) => types.includes(c.company.companyType as (typeof types)[number]));
  const pastNames = reader.strings("past_company_names");
  if (pastNames?.length) {
    const names = data.companies.companies;
    tests.push((c) => c.pastCompanyIndices.some((i) => lowerIncludes(pastNames, names[i]!.name)));
  }
  const inCompany = rangeIds("years_in_company", reader.integers("years_in_company"));
  if (inCompany?.length) tests.push((c) => inCompany.includes(c.yearsInCompany));
  const inPosition = rangeIds("years_in_position", reader.integers("years_in_position"));
  if (inPosition?.length) tests.push((c) => inPosition.includes(c.yearsInPosition));
  const groups = reader.integers("groups");
  if (groups?.length) tests.push((c) => c.groupIds.some((g) => groups.includes(g)));
  const schools = reader.integers("schools");
  if (schools?.length) tests.push((c) => c.schoolIds.some((s) => schools.includes(s)));
  if (reader.boolean("changed_jobs")) tests.push((c) => c.changedJobs);
  if (reader.boolean("posted_on_network")) tests.push((c) => c.postedOnNetwork);
  if (reader.boolean("mentioned_in_news")) tests.push((c) => c.mentionedInNews);
  const excluded = new Set((reader.strings("exclude_names") ?? []).map((n) => n.trim().toLowerCase()));
  if (excluded.size) tests.push((c) => !excluded.has(c.unformattedName.trim().toLowerCase()));
  const emptyVars =
    enumerated("filter_empty_vars", reader.strings("filter_empty_vars"), FILTER_EMPTY_VARS) ?? [];
  for (const variable of emptyVars) {
    if (variable === "profile_photo") tests.push((c) => c.hasPhoto);
    else if (variable === "company_website") tests.push((c) => c.company.website !== "");
    // job_started_on and started_at_position both read the current position's start date.
    else tests.push((c) => c.hasStartDate);
  }
  return tests;
}

/** Lead indices to scan: the company's employees, or every lead in a spread order. */
function* candidates(data: Dataset, target: Target): Generator<number> {
  if (target.kind === "company") {
    const { leadStart, leadCount } = target.company;
    for (let i = 0; i < leadCount; i++) yield leadStart + i;
    return;
  }
  for (let k = 0; k < data.leadCount; k++) yield data.spreadLeadIndex(k);
}

/** A6: what production answers when no lead matches (free). */
export const NO_LEADS_STATUS = "No leads match with input criteria";

/** A7: skip leads by sales id (text). */
function excludedSalesIds(reader: BodyReader): Set<string> {
  const ids = reader.raw("exclude_ids");
  if (ids === undefined || ids === null) return new Set();
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string"))
    throw validationError(
      "exclude_ids must be a list of sales ids (text)",
      'edit exclude_ids; e.g. ["ACwAA..."]',
    );
  return new Set(ids.map((id) => id.trim()));
}

export const leadSearch: Endpoint = ({ body, data, state }) => {
  const reader = new BodyReader(parseJsonObject(body), FIELDS);
  const linkText = reader.string("network_filter_link");
  const target = readTarget(reader, data, linkText !== undefined);
  const personas: Persona[] = readPersonas(reader.raw("personas"));
  const limitBy = reader.number("limit_by", true);
  if (limitBy !== undefined && limitBy < 1)
    throw validationError("limit_by must be at least 1", "edit limit_by");
  const offsetBy = reader.number("offset_by", true) ?? 0;
  if (offsetBy < 0) throw validationError("offset_by must be 0 or more", "edit offset_by");
  const excluded = excludedSalesIds(reader);
  const tests = [
    ...bodyTests(reader, data),
    ...(linkText === undefined ? [] : linkTests(readNetworkFilterLink(linkText))),
  ];
  if (excluded.size) tests.push((c) => !excluded.has(salesId(c.index)));
  const cap = target.kind === "company" && linkText === undefined ? COMPANY_LIMIT : OPEN_LIMIT;
  const wanted = Math.min(limitBy ?? cap, cap);
  if (target.kind === "no_match") {
    const none: LeadSearchResponse = {
      leads: [],
      amount: 0,
      results_count: "0",
      status: "no_exact_company_match",
    };
    return { status: 200, body: none };
  }
  const match = personas.length > 0 ? personaMatcher(personas) : null;
  // The network's first `cap` matches, then (A5) ordered by persona priority, then the page.
  const matches: Array<{ core: LeadCore; persona: Persona | null }> = [];
  let matched = 0;
  for (const index of candidates(data, target)) {
    const core = data.lead(index);
    if (!tests.every((test) => test(core))) continue;
    const persona = match === null ? null : match(core.jobTitle);
    if (match !== null && persona === null) continue;
    matched++;
    if (matches.length < cap) matches.push({ core, persona });
    // Counting one past the cap is enough to know whether the search was within the limit.
    if (matched > cap) break;
  }
  if (personas.some((p) => p.priority !== 0)) {
    matches.sort((a, b) => (a.persona?.priority ?? 0) - (b.persona?.priority ?? 0));
  }
  const leads: Lead[] = matches.slice(offsetBy, offsetBy + wanted).map(({ core, persona }) => {
    const lead = buildLead(data.seed, data.companies, core, { variant: "search" });
    lead.network_lead_persona = persona?.name ?? "";
    return lead;
  });
  if (leads.length === 0 && state.config.leadNoMatch === "no_leads_status") {
    const body = { amount: -1, leads: [], status: NO_LEADS_STATUS };
    // A6: whether production bills the -1 is not settled; the control charges it as 1 credit.
    if (state.config.leadNoMatchCharge === "free") return { status: 200, body };
    const charge = { credits: 1, balanceType: "leads_by_icp", description: "Lead search: no match" };
    return { status: 200, body, charge };
  }
  const response: LeadSearchResponse = {
    leads,
    amount: -leads.length,
    results_count: matched > cap ? `more than ${cap}` : WITHIN_LIMIT,
    status: "success",
  };
  return {
    status: 200,
    body: response,
    charge: {
      credits: leads.length,
      balanceType: "leads_by_icp",
      description: `Lead search: ${leads.length} leads`,
    },
  };
};
