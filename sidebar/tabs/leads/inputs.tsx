/**
 * The Leads tab's small inputs: a list typed one value per line (locations hold commas), a list
 * typed comma-separated (functions, seniorities), a group of checkboxes, and a field's problems.
 */
import type { ComponentChildren } from "preact";
import type { Problem } from "../../../src/api/errors";
import { CheckboxList } from "../../components/checkbox-list";
import type { EntryKind } from "../../components/list-entries";
import { ListInput } from "../../components/list-input";

const ERROR = { color: "var(--error)", fontSize: "12px" } as const;
const PLAIN = { fontWeight: 400 } as const;

const IRREGULAR: Record<string, string> = { company: "companies", search: "searches" };

/** "1 lead", "2 leads", "3 companies", "1,234 searches". */
export function plural(n: number, word: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? word : (IRREGULAR[word] ?? `${word}s`)}`;
}

/** Problems of a field: its path, or a path inside it (personas[0][1] belongs to personas[0]). */
export function problemsAt(problems: readonly Problem[], ...paths: string[]): Problem[] {
  return problems.filter((p) =>
    p.path.split(", ").some((part) => paths.some((path) => part === path || part.startsWith(`${path}[`))),
  );
}

export function FieldProblems({ problems, id }: { problems: readonly Problem[]; id?: string }) {
  if (problems.length === 0) return null;
  return (
    <span id={id} role="alert" style={ERROR} data-testid="field-problem">
      {problems.map((p) => (
        <span key={`${p.path}:${p.message}`} style={{ display: "block" }}>
          {p.message}. {p.hint}
        </span>
      ))}
    </span>
  );
}

/** A list of values as chips (the shared ListInput: commas, new lines and Enter separate). */
export function LinesInput(props: {
  id: string;
  label: string;
  kind?: EntryKind;
  hint: string;
  values: string[];
  onChange(values: string[]): void;
  problems: readonly Problem[];
  placeholder?: string;
  /** Said under the hint, before the field's problems (e.g. the locations not in the list). */
  note?: ComponentChildren;
}) {
  return (
    <div class="form-group">
      <label for={props.id}>{props.label}</label>
      <ListInput
        id={props.id}
        values={props.values}
        onChange={props.onChange}
        kind={props.kind}
        placeholder={props.placeholder ?? "Type and press Enter"}
        describedBy={`${props.id}-hint`}
        invalid={props.problems.length > 0}
      />
      <span id={`${props.id}-hint`} class="hint">
        {props.hint}
      </span>
      {props.note}
      <FieldProblems problems={props.problems} />
    </div>
  );
}

export function CheckboxGroup<T extends string | number>(props: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  selected: readonly T[];
  onChange(selected: T[]): void;
  problems: readonly Problem[];
}) {
  return (
    <fieldset class="form-group" data-testid={`group-${props.name}`}>
      <legend>{props.legend}</legend>
      <CheckboxList
        name={props.name}
        options={props.options}
        selected={props.selected}
        onChange={props.onChange}
      />
      <FieldProblems problems={props.problems} />
    </fieldset>
  );
}

export function Toggle(props: { label: string; checked: boolean; onChange(on: boolean): void }) {
  return (
    <label style={PLAIN}>
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />{" "}
      {props.label}
    </label>
  );
}
