/** The Enrich form's fields to fill: the default lead fields, and any more typed as a list. */
import { DEFAULT_LOOKUP_FIELDS, type LeadField } from "../../../src/sheet/lead-fields";
import { CheckboxList } from "../../components/checkbox-list";

export function FieldsChooser(props: {
  defaults: LeadField[];
  setDefaults(fields: LeadField[]): void;
  more: string;
  setMore(text: string): void;
  problem: string | null;
}) {
  return (
    <fieldset class="form-group">
      <legend>Fields to fill</legend>
      <CheckboxList
        options={DEFAULT_LOOKUP_FIELDS.map((field) => ({ value: field, label: field }))}
        selected={props.defaults}
        onChange={props.setDefaults}
      />
      <label for="enrich-more">More fields</label>
      <input
        id="enrich-more"
        type="text"
        placeholder="e.g. headline, industry, jobs"
        value={props.more}
        onInput={(e) => props.setMore(e.currentTarget.value)}
        aria-describedby="enrich-more-hint"
      />
      <span id="enrich-more-hint" class="hint">
        Any field of the lead record, comma-separated. Lists (jobs, educations) are written as the List fields
        setting says: readable text unless it is set to JSON.
      </span>
      {props.problem ? (
        <span role="alert" style={{ color: "var(--error)", fontSize: "12px" }}>
          {props.problem}
        </span>
      ) : null}
    </fieldset>
  );
}
