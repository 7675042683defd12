/** Checkboxes over a set of values: ticking one adds its value to the selection, unticking removes it. */
import type { ComponentChildren } from "preact";

const PLAIN = { fontWeight: 400 } as const;

export function CheckboxList<T extends string | number>(props: {
  /** The inputs' name (a form field of the spec), when they have one. */
  name?: string;
  options: ReadonlyArray<{ value: T; label: ComponentChildren }>;
  selected: readonly T[];
  onChange(selected: T[]): void;
}) {
  const toggle = (value: T, on: boolean) =>
    props.onChange(on ? [...props.selected, value] : props.selected.filter((v) => v !== value));
  return (
    <>
      {props.options.map((option) => (
        <label key={String(option.value)} style={PLAIN}>
          <input
            type="checkbox"
            name={props.name}
            value={String(option.value)}
            checked={props.selected.includes(option.value)}
            onChange={(e) => toggle(option.value, e.currentTarget.checked)}
          />{" "}
          {option.label}
        </label>
      ))}
    </>
  );
}
