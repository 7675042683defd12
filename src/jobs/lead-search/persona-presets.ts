/**
 * Ready-made personas and keyword suggestions for the Leads tab's personas editor. Plain data the
 * sidebar bundle imports (nothing here reaches the API by itself). Production takes free-text
 * keywords (PRODUCTION.md A5): these are suggestions, never a closed list. Its matching rules
 * shape them: a seniority entry matches when each of its words is in the title; `vp` also matches
 * SVP, EVP, GVP and AVP; `chief`, `c-lvl` and `cxo` match "Chief ... Officer"; `manager+` covers
 * Manager, Director, Head, VP and Chief Officer; common abbreviations expand (ceo, IT, DIR); [] skips.
 */
import type { PersonaForm } from "./form";

export interface PersonaPresetDefinition {
  /** Stable key for the sidebar (chips, tests). */
  id: string;
  /** What the preset button says. */
  label: string;
  persona: PersonaForm;
}

const preset = (
  id: string,
  label: string,
  functions: string[],
  seniorities: string[],
  prohibit: string[] = [],
): PersonaPresetDefinition => ({
  id,
  label,
  persona: { name: label, functions, seniorities, prohibit, priority: "" },
});

/** Personas a sales team reaches for first; each fills one persona card, editable after. */
export const PERSONA_PRESETS: readonly PersonaPresetDefinition[] = [
  preset("founders", "Founders", ["founder", "co-founder", "owner"], [], ["assistant", "intern"]),
  preset("executives", "Executives", [], ["chief", "president"], ["assistant", "intern", "vice president"]),
  preset("vps", "Vice presidents", [], ["vp"], ["assistant"]),
  preset("managers-up", "Managers and above", [], ["manager+"], ["assistant", "intern"]),
  preset("sales-leaders", "Sales leaders", ["sales", "business development"], ["head", "vp", "director"]),
  preset(
    "marketing-leaders",
    "Marketing leaders",
    ["marketing", "growth"],
    ["head", "vp", "director", "cmo"],
  ),
  preset("engineering-leaders", "Engineering leaders", ["engineering", "technology"], ["head", "vp", "cto"]),
  preset(
    "hr-leaders",
    "People and HR leaders",
    ["human resources", "people", "talent"],
    ["head", "vp", "director"],
  ),
];

/** Job-function keywords to suggest while typing (free text is always accepted). */
export const FUNCTION_SUGGESTIONS: readonly string[] = [
  "sales",
  "business development",
  "marketing",
  "growth",
  "product",
  "engineering",
  "IT",
  "technology",
  "data",
  "finance",
  "operations",
  "human resources",
  "people",
  "talent",
  "legal",
  "procurement",
  "customer success",
  "support",
  "design",
  "founder",
  "co-founder",
  "owner",
];

/** Seniority keywords to suggest, including production's expansions (free text is accepted). */
export const SENIORITY_SUGGESTIONS: readonly string[] = [
  "chief",
  "c-lvl",
  "cxo",
  "ceo",
  "cto",
  "cfo",
  "cmo",
  "coo",
  "president",
  "vp",
  "head",
  "director",
  "manager+",
  "manager",
  "lead",
  "senior",
  "partner",
];
