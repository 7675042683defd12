/**
 * Where the leads go and what comes with them (issues 23.17 and 21.6): the sheet they are written
 * to, another sheet's column of leads to leave out (a CRM export), and work emails found in the
 * same run. Open by default: these decide where a run writes and what it may cost.
 */
import type { Problem } from "../../../src/api/errors";
import type { LeadSearchForm } from "../../../src/jobs/lead-search/form";
import { FieldProblems, problemsAt } from "./inputs";

function Text(props: {
  field: "sheet_name" | "leave_out_sheet" | "leave_out_column";
  label: string;
  value: string;
  placeholder: string;
  hint: string;
  onChange(value: string): void;
  problems: readonly Problem[];
}) {
  const id = `leads-${props.field}`;
  const problems = problemsAt(props.problems, props.field);
  return (
    <div class="form-group">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        type="text"
        value={props.value}
        placeholder={props.placeholder}
        onInput={(e) => props.onChange(e.currentTarget.value)}
        aria-describedby={`${id}-hint ${id}-problems`}
        aria-invalid={problems.length > 0 ? "true" : undefined}
      />
      <span class="hint" id={`${id}-hint`}>
        {props.hint}
      </span>
      <FieldProblems id={`${id}-problems`} problems={problems} />
    </div>
  );
}

export function Destination(props: {
  form: LeadSearchForm;
  set(change: Partial<LeadSearchForm>): void;
  problems: readonly Problem[];
}) {
  const { form, set, problems } = props;
  return (
    <details open>
      <summary>Where the leads go</summary>
      <Text
        field="sheet_name"
        label="Write the leads to sheet"
        value={form.sheet_name ?? ""}
        placeholder="Leads"
        hint="Made when missing. The leads already in it are left out, and never written twice."
        onChange={(sheet_name) => set({ sheet_name })}
        problems={problems}
      />
      <Text
        field="leave_out_sheet"
        label="Also leave out the leads in sheet"
        value={form.leave_out_sheet ?? ""}
        placeholder="e.g. CRM export"
        hint="A sheet of people you already have."
        onChange={(leave_out_sheet) => set({ leave_out_sheet })}
        problems={problems}
      />
      <Text
        field="leave_out_column"
        label="from its column"
        value={form.leave_out_column ?? ""}
        placeholder="e.g. LinkedIn URL"
        hint="The header of a column of profile URLs, sales ids or network ids. Sales ids (and links that carry one) are left out before anything is charged; a lead named by another URL or a network id is charged if a search finds it, and not written."
        onChange={(leave_out_column) => set({ leave_out_column })}
        problems={problems}
      />
      <div class="form-group">
        <label>
          <input
            id="leads-find_emails"
            type="checkbox"
            checked={form.find_emails === true}
            onChange={(e) => set({ find_emails: e.currentTarget.checked })}
          />{" "}
          Find work emails of the new leads
        </label>
        <span class="hint">
          Up to 1 credit a lead written (the email finder), in the same run: Email and Email status columns
          (valid, catch-all, not found). A catch-all company accepts any address, so its email cannot be
          confirmed.
        </span>
      </div>
    </details>
  );
}
