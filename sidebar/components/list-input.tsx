/**
 * A multi-value text input: each value is a chip with a remove button. What is typed or pasted is
 * split into entries by the field's kind (list-entries.ts: commas and new lines separate, except
 * inside listed names such as "Berlin, Berlin, Germany"), and each entry is brought to the form the
 * API matches. Enter, leaving the box, pasting a list, or pressing an action button (drafts.tsx)
 * adds them; an entry that cannot match stays in the box with why and the closest listed values,
 * so it is never sent. Backspace in the empty box removes the last chip. Suggestions come from the
 * field's pick list as the user types.
 */
import { useRef, useState } from "preact/hooks";
import { useDraftCommit } from "./drafts";
import { type EntryKind, sameEntry, textEntries, withinEntryLimit } from "./list-entries";

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
const REFUSED = { color: "var(--error)", fontSize: "12px", flexBasis: "100%" } as const;
const SUGGESTION = {
  ...REMOVE,
  color: "var(--blue, #1a73e8)",
  textDecoration: "underline",
  padding: "0 2px",
};

export interface ListInputProps {
  id: string;
  values: string[];
  onChange(values: string[]): void;
  /** What the field accepts; any text split on commas and new lines when not given. */
  kind?: EntryKind;
  placeholder?: string;
  /** Most values allowed; the box disappears at the limit. */
  max?: number;
  /** Why an entry past `max` stays in the box ("at most 10 keywords ..."); a plain limit when absent. */
  maxReason?: string;
  /** Id of the hint and problems that describe the box. */
  describedBy?: string;
  invalid?: boolean;
}

interface Refusal {
  entry: string;
  problem: string;
  suggestions: string[];
}

export function ListInput(props: ListInputProps) {
  const { id, values, onChange, placeholder, max, describedBy, invalid } = props;
  const kind = withinEntryLimit(props.kind ?? textEntries);
  const [draft, setDraft] = useState("");
  const [refused, setRefused] = useState<Refusal[]>([]);

  /** Adds what `text` holds; keeps the refused entries in the box. True when all were taken. */
  const add = (text: string): boolean => {
    const next = [...values];
    const kept: Refusal[] = [];
    for (const entry of kind.split(text)) {
      const answer = kind.accept(entry);
      if (!("value" in answer)) {
        kept.push({ entry, problem: answer.problem, suggestions: answer.suggestions ?? [] });
      } else if (!next.some((v) => sameEntry(v, answer.value))) {
        // Past the field's limit an entry stays in the box with why: never dropped unseen.
        if (max === undefined || next.length < max) next.push(answer.value);
        else
          kept.push({
            entry,
            problem: `"${answer.value}": ${props.maxReason ?? `at most ${max} here`}`,
            suggestions: [],
          });
      }
    }
    if (next.length !== values.length) onChange(next);
    setRefused(kept);
    setDraft(kept.map((r) => r.entry).join(", "));
    return kept.length === 0;
  };
  const input = useRef<HTMLInputElement>(null);
  useDraftCommit(() => (draft.trim() === "" ? true : add(draft)), input);

  const replace = (refusal: Refusal, value: string) => {
    const rest = refused.filter((r) => r !== refusal);
    if (!values.some((v) => sameEntry(v, value))) onChange([...values, value]);
    setRefused(rest);
    setDraft(rest.map((r) => r.entry).join(", "));
  };

  // At the limit the box goes, unless it holds entries refused for that limit (they stay seen).
  const full = max !== undefined && values.length >= max && refused.length === 0;
  const listId = kind.suggestions ? `${id}-suggestions` : undefined;
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
          ref={input}
          id={id}
          type="text"
          value={draft}
          placeholder={placeholder}
          list={listId}
          autoComplete="off"
          aria-describedby={
            [describedBy, refused.length > 0 ? `${id}-refused` : ""].join(" ").trim() || undefined
          }
          aria-invalid={invalid || refused.length > 0 ? "true" : undefined}
          onInput={(e) => {
            setDraft(e.currentTarget.value);
            if (refused.length > 0) setRefused([]);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add(draft);
            } else if (e.key === "Backspace" && draft === "" && values.length > 0) {
              onChange(values.slice(0, -1));
            }
          }}
          onPaste={(e) => {
            const text = e.clipboardData?.getData("text") ?? "";
            if (kind.split(text).length < 2) return;
            e.preventDefault();
            add(draft === "" ? text : `${draft}\n${text}`);
          }}
          onBlur={() => {
            if (draft.trim() !== "") add(draft);
          }}
        />
      )}
      {listId ? (
        <datalist id={listId}>
          {kind.suggestions?.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      ) : null}
      {refused.length > 0 ? (
        <span id={`${id}-refused`} role="alert" style={REFUSED} data-testid={`${id}-refused`}>
          {refused.map((refusal) => (
            <span key={refusal.entry} style={{ display: "block" }}>
              {refusal.problem}
              {refusal.suggestions.length > 0 ? (
                <>
                  {"; did you mean "}
                  {refusal.suggestions.map((suggestion, i) => (
                    <span key={suggestion}>
                      {i > 0 ? (i === refusal.suggestions.length - 1 ? " or " : ", ") : ""}
                      <button
                        type="button"
                        style={SUGGESTION}
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => replace(refusal, suggestion)}
                      >
                        {suggestion}
                      </button>
                    </span>
                  ))}
                  ?
                </>
              ) : (
                "."
              )}
            </span>
          ))}
        </span>
      ) : null}
    </div>
  );
}
