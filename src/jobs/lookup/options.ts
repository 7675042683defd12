/**
 * The `options` argument of =LOOKUP_LEAD: friendly names or the spec's names, as text
 * ("fresh, full_experience") or a range of cells. Each maps to one boolean option of lead lookup.
 */
import { type LeadLookupRequest, LOOKUP_OPTIONS, type LookupOption } from "../../api/wire";
import { quotedName, someOf } from "../../sheet/closest-name";
import { type CellArgument, namesIn } from "./arguments";

/** Friendly name -> the spec's option. The spec's own names are accepted as well. */
const ALIASES: Readonly<Record<string, LookupOption>> = {
  fresh: "up_to_the_second_fresh",
  full_experience: "get_full_experience",
  experience: "get_full_experience",
  similar: "people_also_viewed",
  also_viewed: "people_also_viewed",
  inexact: "inexact_company",
};

const SPEC_NAMES: ReadonlySet<string> = new Set(LOOKUP_OPTIONS);

export type OptionsResult = { options: LookupOption[] } | { error: string };

function toOption(typed: string): LookupOption | null {
  const name = typed
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if (SPEC_NAMES.has(name)) return name as LookupOption;
  return Object.prototype.hasOwnProperty.call(ALIASES, name) ? (ALIASES[name] ?? null) : null;
}

/** Every name the options argument accepts, for the error message. */
export function acceptedOptionNames(): string {
  const friendly = Object.entries(ALIASES).map(([alias, option]) => `${alias} (${option})`);
  return [...friendly, ...LOOKUP_OPTIONS].join(", ");
}

/** The distinct options named, in the spec's order; an error naming unknown ones and listing valid ones. */
export function parseLookupOptions(input: CellArgument): OptionsResult {
  const chosen = new Set<LookupOption>();
  const unknown: string[] = [];
  for (const name of namesIn(input)) {
    const option = toOption(name);
    if (option === null) unknown.push(quotedName(name));
    else chosen.add(option);
  }
  if (unknown.length > 0) {
    const noun = unknown.length === 1 ? "option" : "options";
    return {
      error: `Unknown lookup ${noun} ${someOf(unknown)}. Valid options: ${acceptedOptionNames()}.`,
    };
  }
  return { options: LOOKUP_OPTIONS.filter((option) => chosen.has(option)) };
}

/** The options as lead lookup's boolean fields, each one named set to true. */
export function optionFlags(options: readonly LookupOption[]): Omit<LeadLookupRequest, "url"> {
  const flags: Omit<LeadLookupRequest, "url"> = {};
  for (const option of options) flags[option] = true;
  return flags;
}
