/**
 * The company search form: every body field of the spec's company search, with the rules that
 * matter where they matter. limit_by is "how many companies" in all (sent in pages), offset_by
 * "where to start" in the match list.
 */
import { useEffect, useRef } from "preact/hooks";
import { COMPANY_TYPES, FOLLOWER_RANGES, HEADCOUNTS } from "../../../src/api/wire";
import type { CompanySearchForm, FieldProblems } from "../../../src/rpc/companies";
import { domainEntries, keywordRuleEntries } from "../../components/list-entries";
import { UnlistedLocations } from "../../components/unlisted-locations";
import { COMPANY_ID_ENTRIES, INDUSTRY_ENTRIES, LOCATION_ENTRIES } from "../../vocabulary/entries";
import { CheckboxGroup, CountField, FieldGroup, Flag, Hint, ListField, TextField } from "./fields";
import { RevenueFields } from "./revenue";

const PLAIN = { fontWeight: 400 } as const;
const PAIR = { display: "grid", gridTemplateColumns: "1fr 1fr", gap: "0 8px" } as const;

/** The fields folded under Revenue and exclusions. */
const FOLDED_FIELDS: ReadonlyArray<keyof FieldProblems> = [
  "website_blacklist",
  "revenue_min",
  "revenue_max",
  "exclude_domains",
  "exclude_ids",
  "leave_out_sheet",
  "leave_out_column",
  "sheet_name",
];

