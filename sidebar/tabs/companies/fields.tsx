/** The Companies form's building blocks: a field's problems, checkbox groups, list and number fields. */
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { readCount } from "../../../src/jobs/count-text";
import type { FieldProblems, FormField } from "../../../src/rpc/companies";
import { CheckboxList } from "../../components/checkbox-list";
import type { EntryKind } from "../../components/list-entries";
import { ListInput } from "../../components/list-input";

const ERROR = { color: "var(--error)", fontSize: "12px", display: "block" } as const;
const GRID = { display: "grid", gridTemplateColumns: "1fr 1fr", gap: "0 8px" } as const;

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

/**
 * The ids of a field's hint and problems, only those on screen: an aria-describedby that names no
 * element at all is an invalid value (axe: aria-valid-attr-value), as it was for fields without a hint.
 */
function describedBy(
  props: { field: FormField; problems: FieldProblems },
  hint: boolean,
): string | undefined {
  const id = `co-${props.field}`;
  const ids = [
    hint ? `${id}-hint` : "",
    (props.problems[props.field]?.length ?? 0) > 0 ? `${id}-problems` : "",
  ];
  return ids.filter(Boolean).join(" ") || undefined;
}

export function Hint({ id, children }: { id: string; children: ComponentChildren }) {
  return (
    <span id={id} class="hint">
      {children}
    </span>
  );
}

/** A field's label (for the control with id `co-<field>`), the control, its hint and its problems. */
export function FieldGroup(props: {
  field: FormField;
  label?: string;
  problems: FieldProblems;
  hint?: ComponentChildren;
  children: ComponentChildren;
}) {
  const id = `co-${props.field}`;
  return (
    <div class="form-group" data-field={props.field}>
      {props.label ? <label for={id}>{props.label}</label> : null}
      {props.children}
      {props.hint ? <Hint id={`${id}-hint`}>{props.hint}</Hint> : null}
      <Problems field={props.field} problems={props.problems} />
    </div>
  );
}

/** One checkbox that sends a flag of the request, with what it does (or that nobody says). */
export function Flag(props: {
  field: FormField;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  problems: FieldProblems;
  hint: ComponentChildren;
}) {
  const id = `co-${props.field}`;
  return (
    <div class="form-group" data-field={props.field}>
      <label for={id} style={{ fontWeight: 400 }}>
        <input
          id={id}
          type="checkbox"
          checked={props.checked}
          onChange={(e) => props.onChange(e.currentTarget.checked)}
          aria-describedby={describedBy(props, true)}
        />{" "}
        {props.label}
      </label>
      <Hint id={`${id}-hint`}>{props.hint}</Hint>
      <Problems field={props.field} problems={props.problems} />
    </div>
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
  return (
    <fieldset class="form-group" data-field={props.field}>
      <legend>{props.legend}</legend>
      <div style={GRID}>
        <CheckboxList
          name={props.field}
          options={props.options.map((value) => ({ value, label: value }))}
          selected={props.values}
          onChange={props.onChange}
        />
      </div>
      {props.hint ? <Hint id={`co-${props.field}-hint`}>{props.hint}</Hint> : null}
      <Problems field={props.field} problems={props.problems} />
    </fieldset>
  );
}

export function ListField(props: {
  field: FormField;
  kind?: EntryKind;
  label: string;
  values: string[];
  onChange(values: string[]): void;
  problems: FieldProblems;
  hint: ComponentChildren;
  placeholder?: string;
  max?: number;
  maxReason?: string;
}) {
  const id = `co-${props.field}`;
  return (
    <FieldGroup field={props.field} label={props.label} problems={props.problems} hint={props.hint}>
      <ListInput
        id={id}
        values={props.values}
        onChange={props.onChange}
        kind={props.kind}
        placeholder={props.placeholder}
        max={props.max}
        {...(props.maxReason ? { maxReason: props.maxReason } : {})}
        describedBy={describedBy(props, Boolean(props.hint))}
        invalid={(props.problems[props.field]?.length ?? 0) > 0}
      />
    </FieldGroup>
  );
}

export function TextField(props: {
  field: FormField;
  label: string;
  value: string;
  onChange(value: string): void;
  problems: FieldProblems;
  hint?: ComponentChildren;
  placeholder?: string;
  numeric?: boolean;
}) {
  const id = `co-${props.field}`;
  return (
    <FieldGroup field={props.field} label={props.label} problems={props.problems} hint={props.hint}>
      <input
        id={id}
        type="text"
        inputMode={props.numeric ? "numeric" : undefined}
        value={props.value}
        placeholder={props.placeholder}
        onInput={(e) => props.onChange(e.currentTarget.value)}
        aria-describedby={describedBy(props, Boolean(props.hint))}
        aria-invalid={(props.problems[props.field]?.length ?? 0) > 0 ? "true" : undefined}
      />
    </FieldGroup>
  );
}

/** What a count box holding text that is no count ("ten", "2.5") gives the form: no valid count. */
const NOT_A_COUNT = -1;

/**
 * A count box (Companies to fetch, Start at match). It keeps the text as typed and gives the form
 * its number: before, the form's number was the box, so the comma of "1,500" emptied it (NaN shown
 * as "") and the digits typed next made the search 500 companies, and "2.5" became 25. Text that
 * is no count reaches the form as -1 (NaN would travel as null and read as match 1), which the
 * form refuses at this field; the refusal then names what was typed.
 */
export function CountField(props: {
  field: FormField;
  label: string;
  /** The form's value. */
  value: number;
  onChange(value: number): void;
  problems: FieldProblems;
  /** The box's number for the form's value and back (a match number is the offset plus one). */
  shown?: (value: number) => number;
  stored?: (shown: number) => number;
}) {
  const shown = props.shown ?? ((value: number) => value);
  const stored = props.stored ?? ((value: number) => value);
  const textOf = (value: number) =>
    Number.isNaN(value) || value === NOT_A_COUNT ? "" : String(shown(value));
  const formValue = (text: string) => {
    if (text.trim() === "") return Number.NaN;
    const count = readCount(text);
    return Number.isNaN(count) ? NOT_A_COUNT : stored(count);
  };
  const [text, setText] = useState(() => textOf(props.value));
  // Set from outside (Next page, a preset, Fetch N instead): the box shows the new value.
  useEffect(() => {
    if (!Object.is(formValue(text), props.value)) setText(textOf(props.value));
  }, [props.value]);
  const refused = text.trim() !== "" && Number.isNaN(readCount(text));
  const problems: FieldProblems =
    refused && (props.problems[props.field]?.length ?? 0) > 0
      ? {
          ...props.problems,
          [props.field]: [`"${text.trim()}" is not a whole number.`, ...(props.problems[props.field] ?? [])],
        }
      : props.problems;
  return (
    <TextField
      field={props.field}
      label={props.label}
      value={text}
      problems={problems}
      numeric
      onChange={(typed) => {
        setText(typed);
        props.onChange(formValue(typed));
      }}
    />
  );
}
