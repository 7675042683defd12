/**
 * Saved personas (the Leads tab), one list per document in document properties, shared by every
 * editor. Read defensively: an entry that is not a named list of personas is left out, so one
 * damaged entry never hides the others.
 */

import type { Store } from "../enrich/ports";
import type { PersonaForm } from "../lead-search/form";
import { checkedPresetName, isListableName, storablePresets } from "./names";

export interface PersonaPreset {
  name: string;
  personas: PersonaForm[];
}

const PRESETS_KEY = "leads.presets";
/** Document properties allow 9 KB a value. */
const MAX_VALUE_CHARS = 9_000;

const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === "string");

function isPersona(value: unknown): value is PersonaForm {
  if (value === null || typeof value !== "object") return false;
  const persona = value as Partial<Record<keyof PersonaForm, unknown>>;
  return (
    typeof persona.name === "string" &&
    isTextList(persona.functions) &&
    isTextList(persona.seniorities) &&
    isTextList(persona.prohibit)
  );
}

function isPreset(value: unknown): value is PersonaPreset {
  if (value === null || typeof value !== "object") return false;
  const { name, personas } = value as { name?: unknown; personas?: unknown };
  return isListableName(name) && Array.isArray(personas) && personas.every(isPersona);
}

export function loadPersonaPresets(store: Store): PersonaPreset[] {
  const raw = store.get(PRESETS_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? parsed.filter(isPreset).map(({ name, personas }) => ({ name, personas }))
      : [];
  } catch {
    return [];
  }
}

/** Deletes the preset named `name` (nothing when there is none); the whole list comes back. */
export function deletePersonaPreset(store: Store, name: string): PersonaPreset[] {
  const presets = loadPersonaPresets(store).filter((p) => p.name !== name);
  store.set(PRESETS_KEY, JSON.stringify(presets));
  return presets;
}

/** Saves (or replaces) the preset named `name`; the whole list comes back. */
export function savePersonaPreset(store: Store, name: string, personas: PersonaForm[]): PersonaPreset[] {
  const checked = checkedPresetName(name);
  const presets = [
    ...loadPersonaPresets(store).filter((p) => p.name !== checked),
    { name: checked, personas },
  ];
  const json = storablePresets(presets, MAX_VALUE_CHARS);
  store.set(PRESETS_KEY, json);
  return presets;
}
