/**
 * The Leads tab's form -> the API's lead search request. The form keeps what the user typed
 * (text ids, one persona per card); this turns it into the spec's body, sending only what was
 * filled in, and reports every problem at once with the client's own validator (one rule set).
 */
import type { Problem } from "../../api/errors";
import { validateLeadSearch } from "../../api/validate";
import { LEAD_LIMIT_DEFAULT, LEAD_LIMIT_REDUCED } from "../../api/validate/lead-search";
import type { LeadSearchRequest, Persona } from "../../api/wire";
import { countDigits } from "../count-text";
import { misplacedLink } from "./target-link";

/** How the search names its target: exactly one way, the spec's target rules. */
export const TARGET_KINDS = [
  "company_name",
  "company_id",
  "company_link",
  "without_company",
  "network_filter_link",
  "selected_companies",
] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export interface PersonaForm {
  name: string;
  /** Job functions: free-text keywords, combined with OR; none = any function. */
  functions: string[];
  /** Free-text seniorities, combined with OR (vp also matches SVP, EVP...); none = any. */
  seniorities: string[];
  /** A lead whose job title contains one of these is left out. */
  prohibit: string[];
  /** Optional whole number, lower first when limit_by cuts the matches; "" or absent = none sent. */
  priority?: string | number;
}

export interface LeadSearchForm {
  target: { kind: TargetKind; value: string };
  personas: PersonaForm[];
  locations: string[];
  lead_industries: string[];
  company_locations: string[];
  company_headcounts: string[];
  company_types: string[];
  past_company_names: string[];
  years_in_company: number[];
  years_in_position: number[];
  /** Typed ids, checked here as whole numbers. */
  groups: string[];
  schools: string[];
  exclude_names: string[];
  filter_empty_vars: string[];
  changed_jobs: boolean;
  posted_on_network: boolean;
  mentioned_in_news: boolean;
  /** Leads per search; "" = as many as the target allows (2,500 or 2,400). */
  limit_by: string;
  /** Matching leads to skip (offset_by), for Next page; "" or absent = from the first. */
  offset_by?: string | number;
  /** The sheet the leads are written to (issue 23.17); "" or absent = the Leads sheet. */
  sheet_name?: string;
  /** Also leave out the leads of this sheet's column (a CRM export): profile URLs, sales or network ids. */
  leave_out_sheet?: string;
  leave_out_column?: string;
  /** Find each written lead's work email in the same run (issue 21.6): up to 1 credit a lead. */
  find_emails?: boolean;
}

export const EMPTY_PERSONA: PersonaForm = {
  name: "",
  functions: [],
  seniorities: [],
  prohibit: [],
  priority: "",
};

export function emptyForm(): LeadSearchForm {
  return {
    target: { kind: "company_name", value: "" },
    personas: [],
    locations: [],
    lead_industries: [],
    company_locations: [],
    company_headcounts: [],
    company_types: [],
    past_company_names: [],
    years_in_company: [],
    years_in_position: [],
    groups: [],
    schools: [],
    exclude_names: [],
    filter_empty_vars: [],
    changed_jobs: false,
    posted_on_network: false,
    mentioned_in_news: false,
    limit_by: "25",
    sheet_name: "",
    leave_out_sheet: "",
    leave_out_column: "",
    find_emails: false,
  };
}

/** A company picked from the Companies sheet: its id when it has one, else its profile link. */
export type CompanyTarget = { company_id: number } | { company_link: string };

const clean = (values: readonly string[]) => values.map((v) => v.trim()).filter((v) => v !== "");

const PRIORITY_HINT = "Type 0, 1, 2 ...: personas with a lower priority come first; leave it empty for 0.";

/** The persona's five positions; the priority only when typed (production's default is 0). */
function personaOf(persona: PersonaForm, at: string, problems: Problem[]): Persona {
  const parts: Persona = [
    String(persona.name ?? "").trim(),
    clean(persona.functions ?? []),
    clean(persona.seniorities ?? []),
    clean(persona.prohibit ?? []),
  ];
  const priority = String(persona.priority ?? "").trim();
  if (priority === "") return parts;
  if (/^-?\d{1,9}$/.test(priority)) return [parts[0], parts[1], parts[2], parts[3], Number(priority)];
  problems.push({ path: `${at}[4]`, message: `"${priority}" is not a whole number`, hint: PRIORITY_HINT });
  return parts;
}

/** A card left entirely blank (the form starts with one) is no persona. */
const isBlankCard = (persona: PersonaForm) =>
  String(persona.name ?? "").trim() === "" &&
  [persona.functions, persona.seniorities, persona.prohibit].every((list) => clean(list ?? []).length === 0);

function idsOf(
  values: readonly string[],
  field: "groups" | "schools",
  problems: Problem[],
): number[] | undefined {
  const ids: number[] = [];
  for (const text of clean(values)) {
    if (/^\d+$/.test(text)) ids.push(Number(text));
    else
      problems.push({
        path: field,
        message: `"${text}" is not an id`,
        hint: `Type the numeric ${field === "groups" ? "group" : "school"} ids.`,
      });
  }
  return ids.length > 0 ? ids : undefined;
}

/** What an empty target box asks for, in the words of the tab's target choices. */
const EMPTY_TARGET: Partial<Record<TargetKind, { message: string; hint: string }>> = {
  company_name: {
    message: "no company is named",
    hint: "Type the company's name as on its profile, or pick another way to choose the leads above.",
  },
  company_link: {
    message: "no company profile link is given",
    hint: "Paste the company's profile link, or pick another way to choose the leads above.",
  },
  network_filter_link: {
    message: "no people-search link is given",
    hint: "Paste the address of a people search, or pick another way to choose the leads above.",
  },
};

