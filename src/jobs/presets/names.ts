/**
 * Preset names (ICP presets, saved personas), shared by every editor of the document. A name that
 * is also a member of Object.prototype (`__proto__`, `constructor`, `toString`...) would, as a key,
 * replace an object's prototype or look like a preset that is not there (`presets["toString"]`),
 * and break the list for everyone: such names are refused when saving and skipped when loading.
 */
import { JobError } from "../enrich/deps";

export const MAX_PRESET_NAME = 60;

const RESERVED = new Set([...Object.getOwnPropertyNames(Object.prototype), "__proto__", "prototype"]);

export function isReservedName(name: string): boolean {
  return RESERVED.has(name);
}

/** A name fit to list: text, not reserved (an old store may hold anything). */
export function isListableName(name: unknown): name is string {
  return typeof name === "string" && name.trim() !== "" && !isReservedName(name);
}

/** The trimmed name, or a JobError saying what to change. */
export function checkedPresetName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "" || trimmed.length > MAX_PRESET_NAME) {
    throw new JobError("bad_request", `Give the preset a name of 1 to ${MAX_PRESET_NAME} characters.`);
  }
  if (isReservedName(trimmed)) {
    throw new JobError(
      "bad_request",
      `"${trimmed}" is a reserved name.`,
      "Choose another name for the preset.",
    );
  }
  return trimmed;
}

/** Presets as stored: one document property value, 9 KB at most. Refused (nothing saved) past `maxChars`. */
export function storablePresets(presets: unknown, maxChars: number): string {
  const json = JSON.stringify(presets);
  if (json.length > maxChars) {
    throw new JobError(
      "too_large",
      "The presets no longer fit in the document's properties (9 KB for one list).",
      "Delete a preset you no longer use, or shorten one, then save again.",
    );
  }
  return json;
}
