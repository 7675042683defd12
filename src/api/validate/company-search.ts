/** Company search rules (spec, endpoint 1). */
import type { Problem } from "../errors";
import { COMPANY_TYPES, type CompanySearchRequest, FOLLOWER_RANGES, HEADCOUNTS } from "../wire";
import {
  checkBoolean,
  checkIntegerRange,
  checkKnownFields,
  checkListed,
  checkTextList,
  Problems,
  type SupportedLists,
} from "./common";
import { checkKeywords } from "./keywords";

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
  "website_blacklist",
  "sub_industries",
  "strict",
  "exclude_ids",
  "exclude_domains",
] as const;

/** `strict` is "a list naming company_locations": the one value the spec names. */
const STRICT_VALUES = ["company_locations"] as const;

function checkRevenues(problems: Problems, value: unknown): void {
  if (value === undefined) return;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    problems.add(
      "revenues_range",
      "must be an object with min and max",
      'Give it as {"min": 1000000, "max": 5000000}.',
    );
    return;
  }
  const range = value as Record<string, unknown>;
  for (const key of Object.keys(range)) {
    if (key !== "min" && key !== "max") {
      problems.add(`revenues_range.${key}`, "is not a field of revenues_range", "Use only min and max.");
    }
  }
  for (const key of ["min", "max"] as const) {
    const bound = range[key];
    if (bound !== undefined && (typeof bound !== "number" || !Number.isFinite(bound))) {
      problems.add(`revenues_range.${key}`, "must be a number", `Type a number for the ${key}imum revenue.`);
    }
  }
  if (typeof range.min === "number" && typeof range.max === "number" && range.min > range.max) {
    problems.add("revenues_range", "min is greater than max", "Swap the two values, or raise max.");
  }
}

export function validateCompanySearch(request: CompanySearchRequest, lists: SupportedLists = {}): Problem[] {
  const problems = new Problems();
  checkKnownFields(problems, request, FIELDS, "company search");
  checkTextList(problems, request.company_types, "company_types", "company type", COMPANY_TYPES);
  checkTextList(problems, request.headcounts, "headcounts", "headcount", HEADCOUNTS);
  checkListed(problems, request.industries, "industries", "industry", lists.industries);
  checkKeywords(problems, request.keywords);
  checkListed(problems, request.locations, "locations", "location", lists.locations);
  checkTextList(problems, request.num_of_followers, "num_of_followers", "follower range", FOLLOWER_RANGES);
  checkRevenues(problems, request.revenues_range);
  checkIntegerRange(problems, request.limit_by, "limit_by", 2, 1599, "greater than 1 and less than 1600");
  // The spec says greater than 0, yet its own paging example starts at offset 0: accept 0.
  checkIntegerRange(problems, request.offset_by, "offset_by", 0, 1598, "from 0 to less than 1599");
  checkBoolean(problems, request.get_max_companies, "get_max_companies");
  checkBoolean(problems, request.website_blacklist, "website_blacklist");
  checkBoolean(problems, request.sub_industries, "sub_industries");
  checkTextList(problems, request.strict, "strict", "strict filter", STRICT_VALUES);
  if (request.exclude_ids !== undefined) {
    const ids: unknown = request.exclude_ids;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== "string" && typeof id !== "number")) {
      problems.add(
        "exclude_ids",
        "must be a list of company ids",
        "Give the ids as a list of numbers or texts.",
      );
    }
  }
  checkTextList(problems, request.exclude_domains, "exclude_domains", "domain");
  checkSingleDomains(problems, request.exclude_domains);
  return problems.list;
}

/**
 * A domain never holds a comma, a semicolon or white space: such an entry is a list typed into one
 * entry ("a.com, b.com"), which would exclude nothing while both companies are charged (issue 12.8).
 */
function checkSingleDomains(problems: Problems, domains: unknown): void {
  if (!Array.isArray(domains)) return;
  domains.forEach((domain, index) => {
    if (typeof domain === "string" && domain.trim() !== "" && /[\s,;]/.test(domain.trim())) {
      problems.add(
        `exclude_domains[${index}]`,
        `"${domain.trim().slice(0, 60)}" is not one domain`,
        "Give one domain per entry, for example acme.com and beta.io as two entries.",
      );
    }
  });
}
