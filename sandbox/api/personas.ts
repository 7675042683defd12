/**
 * Lead search personas: [name, function, seniority, prohibit_keywords]. Functions act as OR,
 * seniorities combine with functions one-to-one (so [marketing, sales] x [Head, Manager] matches the
 * four combinations), VP expands to VP, SVP, EVP and GVP, and a prohibit keyword in the job title
 * filters the lead out. Function and seniority values are matched without regard to case.
 */
import { validationError } from "./failure.ts";
import { FUNCTIONS, type LeadFunction, SENIORITIES, type Seniority } from "./vocabulary.ts";

export interface Persona {
  name: string;
  functions: Set<LeadFunction>;
  /** Empty: any seniority. */
  seniorities: Set<Seniority>;
  prohibit: string[];
}

const VP_FAMILY: readonly Seniority[] = ["VP", "SVP", "EVP", "GVP"];

function personaError(index: number, what: string): never {
  throw validationError(
    `personas[${index}] ${what}`,
    `edit personas[${index}]; a persona is [name, [functions], [seniorities] or [], [prohibit keywords] or []]; functions: ${FUNCTIONS.join(", ")}; seniorities: ${SENIORITIES.join(", ")}`,
  );
}

function stringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === "string");
}

export function readPersonas(value: unknown): Persona[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw validationError("personas must be a list of personas", "edit personas");
  return value.map((entry: unknown, index) => {
    if (!Array.isArray(entry) || entry.length !== 4) personaError(index, "must have four positions");
    const [name, functions, seniorities, prohibit] = entry as unknown[];
    if (typeof name !== "string" || name.trim() === "") personaError(index, "needs a name");
    if (!stringList(functions) || functions.length === 0) personaError(index, "needs at least one function");
    if (!stringList(seniorities)) personaError(index, "seniority must be a list (pass [] when not used)");
    if (!stringList(prohibit))
      personaError(index, "prohibit keywords must be a list (pass [] when not used)");
    const fnSet = new Set<LeadFunction>();
    for (const fn of functions) {
      const found = FUNCTIONS.find((f) => f === fn.trim().toLowerCase());
      if (found === undefined) personaError(index, `has the unknown function "${fn}"`);
      fnSet.add(found);
    }
    const senioritySet = new Set<Seniority>();
    for (const s of seniorities) {
      const found = SENIORITIES.find((known) => known.toLowerCase() === s.trim().toLowerCase());
      if (found === undefined) personaError(index, `has the unknown seniority "${s}"`);
      for (const expanded of found === "VP" ? VP_FAMILY : [found]) senioritySet.add(expanded);
    }
    return {
      name,
      functions: fnSet,
      seniorities: senioritySet,
      prohibit: prohibit.map((p) => p.toLowerCase()).filter((p) => p.trim() !== ""),
    };
  });
}

/** The first persona a lead matches, or null. */
export function matchPersona(
  personas: readonly Persona[],
  fn: LeadFunction,
  seniority: Seniority,
  jobTitle: string,
): Persona | null {
  const title = jobTitle.toLowerCase();
  for (const persona of personas) {
    if (!persona.functions.has(fn)) continue;
    if (persona.seniorities.size > 0 && !persona.seniorities.has(seniority)) continue;
    if (persona.prohibit.some((word) => title.includes(word))) continue;
    return persona;
  }
  return null;
}