function targetOf(form: LeadSearchForm, company: CompanyTarget | null, problems: Problem[]) {
  const value = form.target.value.trim();
  const empty = EMPTY_TARGET[form.target.kind];
  if (value === "" && empty !== undefined) {
    problems.push({ path: form.target.kind, ...empty });
    return {};
  }
  const misplaced = misplacedLink(form.target.kind, value);
  if (misplaced) {
    problems.push(misplaced);
    return {};
  }
  switch (form.target.kind) {
    case "company_name":
      return { company_name: value };
    case "company_link":
      return { company_link: value };
    case "company_id": {
      // "#1000254", or the company's address pasted whole when it carries the id (…/company/1000254/).
      const id = /^#?(\d{1,15})$/.exec(value)?.[1] ?? /\/company\/(\d{1,15})(?:[/?#]|$)/i.exec(value)?.[1];
      if (id) return { company_id: Number(id) };
      problems.push({
        path: "company_id",
        message: value === "" ? "no company id is given" : `"${value}" is not a company id`,
        hint: "Type the company's numeric id (network_id), or search by name or profile link.",
      });
      return {};
    }
    case "without_company":
      return { without_company: true };
    case "network_filter_link":
      return { network_filter_link: value };
    case "selected_companies":
      return company ?? {};
  }
}

/** Every filled-in filter, lists without blanks, flags only when on (false filters nothing). */
function filtersOf(form: LeadSearchForm, problems: Problem[]): LeadSearchRequest {
  const request: LeadSearchRequest = {};
  const lists = [
    "locations",
    "lead_industries",
    "company_locations",
    "company_headcounts",
    "company_types",
    "past_company_names",
    "exclude_names",
    "filter_empty_vars",
  ] as const;
  for (const field of lists) {
    const values = clean(form[field]);
    if (values.length > 0) request[field] = values;
  }
  for (const field of ["years_in_company", "years_in_position"] as const) {
    if (form[field].length > 0) request[field] = [...new Set(form[field])].sort((a, b) => a - b);
  }
  const groups = idsOf(form.groups, "groups", problems);
  if (groups) request.groups = groups;
  const schools = idsOf(form.schools, "schools", problems);
  if (schools) request.schools = schools;
  for (const flag of ["changed_jobs", "posted_on_network", "mentioned_in_news"] as const) {
    if (form[flag]) request[flag] = true;
  }
  // A card left entirely blank (the form starts with one) is no persona: personas are optional
  // with a search URL, and an empty card must not stand in the way.
  const personas = form.personas
    .filter((persona) => !isBlankCard(persona))
    .map((persona, index) => personaOf(persona, `personas[${index}]`, problems));
  if (personas.length > 0) request.personas = personas;
  const offset = String(form.offset_by ?? "").trim();
  if (/^\d{1,9}$/.test(offset)) {
    if (Number(offset) > 0) request.offset_by = Number(offset);
  } else if (offset !== "") {
    problems.push({
      path: "offset_by",
      message: `"${offset}" is not a whole number`,
      hint: "Type how many matching leads to skip, or leave it empty to start at the first.",
    });
  }
  const limit = countDigits(form.limit_by);
  if (limit !== "") {
    const cap = targetCap(form.target.kind);
    const n = Number(limit);
    if (!/^\d{1,9}$/.test(limit))
      problems.push({
        path: "limit_by",
        message: `"${String(form.limit_by).trim()}" is not a whole number`,
        hint: "Type how many leads to return at most, or leave it empty for as many as allowed.",
      });
    else if (n < 1 || n > cap)
      problems.push({
        path: "limit_by",
        message: `${n.toLocaleString("en-US")} is ${n < 1 ? "no lead" : `more than one search returns (${cap.toLocaleString("en-US")} here)`}`,
        hint: `Type a number from 1 to ${cap.toLocaleString("en-US")}, or leave it empty for as many as allowed.`,
      });
    else request.limit_by = n;
  }
  return request;
}

export interface BuiltRequest {
  request: LeadSearchRequest;
  /** Every problem at once: the form's own (ids, numbers) and the client validator's. */
  problems: Problem[];
}

/**
 * The request for one search. With the target "selected_companies", `company` names the company
 * (one request per selected company, same personas and filters).
 */
export function formToRequest(form: LeadSearchForm, company: CompanyTarget | null = null): BuiltRequest {
  const problems: Problem[] = [];
  const target = targetOf(form, company, problems);
  const request: LeadSearchRequest = { ...target, ...filtersOf(form, problems) };
  // The form's own problem about its target (an empty box, a company id with letters) already says
  // it in the tab's words; the validator would add "no target is given" and the API's field names.
  const targetSaid = problems.some((q) => (TARGET_KINDS as readonly string[]).includes(q.path));
  // Likewise Max leads per search, already said in the tab's words (with the target's cap).
  const limitSaid = problems.some((q) => q.path === "limit_by");
  const validated = validateLeadSearch(request).filter(
    (p) => !(targetSaid && p.path === "company_name") && !(limitSaid && p.path === "limit_by"),
  );
  return { request, problems: [...problems, ...validated] };
}

/** The most leads one search may return under the spec's caps, for the form's explanation. */
export function targetCap(kind: TargetKind): number {
  return kind === "without_company" || kind === "network_filter_link"
    ? LEAD_LIMIT_REDUCED
    : LEAD_LIMIT_DEFAULT;
}
