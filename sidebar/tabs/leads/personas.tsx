/**
 * The personas editor: each persona a card with its name (required), functions (required, OR),
 * seniorities (optional, one-to-one with the functions) and prohibited keywords; add and remove.
 */
import type { Problem } from "../../../src/api/errors";
import { EMPTY_PERSONA, type PersonaForm } from "../../../src/jobs/lead-search/form";
import { CommaInput, FieldProblems, problemsAt } from "./inputs";

const CARD = {
  border: "1px solid var(--line)",
  borderRadius: "4px",
  padding: "6px 8px",
  margin: "0 0 8px",
  display: "flex",
  flexDirection: "column",
  gap: "3px",
} as const;

/** Seniorities people use (the spec's examples and the common ladder); free text is accepted too. */
const SENIORITY_SUGGESTIONS = [
  "Owner",
  "Founder",
  "CXO",
  "Partner",
  "VP",
  "Director",
  "Head",
  "Manager",
  "Senior",
  "Entry",
  "Intern",
];

export function PersonasEditor(props: {
  personas: PersonaForm[];
  onChange(personas: PersonaForm[]): void;
  problems: readonly Problem[];
}) {
  const update = (index: number, change: Partial<PersonaForm>) =>
    props.onChange(props.personas.map((p, i) => (i === index ? { ...p, ...change } : p)));
  return (
    <fieldset class="form-group" data-testid="personas">
      <legend>Personas</legend>
      <span class="hint">
        Who to find. Functions act as OR; seniorities combine with each function one-to-one (marketing, sales
        × Head, Manager finds Head of Marketing, Manager of Sales…). VP also finds SVP, EVP and GVP.
      </span>
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
            <CommaInput
              id={`${id}-functions`}
              label="Functions (comma-separated)"
              placeholder="e.g. marketing, sales"
              values={persona.functions}
              onChange={(functions) => update(index, { functions })}
            />
            <FieldProblems problems={problemsAt(props.problems, `${at}[1]`)} />
            <CommaInput
              id={`${id}-seniorities`}
              label="Seniorities (optional)"
              placeholder={`e.g. Head, VP (${SENIORITY_SUGGESTIONS.slice(0, 6).join(", ")}…)`}
              values={persona.seniorities}
              onChange={(seniorities) => update(index, { seniorities })}
            />
            <FieldProblems problems={problemsAt(props.problems, `${at}[2]`)} />
            <CommaInput
              id={`${id}-prohibit`}
              label="Leave out titles containing (optional)"
              placeholder="e.g. assistant, intern"
              values={persona.prohibit}
              onChange={(prohibit) => update(index, { prohibit })}
            />
            <FieldProblems
              problems={problemsAt(props.problems, `${at}[3]`).concat(
                props.problems.filter((p) => p.path === at),
              )}
            />
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
