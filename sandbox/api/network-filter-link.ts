/**
 * network_filter_link: the filters of a pre-built search URL of the network, read from its query.
 * Two shapes are read (any host; sandbox/README.md shows examples):
 * - people search, /search/results/people/?keywords=..&title=..&company=..&geo=..&industry=..
 *   &currentCompany=..&function=..&seniority=.. (list values as JSON arrays or plain text);
 * - sales search, /sales/search/people?query=(keywords:..,filters:List((type:REGION,values:List(
 *   (text:Germany,selectionType:INCLUDED))),...)) with types FUNCTION, SENIORITY_LEVEL, REGION,
 *   INDUSTRY, CURRENT_COMPANY (id: or text:), CURRENT_TITLE, COMPANY_HEADCOUNT.
 */
import { validationError } from "./failure.ts";

export interface LinkFilters {
  keywords: string[];
  titles: string[];
  companyNames: string[];
  companyIds: string[];
  locations: string[];
  industries: string[];
  functions: string[];
  seniorities: string[];
  headcounts: string[];
  /** Excluded values (sales search selectionType:EXCLUDED), by filter kind. */
  excludedLocations: string[];
  excludedFunctions: string[];
}

function empty(): LinkFilters {
  return {
    keywords: [],
    titles: [],
    companyNames: [],
    companyIds: [],
    locations: [],
    industries: [],
    functions: [],
    seniorities: [],
    headcounts: [],
    excludedLocations: [],
    excludedFunctions: [],
  };
}

function unreadable(why: string): never {
  throw validationError(
    `network_filter_link ${why}`,
    "edit network_filter_link; paste a sales-search or people-search URL that has filters in its query",
  );
}

/** A query value that may be a JSON array of strings or one plain value. */
function listValue(raw: string | null): string[] {
  if (raw === null || raw.trim() === "") return [];
  if (raw.trim().startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      unreadable(`has an unreadable list: ${raw}`);
    }
  }
  return [raw];
}

function readPeopleSearch(params: URLSearchParams): LinkFilters {
  const filters = empty();
  filters.keywords = listValue(params.get("keywords"));
  filters.titles = listValue(params.get("title"));
  filters.companyNames = listValue(params.get("company"));
  filters.companyIds = listValue(params.get("currentCompany"));
  filters.locations = listValue(params.get("geo"));
  filters.industries = listValue(params.get("industry"));
  filters.functions = listValue(params.get("function"));
  filters.seniorities = listValue(params.get("seniority"));
  return filters;
}

const SALES_FILTER = /\(type:([A-Z_]+),values:List\(((?:\([^()]*\),?)*)\)\)/g;

function readSalesSearch(params: URLSearchParams): LinkFilters {
  const query = params.get("query");
  if (query === null) unreadable("has no query parameter");
  const filters = empty();
  const keywords = /keywords:([^,()]+)/.exec(query);
  if (keywords) filters.keywords.push(keywords[1]!.trim());
  for (const [, type, values] of query.matchAll(SALES_FILTER)) {
    for (const [, value] of values!.matchAll(/\(([^()]*)\)/g)) {
      const fields = Object.fromEntries(
        value!.split(",").map((part) => {
          const colon = part.indexOf(":");
          return [part.slice(0, colon), part.slice(colon + 1)];
        }),
      );
      const excluded = fields.selectionType === "EXCLUDED";
      const text: string | undefined = fields.text;
      switch (type) {
        case "REGION":
          if (text !== undefined) (excluded ? filters.excludedLocations : filters.locations).push(text);
          break;
        case "FUNCTION":
          if (text !== undefined) (excluded ? filters.excludedFunctions : filters.functions).push(text);
          break;
        case "SENIORITY_LEVEL":
          if (text !== undefined) filters.seniorities.push(text);
          break;
        case "INDUSTRY":
          if (text !== undefined) filters.industries.push(text);
          break;
        case "CURRENT_TITLE":
          if (text !== undefined) filters.titles.push(text);
          break;
        case "COMPANY_HEADCOUNT":
          if (text !== undefined) filters.headcounts.push(text);
          break;
        case "CURRENT_COMPANY":
          if (fields.id !== undefined) filters.companyIds.push(fields.id);
          else if (text !== undefined) filters.companyNames.push(text);
          break;
        default:
          unreadable(`has the filter type ${type}, which the sandbox does not read`);
      }
    }
  }
  return filters;
}

export function readNetworkFilterLink(link: string): LinkFilters {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(link.trim()) ? link.trim() : `https://${link.trim()}`);
  } catch {
    unreadable("is not a URL");
  }
  const path = url.pathname.replace(/\/+$/, "");
  let filters: LinkFilters;
  if (path === "/sales/search/people") filters = readSalesSearch(url.searchParams);
  else if (path === "/search/results/people") filters = readPeopleSearch(url.searchParams);
  else unreadable("is neither a sales-search nor a people-search URL");
  const count = Object.values(filters).reduce((sum, list) => sum + list.length, 0);
  if (count === 0) unreadable("has no filters in its query");
  return filters;
}
