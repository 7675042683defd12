/** Lead search rules (spec, endpoint 2): target, personas, enumerations and ranges. */
import type { Problem } from "../errors";
import { COMPANY_TYPES, FILTER_EMPTY_VARS, HEADCOUNTS, type LeadSearchRequest, TIME_RANGES } from "../wire";
import {
  checkBoolean,
  checkIntegerList,
  checkIntegerRange,
  checkKnownFields,
  checkListed,
  checkTextList,
  isInteger,
  Problems,
  type SupportedLists,
} from "./common";

/** Every body field of lead search the add-on sends (spec endpoint 2, with PRODUCTION.md A7's). */
export const LEAD_SEARCH_FIELDS = [
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

/** Results reachable: 2500 by default, 2400 with network_filter_link or without_company. */
export const LEAD_LIMIT_DEFAULT = 2500;
export const LEAD_LIMIT_REDUCED = 2400;

const TIME_RANGE_COUNT = Object.keys(TIME_RANGES).length;
const TARGET_HINT =
  "Choose one way to target: one company (company_id, company_link or company_name), without_company, or network_filter_link.";

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

function checkTarget(problems: Problems, request: LeadSearchRequest): void {
  const companyFields = (["company_id", "company_link", "company_name"] as const).filter((f) =>
    present(request[f]),
  );
  const withoutCompany = request.without_company === true;
  const filterLink = present(request.network_filter_link);
  if (companyFields.length > 1) {
    problems.add(
      companyFields.join(", "),
      "name the company more than one way",
      "Keep exactly one of company_id, company_link and company_name.",
    );
  }
  if (withoutCompany && companyFields.length > 0) {
    problems.add(
      "without_company",
      `cannot be combined with ${companyFields.join(", ")}`,
      "Remove the company, or turn off without_company.",
    );
  }
  if (filterLink && (withoutCompany || companyFields.length > 0)) {
    problems.add("network_filter_link", "cannot be combined with a company or without_company", TARGET_HINT);
  }
  if (!filterLink && !withoutCompany && companyFields.length === 0) {
    problems.add("company_name", "no target is given", TARGET_HINT);
  }
  const id: unknown = request.company_id;
  if (present(id) && (!isInteger(id) || id < 1)) {
    problems.add(
      "company_id",
      "must be a whole number",
      "Type the company's numeric id, or use company_link or company_name.",
    );
  }
  for (const field of ["company_link", "company_name"] as const) {
    const value: unknown = request[field];
    if (present(value) && (typeof value !== "string" || value.trim() === "")) {
      problems.add(
        field,
        "must be text",
        `Type the company's ${field === "company_link" ? "profile URL" : "name"}.`,
      );
    }
  }
  if (
    typeof request.company_link === "string" &&
    present(request.company_link) &&
    !/^(https?:\/\/)?\S+\.\S+\/\S+$/i.test(request.company_link.trim())
  ) {
    problems.add(
      "company_link",
      "is not a company profile URL",
      "Paste the URL of the company's profile page.",
    );
  }
  const link: unknown = request.network_filter_link;
  if (
    filterLink &&
    (typeof link !== "string" || !/^https?:\/\/[^\s?#]+\?[^\s#]*[^=&\s#]=[^&\s#]/i.test(link.trim()))
  ) {
    problems.add(
      "network_filter_link",
      "is not a search URL with filters in its query",
      "Copy the full address of a people search (regular or sales search) after applying its filters.",
    );
  }
}

const PERSONA_EXAMPLE = '["Marketing leaders", ["marketing"], ["head", "vp"], ["intern"], 1]';

/**
 * Personas as production takes them (PRODUCTION.md A5): four positions and an optional fifth,
 * the priority (a whole number, lower first); functions, seniorities and prohibited words are
 * free-text keywords, and [] skips a part.
 */
function checkPersonas(problems: Problems, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    problems.add("personas", "must be a list of personas", `Give each persona as ${PERSONA_EXAMPLE}.`);
    return;
  }
  value.forEach((persona, index) => {
    const at = `personas[${index}]`;
    if (!Array.isArray(persona) || persona.length < 4 || persona.length > 5) {
      problems.add(
        at,
        "must have four parts (name, functions, seniorities, prohibited keywords) and optionally a priority",
        `Write it as ${PERSONA_EXAMPLE}; pass [] for an unused part.`,
      );
      return;
    }
    const [name, functions, seniority, prohibit, ...rest] = persona as unknown[];
    if (typeof name !== "string" || name.trim() === "") {
      problems.add(
        `${at}[0]`,
        "the persona needs a name",
        "Give the persona a short name, such as Marketing leaders.",
      );
    }
    const parts = [
      [functions, 1, "function", "Pass [] to match any function."],
      [seniority, 2, "seniority", "Pass [] when seniority is not used."],
      [prohibit, 3, "prohibited keyword", "Pass [] when no keyword is prohibited."],
    ] as const;
    for (const [list, position, what, hint] of parts) {
      if (Array.isArray(list)) checkTextList(problems, list, `${at}[${position}]`, what);
      else problems.add(`${at}[${position}]`, `must be a list of ${what}s`, hint);
    }
    if (rest.length > 0 && !isInteger(rest[0])) {
      problems.add(
        `${at}[4]`,
        "the priority must be a whole number",
        "Type 0, 1, 2 ...: personas with a lower priority come first; leave it empty for 0.",
      );
    }
  });
}

/** exclude_ids: sales ids, as text or numbers (PRODUCTION.md A7). */
function checkExcludeIds(problems: Problems, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    problems.add(
      "exclude_ids",
      "must be a list of sales ids",
      'Give exclude_ids as a list, for example ["ACwAA1"].',
    );
    return;
  }
  value.forEach((id, index) => {
    const ok = (typeof id === "string" && id.trim() !== "") || isInteger(id);
    if (!ok)
      problems.add(
        `exclude_ids[${index}]`,
        "must be a sales id",
        "Remove the empty entry or type a sales_id.",
      );
  });
}

export function validateLeadSearch(request: LeadSearchRequest, lists: SupportedLists = {}): Problem[] {
  const problems = new Problems();
  checkKnownFields(problems, request, LEAD_SEARCH_FIELDS, "lead search");
  checkTarget(problems, request);
  checkBoolean(problems, request.without_company, "without_company");
  checkListed(problems, request.locations, "locations", "location", lists.locations);
  checkPersonas(problems, request.personas);
  const reduced = request.without_company === true || present(request.network_filter_link);
  const max = reduced ? LEAD_LIMIT_REDUCED : LEAD_LIMIT_DEFAULT;
  checkIntegerRange(problems, request.limit_by, "limit_by", 1, max, `from 1 to ${max}`);
  checkIntegerRange(problems, request.offset_by, "offset_by", 0, max, `from 0 to ${max}`);
  checkExcludeIds(problems, request.exclude_ids);
  checkTextList(problems, request.exclude_names, "exclude_names", "name");
  checkTextList(problems, request.filter_empty_vars, "filter_empty_vars", "field", FILTER_EMPTY_VARS);
  for (const flag of ["changed_jobs", "posted_on_network", "mentioned_in_news"] as const) {
    checkBoolean(problems, request[flag], flag);
  }
  checkListed(problems, request.lead_industries, "lead_industries", "industry", lists.industries);
  checkListed(problems, request.company_locations, "company_locations", "location", lists.locations);
  checkTextList(problems, request.company_headcounts, "company_headcounts", "headcount", HEADCOUNTS);
  checkTextList(problems, request.company_types, "company_types", "company type", COMPANY_TYPES);
  checkTextList(problems, request.past_company_names, "past_company_names", "company name");
  checkIntegerList(
    problems,
    request.years_in_company,
    "years_in_company",
    "time-range id",
    1,
    TIME_RANGE_COUNT,
  );
  checkIntegerList(
    problems,
    request.years_in_position,
    "years_in_position",
    "time-range id",
    1,
    TIME_RANGE_COUNT,
  );
  checkIntegerList(problems, request.groups, "groups", "group id", 1);
  checkIntegerList(problems, request.schools, "schools", "school id", 1);
  return problems.list;
}
