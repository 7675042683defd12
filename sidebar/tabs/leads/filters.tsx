/** Every other filter of lead search, in folded groups: lead, company, time, and the rest. */
import type { Problem } from "../../../src/api/errors";
import { COMPANY_TYPES, FILTER_EMPTY_VARS, HEADCOUNTS, TIME_RANGES } from "../../../src/api/wire";
import type { LeadSearchForm } from "../../../src/jobs/lead-search/form";
import type { EntryKind } from "../../components/list-entries";
import { companyNameEntries } from "../../components/list-entries";
import { UnlistedLocations } from "../../components/unlisted-locations";
import {
  GROUP_ID_ENTRIES,
  INDUSTRY_ENTRIES,
  LEAVE_OUT_NAME_ENTRIES,
  LOCATION_ENTRIES,
  SCHOOL_ID_ENTRIES,
} from "../../vocabulary/entries";
import { CheckboxGroup, LinesInput, problemsAt, Toggle } from "./inputs";

/** What each list field accepts. */
const KINDS: Record<ListField, EntryKind> = {
  locations: LOCATION_ENTRIES,
  lead_industries: INDUSTRY_ENTRIES,
  company_locations: LOCATION_ENTRIES,
  past_company_names: companyNameEntries,
  groups: GROUP_ID_ENTRIES,
  schools: SCHOOL_ID_ENTRIES,
  exclude_names: LEAVE_OUT_NAME_ENTRIES,
};
type ListField =
  | "locations"
  | "lead_industries"
  | "company_locations"
  | "past_company_names"
  | "groups"
  | "schools"
  | "exclude_names";

/**
 * filter_empty_vars' values in words, each with the API's name after it: "started_at_position"
 * alone left a user guessing which date it is.
 */
const EMPTY_VAR_WORDS: Record<(typeof FILTER_EMPTY_VARS)[number], string> = {
  job_started_on: "a job start date",
  profile_photo: "a profile photo",
  started_at_position: "a start date in their position",
  company_website: "a company website",
};
export const EMPTY_VAR_OPTIONS = FILTER_EMPTY_VARS.map((value) => ({
  value,
  label: `${EMPTY_VAR_WORDS[value]} (${value})`,
}));

const TIME_OPTIONS = Object.entries(TIME_RANGES).map(([id, label]) => ({ value: Number(id), label }));
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export function Filters(props: {
  form: LeadSearchForm;
  set(change: Partial<LeadSearchForm>): void;
  problems: readonly Problem[];
}) {
  const { form, set, problems } = props;
  const lines = (field: ListField, label: string, hint: string, placeholder?: string) => (
    <LinesInput
      // Locations are an open list: one the add-on does not list is named before anything is sent.
      note={KINDS[field] === LOCATION_ENTRIES ? <UnlistedLocations values={form[field]} /> : undefined}
      id={`leads-${field}`}
      kind={KINDS[field]}
      label={label}
      hint={hint}
      placeholder={placeholder}
      values={form[field]}
      onChange={(values) => set({ [field]: values })}
      problems={problemsAt(problems, field)}
    />
  );
  return (
    <>
      <details open={problemsAt(problems, "locations", "lead_industries", "exclude_names").length > 0}>
        <summary>Lead filters</summary>
        {lines(
          "locations",
          "Lead locations",
          "A country or a city (suggestions as you type); commas or new lines separate several. A place not in the list goes as typed, and the API's answer comes back here.",
          "e.g. germany, or berlin",
        )}
        {lines(
          "lead_industries",
          "Lead industries",
          "Suggestions as you type, from the network's industry list; a name not in it is marked here.",
        )}
        {lines(
          "exclude_names",
          "Leave out these people",
          'Full names as on their profiles; commas or new lines separate several. A CRM\'s "Doe, Jane" is Jane Doe.',
        )}
        <CheckboxGroup
          legend="Only leads with"
          name="filter_empty_vars"
          options={EMPTY_VAR_OPTIONS}
          selected={form.filter_empty_vars}
          onChange={(filter_empty_vars) => set({ filter_empty_vars })}
          problems={problemsAt(problems, "filter_empty_vars")}
        />
        <fieldset class="form-group">
          <legend>Only leads who</legend>
          <Toggle
            label="changed jobs recently"
            checked={form.changed_jobs}
            onChange={(changed_jobs) => set({ changed_jobs })}
          />
          <Toggle
            label="posted on the network"
            checked={form.posted_on_network}
            onChange={(posted_on_network) => set({ posted_on_network })}
          />
          <Toggle
            label="were mentioned in the news"
            checked={form.mentioned_in_news}
            onChange={(mentioned_in_news) => set({ mentioned_in_news })}
          />
        </fieldset>
      </details>
      <details
        open={
          problemsAt(
            problems,
            "company_locations",
            "company_headcounts",
            "company_types",
            "past_company_names",
          ).length > 0
        }
      >
        <summary>Company filters</summary>
        {lines("company_locations", "Headquarters locations", "As for lead locations.")}
        <CheckboxGroup
          legend="Headcounts"
          name="company_headcounts"
          options={options(HEADCOUNTS)}
          selected={form.company_headcounts}
          onChange={(company_headcounts) => set({ company_headcounts })}
          problems={problemsAt(problems, "company_headcounts")}
        />
        <CheckboxGroup
          legend="Company types"
          name="company_types"
          options={options(COMPANY_TYPES)}
          selected={form.company_types}
          onChange={(company_types) => set({ company_types })}
          problems={problemsAt(problems, "company_types")}
        />
        {lines(
          "past_company_names",
          "Past companies",
          'Company names; commas separate several ("Acme, Inc." stays one).',
        )}
      </details>
      <details open={problemsAt(problems, "years_in_company", "years_in_position").length > 0}>
        <summary>Time in company and position</summary>
        <CheckboxGroup
          legend="Years in company"
          name="years_in_company"
          options={TIME_OPTIONS}
          selected={form.years_in_company}
          onChange={(years_in_company) => set({ years_in_company })}
          problems={problemsAt(problems, "years_in_company")}
        />
        <CheckboxGroup
          legend="Years in position"
          name="years_in_position"
          options={TIME_OPTIONS}
          selected={form.years_in_position}
          onChange={(years_in_position) => set({ years_in_position })}
          problems={problemsAt(problems, "years_in_position")}
        />
      </details>
      <details open={problemsAt(problems, "groups", "schools").length > 0}>
        <summary>Groups and schools</summary>
        {lines(
          "groups",
          "Group ids",
          "The number in a group's address on the network (…/groups/1234567/), or the address pasted whole.",
        )}
        {lines(
          "schools",
          "School ids",
          "The university_id of a lead's educations (the educations column of the Leads sheet), or the number in a school's address on the network.",
        )}
      </details>
    </>
  );
}
