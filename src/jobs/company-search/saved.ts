/**
 * Searches remembered in document properties (shared by everyone editing the document, as DESIGN
 * says ICP presets are): the last search with where "Next page" starts, and named presets.
 * A property value holds at most 9 KB, so presets are capped in number and size. Preset names are
 * checked in src/jobs/presets/names.ts (no reserved names such as `__proto__`).
 */
import type { Store } from "../enrich/ports";
import { checkedPresetName, isListableName, storablePresets } from "../presets/names";
import { type CompanySearchForm, readForm } from "./form";
import type { LastCompanySearch } from "./types";

const LAST_KEY = "companies.lastSearch";
const PRESETS_KEY = "companies.presets";
/** Document properties allow 9 KB a value; keep room for the JSON around the forms. */
const MAX_VALUE_CHARS = 8_500;

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function saveLastSearch(store: Store, last: LastCompanySearch): void {
  const text = JSON.stringify(last);
  // A form too large to remember only loses "Next page"; the search itself went through.
  if (text.length <= MAX_VALUE_CHARS) store.set(LAST_KEY, text);
  else store.remove(LAST_KEY);
}

export function loadLastSearch(store: Store): LastCompanySearch | null {
  const raw = parse(store.get(LAST_KEY));
  if (raw === null || typeof raw !== "object") return null;
  const last = raw as Partial<Record<keyof LastCompanySearch, unknown>>;
  return {
    form: readForm(last.form),
    nextOffset: typeof last.nextOffset === "number" ? last.nextOffset : null,
    ...(typeof last.nextMatch === "number" ? { nextMatch: last.nextMatch } : {}),
    resultsCount: typeof last.resultsCount === "number" ? last.resultsCount : null,
    at: typeof last.at === "string" ? last.at : "",
  };
}

export type Presets = Record<string, CompanySearchForm>;

/**
 * The stored presets in a Map (no key can reach a prototype), reserved names skipped: a store
 * written before they were refused still lists every other preset.
 */
function storedPresets(store: Store): Map<string, CompanySearchForm> {
  const raw = parse(store.get(PRESETS_KEY));
  const presets = new Map<string, CompanySearchForm>();
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return presets;
  for (const name of Object.keys(raw)) {
    if (isListableName(name)) presets.set(name, readForm((raw as Record<string, unknown>)[name]));
  }
  return presets;
}

/** As the sidebar gets them: a plain object whose keys are never reserved names. */
function toPresets(presets: Map<string, CompanySearchForm>): Presets {
  const out: Presets = {};
  for (const [name, form] of presets) out[name] = form;
  return out;
}

function storePresets(store: Store, presets: Map<string, CompanySearchForm>): Presets {
  const out = toPresets(presets);
  const text = storablePresets(out, MAX_VALUE_CHARS);
  store.set(PRESETS_KEY, text);
  return out;
}

export function loadPresets(store: Store): Presets {
  return toPresets(storedPresets(store));
}

export function savePreset(store: Store, name: string, form: CompanySearchForm): Presets {
  const presets = storedPresets(store);
  presets.set(checkedPresetName(name), readForm(form));
  return storePresets(store, presets);
}

export function deletePreset(store: Store, name: string): Presets {
  const presets = storedPresets(store);
  presets.delete(name);
  return storePresets(store, presets);
}
