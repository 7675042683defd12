/**
 * The Companies tab's form -> the API's company search request. The form is plain JSON (it travels
 * through google.script.run); numbers typed as text are parsed here so that a bad entry becomes a
 * problem next to its field instead of a silent NaN. Every problem is found at once, with the
 * client's own validator (src/api/validate), before anything is sent.
 */
import type { Problem } from "../../api/errors";
import { COMPANIES_SEARCHED, MAX_OFFSET } from "../../api/pagination";
import { validateCompanySearch } from "../../api/validate";
import type { CompanySearchRequest } from "../../api/wire";
import { apiMillions, readRevenueRange } from "./revenue";

export interface CompanySearchForm {
  company_types: string[];
  headcounts: string[];
  num_of_followers: string[];
  industries: string[];
  locations: string[];
  keywords: string[];
  /**
   * revenues_range bounds as typed, in US dollars a year ("5M", "500k", "5m-10m": revenue.ts);
   * "" leaves the bound out.
   */
  revenue_min: string;
  revenue_max: string;
  exclude_domains: string[];
  exclude_ids: string[];
  /** strict: ["company_locations"]: only the headquarters counts for locations. */
  strict_locations: boolean;
  /**
   * website_blacklist: true when ticked, left out otherwise. The spec shows no meaning; production's
   * reference says it drops staffing agencies and directories (PRODUCTION.md A17).
   */
  website_blacklist: boolean;
  /** sub_industries: true when ticked, left out otherwise. Neither the spec nor production says what it does. */
  sub_industries: boolean;
  /** How many companies to fetch in all (sent as limit_by, in pages). */
  limit_by: number;
  /** Where to start in the match list (offset_by). */
  offset_by: number;
  /** The sheet the companies go to; "" is the Companies sheet. Not sent to the API. */
  sheet_name: string;
  /**
   * Another sheet whose companies are left out too (a CRM export), and the header of its column of
   * company ids, websites or domains; "" for none. Not sent as such: read into exclusions.
   */
  leave_out_sheet: string;
  leave_out_column: string;
}

/** The form's fields, each a place where problems are shown. */
export type FormField = keyof CompanySearchForm;

/** Problems by form field: "message. hint" texts, every one found. */
export type FieldProblems = Partial<Record<FormField, string[]>>;

export const DEFAULT_LIMIT = 25;

export function emptyForm(): CompanySearchForm {
  return {
    company_types: [],
    headcounts: [],
    num_of_followers: [],
    industries: [],
    locations: [],
    keywords: [],
    revenue_min: "",
    revenue_max: "",
    exclude_domains: [],
    exclude_ids: [],
    strict_locations: false,
    website_blacklist: false,
    sub_industries: false,
    limit_by: DEFAULT_LIMIT,
    offset_by: 0,
    sheet_name: "",
    leave_out_sheet: "",
    leave_out_column: "",
  };
}

/** What a search asks for: the filters (no paging), and the window of the match list to fetch. */
export interface PlannedSearch {
  filters: CompanySearchRequest;
  offset: number;
  total: number;
  problems: FieldProblems;
  /** The revenue filter as understood ("$5 million to $10 million a year"); null when none. */
  revenue: string | null;
}

const cleanList = (values: unknown): string[] =>
  Array.isArray(values) ? values.map((v) => String(v ?? "").trim()).filter((v) => v !== "") : [];

