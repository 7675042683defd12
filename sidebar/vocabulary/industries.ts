/**
 * Industries: the network's industry names, the same list the sandbox serves
 * (sandbox/api/data/supported-industries.json). The list is complete: a name outside it is refused
 * by the API, so the form marks it before any request, with the closest names.
 */
import supported from "../../sandbox/api/data/supported-industries.json" with { type: "json" };
import { vocabulary } from "./fold";

export const INDUSTRIES = vocabulary(
  (supported as Array<{ industry_name: string }>).map((i) => i.industry_name),
);
