/**
 * Searches remembered in document properties (shared by everyone editing the document, as DESIGN
 * says ICP presets are): the last search with where "Next page" starts, and named presets.
 * A property value holds at most 9 KB, so presets are capped in number and size.
 */
import { JobError } from "../enrich/deps";
import type { Store } from "../enrich/ports";
import { type CompanySearchForm, readForm } from "./form";
import type { LastCompanySearch } from "./types";

const LAST_KEY = "companies.lastSearch";
const PRESETS_KEY = "companies.presets";
/** Document properties allow 9 KB a value; keep room for the JSON around the forms. */
const MAX_VALUE_CHARS = 8_500;
export const MAX_PRESET_NAME = 60;

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
    resultsCount: typeof last.resultsCount === "number" ? last.resultsCount : null,
    at: typeof last.at === "string" ? last.at : "",
  };
}

export type Presets = Record<string, CompanySearchForm>;

export function loadPresets(store: Store): Presets {
  const raw = parse(store.get(PRESETS_KEY));
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return {};
  const presets: Presets = {};
  for (const [name, form] of Object.entries(raw)) presets[name] = readForm(form);
  return presets;
}

export function savePreset(store: Store, name: string, form: CompanySearchForm): Presets {
  const trimmed = name.trim();
  if (trimmed === "" || trimmed.length > MAX_PRESET_NAME) {
    throw new JobError("bad_request", `Give the preset a name of 1 to ${MAX_PRESET_NAME} characters.`);
  }
  const presets = { ...loadPresets(store), [trimmed]: readForm(form) };
  const text = JSON.stringify(presets);
  if (text.length > MAX_VALUE_CHARS) {
    throw new JobError(
      "too_large",
      "The presets no longer fit in the document's properties (9 KB).",
      "Delete a preset you no longer use, then save again.",
    );
  }
  store.set(PRESETS_KEY, text);
  return presets;
}

export function deletePreset(store: Store, name: string): Presets {
  const presets = loadPresets(store);
  delete presets[name];
  store.set(PRESETS_KEY, JSON.stringify(presets));
  return presets;
}