/** A request path (`keywords[3]`, `revenues_range.min`) -> the form field that shows it. */
export function formFieldOf(path: string): FormField | null {
  const head = path.split(/[[.]/)[0] ?? "";
  if (head === "revenues_range") return path.endsWith(".max") ? "revenue_max" : "revenue_min";
  if (head === "strict") return "strict_locations";
  const fields = Object.keys(emptyForm()) as FormField[];
  return fields.includes(head as FormField) ? (head as FormField) : null;
}

function add(problems: FieldProblems, field: FormField, text: string): void {
  const list = problems[field] ?? [];
  if (!list.includes(text)) list.push(text);
  problems[field] = list;
}

/** Keyword problems name the keyword, not its index: the user sees chips, not a list index. */
function problemText(problem: Problem, form: CompanySearchForm): string {
  const index = /^keywords\[(\d+)\]$/.exec(problem.path)?.[1];
  const keyword = index === undefined ? undefined : form.keywords[Number(index)];
  const subject = keyword === undefined ? "" : `"${keyword}" `;
  return `${subject}${problem.message}. ${problem.hint}`;
}

function wholeNumber(value: unknown): number {
  const n = typeof value === "number" ? value : Number(String(value ?? "").trim());
  return Number.isFinite(n) ? n : Number.NaN;
}

function checkWindow(offset: number, total: number, problems: FieldProblems): void {
  if (!Number.isInteger(total) || total < 1 || total > COMPANIES_SEARCHED) {
    add(problems, "limit_by", `Type a whole number from 1 to ${COMPANIES_SEARCHED}.`);
  }
  if (!Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET) {
    // The sidebar shows the offset as a match number ("Start at match 1" is offset 0).
    add(problems, "offset_by", `Type a match number from 1 to ${MAX_OFFSET + 1}.`);
  }
}

/** The filters of the form as the API's request, with every problem by field. */
export function planSearch(form: CompanySearchForm): PlannedSearch {
  const problems: FieldProblems = {};
  const filters: CompanySearchRequest = {};
  const lists = [
    "company_types",
    "headcounts",
    "num_of_followers",
    "industries",
    "locations",
    "keywords",
    "exclude_domains",
  ] as const;
  for (const field of lists) {
    const values = cleanList(form[field]);
    if (values.length > 0) filters[field] = values;
  }
  const ids = cleanList(form.exclude_ids);
  // Ids are numeric text; send numbers when they are, as the sandbox and the live service compare both.
  if (ids.length > 0) filters.exclude_ids = ids.map((id) => (/^\d{1,15}$/.test(id) ? Number(id) : id));
  const revenue = readRevenueRange(form.revenue_min, form.revenue_max);
  for (const [field, texts] of Object.entries(revenue.problems)) {
    for (const text of texts ?? []) add(problems, field as FormField, text);
  }
  if (revenue.range) {
    const { min, max } = revenue.range;
    filters.revenues_range = {
      ...(min !== undefined ? { min: apiMillions(min) } : {}),
      ...(max !== undefined ? { max: apiMillions(max) } : {}),
    };
  }
  if (form.strict_locations === true) filters.strict = ["company_locations"];
  // Flags go only when ticked: false would be a value whose meaning the API does not document.
  if (form.website_blacklist === true) filters.website_blacklist = true;
  if (form.sub_industries === true) filters.sub_industries = true;

  for (const problem of validateCompanySearch(filters)) {
    add(
      problems,
      formFieldOf(problem.path) ?? "keywords",
      problemText(problem, { ...form, keywords: filters.keywords ?? [] }),
    );
  }
  if (form.strict_locations === true && !filters.locations) {
    add(
      problems,
      "strict_locations",
      "Strict locations needs at least one location. Add a location or untick it.",
    );
  }
  const offset = wholeNumber(form.offset_by);
  const total = wholeNumber(form.limit_by);
  checkWindow(offset, total, problems);
  return { filters, offset, total, problems, revenue: revenue.understood };
}

export function hasProblems(problems: FieldProblems): boolean {
  return Object.values(problems).some((list) => (list?.length ?? 0) > 0);
}

/** Reads a form that came over the wire, filling what is missing with the defaults. */
export function readForm(value: unknown): CompanySearchForm {
  const raw = Object(value) as Partial<Record<FormField, unknown>>;
  const base = emptyForm();
  return {
    company_types: cleanList(raw.company_types),
    headcounts: cleanList(raw.headcounts),
    num_of_followers: cleanList(raw.num_of_followers),
    industries: cleanList(raw.industries),
    locations: cleanList(raw.locations),
    keywords: cleanList(raw.keywords),
    revenue_min: raw.revenue_min === undefined ? "" : String(raw.revenue_min),
    revenue_max: raw.revenue_max === undefined ? "" : String(raw.revenue_max),
    exclude_domains: cleanList(raw.exclude_domains),
    exclude_ids: cleanList(raw.exclude_ids),
    strict_locations: raw.strict_locations === true,
    website_blacklist: raw.website_blacklist === true,
    sub_industries: raw.sub_industries === true,
    limit_by: raw.limit_by === undefined ? base.limit_by : wholeNumber(raw.limit_by),
    offset_by: raw.offset_by === undefined ? base.offset_by : wholeNumber(raw.offset_by),
    sheet_name: String(raw.sheet_name ?? "").trim(),
    leave_out_sheet: String(raw.leave_out_sheet ?? "").trim(),
    leave_out_column: String(raw.leave_out_column ?? "").trim(),
  };
}
