/** Lead lookup rules (spec, endpoint 3): a profile URL and boolean options. */
import type { Problem } from "../errors";
import { normalizeProfileUrl } from "../profile-url";
import { type LeadLookupRequest, LOOKUP_OPTIONS } from "../wire";
import { checkBoolean, checkKnownFields, Problems } from "./common";

const FIELDS = ["url", ...LOOKUP_OPTIONS] as const;

export function validateLeadLookup(request: LeadLookupRequest): Problem[] {
  const problems = new Problems();
  checkKnownFields(problems, request, FIELDS, "lead lookup");
  const url: unknown = request.url;
  if (typeof url !== "string" || url.trim() === "") {
    problems.add(
      "url",
      "is missing",
      "Put a profile URL in the cell, such as https://www.network.example/in/jane-doe.",
    );
  } else if (normalizeProfileUrl(url) === null) {
    problems.add(
      "url",
      `"${url.length > 80 ? `${url.slice(0, 80)}…` : url}" is not a profile URL`,
      "Use a profile link of the form https://www.network.example/in/<name>.",
    );
  }
  for (const option of LOOKUP_OPTIONS) checkBoolean(problems, request[option], option);
  return problems.list;
}
