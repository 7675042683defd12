/**
 * Where to search: exactly one target, so forbidden combinations cannot be typed. Each choice
 * says its cap (2,500 results with a company, 2,400 without one or with a search URL).
 */
import type { Problem } from "../../../src/api/errors";
import {
  type LeadSearchForm,
  TARGET_KINDS,
  type TargetKind,
  targetCap,
} from "../../../src/jobs/lead-search/form";
import type { LeadsCompanySelection } from "../../../src/rpc/leads";
import { FieldProblems, plural, problemsAt } from "./inputs";

const CHOICES: ReadonlyArray<{ kind: TargetKind; label: string; placeholder?: string }> = [
  { kind: "company_name", label: "Company name", placeholder: "e.g. Acme Corp" },
  { kind: "company_id", label: "Company id", placeholder: "e.g. 1000254" },
  { kind: "company_link", label: "Company profile link", placeholder: "https://…/company/acme/" },
  { kind: "selected_companies", label: "Companies selected in the sheet" },
  { kind: "without_company", label: "Any company (lead filters only)" },
  {
    kind: "network_filter_link",
    label: "A people-search URL",
    placeholder: "https://…/search/results/people/?…",
  },
];

export function TargetChooser(props: {
  target: LeadSearchForm["target"];
  onChange(target: LeadSearchForm["target"]): void;
  selection: LeadsCompanySelection | null;
  onLoadSelection(): void;
  problems: readonly Problem[];
}) {
  const { kind, value } = props.target;
  const choice = CHOICES.find((c) => c.kind === kind);
  const selection = props.selection;
  return (
    <fieldset class="form-group" data-testid="target">
      <legend>Where</legend>
      <select
        id="leads-target-kind"
        aria-label="Target"
        value={kind}
        onChange={(e) => props.onChange({ kind: e.currentTarget.value as TargetKind, value: "" })}
      >
        {CHOICES.map((c) => (
          <option key={c.kind} value={c.kind}>
            {c.label}
          </option>
        ))}
      </select>
      {choice?.placeholder ? (
        <input
          id="leads-target-value"
          type="text"
          aria-label={choice.label}
          placeholder={choice.placeholder}
          value={value}
          onInput={(e) => props.onChange({ kind, value: e.currentTarget.value })}
        />
      ) : null}
      {kind === "selected_companies" ? (
        <>
          <span data-testid="leads-selection">
            {selection === null
              ? "Select rows of the Companies sheet, then press Use selection."
              : selection.companies.length > 0
                ? `${plural(selection.companies.length, "company")} selected in ${selection.sheetName}: one search each, same personas and filters.`
                : selection.note}
            {selection && selection.skipped.length > 0
              ? ` ${plural(selection.skipped.length, "row")} without network_id or network_link left out.`
              : ""}
          </span>
          <button type="button" class="secondary" onClick={props.onLoadSelection}>
            Use selection
          </button>
        </>
      ) : null}
      <span class="hint">
        Up to {targetCap(kind).toLocaleString("en-US")} leads per search
        {kind === "without_company"
          ? " (the API's limit without a company)."
          : kind === "network_filter_link"
            ? " (the API's limit with a search URL)."
            : " (the network's limit)."}
        {kind === "network_filter_link"
          ? " The URL's own filters apply; personas and the rest are optional."
          : ""}
        {kind === "without_company" ? " Your plan may limit searches without a company per day." : ""}
      </span>
      <FieldProblems problems={problemsAt(props.problems, ...TARGET_KINDS)} />
    </fieldset>
  );
}