export function CompanyForm({
  form,
  problems,
  onChange,
}: {
  form: CompanySearchForm;
  problems: FieldProblems;
  /** Only the fields that changed: several list fields may commit their drafts in one go. */
  onChange(change: Partial<CompanySearchForm>): void;
}) {
  const set =
    <K extends keyof CompanySearchForm>(field: K) =>
    (value: CompanySearchForm[K]) =>
      onChange({ [field]: value });
  // The folded section opens when one of its fields has a problem ("see the marked fields" must
  // find them), and is never closed under the user's hands when the problem goes.
  const folded = useRef<HTMLDetailsElement>(null);
  const foldedProblem = FOLDED_FIELDS.some((field) => (problems[field]?.length ?? 0) > 0);
  useEffect(() => {
    if (foldedProblem && folded.current) folded.current.open = true;
  }, [foldedProblem]);
  return (
    <>
      <ListField
        field="industries"
        kind={INDUSTRY_ENTRIES}
        label="Industries"
        values={form.industries}
        onChange={set("industries")}
        problems={problems}
        placeholder="e.g. software development"
        hint="Suggestions as you type, from the network's industry list; commas or new lines separate several. A name not in the list is marked here, with the closest ones."
      />
      <Flag
        field="sub_industries"
        label="Send sub_industries (meaning not documented)"
        checked={form.sub_industries}
        onChange={set("sub_industries")}
        problems={problems}
        hint="Sent as sub_industries: true. The API documents no meaning for it (whether it widens or narrows the industries is not shown); each company returned still costs 1 credit."
      />
      <ListField
        field="locations"
        kind={LOCATION_ENTRIES}
        label="Locations"
        values={form.locations}
        onChange={set("locations")}
        problems={problems}
        placeholder="e.g. germany, or berlin"
        hint="A country or a city (suggestions as you type); commas or new lines separate several. A place not in the list goes as typed, and the API's answer comes back here."
      />
      <UnlistedLocations values={form.locations} />
      <FieldGroup field="strict_locations" problems={problems}>
        <label style={PLAIN}>
          <input
            type="checkbox"
            checked={form.strict_locations}
            onChange={(e) => set("strict_locations")(e.currentTarget.checked)}
          />{" "}
          Headquarters only (not other offices in these locations)
        </label>
      </FieldGroup>
      <ListField
        field="keywords"
        label="Keywords"
        kind={keywordRuleEntries}
        values={form.keywords}
        onChange={set("keywords")}
        problems={problems}
        max={10}
        maxReason="at most 10 keywords: remove one, or combine some with OR inside one keyword, such as (a OR b)"
        placeholder="e.g. saas, or (cloud AND security)"
        hint={
          <>
            Up to 10, 40 characters each, combined with OR. Group with AND, OR, NOT in parentheses: (cloud AND
            security). Not allowed: ! @ # $ % ^ \ * {"{ } [ ]"} / |
          </>
        }
      />
      <CheckboxGroup
        field="headcounts"
        legend="Headcount"
        options={HEADCOUNTS}
        values={form.headcounts}
        onChange={set("headcounts")}
        problems={problems}
        hint="Tests the exact employee count; the headcount_range column of the Companies sheet is the company's own text and may differ."
      />
      <CheckboxGroup
        field="company_types"
        legend="Company type"
        options={COMPANY_TYPES}
        values={form.company_types}
        onChange={set("company_types")}
        problems={problems}
      />
      <CheckboxGroup
        field="num_of_followers"
        legend="Followers"
        options={FOLLOWER_RANGES}
        values={form.num_of_followers}
        onChange={set("num_of_followers")}
        problems={problems}
      />
      <details ref={folded}>
        <summary>Revenue and exclusions</summary>
        <Flag
          field="website_blacklist"
          label="Leave out staffing agencies and directories (website_blacklist)"
          checked={form.website_blacklist}
          onChange={set("website_blacklist")}
          problems={problems}
          hint="Sent as website_blacklist: true. The API spec shows no meaning; the production reference says it drops staffing agencies and directories. Companies left out are not returned, so not charged."
        />
        <RevenueFields form={form} problems={problems} onChange={onChange} />
        <ListField
          field="exclude_domains"
          kind={domainEntries}
          label="Exclude domains"
          values={form.exclude_domains}
          onChange={set("exclude_domains")}
          problems={problems}
          placeholder="e.g. competitor.com"
          hint="Companies with these web domains are left out."
        />
        <ListField
          field="exclude_ids"
          kind={COMPANY_ID_ENTRIES}
          label="Exclude company ids"
          values={form.exclude_ids}
          onChange={set("exclude_ids")}
          problems={problems}
          placeholder="network_id, e.g. 1000042"
          hint="The network_id column of the Companies sheet, or company profile links that carry the id (…/company/1000042/)."
        />
        <TextField
          field="leave_out_sheet"
          label="Also leave out the companies in sheet"
          value={form.leave_out_sheet}
          onChange={set("leave_out_sheet")}
          problems={problems}
          placeholder="e.g. CRM export"
        />
        <TextField
          field="leave_out_column"
          label="from its column"
          value={form.leave_out_column}
          onChange={set("leave_out_column")}
          problems={problems}
          placeholder="e.g. Website"
          hint="The header of a column of company ids, websites or domains: those companies are left out before anything is charged. Company names cannot be left out this way."
        />
        <TextField
          field="sheet_name"
          label="Write the companies to sheet"
          value={form.sheet_name}
          onChange={set("sheet_name")}
          problems={problems}
          placeholder="Companies"
          hint="Made when missing. The companies already in it are left out too, and never written twice."
        />
      </details>
      <div style={PAIR}>
        <CountField
          field="limit_by"
          label="Companies to fetch"
          value={form.limit_by}
          onChange={set("limit_by")}
          problems={problems}
        />
        <CountField
          field="offset_by"
          label="Start at match"
          value={form.offset_by}
          onChange={set("offset_by")}
          problems={problems}
          shown={(offset) => offset + 1}
          stored={(match) => match - 1}
        />
      </div>
      <Hint id="co-window-hint">
        Only the first 1,600 matches are searched. Companies with 0 employees and a bad website are skipped
        and not charged, so fewer may come back than asked. The order is kept 30 days, so Next page brings no
        duplicates.
      </Hint>
    </>
  );
}
