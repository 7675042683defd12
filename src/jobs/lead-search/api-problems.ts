/**
 * The API's ValidationError of a lead search (an unlisted location, a bad persona: free, spec
 * "Errors") as a problem of the form field it names, so the sidebar shows it under that field
 * instead of at the top of the tab, away from what is to be changed. One problem per field: the
 * same refusal of every selected company's search is said once.
 */
import type { Problem } from "../../api/errors";
import { LEAD_SEARCH_FIELDS } from "../../api/validate/lead-search";
import { firstFieldNamed } from "../server-error-field";
import type { SearchReport } from "./run";

/** Request fields as the API's detail names them; each is the form's path of the same name. */
const REQUEST_FIELDS = LEAD_SEARCH_FIELDS.map((name) => [name, name] as const);

export function apiFieldProblems(searches: readonly SearchReport[]): Problem[] {
  const problems: Problem[] = [];
  for (const search of searches) {
    const error = search.error;
    if (search.state !== "failed" || error?.kind !== "validation" || !error.hint) continue;
    const path = firstFieldNamed(error.hint, REQUEST_FIELDS);
    if (path === null || problems.some((p) => p.path === path)) continue;
    problems.push({
      path,
      message: `The API did not accept this: ${error.hint.trim().replace(/\.$/, "")}`,
      hint: "Nothing was charged. Change this field, then press Estimate again.",
    });
  }
  return problems;
}
