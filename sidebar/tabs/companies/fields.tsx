/** The Companies form's building blocks: a field's problems, checkbox groups, list and number fields. */
import type { ComponentChildren } from "preact";
import type { FieldProblems, FormField } from "../../../src/rpc/companies";
import { ListInput } from "../../components/list-input";

const ERROR = { color: "var(--error)", fontSize: "12px", display: "block" } as const;
const GRID = { display: "grid", gridTemplateColumns: "1fr 1fr", gap: "0 8px" } as const;
const PLAIN = { fontWeight: 400 } as const;

/** Every problem of a field, verbatim (the server's detail and Hint included). */
export function Problems({ field, problems }: { field: FormField; problems: FieldProblems }) {
  const list = problems[field] ?? [];
  if (list.length === 0) return null;
  return (
    <span id={`co-${field}-problems`} role="alert" data-testid={`problems-${field}`}>
      {list.map((text) => (
        <span key={text} style={ERROR}>
          {text}
        </span>
      ))}
    </span>
  );
}

export function Hint({ id, children }: { id: string; children: ComponentChildren }) {
  return (
    <span id={id} class="hint">
      {children}
    </span>
  );
}

export function CheckboxGroup(props: {
  field: FormField;
  legend: string;
  options: readonly string[];
  values: string[];
  onChange(values: string[]): void;
  problems: FieldProblems;
  hint?: ComponentChildren;
}) {
  const toggle = (option: string, on: boolean) =>
    props.onChange(on ? [...props.values, option] : props.values.filter((v) => v !== option));
  return (
    <fieldset class="form-group" data-field={props.field}>
      <legend>{props.legend}</legend>
      <div style={GRID}>
        {props.options.map((option) => (
          <label key={option} style={PLAIN}>
            <input
              type="checkbox"
              name={props.field}
              value={option}
              checked={props.values.includes(option)}
              onChange={(e) => toggle(option, e.currentTarget.checked)}
            />{" "}
            {option}
          </label>
        ))}
      </div>
      {props.hint ? <Hint id={`co-${props.field}-hint`}>{props.hint}</Hint> : null}
      <Problems field={props.field} problems={props.problems} />
    </fieldset>
  );
}

export function ListField(props: {
  field: FormField;
  label: string;
  values: string[];
  onChange(values: string[]): void;
  problems: FieldProblems;
  hint: ComponentChildren;
  placeholder?: string;
  max?: number;
}) {
  const id = `co-${props.field}`;
  return (
    <div class="form-group" data-field={props.field}>
      <label for={id}>{props.label}</label>
      <ListInput
        id={id}
        values={props.values}
        onChange={props.onChange}
        placeholder={props.placeholder}
        max={props.max}
        describedBy={`${id}-hint ${id}-problems`}
        invalid={(props.problems[props.field]?.length ?? 0) > 0}
      />
      <Hint id={`${id}-hint`}>{props.hint}</Hint>
      <Problems field={props.field} problems={props.problems} />
    </div>
  );
}

export function NumberField(props: {
  field: FormField;
  label: string;
  value: string;
  onChange(value: string): void;
  problems: FieldProblems;
  hint?: ComponentChildren;
  placeholder?: string;
}) {
  const id = `co-${props.field}`;
  return (
    <div class="form-group" data-field={props.field}>
      <label for={id}>{props.label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={props.value}
        placeholder={props.placeholder}
        onInput={(e) => props.onChange(e.currentTarget.value)}
        aria-describedby={`${id}-hint ${id}-problems`}
        aria-invalid={(props.problems[props.field]?.length ?? 0) > 0 ? "true" : undefined}
      />
      {props.hint ? <Hint id={`${id}-hint`}>{props.hint}</Hint> : null}
      <Problems field={props.field} problems={props.problems} />
    </div>
  );
}
