/**
 * A multi-value text input: each value is a chip with a remove button. Enter adds the typed value
 * (commas stay inside a value, since locations read "city, state, country"); pasting several lines
 * adds one value per line; Backspace in the empty box removes the last chip; leaving the box adds
 * what was typed, so a value is never lost by pressing a button without Enter.
 */
import { useState } from "preact/hooks";

const CHIPS = { display: "flex", flexWrap: "wrap", gap: "4px" } as const;
const CHIP = {
  display: "inline-flex",
  alignItems: "center",
  gap: "2px",
  maxWidth: "100%",
  padding: "1px 2px 1px 8px",
  borderRadius: "12px",
  background: "var(--bg-soft)",
  border: "1px solid var(--line)",
  fontSize: "12px",
  wordBreak: "break-word",
} as const;
const REMOVE = {
  border: 0,
  background: "none",
  cursor: "pointer",
  color: "var(--gray)",
  padding: "0 4px",
} as const;

export interface ListInputProps {
  id: string;
  values: string[];
  onChange(values: string[]): void;
  placeholder?: string;
  /** Most values allowed; the box disappears at the limit. */
  max?: number;
  /** Id of the hint and problems that describe the box. */
  describedBy?: string;
  invalid?: boolean;
}

export function ListInput({ id, values, onChange, placeholder, max, describedBy, invalid }: ListInputProps) {
  const [draft, setDraft] = useState("");
  const add = (texts: string[]) => {
    const fresh = texts.map((t) => t.trim()).filter((t) => t !== "" && !values.includes(t));
    if (fresh.length > 0) onChange([...values, ...fresh]);
    setDraft("");
  };
  const full = max !== undefined && values.length >= max;
  return (
    <div style={CHIPS} data-list-input={id}>
      {values.map((value) => (
        <span key={value} style={CHIP} data-chip={value}>
          {value}
          <button
            type="button"
            style={REMOVE}
            aria-label={`Remove ${value}`}
            onClick={() => onChange(values.filter((v) => v !== value))}
          >
            ×
          </button>
        </span>
      ))}
      {full ? null : (
        <input
          id={id}
          type="text"
          value={draft}
          placeholder={placeholder}
          aria-describedby={describedBy}
          aria-invalid={invalid ? "true" : undefined}
          onInput={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add([draft]);
            } else if (e.key === "Backspace" && draft === "" && values.length > 0) {
              onChange(values.slice(0, -1));
            }
          }}
          onPaste={(e) => {
            const text = e.clipboardData?.getData("text") ?? "";
            if (!/[\r\n]/.test(text)) return;
            e.preventDefault();
            add(text.split(/\r?\n/));
          }}
          onBlur={() => add([draft])}
        />
      )}
    </div>
  );
}
