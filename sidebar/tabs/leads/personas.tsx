/**
 * The personas editor: each persona a card with its name, functions, seniorities and words that
 * leave a title out. Production personas are free-text keywords (../shared/PRODUCTION.md A5), so
 * every list takes any keyword as a chip and only suggests common ones; ready-made personas
 * (founders, executives, ...) fill a card in one click and stay editable.
 */
import type { Problem } from "../../../src/api/errors";
import { EMPTY_PERSONA, type PersonaForm } from "../../../src/jobs/lead-search/form";
import { textEntries } from "../../components/list-entries";
import { FUNCTION_ENTRIES, SENIORITY_ENTRIES } from "../../vocabulary/entries";
import { PERSONA_PRESETS } from "../../vocabulary/personas";
import { FieldProblems, LinesInput, problemsAt } from "./inputs";

const CARD = {
  border: "1px solid var(--line)",
  borderRadius: "4px",
  padding: "6px 8px",
  margin: "0 0 8px",
  display: "flex",
  flexDirection: "column",
  gap: "3px",
} as const;
const PRESETS = { display: "flex", flexWrap: "wrap", gap: "4px", margin: "0 0 6px" } as const;

const isBlank = (p: PersonaForm) =>
  p.name.trim() === "" && p.functions.length + p.seniorities.length + p.prohibit.length === 0;

export function PersonasEditor(props: {
  personas: PersonaForm[];
  onChange(personas: PersonaForm[]): void;
  problems: readonly Problem[];
}) {
  const update = (index: number, change: Partial<PersonaForm>) =>
    props.onChange(props.personas.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const addPreset = (persona: PersonaForm) => {
    const copy = { ...persona, functions: [...persona.functions], seniorities: [...persona.seniorities] };
    // The blank card the form starts with takes the first preset.
    const blank = props.personas.findIndex(isBlank);
    props.onChange(
      blank === -1 ? [...props.personas, copy] : props.personas.map((p, i) => (i === blank ? copy : p)),
    );
  };
  return (
    <fieldset class="form-group" data-testid="personas">
      <legend>Personas</legend>
      <span class="hint">
        Who to find, by words in their job title. A lead matches a persona when its title has one of the
        functions and one of the seniorities (an empty list matches any title), and none of the words to leave
        out. Any word works; the lists only suggest.
      </span>
      <div style={PRESETS} data-testid="persona-presets">
        <span class="hint">Add:</span>
        {PERSONA_PRESETS.map((preset) => (
          <button
            key={preset.label}
            type="button"
            class="secondary"
            onClick={() => addPreset(preset.persona)}
          >
            {preset.label}
          </button>
        ))}
      </div>
      {props.personas.map((persona, index) => {
        const id = `persona-${index}`;
        const at = `personas[${index}]`;
        return (
          <div key={id} style={CARD} data-testid={id}>
            <label for={`${id}-name`}>Name</label>
            <input
              id={`${id}-name`}
              type="text"
              placeholder="e.g. Marketing leaders"
              value={persona.name}
              onInput={(e) => update(index, { name: e.currentTarget.value })}
            />
            <FieldProblems problems={problemsAt(props.problems, `${at}[0]`)} />
            <LinesInput
              id={`${id}-functions`}
              label="Functions"
              hint="Any of these in the title: marketing, sales, engineering, ceo…"
              kind={FUNCTION_ENTRIES}
              placeholder="e.g. marketing, sales"
              values={persona.functions}
              onChange={(functions) => update(index, { functions })}
              problems={problemsAt(props.problems, `${at}[1]`)}
            />
            <LinesInput
              id={`${id}-seniorities`}
              label="Seniorities (optional)"
              hint="Every word of one of these in the title. vp also finds SVP and EVP; chief or cxo find Chief … Officer; manager+ is Manager and above."
              kind={SENIORITY_ENTRIES}
              placeholder="e.g. head, director, vp"
              values={persona.seniorities}
              onChange={(seniorities) => update(index, { seniorities })}
              problems={problemsAt(props.problems, `${at}[2]`)}
            />
            <LinesInput
              id={`${id}-prohibit`}
              label="Leave out titles containing (optional)"
              hint="A title with any of these words is left out."
              kind={textEntries}
              placeholder="e.g. assistant, intern"
              values={persona.prohibit}
              onChange={(prohibit) => update(index, { prohibit })}
              problems={problemsAt(props.problems, `${at}[3]`).concat(
                props.problems.filter((p) => p.path === at),
              )}
            />
            <label for={`${id}-priority`}>Priority (optional)</label>
            <input
              id={`${id}-priority`}
              type="text"
              inputMode="numeric"
              placeholder="0"
              value={String(persona.priority ?? "")}
              aria-describedby={`${id}-priority-hint`}
              onInput={(e) => update(index, { priority: e.currentTarget.value })}
            />
            <span id={`${id}-priority-hint`} class="hint">
              When there are more matches than Max leads per search, leads of a lower number come first
              (empty: 0).
            </span>
            <FieldProblems problems={problemsAt(props.problems, `${at}[4]`)} />
            <button
              type="button"
              class="secondary"
              onClick={() => props.onChange(props.personas.filter((_, i) => i !== index))}
            >
              Remove persona
            </button>
          </div>
        );
      })}
      <FieldProblems problems={props.problems.filter((p) => p.path === "personas")} />
      <button
        type="button"
        class="secondary"
        data-testid="add-persona"
        onClick={() => props.onChange([...props.personas, { ...EMPTY_PERSONA }])}
      >
        Add persona
      </button>
    </fieldset>
  );
}
